import { api, request } from '../../api/client';
import { storedFileUrl } from '../../api/file-src';

export type ChatAttachment = { id: number; key: string; name: string; mime: string | null; size: number; duration?: number };
export type ChatMessage = {
  id: number; conversation_id: number; sender_id: number; sender_name: string; sender_company: string;
  kind: 'text' | 'image' | 'file' | 'voice'; body: string | null; attachment: ChatAttachment | null; created_at: string;
};
export type Conversation = {
  id: number; kind: 'direct' | 'group'; name: string; peer_id: number | null; members: number; unread: number;
  last_kind: ChatMessage['kind'] | null; last_body: string | null; last_at: string | null; last_sender: string | null;
};
export type Contact = { id: number; fullname: string; username: string; company: string; client_id: number; relation: 'colleague' | 'partner' | 'friend' };

export const CHAT_BASE = '/crossapi/chatapi/chat';

export const chatApi = {
  contacts: () => api.get<{ rows: Contact[] }>(`${CHAT_BASE}/contacts`),
  conversations: () => api.get<{ rows: Conversation[]; unread: number }>(`${CHAT_BASE}/conversations`),
  conversation: (id: number) => api.get<Conversation & { member_list: Array<{ id: number; fullname: string; company: string }> }>(`${CHAT_BASE}/conversation`, { id }),
  open: (userId: number) => api.post<Conversation>(`${CHAT_BASE}/open`, { user_id: userId }),
  createGroup: (name: string, memberIds: number[]) => api.post<Conversation>(`${CHAT_BASE}/group-save`, { name, member_ids: memberIds }),
  addMembers: (id: number, userIds: number[]) => api.post<Conversation>(`${CHAT_BASE}/group-add`, { id, user_ids: userIds }),
  leave: (id: number) => api.post(`${CHAT_BASE}/group-leave`, { id }),
  messages: (id: number, before: number | null, size = 30) => api.get<{ rows: ChatMessage[]; has_more: boolean }>(`${CHAT_BASE}/messages`, { id, size, before: before ?? undefined }),
  send: (body: { id: number; kind: ChatMessage['kind']; body?: string; file_id?: number; duration?: number }) => api.post<ChatMessage>(`${CHAT_BASE}/send`, body),
  read: (id: number, upTo?: number) => api.post<{ unread: number }>(`${CHAT_BASE}/read`, { id, up_to: upTo }),
  upload: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return request<ChatAttachment>(`${CHAT_BASE}/upload`, { method: 'POST', body: form });
  },
};

/** A chat file's address (the elements that show it exchange it for a signed link, engine/file-src.ts). */
export const chatFileUrl = (a: { key: string }): string => storedFileUrl(a.key);
