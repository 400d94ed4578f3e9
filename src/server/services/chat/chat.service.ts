import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { AppError, forbidden, notFound, validationError } from '../../http/errors';
import { chatGroupRoom, emitToRoom, emitToUsers, joinRoom, leaveRoom } from '../../realtime';
import { withSystemScope } from '../../kernel/rls';
import { recordFile, type StoredUpload } from '../files';

/**
 * Chat one to one and in groups (issue 15; spec 1 "chat", spec 9 voice recorder).
 *
 * Who may talk to whom (the tenant rule), decided in SQL by `reachable`: a user of the caller's own
 * company, a user of a company that shares a document with the caller's company (an active
 * `scm_order_share` in either direction: the order and the outsourced order exchanges), or an
 * accepted friend (chat_friend). Never an arbitrary user of another company. A conversation is
 * opened or a member added only within that set; afterwards every read and write filters on the
 * caller's membership (chat_member), so a conversation id of others reveals nothing.
 * The share table is a tenant table under row-level security, read in the system scope here like
 * the tickets that cross companies.
 *
 * New messages go over the notification socket as `{type:'chat', conversation_id, message}`: a one
 * to one message to the user room of both members, a group message to the group's room, which
 * exactly the members' sockets sit in (joined on connect from `chatGroupsOf`, and at once when a
 * member is added, leaves or is removed); through the Redis adapter when there are several app processes.
 */
export type ChatCaller = { clientId: number; userId: number; fullname: string };
/** The shapes the chat calls answer (declared once, with the calls, in src/model/calls/chat.ts). */
import type { ChatAttachment, ChatMessage, Contact, Conversation as ConversationRow, MessageKind } from '../../../model/calls/chat';
export type { ChatAttachment, ChatMessage, Contact, ConversationRow, MessageKind };

export const CHAT_BODY_MAX = 4000;
export const GROUP_MAX_MEMBERS = 200;

/** Companies with an active share of a document with the caller's company, either direction. */
const partnerCompanies = (me: ChatCaller) => sql`(select s.to_client from scm_order_share s where s.from_client = ${me.clientId} and s.state = 'active'
  union select s.from_client from scm_order_share s where s.to_client = ${me.clientId} and s.state = 'active')`;

const isFriend = (me: ChatCaller, other: RawBuilder<unknown>) => sql`exists (select 1 from chat_friend f where f.status = 'accepted'
  and f.pair_key = least(${me.userId}::int, ${other}::int)::text || ':' || greatest(${me.userId}::int, ${other}::int)::text)`;

/** The users the caller may open a conversation with (active, not the caller), as a SQL condition on `u`. */
const reachable = (me: ChatCaller) => sql`(u.status = 'active' and u.id <> ${me.userId} and (
  u.client_id = ${me.clientId} or u.client_id in ${partnerCompanies(me)} or ${isFriend(me, sql`u.id`)}))`;

export async function listContacts(db: Db, me: ChatCaller): Promise<Contact[]> {
  return withSystemScope(db, async (tx) => (await sql<Contact>`select u.id::int as id, coalesce(u.fullname, u.username) as fullname, u.username,
      coalesce(c.name, '') as company, u.client_id::int as client_id,
      case when u.client_id = ${me.clientId} then 'colleague' when ${isFriend(me, sql`u.id`)} then 'friend' else 'partner' end as relation
    from users u left join clients c on c.id = u.client_id
    where ${reachable(me)}
    order by (u.client_id = ${me.clientId}) desc, c.name, u.id limit 500`.execute(tx)).rows);
}

async function assertReachable(tx: Db, me: ChatCaller, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  const ok = (await sql<{ id: number }>`select u.id::int as id from users u where u.id = any(${userIds}::int[]) and ${reachable(me)}`.execute(tx)).rows.map((r) => r.id);
  const refused = userIds.filter((id) => !ok.includes(id));
  if (refused.length) throw new AppError('chat.notReachable');
}

async function assertMember(tx: Db, me: ChatCaller, conversationId: number): Promise<{ kind: 'direct' | 'group' }> {
  const r = await sql<{ kind: 'direct' | 'group' }>`select c.kind from chat_conversation c join chat_member m on m.conversation_id = c.id
    where c.id = ${conversationId} and m.user_id = ${me.userId}`.execute(tx);
  if (!r.rows[0]) throw notFound('chat.notFound');
  return r.rows[0];
}

async function memberIds(tx: Db, conversationId: number): Promise<number[]> {
  return (await sql<{ user_id: number }>`select user_id::int as user_id from chat_member where conversation_id = ${conversationId} order by user_id`.execute(tx)).rows.map((r) => r.user_id);
}

/**
 * The chat groups a user belongs to as a user of one company (the session's `jointgroups` and the
 * rooms their sockets join): membership read in SQL, the member row's company the session's.
 */
export async function chatGroupsOf(db: Db, who: { userId: number; clientId: number | null }): Promise<Array<{ groupid: number; name: string }>> {
  if (who.clientId === null) return [];
  return withSystemScope(db, async (tx) => (await sql<{ groupid: number; name: string }>`select c.id::int as groupid, coalesce(c.name, '') as name
    from chat_member m join chat_conversation c on c.id = m.conversation_id
    where m.user_id = ${who.userId} and m.client_id = ${who.clientId} and c.kind = 'group' order by c.id`.execute(tx)).rows);
}

async function addMembers(tx: Db, conversationId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  // The last message so far counts as read for a new member: they see the history, not as unread.
  await sql`insert into chat_member (conversation_id, user_id, client_id, last_read_id)
    select ${conversationId}, u.id, u.client_id, coalesce((select max(id) from chat_message where conversation_id = ${conversationId}), 0)
    from users u where u.id = any(${userIds}::int[])
    on conflict (conversation_id, user_id) do nothing`.execute(tx);
}

/** The one to one conversation with `userId`, opened the first time. */
export async function openDirect(db: Db, me: ChatCaller, userId: number): Promise<ConversationRow> {
  const id = await withSystemScope(db, async (tx) => {
    await assertReachable(tx, me, [userId]);
    const key = `${Math.min(me.userId, userId)}:${Math.max(me.userId, userId)}`;
    await sql`insert into chat_conversation (kind, direct_key, created_by) values ('direct', ${key}, ${me.userId}) on conflict (direct_key) do nothing`.execute(tx);
    const conv = (await sql<{ id: number }>`select id::int as id from chat_conversation where direct_key = ${key}`.execute(tx)).rows[0];
    await addMembers(tx, conv.id, [me.userId, userId]);
    return conv.id;
  });
  return conversation(db, me, id);
}

function cleanIds(ids: number[]): number[] {
  return [...new Set(ids.filter((n) => Number.isSafeInteger(n) && n > 0))];
}

/** A group of the caller and `userIds` (each reachable by the caller). */
export async function createGroup(db: Db, me: ChatCaller, name: string, userIds: number[]): Promise<ConversationRow> {
  const title = name.trim().slice(0, 60);
  if (!title) throw validationError({ name: { key: 'rule.required' } });
  const others = cleanIds(userIds).filter((id) => id !== me.userId);
  if (!others.length) throw validationError({ member_ids: { key: 'chat.groupNeedsMembers' } });
  if (others.length + 1 > GROUP_MAX_MEMBERS) throw validationError({ member_ids: { key: 'chat.groupTooLarge' } });
  const id = await withSystemScope(db, async (tx) => {
    await assertReachable(tx, me, others);
    const conv = (await sql<{ id: number }>`insert into chat_conversation (kind, name, created_by) values ('group', ${title}, ${me.userId}) returning id::int as id`.execute(tx)).rows[0];
    await addMembers(tx, conv.id, [me.userId, ...others]);
    return conv.id;
  });
  const out = await conversation(db, me, id);
  const members = await withSystemScope(db, (tx) => memberIds(tx, id));
  joinRoom(members, chatGroupRoom(id));
  emitToUsers(members, 'chat.conversation', { conversation_id: id });
  return out;
}

/** A member adds people they may reach to a group. */
export async function addToGroup(db: Db, me: ChatCaller, id: number, userIds: number[]): Promise<ConversationRow> {
  const others = cleanIds(userIds).filter((u) => u !== me.userId);
  if (!others.length) throw validationError({ user_ids: { key: 'rule.required' } });
  const members = await withSystemScope(db, async (tx) => {
    const c = await assertMember(tx, me, id);
    if (c.kind !== 'group') throw new AppError('chat.notGroup');
    await assertReachable(tx, me, others);
    const count = (await memberIds(tx, id)).length;
    if (count + others.length > GROUP_MAX_MEMBERS) throw validationError({ user_ids: { key: 'chat.groupTooLarge' } });
    await addMembers(tx, id, others);
    return memberIds(tx, id);
  });
  joinRoom(others, chatGroupRoom(id));
  emitToUsers(members, 'chat.conversation', { conversation_id: id });
  return conversation(db, me, id);
}

/** The caller leaves a group; the group ends with its last member. */
export async function leaveGroup(db: Db, me: ChatCaller, id: number): Promise<void> {
  await withSystemScope(db, async (tx) => {
    const c = await assertMember(tx, me, id);
    if (c.kind !== 'group') throw new AppError('chat.notGroup');
    await sql`delete from chat_member where conversation_id = ${id} and user_id = ${me.userId}`.execute(tx);
    if (!(await memberIds(tx, id)).length) await sql`delete from chat_conversation where id = ${id}`.execute(tx);
  });
  leaveRoom([me.userId], chatGroupRoom(id));
}

/** The group's creator removes a member: their sockets leave the room, both sides are told. */
export async function removeFromGroup(db: Db, me: ChatCaller, id: number, userId: number): Promise<ConversationRow> {
  if (userId === me.userId) throw validationError({ user_id: { key: 'chat.removeSelf' } });
  const members = await withSystemScope(db, async (tx) => {
    const c = await assertMember(tx, me, id);
    if (c.kind !== 'group') throw new AppError('chat.notGroup');
    const creator = (await sql<{ created_by: number }>`select created_by::int as created_by from chat_conversation where id = ${id}`.execute(tx)).rows[0];
    if (creator?.created_by !== me.userId) throw forbidden();
    const gone = await sql`delete from chat_member where conversation_id = ${id} and user_id = ${userId}`.execute(tx);
    if (!Number(gone.numAffectedRows ?? 0)) throw validationError({ user_id: { key: 'chat.notMember' } });
    return memberIds(tx, id);
  });
  leaveRoom([userId], chatGroupRoom(id));
  emitToUsers([userId], 'chat.removed', { conversation_id: id });
  emitToUsers(members, 'chat.conversation', { conversation_id: id });
  return conversation(db, me, id);
}

const conversationSelect = (me: ChatCaller) => sql`select c.id::int as id, c.kind,
    case when c.kind = 'group' then c.name else (select coalesce(u.fullname, u.username) || case when u.client_id <> ${me.clientId} then ' · ' || coalesce(cl.name, '') else '' end
      from chat_member o join users u on u.id = o.user_id left join clients cl on cl.id = u.client_id
      where o.conversation_id = c.id and o.user_id <> ${me.userId} limit 1) end as name,
    case when c.kind = 'direct' then (select o.user_id::int from chat_member o where o.conversation_id = c.id and o.user_id <> ${me.userId} limit 1) end as peer_id,
    case when c.kind = 'group' then c.created_by::int end as owner_id,
    (select count(*)::int from chat_member a where a.conversation_id = c.id) as members,
    (select count(*)::int from chat_message x where x.conversation_id = c.id and x.id > m.last_read_id and x.sender_id <> ${me.userId}) as unread,
    l.kind as last_kind, l.body as last_body, l.created_at as last_at, coalesce(lu.fullname, lu.username) as last_sender
  from chat_member m join chat_conversation c on c.id = m.conversation_id
  left join lateral (select x.kind, x.body, x.created_at, x.sender_id from chat_message x where x.conversation_id = c.id order by x.id desc limit 1) l on true
  left join users lu on lu.id = l.sender_id
  where m.user_id = ${me.userId}`;

/** The caller's conversations, the latest activity first, each with its unread count. */
export async function listConversations(db: Db, me: ChatCaller): Promise<ConversationRow[]> {
  return withSystemScope(db, async (tx) => (await sql<ConversationRow>`${conversationSelect(me)} order by coalesce(c.last_message_at, c.created_at) desc, c.id desc limit 200`.execute(tx)).rows);
}

export async function conversation(db: Db, me: ChatCaller, id: number): Promise<ConversationRow> {
  const row = await withSystemScope(db, async (tx) => (await sql<ConversationRow>`${conversationSelect(me)} and c.id = ${id}`.execute(tx)).rows[0]);
  if (!row) throw notFound('chat.notFound');
  return row;
}

export async function conversationMembers(db: Db, me: ChatCaller, id: number): Promise<Array<{ id: number; fullname: string; company: string }>> {
  return withSystemScope(db, async (tx) => {
    await assertMember(tx, me, id);
    return (await sql<{ id: number; fullname: string; company: string }>`select u.id::int as id, coalesce(u.fullname, u.username) as fullname, coalesce(c.name, '') as company
      from chat_member m join users u on u.id = m.user_id left join clients c on c.id = u.client_id where m.conversation_id = ${id} order by u.id`.execute(tx)).rows;
  });
}

const messageSelect = sql`select x.id::int as id, x.conversation_id::int as conversation_id, x.sender_id::int as sender_id,
    coalesce(u.fullname, u.username) as sender_name, coalesce(c.name, '') as sender_company, x.kind, x.body, x.attachment, x.created_at
  from chat_message x join users u on u.id = x.sender_id left join clients c on c.id = u.client_id`;

function toMessage(r: ChatMessage & { attachment: unknown }): ChatMessage {
  const a = typeof r.attachment === 'string' ? (JSON.parse(r.attachment) as ChatAttachment) : (r.attachment as ChatAttachment | null);
  return { ...r, attachment: a ?? null, created_at: new Date(r.created_at).toISOString() };
}

/**
 * One page of a conversation's history, oldest first: the `size` messages before `before` (a
 * message id; none: the latest), and whether older ones remain.
 */
export async function pageMessages(db: Db, me: ChatCaller, id: number, before: number | null, size: number): Promise<{ rows: ChatMessage[]; has_more: boolean }> {
  return withSystemScope(db, async (tx) => {
    await assertMember(tx, me, id);
    const rows = (await sql<ChatMessage>`${messageSelect} where x.conversation_id = ${id} ${before ? sql`and x.id < ${before}` : sql``}
      order by x.id desc limit ${size + 1}`.execute(tx)).rows;
    const has_more = rows.length > size;
    return { rows: rows.slice(0, size).reverse().map(toMessage), has_more };
  });
}

export type SendInput = { kind: MessageKind; body?: string | null; file_id?: number | null; duration?: number | null };

/** Stores a message and pushes it to every member's sockets. */
export async function sendMessage(db: Db, me: ChatCaller, id: number, input: SendInput): Promise<ChatMessage> {
  const kind = input.kind;
  if (!['text', 'image', 'file', 'voice'].includes(kind)) throw validationError({ kind: { key: 'chat.badKind' } });
  const body = (input.body ?? '').trim();
  if (kind === 'text' && !body) throw validationError({ body: { key: 'rule.required' } });
  if (body.length > CHAT_BODY_MAX) throw validationError({ body: { key: 'chat.tooLong', params: { max: CHAT_BODY_MAX } } });
  const { message, members, kind_ } = await withSystemScope(db, async (tx) => {
    const conv = await assertMember(tx, me, id);
    let attachment: ChatAttachment | null = null;
    if (kind !== 'text') {
      const fileId = Number(input.file_id);
      if (!Number.isSafeInteger(fileId) || fileId <= 0) throw validationError({ file_id: { key: 'rule.required' } });
      // Only a file the caller uploaded to chat.
      const f = (await sql<{ id: number; key: string; name: string; mime: string | null; size: number }>`select id::int as id, key, name, mime, size::int as size from files
        where id = ${fileId} and created_by = ${me.userId} and path like 'chat/%'`.execute(tx)).rows[0];
      if (!f) throw validationError({ file_id: { key: 'chat.fileNotFound' } });
      if (kind === 'image' && !/^image\/(png|jpeg|gif|webp)$/.test(f.mime ?? '')) throw validationError({ file_id: { key: 'chat.notImage' } });
      if (kind === 'voice' && !/^audio\/(wav|x-wav|wave)$/.test(f.mime ?? '')) throw validationError({ file_id: { key: 'chat.notVoice' } });
      const duration = kind === 'voice' && Number.isFinite(Number(input.duration)) ? Math.max(0, Math.min(600, Math.round(Number(input.duration) * 10) / 10)) : undefined;
      attachment = { ...f, ...(duration !== undefined ? { duration } : {}) };
    }
    const r = (await sql<{ id: number }>`insert into chat_message (conversation_id, sender_id, sender_client_id, kind, body, attachment)
      values (${id}, ${me.userId}, ${me.clientId}, ${kind}, ${body || null}, ${attachment ? JSON.stringify(attachment) : null}::jsonb) returning id::int as id`.execute(tx)).rows[0];
    await sql`update chat_conversation set last_message_at = now() where id = ${id}`.execute(tx);
    // The sender has read their own message.
    await sql`update chat_member set last_read_id = ${r.id} where conversation_id = ${id} and user_id = ${me.userId}`.execute(tx);
    const row = (await sql<ChatMessage>`${messageSelect} where x.id = ${r.id}`.execute(tx)).rows[0];
    return { message: toMessage(row), members: await memberIds(tx, id), kind_: conv.kind };
  });
  // After the transaction: the message exists when a browser asks for it. A group's message goes to
  // its room (exactly its members' sockets), a one to one message to the two users.
  if (kind_ === 'group') emitToRoom(chatGroupRoom(id), 'chat', { conversation_id: id, message });
  else emitToUsers(members, 'chat', { conversation_id: id, message });
  return message;
}

/** Marks the conversation read up to `upTo` (a message id; none: everything); answers the caller's unread total. */
export async function markRead(db: Db, me: ChatCaller, id: number, upTo: number | null): Promise<{ unread: number }> {
  await withSystemScope(db, async (tx) => {
    await assertMember(tx, me, id);
    await sql`update chat_member set last_read_id = greatest(last_read_id,
        coalesce((select max(x.id) from chat_message x where x.conversation_id = ${id} ${upTo ? sql`and x.id <= ${upTo}` : sql``}), 0))
      where conversation_id = ${id} and user_id = ${me.userId}`.execute(tx);
  });
  return { unread: await unreadTotal(db, me) };
}

export async function unreadTotal(db: Db, me: ChatCaller): Promise<number> {
  return withSystemScope(db, async (tx) => (await sql<{ n: number }>`select count(*)::int as n from chat_member m join chat_message x on x.conversation_id = m.conversation_id
    where m.user_id = ${me.userId} and x.id > m.last_read_id and x.sender_id <> ${me.userId}`.execute(tx)).rows[0].n);
}

/** Stores an uploaded chat file's row (the bytes are under DATA_DIR/files/`path`, path chat/...). */
export async function recordChatFile(db: Db, me: ChatCaller, f: StoredUpload): Promise<ChatAttachment> {
  if (!f.path.startsWith('chat/')) throw forbidden();
  const r = await recordFile(db, { clientId: me.clientId, path: f.path, name: f.name, mime: f.mime, size: f.size, createdBy: me.userId });
  return { id: r.id, key: r.key, name: f.name, mime: f.mime, size: f.size };
}
