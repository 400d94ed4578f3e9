import type { MenuGroup } from '../../../model/menus';
import type { CatalogEntry } from './admin-api';

/** The columns of the role matrix (spec 6 verbs); actions get their own column of checkboxes. */
export const MATRIX_VERBS = ['view', 'create', 'edit', 'delete', 'import', 'export'] as const;

/** A role's grants in the editor: menu code -> verbs. */
export type GrantMap = Record<string, string[]>;

/**
 * Toggles one verb of one menu. Granting any other verb grants `view` too (nothing can be edited
 * that cannot be seen), and taking `view` away takes the menu's other verbs with it. Pure.
 */
export function toggleVerb(grants: GrantMap, menuCode: string, verb: string): GrantMap {
  const current = grants[menuCode] ?? [];
  let next: string[];
  if (current.includes(verb)) next = verb === 'view' ? [] : current.filter((v) => v !== verb);
  else next = verb === 'view' || current.includes('view') ? [...current, verb] : ['view', ...current, verb];
  const out = { ...grants };
  if (next.length) out[menuCode] = next;
  else delete out[menuCode];
  return out;
}

export type CatalogGroup = { code: string; title: { zh: string; en: string } | null; entries: CatalogEntry[] };

/** The catalogue by menu group, in the order of the declared menus; entries without a group last. Pure. */
export function groupCatalog(catalog: readonly CatalogEntry[], groups: readonly MenuGroup[]): CatalogGroup[] {
  const order = new Map(groups.map((g, i) => [g.code, i]));
  const out = new Map<string, CatalogGroup>();
  for (const e of catalog) {
    const g = out.get(e.group) ?? { code: e.group, title: groups.find((x) => x.code === e.group)?.title ?? null, entries: [] };
    g.entries.push(e);
    out.set(e.group, g);
  }
  return [...out.values()].sort((a, b) => (order.get(a.code) ?? 999) - (order.get(b.code) ?? 999) || a.code.localeCompare(b.code));
}

/** A role's stored grants (`[{ menu_code, verbs }]`, as the roles view reads them) as the matrix's map. Pure. */
export function grantMapOf(value: unknown): GrantMap {
  const out: GrantMap = {};
  if (!Array.isArray(value)) return out;
  for (const g of value as Array<{ menu_code?: unknown; verbs?: unknown }>) {
    if (g && typeof g.menu_code === 'string' && Array.isArray(g.verbs) && g.verbs.length) out[g.menu_code] = g.verbs.map(String);
  }
  return out;
}

/** The matrix's map as the list a save sends, by menu code, menus without verbs left out. Pure. */
export function grantListOf(grants: GrantMap): Array<{ menu_code: string; verbs: string[] }> {
  return Object.entries(grants)
    .filter(([, verbs]) => verbs.length)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([menu_code, verbs]) => ({ menu_code, verbs }));
}
