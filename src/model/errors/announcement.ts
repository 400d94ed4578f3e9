import { defineErrors } from './define';

/** The errors of announcement (fed into the announcement catalogue part; see ./index). */
export const announcementErrors = defineErrors({
  'announcement.adminOnly': { kind: 'forbidden', zh: '只有企业管理员可以编辑和发布公告', en: 'Only company administrators can edit and publish announcements' },
  'announcement.badTransition': { kind: 'conflict', zh: '公告当前状态不能执行此操作', en: 'The announcement cannot do this in its current status' },
  'announcement.notFound': { kind: 'notFound', zh: '公告不存在或无权查看', en: 'The announcement does not exist or you may not see it' },
  'announcement.publicNeedsContact': { kind: 'validation', zh: '公开公告发布前须填写联系人和联系电话', en: 'A public announcement needs a contact and a phone before publishing' },
  'announcement.publishedReadOnly': { kind: 'conflict', zh: '已发布的公告不能修改或删除，请先撤回', en: 'A published announcement cannot be changed or removed; withdraw it first' },
});
