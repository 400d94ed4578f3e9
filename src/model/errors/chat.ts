import { defineErrors } from './define';

/** The errors of chat (fed into the chat catalogue part; see ./index). */
export const chatErrors = defineErrors({
  'chat.notFound': { kind: 'notFound', zh: '会话不存在', en: 'The conversation does not exist' },
  'chat.notGroup': { kind: 'conflict', zh: '只有群聊可以这样操作', en: 'Only a group allows this' },
  'chat.notReachable': { kind: 'forbidden', zh: '只能与本公司、有共享单据的合作公司的用户或好友聊天', en: 'You can chat only with users of your company, of partner companies that share a document with yours, or friends' },
  'friend.already': { kind: 'duplicate', zh: '你们已经是好友了', en: 'You are already friends' },
  'friend.notFound': { kind: 'notFound', zh: '没有找到这个用户', en: 'No such user was found' },
  'friend.pending': { kind: 'duplicate', zh: '好友申请已发送，等待对方处理', en: 'Friend request sent; waiting for an answer' },
  'friend.requestNotFound': { kind: 'notFound', zh: '好友申请不存在或已处理', en: 'The friend request does not exist or was already answered' },
  'friend.self': { kind: 'validation', zh: '不能添加自己为好友', en: 'You cannot add yourself as a friend' },
});
