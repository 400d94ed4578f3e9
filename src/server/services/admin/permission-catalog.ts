import { allEntities, allMenuGroups, menuForCompany } from '../../../model';
import { BASE_VERBS, isSuperMenu } from '../../access/permission-model';

/**
 * What a role can be granted (the role editor's matrix): every menu code of the declared menus and
 * of the registry's entities, with the verbs that make sense on it, including one `action:<name>`
 * per state-machine action of the menu's entities (spec 6: "each action").
 */
export type CatalogEntry = { menu_code: string; title: { zh: string; en: string }; group: string; verbs: string[] };

/**
 * The verbs of the hand-made administration screens (the routes in this folder check exactly
 * these); any other menu entry without an entity offers `view` only.
 */
const SCREEN_VERBS: Record<string, string[]> = {
  'admin.user': ['view', 'create', 'edit', 'action:activate', 'action:freeze', 'action:reset-password'],
  'admin.role': ['view', 'create', 'edit', 'delete'],
  'admin.dataperm': ['view', 'create', 'edit', 'delete'],
  'admin.menu': ['view', 'edit', 'delete'],
  'admin.audit': ['view'],
};

export function permissionCatalog(): CatalogEntry[] {
  const out = new Map<string, CatalogEntry>();
  for (const g of allMenuGroups()) {
    for (const e of g.entries) {
      if (!out.has(e.code)) out.set(e.code, { menu_code: e.code, title: e.title, group: g.code, verbs: SCREEN_VERBS[e.code] ?? ['view'] });
    }
  }
  for (const entity of allEntities()) {
    if (entity.childOnly) continue;
    const entry = out.get(entity.menuCode) ?? { menu_code: entity.menuCode, title: entity.label, group: entity.prefix, verbs: [] };
    const verbs = new Set<string>([...entry.verbs, ...BASE_VERBS]);
    for (const t of [...(entity.states?.transitions ?? []), ...(entity.lineOf?.transitions ?? [])]) verbs.add(`action:${t.action}`);
    entry.verbs = [...verbs];
    out.set(entity.menuCode, entry);
  }
  return [...out.values()];
}

/**
 * What a company's role may be granted: the catalogue without the platform's own screens, and, given
 * the company's kind, without the menus of other kinds (a supplier's roles are not offered planning).
 */
export function tenantPermissionCatalog(companyType: string | null = null): CatalogEntry[] {
  return permissionCatalog().filter((e) => !isSuperMenu(e.menu_code) && menuForCompany(e.menu_code, companyType));
}

/** Whether a menu code exists (declared menus or registry entities). */
export function knownMenuCode(code: string): boolean {
  return permissionCatalog().some((e) => e.menu_code === code);
}
