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
