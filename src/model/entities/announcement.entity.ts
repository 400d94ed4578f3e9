import { defineDictionary } from '../dictionaries';
import { defineEntity, defineViewEntity } from '../entity';
import { errorTexts } from '../errors/define';
import { announcementErrors } from '../errors/announcement';

export const announcementCategory = defineDictionary({
  code: 'announcement_category',
  label: { zh: '公告类别', en: 'Category' },
  items: [
    { value: 'notice', label: { zh: '通知', en: 'Notice' } },
    { value: 'policy', label: { zh: '制度', en: 'Policy' } },
    { value: 'holiday', label: { zh: '放假安排', en: 'Holiday' } },
    { value: 'production', label: { zh: '生产', en: 'Production' } },
    { value: 'system', label: { zh: '系统', en: 'System' } },
  ],
});

/**
 * Announcement (spec 3: title, category, detail, department, status, read flag; spec 5: a public
 * announcement needs contact and phone filled in before publishing). Written by a company's
 * administrators on the engine (`admin.announcement`: the list and drawer of
 * grids/collab/announcement.grid.ts, in the centre's announcements tab; publish and withdraw are
 * transitions through the writer, their rules in src/server/services/notify/announcement.hooks.ts),
 * read by its users; a public one is read by the users of every company on the platform. The read
 * flag is per user (`announcement_read`), read and set by the announcement reading calls.
 */
export const announcement = defineEntity({
  name: 'announcement',
  table: 'collab_announcement',
  prefix: 'notifyapi',
  menuCode: 'admin.announcement',
  label: { zh: '公告', en: 'Announcement' },
  titleField: 'title',
  defaultSort: { field: 'published_at', dir: 'desc' },
  fields: [
    { key: 'title', label: { zh: '标题', en: 'Title' }, type: 'text', required: true, maxLength: 200 },
    { key: 'category', label: { zh: '公告类别', en: 'Category' }, type: 'dict', dict: 'announcement_category', required: true, default: 'notice' },
    { key: 'detail', label: { zh: '公告内容', en: 'Detail' }, type: 'textarea', required: true, maxLength: 10000 },
    { key: 'department', label: { zh: '发布部门', en: 'Department' }, type: 'text', maxLength: 100 },
    { key: 'is_public', label: { zh: '公开公告', en: 'Public' }, type: 'boolean', default: false },
    { key: 'contact', label: { zh: '联系人', en: 'Contact' }, type: 'text', maxLength: 60 },
    { key: 'phone', label: { zh: '联系电话', en: 'Phone' }, type: 'text', maxLength: 40 },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'published_at', label: { zh: '发布时间', en: 'Published at' }, type: 'datetime', readonly: true },
  ],
  checks: [
    // A phone, when given, is digits with the usual separators (landlines and mobiles alike).
    (doc) => (doc.phone && !/^[0-9+\-() ]{5,40}$/.test(String(doc.phone)) ? { phone: 'announcement.phoneInvalid' } : {}) as Record<string, string>,
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(announcementErrors, 'zh-CN'),
      'announcement.phoneInvalid': '请填写有效的联系电话',
      'notify.announcement.title': '新公告：{{title}}',
      'notify.announcement.body': '{{department}}发布了公告「{{title}}」。',
    },
    en: {
      ...errorTexts(announcementErrors, 'en'),
      'announcement.phoneInvalid': 'Enter a valid phone number',
      'notify.announcement.title': 'New announcement: {{title}}',
      'notify.announcement.body': '{{department}} published the announcement "{{title}}".',
    },
  },
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'published', label: { zh: '已发布', en: 'Published' }, color: 'success' },
      { code: 'withdrawn', label: { zh: '已撤回', en: 'Withdrawn' }, color: 'subtle' },
    ],
    transitions: [
      { action: 'publish', label: { zh: '发布', en: 'Publish' }, from: ['draft', 'withdrawn'], to: 'published', roles: ['clientadmin'] },
      { action: 'withdraw', label: { zh: '撤回', en: 'Withdraw' }, from: ['published'], to: 'withdrawn', roles: ['clientadmin'] },
    ],
    locked: ['published'],
  },
});

/** One user's read flag on one announcement (spec 3 "read flag", per user). */
export const announcementRead = defineEntity({
  name: 'announcement_read',
  table: 'collab_announcement_read',
  prefix: 'notifyapi',
  menuCode: 'collab.center',
  label: { zh: '公告已读', en: 'Announcement read' },
  titleField: 'announcement_id',
  childOnly: true,
  omitFromForm: 'Written when a user reads an announcement (announcement read call).',
  fields: [
    { key: 'announcement_id', label: { zh: '公告', en: 'Announcement' }, type: 'integer', required: true },
    { key: 'user_id', label: { zh: '用户', en: 'User' }, type: 'integer', required: true },
    { key: 'read_at', label: { zh: '阅读时间', en: 'Read at' }, type: 'datetime' },
  ],
});

/**
 * An announcement as a person reads it (issue 15; issue 30 on the engine): the published ones of the
 * caller's company and the published public ones of every company, newest first, each unread or read
 * by the caller (the per-user flag `announcement_read`). The rows are computed for the caller
 * (src/server/services/notify/announcement.views.ts), so nobody reads another company's internal
 * announcement nor another person's flags; 标为已读 is the declared transition that sets the flag.
 * The centre's announcements tab lists it above the administrators' own list.
 */
export const announcementFeed = defineViewEntity({
  name: 'announcementfeed',
  table: 'collab_announcement',
  prefix: 'notifyapi',
  menuCode: 'collab.center',
  label: { zh: '公告', en: 'Announcement' },
  titleField: 'title',
  editable: true,
  // A published announcement reaches the company's users as a notice: an open list reads its rows again.
  refreshOn: 'notifyto2',
  defaultSort: { field: 'published_at', dir: 'desc' },
  fields: [
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    // The announcement's own fields as its administrators wrote them, read-only here.
    ...announcement.fields.filter((f) => !['status', 'published_at'].includes(f.key)).map(({ key, label, type, dict }) => ({ key, label, type, dict, readonly: true })),
    { key: 'company', label: { zh: '发布企业', en: 'Company' }, type: 'text', readonly: true },
    { key: 'published_at', label: { zh: '发布时间', en: 'Published at' }, type: 'datetime', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'unread',
    states: [
      { code: 'unread', label: { zh: '未读', en: 'Unread' }, color: 'brand' },
      { code: 'read', label: { zh: '已读', en: 'Read' }, color: 'subtle' },
    ],
    transitions: [{ action: 'read', label: { zh: '标为已读', en: 'Mark read' }, from: ['unread'], to: 'read' }],
  },
});
