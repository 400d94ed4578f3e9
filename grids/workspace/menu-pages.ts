import { defineMenuPage } from '../../src/model/menu-page';

/** The menu guide (spec 2 `/workspace/menuguide` and `/homeguide`): every menu group the user has, with its entries. */
export const menuGuide = defineMenuPage({
  name: 'guide',
  paths: ['workspace/menuguide', 'homeguide'],
  groups: 'all',
  title: { zh: '功能导航', en: 'Function guide' },
  explain: { zh: '您在当前平台可以使用的全部功能', en: 'Everything you can use on the current platform' },
});

/**
 * A menu group's page (spec 2 `/workspace/menuindex/{opt}`, an app of the market) and a module's
 * landing page (spec 2 `/{menumodule}`, the login reply's menu_modules): the group's entries.
 */
export const menuIndex = defineMenuPage({
  name: 'index',
  paths: ['workspace/menuindex/:group', ':group'],
  groups: 'named',
});
