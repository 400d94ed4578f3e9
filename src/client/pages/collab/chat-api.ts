import { callApi } from '../../api/calls';
import { storedFileUrl } from '../../api/file-src';
import { chatCalls, type ChatSend } from '../../../model/calls/chat';

export type { ChatAttachment, ChatMember, ChatMessage, Contact, Conversation } from '../../../model/calls/chat';

/** The chat calls as the chat page uses them (src/model/calls/chat.ts declares them). */
export const chatApi = {
  contacts: () => callApi(chatCalls.contacts),
  conversations: () => callApi(chatCalls.conversations),
  conversation: (id: number) => callApi(chatCalls.conversation, { id }),
  open: (userId: number) => callApi(chatCalls.open, { user_id: userId }),
  createGroup: (name: string, memberIds: number[]) => callApi(chatCalls.createGroup, { name, member_ids: memberIds }),
  addMembers: (id: number, userIds: number[]) => callApi(chatCalls.addMembers, { id, user_ids: userIds }),
  leave: (id: number) => callApi(chatCalls.leave, { id }),
  /** The conversation with its member list (who is in a group). */
  withMembers: (id: number) => callApi(chatCalls.conversation, { id }),
  /** The group's owner removes a member. */
  removeMember: (id: number, userId: number) => callApi(chatCalls.removeMember, { id, user_id: userId }, { failure: 'delete' }),
  messages: (id: number, before: number | null, size = 30) => callApi(chatCalls.messages, { id, size, before: before ?? undefined }),
  send: (body: ChatSend) => callApi(chatCalls.send, body),
  read: (id: number, upTo?: number) => callApi(chatCalls.read, { id, up_to: upTo }),
  /** A file, an image or a recorded voice message (a Blob takes the given name). */
  upload: (file: Blob, name: string) => callApi(chatCalls.upload, { file: file instanceof File ? file : new File([file], name, { type: file.type }) }, { failure: 'upload' }),
};

/** A chat file's address (the elements that show it exchange it for a signed link, engine/file-src.ts). */
export const chatFileUrl = (a: { key: string }): string => storedFileUrl(a.key);
