import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, text, type Input } from '../../access/input.util';
import { chatCalls } from '../../../model/calls/chat';
import { serveCall } from '../../http/calls';
import { forbidden, notFound, validationError } from '../../http/errors';
import { idsOf } from '../notify/task.routes';
import { registerJointGroups } from '../../access/userinfo.service';
import { chatGroupRoom, registerMemberRooms } from '../../realtime';
import { openableFileById, sendStoredFile, storeUpload } from '../files';
import {
  addToGroup, chatGroupsOf, conversation, conversationMembers, createGroup, leaveGroup, listContacts, listConversations, markRead, openDirect, pageMessages,
  recordChatFile, removeFromGroup, sendMessage, unreadTotal, type ChatCaller, type MessageKind,
} from './chat.service';

const BASE = '/crossapi/chatapi/chat';
/** A chat image, file or voice message: at most this many bytes (CHAT_FILE_MAX_MB, default 10). */
const maxFileBytes = () => Math.round((Number(process.env.CHAT_FILE_MAX_MB) > 0 ? Number(process.env.CHAT_FILE_MAX_MB) : 10) * 1024 * 1024);

export function chatCallerOf(req: FastifyRequest): ChatCaller {
  const auth = authOf(req);
  if (auth.clientId == null) throw forbidden();
  return { clientId: auth.clientId, userId: auth.userId, fullname: auth.fullname || auth.username };
}

function oneId(input: Input, key = 'id'): number {
  const [id] = idsOf({ id: input[key] });
  if (!id) throw validationError({ [key]: { key: 'rule.required' } });
  return id;
}

function optionalId(input: Input, key: string): number | null {
  const raw = input[key];
  if (raw === undefined || raw === null || raw === '') return null;
  return oneId(input, key);
}

function listOf(input: Input, key: string): number[] {
  const raw = input[key];
  if (raw === undefined || raw === null || raw === '') return [];
  return idsOf({ ids: Array.isArray(raw) ? raw : String(raw) });
}

/**
 * Chat (issue 15; services/chat/chat.service.ts for the tenant rule):
 *   GET  {BASE}/contacts                                  -> { rows } people the caller may chat with
 *   GET  {BASE}/conversations                             -> { rows, unread } latest first, unread per conversation
 *   GET  {BASE}/conversation?id                           -> the conversation with its members
 *   POST {BASE}/open       { user_id }                    -> the one to one conversation
 *   POST {BASE}/group-save { name, member_ids }           -> a new group
 *   POST {BASE}/group-add  { id, user_ids }   POST {BASE}/group-leave { id }
 *   POST {BASE}/group-remove { id, user_id }              -> the group (its creator only)
 *   GET  {BASE}/messages?id&before&size                   -> { rows (oldest first), has_more } a page of history
 *   POST {BASE}/send       { id, kind: text|image|file|voice, body, file_id, duration }
 *   POST {BASE}/read       { id, up_to? }                 -> { unread } the caller's total left
 *   GET  {BASE}/unread                                    -> { unread }
 *   POST {BASE}/upload (multipart `file`) -> { id, name, mime, size }   GET {BASE}/file/:id
 */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  // The session's `jointgroups` and the rooms its sockets join: the same SQL (chatGroupsOf).
  registerJointGroups(chatGroupsOf);
  registerMemberRooms(async (db, who) => (await chatGroupsOf(db, who)).map((g) => chatGroupRoom(g.groupid)));
  serveCall(app, chatCalls.contacts, guard, async (req) => ({ rows: await listContacts(app.db, chatCallerOf(req)) }));
  serveCall(app, chatCalls.conversations, guard, async (req) => {
    const me = chatCallerOf(req);
    return { rows: await listConversations(app.db, me), unread: await unreadTotal(app.db, me) };
  });
  serveCall(app, chatCalls.conversation, guard, async (req) => {
    const me = chatCallerOf(req);
    const id = oneId(inputOf(req));
    return { ...(await conversation(app.db, me, id)), member_list: await conversationMembers(app.db, me, id) };
  });
  serveCall(app, chatCalls.open, guard, async (req) => openDirect(app.db, chatCallerOf(req), oneId(inputOf(req), 'user_id')));
  serveCall(app, chatCalls.createGroup, guard, async (req) => {
    const input = inputOf(req);
    return createGroup(app.db, chatCallerOf(req), text(input, 'name', { max: 200 }) ?? '', listOf(input, 'member_ids'));
  });
  serveCall(app, chatCalls.addMembers, guard, async (req) => {
    const input = inputOf(req);
    return addToGroup(app.db, chatCallerOf(req), oneId(input), listOf(input, 'user_ids'));
  });
  serveCall(app, chatCalls.leave, guard, async (req) => {
    await leaveGroup(app.db, chatCallerOf(req), oneId(inputOf(req)));
    return {};
  });
  serveCall(app, chatCalls.removeMember, guard, async (req) => {
    const input = inputOf(req);
    return removeFromGroup(app.db, chatCallerOf(req), oneId(input), oneId(input, 'user_id'));
  });
  serveCall(app, chatCalls.messages, guard, async (req) => {
    const input = inputOf(req);
    const size = Math.min(100, Math.max(1, Number(text(input, 'size', { max: 5 }) ?? 30) || 30));
    return pageMessages(app.db, chatCallerOf(req), oneId(input), optionalId(input, 'before'), size);
  });
  serveCall(app, chatCalls.send, guard, async (req) => {
    const input = inputOf(req);
    const duration = input.duration === undefined || input.duration === null || input.duration === '' ? null : Number(input.duration);
    return sendMessage(app.db, chatCallerOf(req), oneId(input), {
      kind: (text(input, 'kind', { max: 10 }) ?? 'text') as MessageKind,
      body: text(input, 'body', { max: 20000 }) ?? null,
      file_id: optionalId(input, 'file_id'),
      duration,
    });
  });
  serveCall(app, chatCalls.read, guard, async (req) => {
    const input = inputOf(req);
    return markRead(app.db, chatCallerOf(req), oneId(input), optionalId(input, 'up_to'));
  });
  serveCall(app, chatCalls.unread, guard, async (req) => ({ unread: await unreadTotal(app.db, chatCallerOf(req)) }));
  serveCall(app, chatCalls.upload, guard, async (req) => {
    const me = chatCallerOf(req);
    return recordChatFile(app.db, me, await storeUpload(app, req, 'chat', me.clientId, maxFileBytes()));
  });
  app.get<{ Params: { id: string } }>(`${BASE}/file/:id`, guard, async (req, reply) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    // The same access rule as every file route (services/files/file-access.ts).
    const f = await openableFileById(app.db, authOf(req), id, 'chat');
    if (!f) throw notFound();
    return sendStoredFile(app, reply, f);
  });
}
