import { defineViewEntity } from '../entity';

/**
 * A notice to one person (issue 15; spec 7 notify-msg), as the notification centre's notices tab lists
 * it (issue 30): the rows of `notify_notice` of the caller's company AND the caller's user, and nobody
 * else's (src/server/services/notify/notice.views.ts holds both in SQL). Unread or read is computed
 * from `read_at`; 标为已读 is the declared transition the view writer runs on the selected rows
 * (versioned and audited; the handler stamps `read_at`). The bell and the spec's `notify-msg` calls
 * read and mark the same rows.
 */
export const notice = defineViewEntity({
  name: 'notice',
  table: 'notify_notice',
  prefix: 'notifyapi',
  menuCode: 'collab.center',
  label: { zh: '通知', en: 'Notice' },
  titleField: 'title',
  editable: true,
  // A new notice reaches an open list at once (raiseNotice pushes `notifyto2` to its recipient).
  refreshOn: 'notifyto2',
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'title', label: { zh: '通知', en: 'Notice' }, type: 'text', readonly: true },
    { key: 'body', label: { zh: '内容', en: 'Message' }, type: 'textarea', readonly: true },
    { key: 'doc_no', label: { zh: '单号', en: 'Document' }, type: 'text', readonly: true },
    { key: 'link', label: { zh: '链接', en: 'Link' }, type: 'text', readonly: true },
    { key: 'created_at', label: { zh: '时间', en: 'Time' }, type: 'datetime', readonly: true },
    { key: 'read_at', label: { zh: '阅读时间', en: 'Read at' }, type: 'datetime', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'unread',
    states: [
      { code: 'unread', label: { zh: '未读', en: 'Unread' }, color: 'brand' },
      { code: 'read', label: { zh: '已读', en: 'Read' }, color: 'subtle' },
    ],
    transitions: [{ action: 'read', label: { zh: '标为已读', en: 'Mark read' }, from: ['unread'] }],
  },
});

/**
 * A person's own channels for one notice event (issue 15: the centre's notification settings; issue
 * 30 on the engine): one row per event of src/model/notice-events.ts, computed for the caller
 * (src/server/services/notify/notice-setting.views.ts): the channels that reach them now and where
 * they come from (their own choice, the company's setting, or the default, the bell only). Editing a
 * row saves the caller's own choice (at least one channel; e-mail only with an address on the
 * account, workplace chat only with a binding: each refusal under the field); 取消我的设置 drops it,
 * and the company's setting (or the default) applies again.
 */
export const noticeSetting = defineViewEntity({
  name: 'noticesetting',
  table: 'notify_setting',
  prefix: 'notifyapi',
  menuCode: 'collab.center',
  label: { zh: '通知设置', en: 'Notification setting' },
  titleField: 'name',
  editable: true,
  // The events in their declared order (notice-events.ts), which their ids follow.
  defaultSort: { field: 'id', dir: 'asc' },
  fields: [
    { key: 'event', label: { zh: '通知事件', en: 'Event' }, type: 'dict', dict: 'notify_event', readonly: true },
    // The event's name in the caller's language, the drawer's title.
    { key: 'name', label: { zh: '事件', en: 'Event' }, type: 'text', readonly: true },
    // At least one, which the save says in its own words (notify.setting.channelRequired).
    {
      key: 'channels', label: { zh: '通知渠道', en: 'Channels' }, type: 'multidict', dict: 'notify_channel',
      help: { zh: '至少一个。邮件需要账号填写了邮箱；企业微信/钉钉需要账号已绑定且公司配置了应用', en: "At least one. E-mail needs an address on your account; workplace chat needs your account bound and the company's application set up" },
    },
    { key: 'source', label: { zh: '来源', en: 'From' }, type: 'dict', readonly: true },
    { key: 'company_channels', label: { zh: '公司设置', en: "Company's setting" }, type: 'multidict', dict: 'notify_channel', readonly: true },
  ],
  states: {
    field: 'source',
    initial: 'default',
    states: [
      { code: 'own', label: { zh: '我的设置', en: 'My setting' }, color: 'brand' },
      { code: 'company', label: { zh: '公司设置', en: 'Company setting' }, color: 'informative' },
      { code: 'default', label: { zh: '默认（站内）', en: 'Default (in-app)' }, color: 'subtle' },
    ],
    transitions: [{ action: 'reset', label: { zh: '取消我的设置', en: 'Drop my setting' }, from: ['own'] }],
  },
});
