import { ALL_TAB, definePage } from '../../src/model';
import { outboxChannel } from '../../src/model/entities/outbox.entity';

/**
 * The outbox (spec 2 `/page/outbox`, menu entry `workspace.outbox` of the workspace group): what the
 * platform sent or will send, newest first, one tab per channel; a row opens read-only in the drawer
 * with its whole message and link. Nothing here is edited: the rows are the mail queue's.
 */
export const outboxPage = definePage({
  opt: 'outbox',
  cata: 'admin',
  kind: 'page',
  entity: 'outbox',
  title: { zh: '消息发件箱', en: 'Mail and SMS outbox' },
  purpose: { zh: '平台发出的邮件和短信（验证码、重置密码链接、注册通知）', en: 'Mails and text messages the platform sent (verification codes, reset links, registration notices)' },
  columns: [{ field: 'created_at', width: 170 }, { field: 'channel', width: 120 }, { field: 'to_address', width: 220 }, { field: 'subject', width: 240 }, { field: 'body', width: 360 }, { field: 'status', width: 110 }, { field: 'link', width: 260 }, { field: 'error', hide: true }, { field: 'sent_at', hide: true }],
  statusTabs: [ALL_TAB, ...outboxChannel.items.map((i) => ({ key: i.value, label: i.label, filter: { channel: i.value } }))],
  actions: [{ kind: 'view' }],
  quickSearch: ['to_address', 'subject', 'body'],
  form: [
    { modelName: 'base', form: [{ field: 'created_at', spanClass: 'half' }, { field: 'channel', spanClass: 'half' }, { field: 'to_address', spanClass: 'half' }, { field: 'status', spanClass: 'half' }, { field: 'subject', spanClass: 'full' }, { field: 'body', spanClass: 'full' }, { field: 'link', spanClass: 'full' }, { field: 'error', spanClass: 'full' }, { field: 'sent_at', spanClass: 'half' }] },
  ],
});
