import type { CatalogPart } from './types';

/** Chat, friends and discovery (issue 15): the server's refusals, zh-CN first. */
export const chat: CatalogPart = {
  'zh-CN': {
    'chat.notReachable': '只能与本公司、有共享单据的合作公司的用户或好友聊天',
    'chat.notFound': '会话不存在',
    'chat.groupNeedsMembers': '请至少选择一位群成员',
    'chat.groupTooLarge': '群成员已达上限',
    'chat.notGroup': '只有群聊可以这样操作',
    'chat.badKind': '消息类型无效',
    'chat.tooLong': '消息不能超过 {{max}} 个字',
    'chat.fileNotFound': '文件不存在，请重新上传',
    'chat.notImage': '只能发送 PNG、JPEG、GIF 或 WebP 图片',
    'chat.notVoice': '语音消息须为 WAV 音频',
    'friend.notFound': '没有找到这个用户',
    'friend.self': '不能添加自己为好友',
    'friend.already': '你们已经是好友了',
    'friend.pending': '好友申请已发送，等待对方处理',
    'friend.requestNotFound': '好友申请不存在或已处理',
  },
  en: {
    'chat.notReachable': 'You can chat only with users of your company, of partner companies that share a document with yours, or friends',
    'chat.notFound': 'The conversation does not exist',
    'chat.groupNeedsMembers': 'Choose at least one member',
    'chat.groupTooLarge': 'The group has reached its member limit',
    'chat.notGroup': 'Only a group allows this',
    'chat.badKind': 'Invalid message type',
    'chat.tooLong': 'A message may not exceed {{max}} characters',
    'chat.fileNotFound': 'The file does not exist; upload it again',
    'chat.notImage': 'Only PNG, JPEG, GIF or WebP images can be sent',
    'chat.notVoice': 'A voice message must be WAV audio',
    'friend.notFound': 'No such user was found',
    'friend.self': 'You cannot add yourself as a friend',
    'friend.already': 'You are already friends',
    'friend.pending': 'Friend request sent; waiting for an answer',
    'friend.requestNotFound': 'The friend request does not exist or was already answered',
  },
};
