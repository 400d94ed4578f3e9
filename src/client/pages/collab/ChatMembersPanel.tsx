import { Avatar, Badge, Button, Caption1, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, Spinner, Text } from '@fluentui/react-components';
import { Dismiss20Regular, PersonDelete20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../common/admin-kit';
import type { Conversation } from './chat-api';
import { useGroupMembers } from './use-conversation';
import './chat-messages';

/**
 * A group's member panel: who is in it (the owner marked, the caller named), and for the owner a
 * remove button beside every other member, asked first (spec: the group's creator removes members).
 */
export function ChatMembersPanel(props: { conversation: Conversation; open: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const c = props.conversation;
  const g = useGroupMembers(c, props.open, props.onChanged);
  const [confirmNode, confirm] = useConfirm();
  const ask = async (m: { id: number; fullname: string; company: string }) => {
    if (await confirm(t('chat.removeConfirm', { member: m.fullname, name: c.name }))) await g.remove(m);
  };
  return (
    <OverlayDrawer position="end" size="small" open={props.open} onOpenChange={(_, d) => !d.open && props.onClose()} data-testid="chat-member-panel">
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('chat.close')} icon={<Dismiss20Regular />} onClick={props.onClose} />}>
          {t('chat.memberPanelTitle', { name: c.name })}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {!g.members ? <Spinner size="small" /> : null}
        {g.members && g.members.length <= 1 ? <Caption1>{t('chat.noMembers')}</Caption1> : null}
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
          {(g.members ?? []).map((m) => (
            <li key={m.id} data-testid="chat-member" data-user={m.id} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 0' }}>
              <Avatar name={m.fullname} size={28} />
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text weight="semibold">{m.fullname}</Text>
                {m.id === g.me ? <Caption1> ({t('chat.you')})</Caption1> : null}
                <Caption1 block>{m.company}</Caption1>
              </div>
              {m.id === c.owner_id ? <Badge appearance="tint" color="brand">{t('chat.owner')}</Badge> : null}
              {g.canRemove(m) ? (
                <Button size="small" appearance="subtle" icon={<PersonDelete20Regular />} disabled={g.busy !== null} onClick={() => void ask(m)} data-testid={`chat-member-remove-${m.id}`}>
                  {g.busy === m.id ? <Spinner size="tiny" /> : t('chat.removeMember')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        {confirmNode}
      </DrawerBody>
    </OverlayDrawer>
  );
}
