import { definePage, stateTabs } from '../../src/model';
import { announcement } from '../../src/model/entities/announcement.entity';

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
