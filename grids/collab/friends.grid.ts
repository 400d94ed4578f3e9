import { ALL_TAB, definePage, stateTabs } from '../../src/model';
import { friendRequest } from '../../src/model/entities/friend.entity';

/**
 * The discovery page's friends and friend requests (issue 15; spec 2 discovery), as the engine's
 * lists of the views `friend` and `friendrequest` (src/model/entities/friend.entity.ts): the people
 * the caller is friends with (the page adds the tool that opens a chat with the selected one), and
 * the requests waiting, to the caller first; 同意 and 拒绝 are the request's declared transitions.
 * Shown inside /discovery/index (friends, requests tabs); no menu of their own.
 */
export const friendsPage = definePage({
  opt: 'friends',
  cata: 'collab',
  kind: 'index',
  entity: 'friend',
  title: { zh: '我的好友', en: 'My friends' },
  purpose: { zh: '好友可跨企业聊天：选中一位后点“聊天”。还没有好友时，可在“添加好友”中按用户名、手机号或邮箱查找', en: 'Friends chat across companies: select one, then Chat. No friends yet? Find people by username, mobile or e-mail under Add friends' },
  columns: [{ field: 'fullname', width: 200, pinned: 'left' }, { field: 'company', width: 260 }, { field: 'username', width: 180 }],
  actions: [{ kind: 'export' }],
  quickSearch: ['fullname', 'company', 'username'],
  form: [{ modelName: 'base', form: ['fullname', 'company', 'username'].map((field) => ({ field, spanClass: 'half' })) }],
});

export const friendRequestsPage = definePage({
  opt: 'friendrequests',
  cata: 'collab',
  kind: 'index',
  entity: 'friendrequest',
  title: { zh: '好友申请', en: 'Friend requests' },
  purpose: { zh: '别人发给你的申请由你同意或拒绝（处理过的留在“已同意”“已拒绝”中）；你发出的申请等待对方回复', en: 'Accept or decline the requests sent to you (those answered stay under Accepted and Declined); the ones you sent wait for an answer' },
  columns: [{ field: 'fullname', width: 180, pinned: 'left' }, { field: 'status', width: 110 }, { field: 'company', width: 220 }, { field: 'message', width: 300 }, { field: 'created_at', width: 170 }],
  statusTabs: [...stateTabs(friendRequest.states!, { all: false }), ALL_TAB],
  actions: [{ kind: 'transition', action: 'accept' }, { kind: 'transition', action: 'decline' }],
  quickSearch: ['fullname', 'company', 'message'],
  form: [{ modelName: 'base', form: ['fullname', 'company', 'status', 'created_at', 'message'].map((field) => ({ field, spanClass: field === 'message' ? 'full' : 'half' })) }],
});
