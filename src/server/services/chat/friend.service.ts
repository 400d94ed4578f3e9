import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError, notFound, validationError } from '../../http/errors';
import { raiseNotice } from '../notify/notice.service';
import type { ChatCaller } from './chat.service';

/**
 * Friends (issue 15; spec "Discovery: friends, add friends, friend requests"). One chat_friend row
 * per pair of users (`pair_key` "lower id:higher id"): a request is pending until the addressee
 * accepts or declines it; an accepted friend may be chatted with across companies (chat.service
 * `reachable`). Nobody browses other companies' users: a user is found by an exact username,
 * mobile or e-mail, or a company's administrator is asked from the company discovery.
 */
export type FriendRow = { id: number; user_id: number; fullname: string; username: string; company: string };
export type FriendRequestRow = { id: number; user_id: number; fullname: string; company: string; message: string | null; created_at: string; direction: 'in' | 'out' };
/** A request as its asked person keeps it once answered. */
export type AnsweredRequestRow = Omit<FriendRequestRow, 'direction'> & { direction: FriendRequestRow['direction'] | 'accepted' | 'declined' };

const pairKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** A user found by exact username, mobile or e-mail (not the caller), with where the two stand. */
export async function findUser(db: Db, me: ChatCaller, keyword: string): Promise<{ id: number; fullname: string; company: string; state: 'none' | 'pending' | 'friend' } | null> {
  const k = keyword.trim();
  if (!k) throw validationError({ keyword: { key: 'rule.required' } });
  const u = (await sql<{ id: number; fullname: string; company: string }>`select u.id::int as id, coalesce(u.fullname, u.username) as fullname, coalesce(c.name, '') as company
    from users u left join clients c on c.id = u.client_id
    where u.status = 'active' and u.id <> ${me.userId} and (lower(u.username) = lower(${k}) or u.mobile = ${k} or lower(u.email) = lower(${k})) order by u.id limit 1`.execute(db)).rows[0];
  if (!u) return null;
  const f = (await sql<{ status: string }>`select status from chat_friend where pair_key = ${pairKey(me.userId, u.id)}`.execute(db)).rows[0];
  return { ...u, state: f?.status === 'accepted' ? 'friend' : f?.status === 'pending' ? 'pending' : 'none' };
}

/** The active administrator of a company (by its code), whom a company discovery card asks. */
async function companyContact(db: Db, clientCode: string): Promise<number> {
  const r = await sql<{ id: number }>`select u.id::int as id from users u join clients c on c.id = u.client_id
    join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
    where c.code = ${clientCode} and c.status = 'active' and u.status = 'active' and r.code = 'clientadmin' order by u.id limit 1`.execute(db);
  if (!r.rows[0]) throw notFound('friend.notFound');
  return r.rows[0].id;
}

/**
 * Asks `target` (a user id, or a company's administrator) to be friends. When the other had already
 * asked the caller, this accepts; a declined pair may ask again. The addressee gets a notice.
 */
export async function requestFriend(db: Db, me: ChatCaller, target: { userId?: number; clientCode?: string }, message: string | null): Promise<{ id: number; status: string }> {
  const userId = target.userId ?? (target.clientCode ? await companyContact(db, target.clientCode) : 0);
  if (!userId) throw validationError({ user_id: { key: 'rule.required' } });
  if (userId === me.userId) throw validationError({ user_id: { key: 'friend.self' } }, 'friend.self');
  return db.transaction().execute(async (tx) => {
    const other = (await sql<{ id: number; client_id: number | null }>`select id::int as id, client_id::int as client_id from users where id = ${userId} and status = 'active'`.execute(tx)).rows[0];
    if (!other) throw notFound('friend.notFound');
    const key = pairKey(me.userId, userId);
    const f = (await sql<{ id: number; status: string; requester_id: number }>`select id::int as id, status, requester_id::int as requester_id from chat_friend where pair_key = ${key} for update`.execute(tx)).rows[0];
    if (f?.status === 'accepted') throw new AppError('friend.already');
    if (f?.status === 'pending' && f.requester_id === me.userId) throw new AppError('friend.pending');
    if (f?.status === 'pending') {
      await sql`update chat_friend set status = 'accepted', responded_at = now() where id = ${f.id}`.execute(tx);
      return { id: f.id, status: 'accepted' };
    }
    const text = message?.trim().slice(0, 200) || null;
    const id = f
      ? (await sql<{ id: number }>`update chat_friend set requester_id = ${me.userId}, addressee_id = ${userId}, status = 'pending', message = ${text}, created_at = now(), responded_at = null
          where id = ${f.id} returning id::int as id`.execute(tx)).rows[0].id
      : (await sql<{ id: number }>`insert into chat_friend (pair_key, requester_id, addressee_id, message) values (${key}, ${me.userId}, ${userId}, ${text}) returning id::int as id`.execute(tx)).rows[0].id;
    if (other.client_id) {
      await raiseNotice(tx, {
        clientId: other.client_id, userIds: [userId], kind: 'friend.request', title: 'notify.friendRequest.title',
        i18n: { title: 'notify.friendRequest.title', body: 'notify.friendRequest.body', params: { name: me.fullname, message: text ?? '' } },
        link: '/discovery/index?tab=requests',
      });
    }
    return { id, status: 'pending' };
  });
}

/** The addressee accepts or declines a pending request. */
export async function answerFriend(db: Db, me: ChatCaller, id: number, accept: boolean): Promise<{ id: number; status: string }> {
  const r = await sql<{ id: number; status: string }>`update chat_friend set status = ${accept ? 'accepted' : 'declined'}, responded_at = now()
    where id = ${id} and addressee_id = ${me.userId} and status = 'pending' returning id::int as id, status`.execute(db);
  if (!r.rows[0]) throw notFound('friend.requestNotFound');
  return r.rows[0];
}

/** Ends a friendship (either side). Conversations already held stay; a new one needs another link. */
export async function removeFriend(db: Db, me: ChatCaller, userId: number): Promise<void> {
  await sql`delete from chat_friend where pair_key = ${pairKey(me.userId, userId)} and status = 'accepted'`.execute(db);
}

export async function listFriends(db: Db, me: ChatCaller): Promise<FriendRow[]> {
  return (await sql<FriendRow>`select f.id::int as id, u.id::int as user_id, coalesce(u.fullname, u.username) as fullname, u.username, coalesce(c.name, '') as company
    from chat_friend f join users u on u.id = case when f.requester_id = ${me.userId} then f.addressee_id else f.requester_id end
    left join clients c on c.id = u.client_id
    where f.status = 'accepted' and (f.requester_id = ${me.userId} or f.addressee_id = ${me.userId}) order by fullname`.execute(db)).rows;
}

/**
 * Pending requests to the caller (`in`) and from the caller (`out`), newest first; with `answered`,
 * also those the caller answered (`direction` then `accepted` or `declined`; never the asker's
 * declined ones: nobody is told a refusal).
 */
export async function listRequests(db: Db, me: ChatCaller): Promise<FriendRequestRow[]>;
export async function listRequests(db: Db, me: ChatCaller, options: { answered: true }): Promise<AnsweredRequestRow[]>;
export async function listRequests(db: Db, me: ChatCaller, options: { answered?: boolean } = {}): Promise<AnsweredRequestRow[]> {
  const answered = options.answered ? sql`or (f.status in ('accepted', 'declined') and f.addressee_id = ${me.userId})` : sql``;
  return (await sql<AnsweredRequestRow>`select f.id::int as id, u.id::int as user_id, coalesce(u.fullname, u.username) as fullname, coalesce(c.name, '') as company,
      f.message, f.created_at, case when f.status <> 'pending' then f.status when f.addressee_id = ${me.userId} then 'in' else 'out' end as direction
    from chat_friend f join users u on u.id = case when f.requester_id = ${me.userId} then f.addressee_id else f.requester_id end
    left join clients c on c.id = u.client_id
    where (f.status = 'pending' and (f.requester_id = ${me.userId} or f.addressee_id = ${me.userId})) ${answered} order by f.created_at desc, f.id desc`.execute(db)).rows;
}
