import type { Label } from './entity';

/**
 * The menus of the shell (spec: menus are groups of entries with FURL and TITLE), per platform.
 * Only what is built is listed. `roles`: any one of these role codes shows the entry (none = all
 * signed-in users of a tenant); `superOnly` entries show only to the super administrator.
 */
export type MenuEntry = { code: string; furl: string; title: Label; roles?: string[]; superOnly?: boolean; icon?: string };
export type MenuGroup = { code: string; title: Label; platform: string; entries: MenuEntry[]; icon?: string };

const GROUPS: MenuGroup[] = [
  {
    code: 'workspace',
    platform: '*',
    title: { zh: '工作台', en: 'Workspace' },
    icon: 'home',
    entries: [
      { code: 'workspace.home', furl: '/workspace/home', title: { zh: '我的工作台', en: 'My workspace' } },
      { code: 'workspace.outbox', furl: '/page/outbox', title: { zh: '消息发件箱', en: 'Mail and SMS outbox' }, roles: ['clientadmin', 'superadmin'] },
    ],
  },
];

/** Adds a menu group or entries to an existing group (areas declare their own menus). */
export function defineMenuGroup(group: MenuGroup): MenuGroup {
  const existing = GROUPS.find((g) => g.code === group.code && g.platform === group.platform);
  if (existing) {
    for (const e of group.entries) if (!existing.entries.some((x) => x.code === e.code)) existing.entries.push(e);
    return existing;
  }
  GROUPS.push(group);
  return group;
}

export function allMenuGroups(): MenuGroup[] {
  return GROUPS;
}

/** The menu groups a user sees on a platform, in the login reply's shape (FURL, TITLE). */
export function menusFor(platform: string, roles: string[], isSuper: boolean, language: 'zh-CN' | 'en') {
  const pick = (l: Label) => (language === 'en' ? l.en : l.zh);
  return GROUPS.filter((g) => g.platform === '*' || g.platform === platform)
    .map((g) => ({
      CODE: g.code,
      TITLE: pick(g.title),
      ICON: g.icon ?? '',
      // Both titles travel too, so the shell can switch language without a call (a company's menu
      // tree may rename entries: the declarations alone no longer know every title).
      TITLE_ZH: g.title.zh,
      TITLE_EN: g.title.en,
      children: g.entries
        .filter((e) => (e.superOnly ? isSuper : true))
        .filter((e) => !e.roles || isSuper || e.roles.some((r) => roles.includes(r)))
        .map((e) => ({ CODE: e.code, FURL: e.furl, TITLE: pick(e.title), ICON: e.icon ?? '', TITLE_ZH: e.title.zh, TITLE_EN: e.title.en })),
    }))
    .filter((g) => g.children.length > 0);
}

// Issue 4: the import centre (history of imports and exports) and the batch image upload of materials.
defineMenuGroup({
  code: 'workspace',
  platform: '*',
  title: { zh: '工作台', en: 'Workspace' },
  entries: [
    { code: 'workspace.upload', furl: '/upload/index', title: { zh: '导入中心', en: 'Import centre' }, icon: 'upload' },
    { code: 'workspace.uploadimg', furl: '/page/uploadimg/material', title: { zh: '批量上传物料图片', en: 'Material images upload' }, icon: 'image' },
  ],
});
