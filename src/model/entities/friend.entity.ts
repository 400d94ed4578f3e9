import { defineViewEntity } from '../entity';

/** The other person of a pair of friends, as both views show them (spec 2 discovery: friends). */
const person = [
  { key: 'fullname', label: { zh: '姓名', en: 'Name' }, type: 'text' },
  { key: 'company', label: { zh: '企业', en: 'Company' }, type: 'text' },
] as const;

/**
 * A person the caller is friends with (issue 15; issue 30 on the engine): one accepted `chat_friend`
 * pair, shown as the other person. The rows are computed per caller by the friend service
 * (src/server/services/chat/friend.views.ts), so nobody lists another's friends; a friend may be
 * chatted with across companies. The discovery page's friends tab is its list.
 */
export const friend = defineViewEntity({
  name: 'friend',
  table: 'chat_friend',
  prefix: 'crossapi',
  menuCode: 'collab.chat',
  label: { zh: '好友', en: 'Friend' },
  titleField: 'fullname',
  defaultSort: { field: 'fullname', dir: 'asc' },
  fields: [...person, { key: 'username', label: { zh: '账号', en: 'Account' }, type: 'text' }, { key: 'user_id', label: { zh: '用户', en: 'User' }, type: 'integer' }],
});

/**
 * A friend request waiting for an answer (issue 15; issue 30 on the engine): a pending `chat_friend`
 * pair the caller asked (`out`) or was asked (`in`), computed per caller (friend.views.ts). Only the
 * asked person answers: 同意 and 拒绝 are transitions from `in`, stored by the friend service's
 * answer (an accepted pair may chat; a declined pair may ask again).
 */
export const friendRequest = defineViewEntity({
  name: 'friendrequest',
  table: 'chat_friend',
  prefix: 'crossapi',
  menuCode: 'collab.chat',
  label: { zh: '好友申请', en: 'Friend request' },
  titleField: 'fullname',
  editable: true,
  // A request to the caller arrives as a notice (friend.request): an open list reads its rows again.
  refreshOn: 'notifyto2',
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    ...person.map((f) => ({ ...f, readonly: true })),
    { key: 'message', label: { zh: '附言', en: 'Message' }, type: 'text', readonly: true },
    { key: 'created_at', label: { zh: '申请时间', en: 'Asked at' }, type: 'datetime', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'out',
    states: [
      { code: 'in', label: { zh: '待我回复', en: 'Waiting for me' }, color: 'brand' },
      { code: 'out', label: { zh: '等待对方', en: 'Waiting for them' }, color: 'subtle' },
      { code: 'accepted', label: { zh: '已同意', en: 'Accepted' }, color: 'success' },
      { code: 'declined', label: { zh: '已拒绝', en: 'Declined' }, color: 'danger' },
    ],
    transitions: [
      { action: 'accept', label: { zh: '同意', en: 'Accept' }, from: ['in'], to: 'accepted' },
      { action: 'decline', label: { zh: '拒绝', en: 'Decline' }, from: ['in'], to: 'declined' },
    ],
  },
});
