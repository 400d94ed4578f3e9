import { defineMenuGroup, pageRoute } from '../../src/model';
import { dictCategoryPage, dictItemPage, nodeConfigPage, notifySettingPage, projectTypePage, snRulePage } from './settings.grid';

/**
 * The administration menu group (spec 2 "Admin"). Entry codes are the menu codes permissions bind
 * to: `admin.*` is for administrators by default, `admin.sys.*` for the super administrator only
 * (src/server/services/admin/permission-model.ts).
 */
export const adminMenu = defineMenuGroup({
  code: 'admin',
  platform: '*',
  title: { zh: '系统管理', en: 'Administration' },
  icon: 'settings',
  entries: [
    ...[dictItemPage, dictCategoryPage, snRulePage, notifySettingPage, projectTypePage, nodeConfigPage].map((p) => ({ code: p.menuCode, furl: pageRoute(p), title: p.title })),
  ],
});
