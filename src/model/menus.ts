import type { Label } from './entity';
import { isPlatform, PLATFORMS } from './platforms';

/**
 * The platforms a menu group or entry belongs to (spec: platform selector; SRM supply
 * collaboration, SFCENTER smart factory, SFPRINT print centre): a list of platform ids, or '*' for
 * every platform (the personal workspace, administration). Switching platform shows only its menus.
 */
export type MenuPlatforms = '*' | readonly string[];

/**
 * The menus of the shell (spec: menus are groups of entries with FURL and TITLE), per platform.
 * Only what is built is listed. `roles`: any one of these role codes shows the entry (none = all
 * signed-in users of a tenant); `superOnly` entries show only to the super administrator.
 * An entry's `platforms` narrows its group's (default: the group's).
 */
export type MenuEntry = { code: string; furl: string; title: Label; roles?: string[]; superOnly?: boolean; icon?: string; order?: number; platforms?: MenuPlatforms };
export type MenuGroup = { code: string; title: Label; platforms: MenuPlatforms; entries: MenuEntry[]; icon?: string };

/** The stored form of a platform list (menus.platform): '*' or ids joined by commas, e.g. 'SRM,SFCENTER'. */
export function platformsText(platforms: MenuPlatforms): string {
  return platforms === '*' ? '*' : [...platforms].join(',');
}

/** Whether a stored platform list ('*', 'SRM' or 'SRM,SFCENTER') includes `platform`. */
export function onPlatform(stored: string | null | undefined, platform: string): boolean {
  if (!stored || stored === '*') return true;
  return stored.split(',').some((p) => p.trim() === platform);
}

/** A declaration naming no platform or an unknown one is a programming error, reported at start. */
function checkPlatforms(code: string, platforms: MenuPlatforms): void {
  if (platforms === '*') return;
  const unknown = platforms.filter((p) => !isPlatform(p));
  if (!platforms.length || unknown.length) throw new Error(`menu "${code}" declares platforms [${platforms.join(', ')}]; known: * or ${PLATFORMS.map((p) => p.id).join(', ')}`);
}

const GROUPS: MenuGroup[] = [
  {
    code: 'workspace',
    platforms: '*',
    title: { zh: '工作台', en: 'Workspace' },
    icon: 'home',
    entries: [
      { code: 'workspace.home', furl: '/workspace/home', title: { zh: '我的工作台', en: 'My workspace' } },
      { code: 'workspace.outbox', furl: '/page/outbox', title: { zh: '消息发件箱', en: 'Mail and SMS outbox' }, roles: ['clientadmin', 'superadmin'] },
    ],
  },
];

/** Entries of pages declared before their group (a module's pages come before its menu file). */
const PENDING = new Map<string, MenuEntry[]>();

/** Entries in their declared `order` (entries without one keep their place after those with one). */
function addEntries(group: MenuGroup, entries: readonly MenuEntry[]): void {
  for (const e of entries) if (!group.entries.some((x) => x.code === e.code)) group.entries.push(e);
  group.entries.sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity));
}

/**
 * Adds a menu group or entries to an existing group (areas declare their own menus). Entries added
 * to an existing group keep the platforms of the declaration that brings them.
 */
export function defineMenuGroup(group: MenuGroup): MenuGroup {
  checkPlatforms(group.code, group.platforms);
  for (const e of group.entries) if (e.platforms) checkPlatforms(e.code, e.platforms);
  const existing = GROUPS.find((g) => g.code === group.code);
  if (existing) {
    const differs = platformsText(existing.platforms) !== platformsText(group.platforms);
    addEntries(existing, differs ? group.entries.map((e) => (e.platforms ? e : { ...e, platforms: group.platforms })) : group.entries);
    return existing;
  }
  GROUPS.push(group);
  addEntries(group, [...group.entries.splice(0), ...(PENDING.get(group.code) ?? [])]);
  return group;
}

/**
 * Adds one entry to every group of that code, or keeps it until the group is declared: a page
 * declaration puts itself in the menu (definePage's `menu`), so a new page needs no menu edit.
 */
export function addMenuEntry(groupCode: string, entry: MenuEntry): void {
  const groups = GROUPS.filter((g) => g.code === groupCode);
  for (const g of groups) addEntries(g, [entry]);
  if (!groups.length) PENDING.set(groupCode, [...(PENDING.get(groupCode) ?? []), entry]);
}

export function allMenuGroups(): MenuGroup[] {
  return GROUPS;
}

/** The menu groups a user sees on a platform, in the login reply's shape (FURL, TITLE). */
export function menusFor(platform: string, roles: string[], isSuper: boolean, language: 'zh-CN' | 'en') {
  const pick = (l: Label) => (language === 'en' ? l.en : l.zh);
  const on = (p: MenuPlatforms) => onPlatform(platformsText(p), platform);
  return GROUPS.filter((g) => on(g.platforms))
    .map((g) => ({
      CODE: g.code,
      TITLE: pick(g.title),
      ICON: g.icon ?? '',
      // Both titles travel too, so the shell can switch language without a call (a company's menu
      // tree may rename entries: the declarations alone no longer know every title).
      TITLE_ZH: g.title.zh,
      TITLE_EN: g.title.en,
      children: g.entries
        .filter((e) => on(e.platforms ?? g.platforms))
        .filter((e) => (e.superOnly ? isSuper : true))
        .filter((e) => !e.roles || isSuper || e.roles.some((r) => roles.includes(r)))
        .map((e) => ({ CODE: e.code, FURL: e.furl, TITLE: pick(e.title), ICON: e.icon ?? '', TITLE_ZH: e.title.zh, TITLE_EN: e.title.en })),
    }))
    .filter((g) => g.children.length > 0);
}

// Issue 4: the import centre (history of imports and exports) and the batch image upload of materials.
defineMenuGroup({
  code: 'workspace',
  platforms: '*',
  title: { zh: '工作台', en: 'Workspace' },
  entries: [
    { code: 'workspace.upload', furl: '/upload/index', title: { zh: '导入中心', en: 'Import centre' }, icon: 'upload' },
    { code: 'workspace.uploadimg', furl: '/page/uploadimg/material', title: { zh: '批量上传物料图片', en: 'Material images upload' }, icon: 'image' },
  ],
});
