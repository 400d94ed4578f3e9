import { Avatar, Badge, Button, Caption1, Field, Input, mergeClasses, Text } from '@fluentui/react-components';
import { Add20Regular, Chat20Regular, PersonAdd20Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { chatCalls } from '../../../model/calls/chat';
import { useCall } from '../../api/calls';
import { currentLanguage } from '../../kernel/i18n';
import { onSocketMessage } from '../../session/notification-socket';
import { noticeTimeLabel } from '../../shell/notice-time';
import { SplitPane } from '../../shell/SplitPane';
import { AdminEditDialog, AdminPage } from '../common/admin-kit';
import { chatApi, type Conversation } from './chat-api';
import { ConversationView } from './ChatConversation';
import { ContactPicker } from './ChatParts';
import { conversationPreview, useChatStyles } from './chat-styles';
import './chat-messages';

/** The caller's conversations, latest first, with the last message and the unread count. */
function ConversationList(props: { rows: Conversation[]; loaded: boolean; openId: number | null; onSelect: (id: number) => void; onStart: () => void; onGroup: () => void }) {
  const { t } = useTranslation();
  const s = useChatStyles();
  const lang = currentLanguage();
  return (
    <aside className={s.side}>
      <div className={s.sideHead}>
        <Button size="small" appearance="primary" icon={<Chat20Regular />} onClick={props.onStart} data-testid="chat-start">{t('chat.start')}</Button>
        <Button size="small" icon={<Add20Regular />} onClick={props.onGroup} data-testid="chat-new-group">{t('chat.newGroup')}</Button>
      </div>
      <ul className={s.list} aria-label={t('chat.conversations')} data-testid="chat-list">
        {props.loaded && !props.rows.length ? <li className={s.empty}>{t('chat.noConversations')}</li> : null}
        {props.rows.map((c) => (
          <li key={c.id} className={mergeClasses(s.item, c.id === props.openId && s.itemActive)} onClick={() => props.onSelect(c.id)} data-testid="chat-item" data-name={c.name}>
            <Avatar name={c.name} size={32} color={c.kind === 'group' ? 'brand' : 'colorful'} />
            <div className={s.itemText}>
              <Text weight={c.unread ? 'semibold' : 'regular'} className={s.ellipsis}>{c.name}</Text>
              <Caption1 className={s.ellipsis}>{conversationPreview(c, t)}</Caption1>
            </div>
            <div style={{ display: 'grid', justifyItems: 'end', gap: 2 }}>
              {c.last_at ? <Caption1>{noticeTimeLabel(c.last_at, Date.now(), t, lang)}</Caption1> : null}
              {c.unread ? <Badge size="small" color="danger" data-testid="chat-unread">{c.unread}</Badge> : null}
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** Starting a one to one chat (one contact) and creating a group (a name and several contacts). */
function StartDialogs(props: { starting: number[] | null; setStarting: (v: number[] | null) => void; group: { name: string; members: number[] } | null; setGroup: (v: { name: string; members: number[] } | null) => void; onOpened: (c: Conversation) => void }) {
  const { t } = useTranslation();
  const { starting, setStarting, group, setGroup } = props;
  return (
    <>
      <AdminEditDialog open={starting !== null} title={t('chat.start')} onClose={() => setStarting(null)} saveLabel={t('chat.start')} saveDisabled={!starting?.length} saveTestId="chat-start-save"
        onSave={() => void chatApi.open(starting![0]).then((c) => { setStarting(null); props.onOpened(c); })}>
        <ContactPicker multiple={false} selected={starting ?? []} onSelect={setStarting} />
      </AdminEditDialog>
      <AdminEditDialog open={group !== null} title={t('chat.newGroup')} onClose={() => setGroup(null)} saveLabel={t('chat.create')} saveDisabled={!group?.name.trim() || !group.members.length} saveTestId="chat-group-save"
        onSave={() => void chatApi.createGroup(group!.name, group!.members).then((c) => { setGroup(null); props.onOpened(c); })}>
        {group ? (
          <div style={{ display: 'grid', gap: 8 }}>
            <Field label={t('chat.groupName')} required>
              <Input value={group.name} onChange={(_, d) => setGroup({ ...group, name: d.value })} data-testid="chat-group-name" />
            </Field>
            <Field label={t('chat.groupMembers')} required>
              <ContactPicker multiple selected={group.members} onSelect={(members) => setGroup({ ...group, members })} />
            </Field>
          </div>
        ) : null}
      </AdminEditDialog>
    </>
  );
}

/** /collab/chat: conversations on the left, the open one on the right (issue 15). `?c=` opens one. */
export function ChatPage() {
  const { t } = useTranslation();
  const s = useChatStyles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('c')) || null;
  const { data, mutate } = useCall(chatCalls.conversations, undefined);
  const [starting, setStarting] = useState<number[] | null>(null);
  const [group, setGroup] = useState<{ name: string; members: number[] } | null>(null);
  const refresh = useCallback(() => void mutate(), [mutate]);
  useEffect(() => onSocketMessage((raw) => {
    const type = (raw as { type?: string })?.type;
    // Removed from a group (issue 35): the list drops it, as it shows a new one.
    if (type === 'chat' || type === 'chat.conversation' || type === 'chat.removed') void mutate();
  }), [mutate]);
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const current = rows.find((c) => c.id === openId) ?? null;
  const select = (id: number) => setParams({ c: String(id) });
  return (
    <AdminPage testId="collab-chat" title={t('chat.title')} explain={t('chat.explain')}
      actions={<Button icon={<PersonAdd20Regular />} onClick={() => navigate('/discovery/index?tab=friends')} data-testid="chat-discovery">{t('chat.friends')}</Button>}>
      <SplitPane id="chat-list" sized="start" defaultSize={300} min={220} maxShare={0.5} otherMin={360} label={t('chat.listWidth')} className={s.shell}>
        <ConversationList rows={rows} loaded={!!data} openId={openId} onSelect={select} onStart={() => setStarting([])} onGroup={() => setGroup({ name: '', members: [] })} />
        {current ? (
          <ConversationView key={current.id} conversation={current} onChanged={refresh} onLeft={() => { setParams({}); refresh(); }} />
        ) : (
          <section className={s.main}><div className={s.empty}>{t('chat.pick')}</div></section>
        )}
      </SplitPane>
      <StartDialogs starting={starting} setStarting={setStarting} group={group} setGroup={setGroup} onOpened={(c) => { refresh(); select(c.id); }} />
    </AdminPage>
  );
}
