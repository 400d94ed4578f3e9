import type { CatalogPart } from './types';
import { errorTexts } from '../errors/define';
import { profileErrors } from '../errors/profile';

/**
 * The personal area (spec 7 "Profile and workspace"): the server's messages of the user-profile
 * calls and the first-login gate, and the browser's strings of the editable profile, the settings
 * saved to the account and the favourite menus.
 */
export const profile: CatalogPart = {
  'zh-CN': {
    ...errorTexts(profileErrors, 'zh-CN'),
    'profile.emailTaken': '该邮箱已被其他账号使用',
    'profile.unknownPage': '列表不存在',
    'profile.unknownMenu': '菜单不存在或您无权访问',
    'profile.unknownWidget': '看板组件不存在或您的角色不能使用',
    'profile.unknownModule': '应用模块不存在或您无权访问',
    'profile.tooManyFavourites': '常用菜单最多{{max}}个',
    'profile.tooManyItems': '最多{{max}}项',
    'profile.tooManyTables': '保存的列表设置过多（最多{{max}}个）',

    'ui.profile.edit': '编辑资料',
    'ui.profile.save': '保存',
    'ui.profile.saving': '正在保存',
    'ui.profile.saved': '个人资料已保存',
    'ui.profile.cancel': '取消',
    'ui.profile.readOnlyHint': '用户名、所属企业和角色由企业管理员维护。',
    'ui.profile.accountSettingHint': '语言选择保存在您的账号中，在其他设备登录时同样生效',
    'ui.profile.languageNotSynced': '语言已切换，但未能保存到账号：{{message}}',
    'ui.mydash.title': '我的看板',
    'ui.favourites.title': '常用菜单',
    'ui.favourites.empty': '还没有常用菜单。在左侧导航中点击菜单旁的星标即可添加。',
    'ui.favourites.add': '加入常用菜单',
    'ui.favourites.remove': '移出常用菜单',
    'ui.favourites.added': '已加入常用菜单',
    'ui.favourites.removed': '已移出常用菜单',
    'ui.favourites.loadFailed': '常用菜单加载失败',
  },
  en: {
    ...errorTexts(profileErrors, 'en'),
    'profile.emailTaken': 'This e-mail is already used by another account',
    'profile.unknownPage': 'Unknown list',
    'profile.unknownMenu': 'The menu does not exist or you have no access to it',
    'profile.unknownWidget': 'The dashboard widget does not exist or your roles do not offer it',
    'profile.unknownModule': 'The app module does not exist or you have no access to it',
    'profile.tooManyFavourites': 'At most {{max}} favourite menus',
    'profile.tooManyItems': 'At most {{max}} items',
    'profile.tooManyTables': 'Too many saved list layouts (at most {{max}})',

    'ui.profile.edit': 'Edit profile',
    'ui.profile.save': 'Save',
    'ui.profile.saving': 'Saving',
    'ui.profile.saved': 'Profile saved',
    'ui.profile.cancel': 'Cancel',
    'ui.profile.readOnlyHint': 'Your username, company and roles are kept by your company administrator.',
    'ui.profile.accountSettingHint': 'The language is saved to your account and follows you to other devices',
    'ui.profile.languageNotSynced': 'The language changed here but could not be saved to your account: {{message}}',
    'ui.mydash.title': 'My dashboard',
    'ui.favourites.title': 'Favourite menus',
    'ui.favourites.empty': 'No favourite menus yet. Click the star beside a menu entry in the side navigation to add one.',
    'ui.favourites.add': 'Add to favourite menus',
    'ui.favourites.remove': 'Remove from favourite menus',
    'ui.favourites.added': 'Added to favourite menus',
    'ui.favourites.removed': 'Removed from favourite menus',
    'ui.favourites.loadFailed': 'The favourite menus could not be loaded',
  },
};
