import { getCall, postCall, uploadCall } from './call';

/**
 * Chat (issue 15): the calls of `/crossapi/chatapi/chat`, served by
 * src/server/services/chat/chat.routes.ts and called by the chat page and the discovery page. The
 * live part (new messages, typing) travels over the socket, not here.
 */
const BASE = '/crossapi/chatapi/chat';

export type MessageKind = 'text' | 'image' | 'file' | 'voice';
export type ChatAttachment = { id: number; key: string; name: string; mime: string | null; size: number; duration?: number };
export type ChatMessage = {
  id: number; conversation_id: number; sender_id: number; sender_name: string; sender_company: string;
  kind: MessageKind; body: string | null; attachment: ChatAttachment | null; created_at: string;
};
export type Conversation = {
  /** owner_id: a group's creator (who may remove its members); null for a one to one conversation. */
  id: number; kind: 'direct' | 'group'; name: string; peer_id: number | null; owner_id: number | null; members: number; unread: number;
  last_kind: MessageKind | null; last_body: string | null; last_at: string | null; last_sender: string | null;
};
export type ChatMember = { id: number; fullname: string; company: string };
export type Contact = { id: number; fullname: string; username: string; company: string; client_id: number; relation: 'colleague' | 'partner' | 'friend' };
export type ChatSend = { id: number; kind: MessageKind; body?: string; file_id?: number; duration?: number };

export const chatCalls = {
  contacts: getCall<void, { rows: Contact[] }>(`${BASE}/contacts`),
  conversations: getCall<void, { rows: Conversation[]; unread: number }>(`${BASE}/conversations`),
  conversation: getCall<{ id: number }, Conversation & { member_list: ChatMember[] }>(`${BASE}/conversation`),
  /** The one to one conversation with a user (made on first use). */
  open: postCall<{ user_id: number }, Conversation>(`${BASE}/open`),
  createGroup: postCall<{ name: string; member_ids: number[] }, Conversation>(`${BASE}/group-save`),
  addMembers: postCall<{ id: number; user_ids: number[] }, Conversation>(`${BASE}/group-add`),
  leave: postCall<{ id: number }, Record<string, never>>(`${BASE}/group-leave`),
  /** The group's creator removes a member (their sockets leave the group's room). */
  removeMember: postCall<{ id: number; user_id: number }, Conversation>(`${BASE}/group-remove`),
  /** A page of history before a message id, oldest first. */
  messages: getCall<{ id: number; size: number; before?: number }, { rows: ChatMessage[]; has_more: boolean }>(`${BASE}/messages`),
  send: postCall<ChatSend, ChatMessage>(`${BASE}/send`),
  /** Marks the conversation read (up to a message); the caller's total unread left. */
  read: postCall<{ id: number; up_to?: number }, { unread: number }>(`${BASE}/read`),
  unread: getCall<void, { unread: number }>(`${BASE}/unread`),
  upload: uploadCall<{ file: Blob }, ChatAttachment>(`${BASE}/upload`),
};
