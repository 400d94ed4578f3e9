import type { CatalogPart } from './types';
import { errorTexts } from '../errors/define';
import { chatErrors } from '../errors/chat';

/** Chat, friends and discovery (issue 15): the server's refusals, zh-CN first. */
export const chat: CatalogPart = {
  'zh-CN': {
    ...errorTexts(chatErrors, 'zh-CN'),
    'chat.groupNeedsMembers': '请至少选择一位群成员',
    'chat.groupTooLarge': '群成员已达上限',
    'chat.badKind': '消息类型无效',
    'chat.tooLong': '消息不能超过 {{max}} 个字',
    'chat.fileNotFound': '文件不存在，请重新上传',
    'chat.notImage': '只能发送 PNG、JPEG、GIF 或 WebP 图片',
    'chat.notVoice': '语音消息须为 WAV 音频',
    'chat.removeSelf': '不能移除自己，请使用退出群聊',
    'chat.notMember': '该用户不是群成员',
    'notify.friendRequest.title': '{{name}} 请求添加你为好友',
    'notify.friendRequest.body': '附言：{{message}}',
  },
  en: {
    ...errorTexts(chatErrors, 'en'),
    'chat.groupNeedsMembers': 'Choose at least one member',
    'chat.groupTooLarge': 'The group has reached its member limit',
    'chat.badKind': 'Invalid message type',
    'chat.tooLong': 'A message may not exceed {{max}} characters',
    'chat.fileNotFound': 'The file does not exist; upload it again',
    'chat.notImage': 'Only PNG, JPEG, GIF or WebP images can be sent',
    'chat.notVoice': 'A voice message must be WAV audio',
    'chat.removeSelf': 'You cannot remove yourself; leave the group instead',
    'chat.notMember': 'This user is not a member of the group',
    'notify.friendRequest.title': '{{name}} asks to be your friend',
    'notify.friendRequest.body': 'Message: {{message}}',
  },
};
