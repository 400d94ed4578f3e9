import { Avatar, Badge, Button, Caption1, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { Chat20Regular, PersonAdd20Regular, Search20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage, type ListSlots } from '../../engine/ListPage';
import type { ListController } from '../../engine/use-list-controller';
import { chatApi } from './chat-api';
import { useAddFriend, useDiscoveryStyles } from './use-discovery';
import './chat-messages';
import './discovery-messages';

/** The engine's list of a discovery page (grids/collab/friends.grid.ts) in the page's body, at the window's height below its head. */
function DiscoveryList({ opt, testId, tools }: { opt: string; testId: string; tools?: ListSlots['tools'] }) {
  const resolved = resolvedPageOf(opt);
  return resolved ? <div style={{ height: 'calc(100vh - 150px)', minHeight: 420 }}><ListPage resolved={resolved} slots={{ testId, tools }} /></div> : null;
}

/** The caller's friends (the view `friend`), with the tool that opens the one to one chat with the selected one. */
export function Friends() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chat = async (list: ListController) => {
    const c = await chatApi.open(Number(list.one?.user_id));
    navigate(`/collab/chat?c=${c.id}`);
  };
  return <DiscoveryList opt="friends" testId="disc-friends" tools={(list) => (
    <Button icon={<Chat20Regular />} disabled={!list.one} onClick={() => void chat(list)} data-testid="disc-friend-chat">{t('disc.chat')}</Button>
  )} />;
}

/** Pending friend requests (the view `friendrequest`): those to the caller are accepted or declined by the declared transitions. */
export function Requests() {
  return <DiscoveryList opt="friendrequests" testId="disc-requests" />;
}

/** Adding a friend: find one user by exact username, mobile or e-mail, then ask with a message. */
export function AddFriend() {
  const { t } = useTranslation();
  const s = useDiscoveryStyles();
  const { keyword, setKeyword, message, setMessage, found, find, ask } = useAddFriend();
  return (
    <div className={s.list} data-testid="disc-add">
      <Caption1>{t('disc.findExplain')}</Caption1>
      <div className={s.bar}>
        <Input value={keyword} onChange={(_, d) => setKeyword(d.value)} onKeyDown={(e) => e.key === 'Enter' && void find()} placeholder={t('disc.findPlaceholder')} style={{ width: 320 }} data-testid="disc-find-input" />
        <Button icon={<Search20Regular />} onClick={() => void find()} disabled={!keyword.trim()} data-testid="disc-find">{t('disc.search')}</Button>
      </div>
      {found === null ? <MessageBar intent="warning"><MessageBarBody>{t('friend.notFound')}</MessageBarBody></MessageBar> : null}
      {found ? (
        <div className={s.row} data-testid="disc-found">
          <Avatar name={found.fullname} />
          <div style={{ flex: 1 }}><Text weight="semibold">{found.fullname}</Text> <Caption1>{found.company}</Caption1></div>
          {found.state === 'none' ? (
            <>
              <Input value={message} onChange={(_, d) => setMessage(d.value)} placeholder={t('disc.message')} style={{ width: 240 }} />
              <Button appearance="primary" icon={<PersonAdd20Regular />} onClick={() => void ask()} data-testid="disc-ask">{t('disc.ask')}</Button>
            </>
          ) : <Badge color={found.state === 'friend' ? 'success' : 'informative'}>{t(found.state === 'friend' ? 'disc.nowFriends' : 'disc.asked')}</Badge>}
        </div>
      ) : null}
    </div>
  );
}
