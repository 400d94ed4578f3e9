import type { Label } from './entity';
import { isPlatform, PLATFORMS } from './platforms';
import { labelIn } from './label-text';

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
export type MenuEntry = { code: string; furl: string; title: Label; roles?: string[]; superOnly?: boolean; icon?: string; order?: number; platforms?: MenuPlatforms; companies?: readonly CompanyType[] };
export type MenuGroup = { code: string; title: Label; platforms: MenuPlatforms; entries: MenuEntry[]; icon?: string; companies?: readonly CompanyType[] };

/**
 * Kinds of company (the `company_type` dictionary, `clients.type`). A menu group or entry names the
 * kinds it is for in `companies` (an entry's narrows its group's; none = every kind): a brand raises
 * requirement orders and buys, a maker takes orders and plans production, a supplier confirms the
 * purchase orders it receives, the platform operator runs the platform. The shell shows an entry only
 * to users of a company of one of those kinds (issue 21: "menus follow the company's type").
 */
export const COMPANY_KINDS = ['brand', 'maker', 'supplier', 'platform'] as const;
export type CompanyType = (typeof COMPANY_KINDS)[number];
/** Every company on the platform except the operator: the kinds that hold business data. */
export const TENANT_KINDS: readonly CompanyType[] = ['brand', 'maker', 'supplier'];

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
function checkCompanies(code: string, companies: readonly string[] | undefined): void {
  if (!companies) return;
  const unknown = companies.filter((c) => !(COMPANY_KINDS as readonly string[]).includes(c));
  if (!companies.length || unknown.length) throw new Error(`menu "${code}" declares companies [${companies.join(', ')}]; known: ${COMPANY_KINDS.join(', ')} (leave companies out for every kind)`);
}

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
      { code: 'workspace.mydash', furl: '/mydash', title: { zh: '我的看板', en: 'My dashboard' } },
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
  checkCompanies(group.code, group.companies);
  for (const e of group.entries) {
    if (e.platforms) checkPlatforms(e.code, e.platforms);
    checkCompanies(e.code, e.companies);
  }
  const existing = GROUPS.find((g) => g.code === group.code);
  if (existing) {
    const differs = platformsText(existing.platforms) !== platformsText(group.platforms);
    // Entries brought by a later declaration keep that declaration's platforms and company kinds.
    const companies = group.companies && group.companies.join(',') !== (existing.companies ?? []).join(',') ? group.companies : undefined;
    addEntries(existing, group.entries.map((e) => ({ ...e, ...(differs && !e.platforms ? { platforms: group.platforms } : {}), ...(companies && !e.companies ? { companies } : {}) })));
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

/**
 * The kinds of company a menu code is for (its entry's `companies`, else its group's), or null when
 * it is for every kind or not declared (a company's own nodes, an entity's code without an entry).
 */
export function menuCompanies(code: string): readonly CompanyType[] | null {
  for (const g of GROUPS) {
    if (g.code === code) return g.companies ?? null;
    const e = g.entries.find((x) => x.code === code);
    if (e) return e.companies ?? g.companies ?? null;
  }
  return null;
}

/** Whether a company of kind `type` (null: unknown, shown everything) uses the menu code. */
export function menuForCompany(code: string, type: string | null | undefined): boolean {
  if (!type) return true;
  const kinds = menuCompanies(code);
  return !kinds || (kinds as readonly string[]).includes(type);
}

/**
 * A business a company runs or not within its kind (issue 29: "menus follow the company's business").
 * Sourcing (projects, evaluation, award) is the buying side's: every brand runs it; a maker runs it
 * only when it sources fabric and trims itself (an FOB maker), which its administrator switches on by
 * showing the group in the company's menu tree (a company row of the group, visible). Until then the
 * maker sees only the supplier side of sourcing (`sourcingapply`: opportunities, applications,
 * quotations). `group`: the menu group that is the business's switch; every entry of it belongs to
 * the business, and so do the other menu codes in `codes` (a report on the business's own data).
 * `runBy`: the kinds that run it unless they hide the group; `optIn`: the kinds that run it only once
 * switched on. Other kinds never see it (their kind's menus do not name it).
 */
export type CompanyBusiness = { code: string; group: string; runBy: readonly CompanyType[]; optIn: readonly CompanyType[]; codes?: readonly string[] };

export const COMPANY_BUSINESSES: readonly CompanyBusiness[] = [
  { code: 'sourcing', group: 'sourcing', runBy: ['brand'], optIn: ['maker'], codes: ['rpt.sourcing-in-progress'] },
];

/** The business a menu code belongs to (its switch group, an entry declared in that group, or one of its `codes`), or null. */
export function menuBusiness(code: string): CompanyBusiness | null {
  for (const b of COMPANY_BUSINESSES) {
    if (b.group === code || b.codes?.includes(code)) return b;
    if (GROUPS.some((g) => g.code === b.group && g.entries.some((e) => e.code === code))) return b;
  }
  return null;
}

/**
 * Whether a company of kind `type` runs the business without having switched it on (null: unknown,
 * as every kind that may run it).
 */
export function businessByDefault(b: CompanyBusiness, type: string | null | undefined): boolean {
  if (!type) return true;
  return (b.runBy as readonly string[]).includes(type);
}

/** Whether the business's switch group starts hidden for a company of kind `type` (it must be switched on). */
export function businessOptIn(code: string, type: string | null | undefined): boolean {
  if (!type) return false;
  return COMPANY_BUSINESSES.some((b) => b.group === code && (b.optIn as readonly string[]).includes(type));
}

/** The menu groups a user sees on a platform, in the login reply's shape (FURL, TITLE). */
export function menusFor(platform: string, roles: string[], isSuper: boolean, language: 'zh-CN' | 'en', companyType: string | null = null) {
  const pick = (l: Label) => labelIn(l, language);
  const on = (p: MenuPlatforms) => onPlatform(platformsText(p), platform);
  // Without the company's menu tree, a business shows only to the kinds that run it by default.
  const runs = (code: string) => {
    const b = menuBusiness(code);
    return !b || businessByDefault(b, companyType);
  };
  return GROUPS.filter((g) => on(g.platforms) && menuForCompany(g.code, companyType) && runs(g.code))
    .map((g) => ({
      CODE: g.code,
      TITLE: pick(g.title),
      ICON: g.icon ?? '',
      // Both titles travel too, so the shell can switch language without a call (a company's menu
      // tree may rename entries: the declarations alone no longer know every title).
      TITLE_ZH: g.title.zh,
      TITLE_EN: g.title.en,
      children: g.entries
        .filter((e) => on(e.platforms ?? g.platforms) && menuForCompany(e.code, companyType) && runs(e.code))
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
    // Materials are a company's business data: the platform operator has none (issue 21: its menu linked here and got 403).
    // For those who maintain materials (the upload edits them): not finance nor the read-only roles (issue 29).
    { code: 'workspace.uploadimg', furl: '/page/uploadimg/material', title: { zh: '批量上传物料图片', en: 'Material images upload' }, icon: 'image', companies: TENANT_KINDS, roles: ['clientadmin', 'admin', 'common', 'planner', 'linemanager'] },
  ],
});
