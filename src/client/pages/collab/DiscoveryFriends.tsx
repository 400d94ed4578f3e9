import { Avatar, Badge, Button, Caption1, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { Chat20Regular, Checkmark20Regular, Dismiss20Regular, PersonAdd20Regular, Search20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { friendCalls } from '../../../model/calls/friends';
import { useCall } from '../../api/calls';
import { chatApi } from './chat-api';
import { useAddFriend, useDiscoveryStyles, useFriendRequests } from './use-discovery';
import './chat-messages';
import './discovery-messages';

/** The caller's friends, each with a button that opens the one to one chat. */
export function Friends() {
  const { t } = useTranslation();
  const s = useDiscoveryStyles();
  const navigate = useNavigate();
  const { data } = useCall(friendCalls.list, undefined);
  const chat = async (userId: number) => {
    const c = await chatApi.open(userId);
    navigate(`/collab/chat?c=${c.id}`);
  };
  return (
    <div className={s.list} data-testid="disc-friends">
      {data && !data.rows.length ? <MessageBar><MessageBarBody>{t('disc.noFriends')}</MessageBarBody></MessageBar> : null}
      {data?.rows.map((f) => (
        <div key={f.id} className={s.row} data-testid="disc-friend">
          <Avatar name={f.fullname} />
          <div style={{ flex: 1 }}><Text weight="semibold">{f.fullname}</Text> <Caption1>{f.company}</Caption1></div>
          <Button size="small" icon={<Chat20Regular />} onClick={() => void chat(f.user_id)}>{t('disc.chat')}</Button>
        </div>
      ))}
    </div>
  );
}

/** Pending friend requests: incoming ones with accept and decline, outgoing ones waiting. */
export function Requests() {
  const { t } = useTranslation();
  const s = useDiscoveryStyles();
  const { data, answer } = useFriendRequests();
  return (
    <div className={s.list} data-testid="disc-requests">
      {data && !data.rows.length ? <MessageBar><MessageBarBody>{t('disc.noRequests')}</MessageBarBody></MessageBar> : null}
      {data?.rows.map((r) => (
        <div key={r.id} className={s.row} data-testid="disc-request" data-direction={r.direction}>
          <Avatar name={r.fullname} />
          <div style={{ flex: 1 }}>
            <Text weight="semibold">{r.fullname}</Text> <Caption1>{r.company}</Caption1>
            {r.message ? <Caption1 block>{r.message}</Caption1> : null}
          </div>
          {r.direction === 'in' ? (
            <>
              <Button size="small" appearance="primary" icon={<Checkmark20Regular />} onClick={() => void answer(r.id, 'accept')} data-testid="disc-accept">{t('disc.accept')}</Button>
              <Button size="small" icon={<Dismiss20Regular />} onClick={() => void answer(r.id, 'decline')} data-testid="disc-decline">{t('disc.decline')}</Button>
            </>
          ) : <Badge color="informative">{t('disc.waiting')}</Badge>}
        </div>
      ))}
    </div>
  );
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
