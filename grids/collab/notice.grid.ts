import { ALL_TAB, definePage, stateTabs } from '../../src/model';
import { notice } from '../../src/model/entities/notice.entity';
import { defineTabsPage } from '../../src/model/tabs-page';

/**
 * My notices (spec 7 notify-msg; issue 15), the notification and task centre's notices tab
 * (`/collab/center?tab=notices`, also `/collab/index/notice`): what the platform told the caller,
 * newest first, unread first among the tabs; marked read in place, several at once, or all at once
 * (the page's own tool, the bell's call). Only the caller's own: notice.entity.ts.
 */
export const noticePage = definePage({
  opt: 'notice',
  cata: 'collab',
  kind: 'index',
  entity: 'notice',
  title: { zh: '我的通知', en: 'My notices' },
  purpose: { zh: '发给你的通知：看过后标为已读，有单据的可直接打开', en: 'Notices sent to you: mark them read once seen; open the document a notice names' },
  columns: [
    { field: 'title', width: 300, pinned: 'left' },
    { field: 'created_at', width: 170 },
    { field: 'status', width: 80 },
    { field: 'doc_no', width: 140 },
    { field: 'body', width: 380 },
    { field: 'read_at', width: 170 },
  ],
  statusTabs: [...stateTabs(notice.states!, { all: false }), ALL_TAB],
  actions: [{ kind: 'view' }, { kind: 'transition', action: 'read' }, { kind: 'export' }],
  quickSearch: ['title', 'body', 'doc_no'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'title', spanClass: 'full' },
        { field: 'body', spanClass: 'full' },
        { field: 'doc_no', spanClass: 'half' },
        { field: 'status', spanClass: 'half' },
        { field: 'created_at', spanClass: 'half' },
        { field: 'read_at', spanClass: 'half' },
      ],
    },
  ],
});

/**
 * My notification settings (issue 15; spec 7 notify-setting, a person's own), the centre's settings
 * tab (`/collab/center?tab=settings`, also `/collab/index/noticesetting`): for each event the
 * channels that reach me and where they come from; editing one keeps my own choice, 取消我的设置
 * goes back to the company's (noticeSetting).
 */
export const noticeSettingPage = definePage({
  opt: 'noticesetting',
  cata: 'collab',
  kind: 'index',
  entity: 'noticesetting',
  title: { zh: '通知设置', en: 'Notification settings' },
  purpose: {
    zh: '选择每类通知通过哪些渠道送达。未单独设置的事件使用公司的通知设置；公司未设置时只在站内提醒。',
    en: "Choose the channels each kind of notice reaches you by. Events you have not set follow the company's notification settings; without those, only the in-app bell.",
  },
  columns: [{ field: 'event', width: 420, pinned: 'left' }, { field: 'channels', width: 260 }, { field: 'source', width: 120 }, { field: 'company_channels', width: 220 }],
  actions: [{ kind: 'edit' }, { kind: 'transition', action: 'reset' }],
  quickSearch: ['event'],
  form: [{ modelName: 'base', form: [{ field: 'event', spanClass: 'full' }, { field: 'channels', spanClass: 'full' }, { field: 'source', spanClass: 'half' }, { field: 'company_channels', spanClass: 'half' }] }],
});

/**
 * The notification and task centre (issue 15; `/collab/center`, its tab in the address): my notices,
 * my tasks, the announcements (what I read, and for company administrators the company's own as
 * they write them) and my notification settings, each the engine's list of its page above.
 */
export const centreTabs = defineTabsPage({
  testId: 'collab-center',
  title: { zh: '通知与任务中心', en: 'Notifications and tasks' },
  explain: { zh: '全部通知、我的待办任务与公司公告。', en: 'All your notifications, your tasks and the company announcements.' },
  tabs: [
    { key: 'notices', label: { zh: '通知', en: 'Notifications' }, lists: [{ opt: 'notice' }] },
    { key: 'tasks', label: { zh: '我的任务', en: 'My tasks' }, lists: [{ opt: 'task' }] },
    { key: 'announcements', label: { zh: '公告', en: 'Announcements' }, lists: [{ opt: 'announcementfeed' }, { opt: 'announcement', roles: ['clientadmin'] }] },
    { key: 'settings', label: { zh: '通知设置', en: 'Notification settings' }, lists: [{ opt: 'noticesetting' }] },
  ],
});
