import { sql } from 'kysely';
import { allMenuGroups } from '../../../model/menus';
import type { MenuProvider } from '../../access/userinfo.service';
import type { Db } from '../../db/database';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { companyBusinesses, declaredMenuRows, mergeMenuRows, type MenuNode, type MenuRow, visibleMenus } from './menu-tree';
import { canSeeMenu } from '../../access/permission-model';
import { granteeOfUser } from '../../access/permission.service';

/**
 * The `menus` table (migration 20261123_0500_admin): seeding the platform's rows from the
 * declarations and reading a tenant's tree. Pure tree logic lives in menu-tree.ts.
 */

type DbMenuRow = Omit<MenuRow, 'roles'> & { id: number; version: number; roles: unknown };

function rolesOf(raw: unknown): string[] | null {
  const v = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;
}

export const toMenuRow = (r: DbMenuRow): MenuRow & { id: number; version: number } => ({ ...r, roles: rolesOf(r.roles), sort: Number(r.sort) });

/**
 * Writes the declarations of src/model/menus.ts (every defineMenuGroup of grids/ and the areas)
 * as the platform's rows. Idempotent: run at every start after migrations, it updates changed
 * declarations, adds new ones and removes platform rows no longer declared (they are derived, not
 * data; a tenant's overrides of a removed code stay in the table and are simply not shown).
 * Runs in the system scope of row-level security (the platform rows have no tenant).
 */
export async function seedMenus(db: Db): Promise<number> {
  const rows = declaredMenuRows(allMenuGroups());
  await withSystemScope(db, async (tx) => {
    // One statement for every declared row (a row per declaration took a round trip each at every start).
    const data = JSON.stringify(rows.map((r) => ({ ...r, roles: r.roles ?? null })));
    await sql`insert into menus (client_id, code, parent_code, platform, furl, title_zh, title_en, icon, sort, visible, roles, super_only)
      select null, d.code, d.parent_code, d.platform, d.furl, d.title_zh, d.title_en, d.icon, d.sort, true, d.roles, d.super_only
      from jsonb_to_recordset(${data}::jsonb) as d(code text, parent_code text, platform text, furl text, title_zh text, title_en text, icon text, sort int, roles jsonb, super_only boolean)
      on conflict ((coalesce(client_id, 0)), code) do update set parent_code = excluded.parent_code, platform = excluded.platform,
        furl = excluded.furl, title_zh = excluded.title_zh, title_en = excluded.title_en, icon = excluded.icon, sort = excluded.sort,
        visible = true, roles = excluded.roles, super_only = excluded.super_only,
        version = menus.version + 1, updated_at = now()
      where (menus.parent_code, menus.platform, menus.furl, menus.title_zh, menus.title_en, menus.icon, menus.sort, menus.roles, menus.super_only)
        is distinct from (excluded.parent_code, excluded.platform, excluded.furl, excluded.title_zh, excluded.title_en, excluded.icon, excluded.sort, excluded.roles, excluded.super_only)`.execute(tx);
    const codes = rows.map((r) => r.code);
    await sql`delete from menus where client_id is null ${codes.length ? sql`and code not in (${sql.join(codes)})` : sql``}`.execute(tx);
  });
  return rows.length;
}

/** The platform rows and the tenant's rows, read in the tenant's scope (platform rows are shared). */
export async function readMenuRows(db: Db, clientId: number | null): Promise<{ platform: MenuRow[]; tenant: Array<MenuRow & { id: number; version: number }> }> {
  const read = async (tx: Db) =>
    (await sql<DbMenuRow>`select id, client_id, code, parent_code, platform, furl, title_zh, title_en, icon, sort, visible, roles, super_only, version
      from menus where client_id is null ${clientId !== null ? sql`or client_id = ${clientId}` : sql``} order by sort, code`.execute(tx)).rows.map(toMenuRow);
  const rows = clientId !== null ? await withTenant(db, clientId, read) : await withSystemScope(db, read);
  const platform: MenuRow[] = rows.filter((r) => r.client_id === null);
  // A declaration registered in this process after the table was seeded (a database prepared by an
  // older build, a test's own menu group) shows at once, as the next start would write it.
  const stored = new Set(platform.map((r) => r.code));
  for (const r of declaredMenuRows(allMenuGroups())) if (!stored.has(r.code)) platform.push(r);
  return { platform, tenant: rows.filter((r) => r.client_id !== null) };
}

/**
 * The tenant's merged tree (what the tree editor shows and the login reply filters), with the
 * defaults of the company's kind (a business it runs only once switched on starts hidden).
 */
export async function menuTreeOf(db: Db, clientId: number | null, companyType: string | null = null): Promise<MenuNode[]> {
  const { platform, tenant } = await readMenuRows(db, clientId);
  return mergeMenuRows(platform, tenant, companyType);
}

/** The kind of a company (`clients.type`: brand, maker, supplier, platform); null without one. */
export async function companyTypeOf(db: Db, clientId: number | null): Promise<string | null> {
  if (clientId === null) return null;
  const r = await sql<{ type: string | null }>`select type from clients where id = ${clientId}`.execute(db);
  return r.rows[0]?.type ?? null;
}

/**
 * The login reply's menus (registered with access as its menu provider): the tenant's tree,
 * filtered by visibility, super-only, the node's roles and the roles' `view` grants (spec 6: menu
 * visibility follows roles; the server still checks every call on its own).
 */
export const menusForUser: MenuProvider = async (db, user) => {
  const companyType = await companyTypeOf(db, user.clientId);
  const [tree, grantee] = await Promise.all([menuTreeOf(db, user.clientId, companyType), granteeOfUser(db, user)]);
  const businesses = companyBusinesses(tree, companyType);
  return visibleMenus(tree, user.platformId, { roles: user.roles, isSuper: user.isSuper, canView: (code) => canSeeMenu(grantee, code), companyType, businesses }, user.language);
};
