import { Avatar, Badge, Caption1, Checkbox, Input, Spinner, Text } from '@fluentui/react-components';
import { Attach20Regular, Mic20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatCalls } from '../../../model/calls/chat';
import { useCall } from '../../api/calls';
import { StoredAudio, StoredImg, StoredLink } from '../../api/StoredFile';
import { chatFileUrl, type ChatMessage, type Contact } from './chat-api';
import { useChatStyles } from './chat-styles';
import './chat-messages';

/** Picks contacts: one (a new chat) or several (a group, new members). */
export function ContactPicker(props: { multiple: boolean; selected: number[]; onSelect: (ids: number[]) => void; exclude?: number[] }) {
  const { t } = useTranslation();
  const s = useChatStyles();
  const [q, setQ] = useState('');
  const { data, isLoading } = useCall(chatCalls.contacts, undefined);
  const rows = (data?.rows ?? []).filter((c) => !props.exclude?.includes(c.id) && `${c.fullname} ${c.username} ${c.company}`.toLowerCase().includes(q.trim().toLowerCase()));
  const toggle = (c: Contact) => props.onSelect(props.multiple ? (props.selected.includes(c.id) ? props.selected.filter((x) => x !== c.id) : [...props.selected, c.id]) : [c.id]);
  return (
    <div>
      <Input value={q} onChange={(_, d) => setQ(d.value)} placeholder={t('chat.searchContacts')} style={{ width: '100%' }} data-testid="chat-contact-search" />
      <div className={s.pickList} role="listbox" aria-multiselectable={props.multiple}>
        {isLoading ? <Spinner size="tiny" /> : null}
        {!isLoading && !rows.length ? <Caption1>{t('chat.noContacts')}</Caption1> : null}
        {rows.map((c) => (
          <div key={c.id} className={s.pickRow} role="option" aria-selected={props.selected.includes(c.id)} onClick={() => toggle(c)} data-testid={`chat-contact-${c.username}`}>
            {props.multiple ? <Checkbox checked={props.selected.includes(c.id)} onChange={() => toggle(c)} onClick={(e) => e.stopPropagation()} /> : null}
            <Avatar name={c.fullname} size={24} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text weight={props.selected.includes(c.id) ? 'semibold' : 'regular'}>{c.fullname}</Text> <Caption1>{c.company}</Caption1>
            </div>
            <Badge appearance="tint" color={c.relation === 'colleague' ? 'informative' : c.relation === 'friend' ? 'success' : 'brand'}>{t(`chat.relation.${c.relation}`)}</Badge>
          </div>
        ))}
      </div>
    </div>
  );
}

/** A message's content: text, an image, a voice message with its length, or a file with its size. */
export function MessageBody({ m }: { m: ChatMessage }) {
  const s = useChatStyles();
  const { t } = useTranslation();
  const a = m.attachment;
  if (m.kind === 'image' && a) return <StoredLink href={chatFileUrl(a)} target="_blank" rel="noreferrer"><StoredImg className={s.image} src={chatFileUrl(a)} alt={a.name} data-testid="chat-image" /></StoredLink>;
  if (m.kind === 'voice' && a)
    return (
      <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <Mic20Regular />
        <StoredAudio controls preload="metadata" src={chatFileUrl(a)} data-testid="chat-voice" style={{ height: 32, width: 220 }} />
        <Caption1>{t('chat.voiceMessage', { s: a.duration ?? '?' })}</Caption1>
      </div>
    );
  if (m.kind === 'file' && a)
    return (
      <div>
        <StoredLink href={chatFileUrl(a)} data-testid="chat-file"><Attach20Regular style={{ verticalAlign: 'middle' }} /> {a.name}</StoredLink> <Caption1>({Math.max(1, Math.round(a.size / 1024))} KB)</Caption1>
        {m.body ? <div>{m.body}</div> : null}
      </div>
    );
  return <>{m.body}</>;
}
