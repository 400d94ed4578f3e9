import { defineDictionary } from '../dictionaries';
import { defineViewEntity } from '../entity';

/** The channels an outbox row goes out by. */
export const outboxChannel = defineDictionary({
  code: 'outbox_channel',
  label: { zh: '渠道', en: 'Channel' },
  items: [
    { value: 'email', label: { zh: '邮件', en: 'E-mail' } },
    { value: 'sms', label: { zh: '短信', en: 'SMS' } },
    { value: 'workchat', label: { zh: '企业微信/钉钉', en: 'WeCom/DingTalk' } },
    { value: 'webhook', label: { zh: '数据推送', en: 'Data push' } },
  ],
});

/**
 * The mails, text messages and workplace-chat messages the platform wrote (verification codes,
 * reset links, invitations, sign-up and notice mails): the outbox table of src/server/kernel/outbox,
 * read through the engine's list and drawer. A client administrator reads their company's rows, the
 * super administrator every row (also those written before a company exists, such as a sign-up's
 * code); the rule is registered by src/server/services/notify/outbox.routes.ts.
 */
export const outbox = defineViewEntity({
  name: 'outbox',
  table: 'outbox',
  prefix: 'utilsapi',
  menuCode: 'workspace.outbox',
  label: { zh: '消息发件箱', en: 'Mail and SMS outbox' },
  titleField: 'subject',
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    { key: 'created_at', label: { zh: '时间', en: 'Time' }, type: 'datetime' },
    { key: 'channel', label: { zh: '渠道', en: 'Channel' }, type: 'dict', dict: 'outbox_channel' },
    { key: 'to_address', label: { zh: '收件人', en: 'To' }, type: 'text' },
    { key: 'subject', label: { zh: '主题', en: 'Subject' }, type: 'text' },
    { key: 'body', label: { zh: '内容', en: 'Message' }, type: 'textarea' },
    { key: 'link', label: { zh: '链接', en: 'Link' }, type: 'text' },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict' },
    { key: 'error', label: { zh: '失败原因', en: 'Error' }, type: 'text' },
    { key: 'sent_at', label: { zh: '发送时间', en: 'Sent at' }, type: 'datetime' },
  ],
  states: {
    field: 'status',
    initial: 'queued',
    states: [
      { code: 'queued', label: { zh: '待发送', en: 'Queued' }, color: 'informative' },
      { code: 'sent', label: { zh: '已发送', en: 'Sent' }, color: 'success' },
      { code: 'failed', label: { zh: '发送失败', en: 'Failed' }, color: 'danger' },
    ],
    transitions: [],
  },
});
