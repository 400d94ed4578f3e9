import type { ChatMember, Conversation } from '../../../model/calls/chat';

/**
 * Who may remove whom from a group chat: its owner (the creator, as the server's `group-remove`
 * decides), any member but themself (leaving is the owner's own way out). Nobody in a one to one chat.
 *
 * Example: `canRemoveMember({ kind: 'group', owner_id: 3 }, 3, 8)` is true; with `me` 8 it is false.
 */
export function canRemoveMember(c: Pick<Conversation, 'kind' | 'owner_id'>, me: number | null | undefined, memberId: number): boolean {
  return c.kind === 'group' && me !== null && me !== undefined && c.owner_id === me && memberId !== me;
}

/** The members as the panel lists them: the owner first, then the caller, then the others by name. */
export function orderMembers(members: readonly ChatMember[], ownerId: number | null, me: number | null | undefined): ChatMember[] {
  const rank = (m: ChatMember) => (m.id === ownerId ? 0 : m.id === me ? 1 : 2);
  return [...members].sort((a, b) => rank(a) - rank(b) || a.fullname.localeCompare(b.fullname, 'zh-CN') || a.id - b.id);
}
