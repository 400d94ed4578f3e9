import { defineErrors } from './define';

/** The errors of announcement (fed into the announcement catalogue part; see ./index). */
export const announcementErrors = defineErrors({
  'announcement.publicNeedsContact': { kind: 'validation', zh: '公开公告发布前须填写联系人和联系电话', en: 'A public announcement needs a contact and a phone before publishing' },
});
