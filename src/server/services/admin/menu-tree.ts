import { businessOptIn, COMPANY_BUSINESSES, menuBusiness, menuForCompany, onPlatform, platformsText, type MenuGroup } from '../../../model/menus';

/**
 * The shell's menu tree (spec 2 "Admin: menus"; spec 3: menus are groups of entries with FURL and
 * TITLE), as pure functions over rows of the `menus` table so that seeding, the tree editor and
 * the login reply share one meaning and can be unit tested.
 *
 * - Platform rows (client_id null) are the declarations of src/model/menus.ts (defineMenuGroup),
 *   written at every start by `seedMenus`.
 * - A tenant row with the code of a platform row overrides that node for the tenant: title, parent
 *   group, order, visibility and roles (the URL and super-only flag of a declared entry stay the
 *   platform's: a company cannot point a declared menu elsewhere or open a platform screen).
 * - A tenant row with a new code adds the tenant's own group (no URL) or link (with a URL).
 * The tree has two levels, as the shell shows it: groups (parent_code null) and their entries.
 */
export type MenuRow = {
  client_id: number | null;
  code: string;
  parent_code: string | null;
  /** The platforms the node belongs to, as stored: '*' or ids joined by commas ('SRM,SFCENTER'). */
  platform: string;
  furl: string | null;
  title_zh: string;
  title_en: string;
  icon: string | null;
  sort: number;
  visible: boolean;
  /** Role codes of which the user needs one; null or empty = every signed-in user of the tenant. */
  roles: string[] | null;
  super_only: boolean;
};

export type MenuNode = MenuRow & {
  /** Where the node comes from: a declaration, a declaration the tenant changed, or the tenant's own. */
  origin: 'declared' | 'overridden' | 'tenant';
  children: MenuNode[];
};

/** The platform rows of the declarations: groups in declaration order, entries in theirs (step 10). */
export function declaredMenuRows(groups: readonly MenuGroup[]): MenuRow[] {
  const out: MenuRow[] = [];
  const seen = new Set<string>();
  groups.forEach((g, gi) => {
    // One row per code (the table's key): a code declared twice keeps its first declaration.
    if (seen.has(g.code)) return;
    seen.add(g.code);
    out.push({ client_id: null, code: g.code, parent_code: null, platform: platformsText(g.platforms), furl: null, title_zh: g.title.zh, title_en: g.title.en, icon: g.icon ?? null, sort: (gi + 1) * 10, visible: true, roles: null, super_only: false });
    g.entries.forEach((e, ei) => {
      if (seen.has(e.code)) return;
      seen.add(e.code);
      out.push({ client_id: null, code: e.code, parent_code: g.code, platform: platformsText(e.platforms ?? g.platforms), furl: e.furl, title_zh: e.title.zh, title_en: e.title.en, icon: e.icon ?? null, sort: (ei + 1) * 10, visible: true, roles: e.roles?.length ? [...e.roles] : null, super_only: e.superOnly === true });
    });
  });
  return out;
}

const bySort = (a: MenuNode, b: MenuNode) => a.sort - b.sort || a.code.localeCompare(b.code);

/**
 * The tenant's tree: platform rows overlaid by the tenant's rows. Entries whose group does not
 * exist (a removed declaration, a tenant group deleted) are left out rather than shown loose.
 */
export function mergeMenuRows(platformRows: readonly MenuRow[], tenantRows: readonly MenuRow[], companyType: string | null = null): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  // A business the company's kind runs only once switched on (a maker's own sourcing) starts hidden:
  // the company's row of its group, visible, switches it on (COMPANY_BUSINESSES in src/model/menus.ts).
  for (const r of platformRows) nodes.set(r.code, { ...r, visible: r.visible && !businessOptIn(r.code, companyType), origin: 'declared', children: [] });
  for (const t of tenantRows) {
    const base = nodes.get(t.code);
    if (base && base.origin === 'declared') {
      const isGroup = base.parent_code === null;
      nodes.set(t.code, {
        ...base,
        client_id: t.client_id,
        title_zh: t.title_zh || base.title_zh,
        title_en: t.title_en || base.title_en,
        icon: t.icon ?? base.icon,
        sort: t.sort,
        visible: t.visible,
        roles: t.roles,
        // A declared group stays a group; a declared entry may move to another group only.
        parent_code: isGroup ? null : t.parent_code ?? base.parent_code,
        origin: 'overridden',
        children: [],
      });
    } else if (!base) {
      nodes.set(t.code, { ...t, super_only: false, origin: 'tenant', children: [] });
    }
  }
  const groups: MenuNode[] = [];
  for (const n of nodes.values()) if (n.parent_code === null && !n.furl) groups.push(n);
  const groupOf = new Map(groups.map((g) => [g.code, g]));
  for (const n of nodes.values()) {
    if (n.parent_code === null) continue;
    groupOf.get(n.parent_code)?.children.push(n);
  }
  for (const g of groups) g.children.sort(bySort);
  return groups.sort(bySort);
}

/** What the user is, for menu visibility. `canView` answers the role grants (spec 6 `view`). */
/**
 * Who looks at the menus. `companyType`: the kind of the viewer's company (brand, maker, supplier,
 * platform); a declared code for other kinds never shows, not even to the super administrator, whose
 * company is the platform (none or null: every kind's menus).
 */
export type MenuViewer = {
  roles: readonly string[];
  isSuper: boolean;
  canView: (menuCode: string) => boolean;
  companyType?: string | null;
  /** The businesses the company runs (`companyBusinesses`); absent: those its kind runs by default. */
  businesses?: ReadonlySet<string>;
};

/**
 * The businesses a company runs, read from its merged tree: a business of its kind (run by default
 * or switched on) whose group is visible. A brand that hides its sourcing group, or a maker that has
 * not shown it, does not run sourcing, so the business's other codes (its report) go too.
 */
export function companyBusinesses(tree: readonly MenuNode[], companyType: string | null): Set<string> {
  const out = new Set<string>();
  for (const b of COMPANY_BUSINESSES) {
    const kinds: readonly string[] = [...b.runBy, ...b.optIn];
    if (companyType && !kinds.includes(companyType)) continue;
    if (tree.find((g) => g.code === b.group)?.visible) out.add(b.code);
  }
  return out;
}

/** Whether the viewer's company runs the business a code belongs to (codes of no business: yes). */
function runsBusinessOf(code: string, who: MenuViewer): boolean {
  const b = menuBusiness(code);
  if (!b) return true;
  if (who.businesses) return who.businesses.has(b.code);
  return !who.companyType || (b.runBy as readonly string[]).includes(who.companyType);
}

/** The login reply's shape (spec 7 menus): CODE, TITLE, ICON, FURL, plus both titles for a language switch. */
export type ReplyMenuEntry = { CODE: string; FURL: string; TITLE: string; ICON: string; TITLE_ZH: string; TITLE_EN: string };
export type ReplyMenuGroup = { CODE: string; TITLE: string; ICON: string; TITLE_ZH: string; TITLE_EN: string; children: ReplyMenuEntry[] };

/** The personal workspace is every signed-in user's, whatever their roles grant. */
const isPersonalMenu = (code: string): boolean => code.startsWith('workspace.');

/** Whether one node shows to the viewer: visible, super-only respected, one of its roles, and the `view` grant. */
export function nodeVisible(n: Pick<MenuRow, 'code' | 'visible' | 'roles' | 'super_only'>, who: MenuViewer): boolean {
  if (!n.visible) return false;
  if (!menuForCompany(n.code, who.companyType)) return false;
  if (!runsBusinessOf(n.code, who)) return false;
  if (n.super_only && !who.isSuper) return false;
  if (who.isSuper) return true;
  if (n.roles && n.roles.length && !n.roles.some((r) => who.roles.includes(r))) return false;
  return isPersonalMenu(n.code) || who.canView(n.code);
}

/**
 * The menus a user sees on a platform, in the login reply's shape: groups of the platform (or of
 * every platform, '*') with at least one visible entry of that platform (an entry may belong to
 * fewer platforms than its group, and keeps its own when a company moves it to another group).
 */
export function visibleMenus(tree: readonly MenuNode[], platform: string, who: MenuViewer, language: 'zh-CN' | 'en'): ReplyMenuGroup[] {
  const title = (n: MenuRow) => (language === 'en' ? n.title_en || n.title_zh : n.title_zh);
  const out: ReplyMenuGroup[] = [];
  for (const g of tree) {
    if (!onPlatform(g.platform, platform)) continue;
    // A group shows when it is visible and the viewer holds one of its roles (if it names any).
    if (!g.visible || !menuForCompany(g.code, who.companyType) || !runsBusinessOf(g.code, who) || (!who.isSuper && g.roles?.length && !g.roles.some((r) => who.roles.includes(r)))) continue;
    const children = g.children
      .filter((e) => e.furl && onPlatform(e.platform, platform) && nodeVisible(e, who))
      .map((e) => ({ CODE: e.code, FURL: e.furl ?? '', TITLE: title(e), ICON: e.icon ?? '', TITLE_ZH: e.title_zh, TITLE_EN: e.title_en || e.title_zh }));
    if (children.length) out.push({ CODE: g.code, TITLE: title(g), ICON: g.icon ?? '', TITLE_ZH: g.title_zh, TITLE_EN: g.title_en || g.title_zh, children });
  }
  return out;
}
