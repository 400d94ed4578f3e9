import { ALL_TAB, definePage, stateTabs } from '../../src/model';
import { announcement, announcementFeed } from '../../src/model/entities/announcement.entity';

/**
 * The company's announcements as its administrators write them (spec 3 announcement, spec 5; issue
 * 15), below what everyone reads in the centre's announcements tab (`/collab/center?tab=announcements`,
 * also `/collab/index/announcement`): drafts edited in the drawer, published (a public one needs its
 * contact and phone; every user of the company is told), withdrawn, removed while not published.
 */
export const announcementPage = definePage({
  opt: 'announcement',
  cata: 'collab',
  kind: 'index',
  entity: 'announcement',
  title: { zh: '公告管理', en: 'Manage announcements' },
  purpose: { zh: '本企业的公告：草稿编辑后发布，公开公告所有企业可见', en: "Your company's announcements: edit a draft, then publish; a public one is seen by every company" },
  columns: [
    { field: 'title', width: 280, pinned: 'left' },
    { field: 'category', width: 100 },
    { field: 'department', width: 120 },
    { field: 'is_public', width: 90 },
    { field: 'status', width: 90 },
    { field: 'published_at', width: 160 },
    { field: 'contact', width: 100 },
    { field: 'phone', width: 130 },
  ],
  statusTabs: stateTabs(announcement.states!),
  actions: [
    { kind: 'create' }, { kind: 'edit' },
    { kind: 'transition', action: 'publish' }, { kind: 'transition', action: 'withdraw' },
    { kind: 'remove' }, { kind: 'history' },
  ],
  quickSearch: ['title', 'detail', 'department'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'title', spanClass: 'full' },
        { field: 'category', spanClass: 'half' },
        { field: 'department', spanClass: 'half' },
        { field: 'detail', spanClass: 'full' },
        { field: 'is_public', spanClass: 'third' },
        { field: 'contact', spanClass: 'third' },
        { field: 'phone', spanClass: 'third' },
      ],
    },
  ],
});

/**
 * What everyone reads (spec 3 announcement, read flag per user; issue 15), the first list of the
 * centre's announcements tab (also `/collab/index/announcementfeed`): the company's published
 * announcements and every company's published public ones, unread first among the tabs; a row opens
 * the announcement in the drawer, 标为已读 marks the selected ones read (announcementFeed).
 */
export const announcementFeedPage = definePage({
  opt: 'announcementfeed',
  cata: 'collab',
  kind: 'index',
  entity: 'announcementfeed',
  title: { zh: '公告', en: 'Announcements' },
  purpose: { zh: '本企业发布的公告和各企业的公开公告：看过后标为已读', en: "Your company's announcements and every company's public ones: mark them read once seen" },
  columns: [
    { field: 'title', width: 280, pinned: 'left' },
    { field: 'status', width: 80 },
    { field: 'category', width: 100 },
    { field: 'company', width: 180 },
    { field: 'department', width: 120 },
    { field: 'is_public', width: 90 },
    { field: 'published_at', width: 160 },
    { field: 'detail', width: 360 },
  ],
  statusTabs: [...stateTabs(announcementFeed.states!, { all: false }), ALL_TAB],
  actions: [{ kind: 'view' }, { kind: 'transition', action: 'read' }, { kind: 'export' }],
  quickSearch: ['title', 'detail', 'company', 'department'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'title', spanClass: 'full' },
        ...['category', 'company', 'department', 'published_at', 'contact', 'phone'].map((field) => ({ field, spanClass: 'third' as const })),
        { field: 'detail', spanClass: 'full' },
      ],
    },
  ],
});
