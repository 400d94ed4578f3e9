import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError, forbidden, notFound, validationError } from '../../http/errors';
import { withTenant } from '../../kernel/rls';
import { ROLE_LABELS, ROLES } from '../../../model/roles';
import { checkListViewPayload, LIST_VIEW_LIMITS, viewNameOf, type ListView, type ListViewPayload, type ViewablePage, type ViewRole } from '../../../model/list-views';
import type { ListViewsOfPage } from '../../../model/calls/list-views';

/**
 * Saved views of the lists (issue 32). Who sees and changes what is decided in SQL, in the caller's
 * tenant scope (row-level security as the second line):
 * - a user reads his own views and the views shared with one of his roles in his company; a company
 *   administrator (the right to arrange the company's menus, `admin.menu` edit) reads every shared
 *   view of the company too, to keep them;
 * - only the owner changes or removes a private view; only an administrator changes, removes or
 *   shares a shared view, and sets a role's default view (which must be shared with that role);
 * - the payload is checked against the page's declaration (`checkListViewPayload`) on every write.
 * The list opens on the user's own default view, else the view he last used on the page (unless he
 * went back to the page's own layout), else the default of one of his roles, else the page's layout.
 */
export type ViewCaller = { clientId: number; userId: number; roles: readonly string[]; isAdmin: boolean };

type ViewRow = { id: number; version: number; page: string; name: string; owner_id: number; owner_name: string | null; shared_roles: unknown; payload: unknown; default_roles: unknown; editable: boolean };

const json = (v: unknown): unknown => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
const textList = (v: unknown): string[] => {
  const list = json(v);
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
};

/** The caller's conditions on alias `v`: which views he sees, and which of them he may change. */
function visibleSql(me: ViewCaller) {
  const roles = JSON.stringify(me.roles);
  return sql`(v.owner_id = ${me.userId}
    or (v.shared_roles <> '[]'::jsonb and (${me.isAdmin}::boolean or v.shared_roles ?| array(select jsonb_array_elements_text(${roles}::jsonb)))))`;
}
function editableSql(me: ViewCaller) {
  return sql`((v.shared_roles = '[]'::jsonb and v.owner_id = ${me.userId}) or (v.shared_roles <> '[]'::jsonb and ${me.isAdmin}::boolean))`;
}

function viewOf(r: ViewRow): ListView {
  return {
    id: r.id,
    version: r.version,
    page: r.page,
    name: r.name,
    owner_id: r.owner_id,
    owner_name: r.owner_name ?? '',
    shared_roles: textList(r.shared_roles),
    default_roles: textList(r.default_roles),
    editable: r.editable,
    payload: json(r.payload) as ListViewPayload,
  };
}

async function readViews(tx: Db, me: ViewCaller, page: string, id?: number): Promise<ListView[]> {
  const rows = await sql<ViewRow>`
    select v.id, v.version, v.page, v.name, v.owner_id, u.fullname as owner_name, v.shared_roles, v.payload, ${editableSql(me)} as editable,
      coalesce((select jsonb_agg(d.role order by d.role) from list_view_role_default d where d.client_id = v.client_id and d.view_id = v.id), '[]'::jsonb) as default_roles
    from list_view v left join users u on u.id = v.owner_id
    where v.client_id = ${me.clientId} and v.page = ${page} and ${visibleSql(me)} ${id === undefined ? sql`` : sql`and v.id = ${id}`}
    order by (v.shared_roles <> '[]'::jsonb), v.name, v.id`.execute(tx);
  return rows.rows.map(viewOf);
}

/** The roles a view can be shared with: the system's (not the super administrator's) and the company's own. */
export async function companyRoles(db: Db, clientId: number): Promise<ViewRole[]> {
  const rows = await sql<{ code: string; name_zh: string; name_en: string }>`
    select code, name_zh, name_en from roles where (client_id is null and code <> ${ROLES.superAdmin}) or client_id = ${clientId} order by client_id nulls first, code`.execute(db);
  return rows.rows.map((r) => ({ code: r.code, label: ROLE_LABELS[r.code as keyof typeof ROLE_LABELS] ?? { zh: r.name_zh, en: r.name_en } }));
}

/** The views of a page the caller sees, his choices, and the view the list opens on. */
export async function viewsOfPage(db: Db, me: ViewCaller, page: string): Promise<ListViewsOfPage> {
  return withTenant(db, me.clientId, async (tx) => {
    const views = await readViews(tx, me, page);
    const choice = (
      await sql<{ last_used_id: number | null; my_default_id: number | null; last_is_standard: boolean }>`
        select last_used_id, my_default_id, last_is_standard from list_view_user_choice where client_id = ${me.clientId} and user_id = ${me.userId} and page = ${page}`.execute(tx)
    ).rows[0];
    const seen = (id: number | null | undefined) => (id && views.some((v) => v.id === id) ? id : null);
    const myDefault = seen(choice?.my_default_id);
    const lastUsed = seen(choice?.last_used_id);
    // Of several roles' defaults, the first view in the list's order (shared views by name).
    const roleDefault = views.find((v) => v.default_roles.some((r) => me.roles.includes(r)))?.id ?? null;
    const opening = myDefault ?? (choice?.last_is_standard ? null : (lastUsed ?? roleDefault));
    return { views, opening, my_default: myDefault, last_used: lastUsed, can_share: me.isAdmin, roles: me.isAdmin ? await companyRoles(tx, me.clientId) : [] };
  });
}

export type ViewInput = { id?: number; version?: number; page: string; name: unknown; payload: unknown; sharedRoles?: unknown };

/** The roles given to share with: known roles of the company, each once; only an administrator shares. */
async function sharedRolesOf(tx: Db, me: ViewCaller, raw: unknown): Promise<string[]> {
  if (raw === undefined || raw === null || raw === '') return [];
  const list = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()).filter(Boolean) : raw;
  if (!Array.isArray(list) || list.length > 50 || !list.every((x) => typeof x === 'string')) throw validationError({ shared_roles: { key: 'listView.badShape' } });
  const roles = [...new Set(list as string[])];
  if (roles.length && !me.isAdmin) throw new AppError('listView.adminOnly');
  const known = new Set((await companyRoles(tx, me.clientId)).map((r) => r.code));
  const unknown = roles.find((r) => !known.has(r));
  if (unknown) throw validationError({ shared_roles: { key: 'listView.unknownRole', params: { role: unknown.slice(0, 40) } } });
  return roles;
}

/** Locks a view the caller sees, and refuses one he may not change (403) or read at another version (409). */
async function lockEditable(tx: Db, me: ViewCaller, id: number, version: number | undefined): Promise<{ shared: boolean; version: number; page: string }> {
  const r = (
    await sql<{ version: number; page: string; shared: boolean; editable: boolean }>`
      select v.version, v.page, v.shared_roles <> '[]'::jsonb as shared, ${editableSql(me)} as editable
      from list_view v where v.client_id = ${me.clientId} and v.id = ${id} and ${visibleSql(me)} for update`.execute(tx)
  ).rows[0];
  if (!r) throw notFound('listView.notFound');
  if (!r.editable) throw forbidden(r.shared ? 'listView.adminOnly' : 'listView.notYours');
  if (version === undefined || version !== r.version) throw new AppError('err.staleVersion');
  return r;
}

/**
 * Creates a view (no id) or changes one (id and the version it was read at): name, payload and,
 * for an administrator, the roles it is shared with. A role default of a role the view is no
 * longer shared with goes.
 */
export async function saveView(db: Db, me: ViewCaller, page: ViewablePage & { opt: string }, input: ViewInput): Promise<ListView> {
  const name = viewNameOf(input.name);
  const errors: Record<string, { key: string; params?: Record<string, unknown> }> = {};
  if (!name) errors.name = typeof input.name === 'string' && input.name.trim() ? { key: 'rule.maxLength', params: { max: LIST_VIEW_LIMITS.name } } : { key: 'rule.required' };
  const checked = checkListViewPayload(page, input.payload);
  if (!checked.ok) Object.assign(errors, checked.errors);
  if (Object.keys(errors).length || !name || !checked.ok) throw validationError(errors);
  return withTenant(db, me.clientId, async (tx) => {
    const shared = await sharedRolesOf(tx, me, input.sharedRoles);
    if (input.id !== undefined) {
      const before = await lockEditable(tx, me, input.id, input.version);
      if (before.page !== page.opt) throw notFound('listView.notFound');
      if (shared.length && !me.isAdmin) throw new AppError('listView.adminOnly');
    }
    const taken = await sql<{ id: number }>`select id from list_view where client_id = ${me.clientId} and page = ${page.opt} and owner_id = ${me.userId} and lower(name) = lower(${name}) ${input.id === undefined ? sql`` : sql`and id <> ${input.id}`}`.execute(tx);
    if (taken.rows.length) throw validationError({ name: { key: 'listView.duplicateName' } });
    const payload = JSON.stringify(checked.payload);
    const roles = JSON.stringify(shared);
    let id = input.id;
    if (id === undefined) {
      const count = (await sql<{ n: number }>`select count(*)::int as n from list_view where client_id = ${me.clientId} and page = ${page.opt} and owner_id = ${me.userId}`.execute(tx)).rows[0].n;
      if (count >= LIST_VIEW_LIMITS.viewsPerPage) throw new AppError('listView.tooMany', { params: { max: LIST_VIEW_LIMITS.viewsPerPage } });
      id = (
        await sql<{ id: number }>`insert into list_view (client_id, page, name, owner_id, shared_roles, payload)
          values (${me.clientId}, ${page.opt}, ${name}, ${me.userId}, ${roles}::jsonb, ${payload}::jsonb) returning id`.execute(tx)
      ).rows[0].id;
    } else {
      await sql`update list_view set name = ${name}, payload = ${payload}::jsonb, shared_roles = ${roles}::jsonb, version = version + 1, updated_at = now()
        where client_id = ${me.clientId} and id = ${id}`.execute(tx);
      await sql`delete from list_view_role_default d where d.client_id = ${me.clientId} and d.view_id = ${id} and not (${roles}::jsonb ? d.role)`.execute(tx);
    }
    return (await readViews(tx, me, page.opt, id))[0];
  });
}

/** Removes a view the caller may change (read at `version`); its role defaults go with it. */
export async function removeView(db: Db, me: ViewCaller, id: number, version: number | undefined): Promise<{ id: number }> {
  return withTenant(db, me.clientId, async (tx) => {
    await lockEditable(tx, me, id, version);
    await sql`delete from list_view where client_id = ${me.clientId} and id = ${id}`.execute(tx);
    return { id };
  });
}

async function assertVisible(tx: Db, me: ViewCaller, page: string, id: number): Promise<void> {
  const r = await sql<{ id: number }>`select v.id from list_view v where v.client_id = ${me.clientId} and v.page = ${page} and v.id = ${id} and ${visibleSql(me)}`.execute(tx);
  if (!r.rows.length) throw notFound('listView.notFound');
}

/** Records the caller's choice on a page: the view he switched to (null: the page's own layout), or his own default. */
export async function recordChoice(db: Db, me: ViewCaller, page: string, kind: 'use' | 'default', id: number | null): Promise<number | null> {
  return withTenant(db, me.clientId, async (tx) => {
    if (id !== null) await assertVisible(tx, me, page, id);
    await sql`insert into list_view_user_choice (client_id, user_id, page) values (${me.clientId}, ${me.userId}, ${page}) on conflict do nothing`.execute(tx);
    if (kind === 'use')
      await sql`update list_view_user_choice set last_used_id = ${id}, last_is_standard = ${id === null}, updated_at = now()
        where client_id = ${me.clientId} and user_id = ${me.userId} and page = ${page}`.execute(tx);
    else
      await sql`update list_view_user_choice set my_default_id = ${id}, updated_at = now()
        where client_id = ${me.clientId} and user_id = ${me.userId} and page = ${page}`.execute(tx);
    return id;
  });
}

/** An administrator sets (or, with null, clears) a role's default view of a page; the view must be shared with that role. */
export async function setRoleDefault(db: Db, me: ViewCaller, page: string, role: string, id: number | null): Promise<ListView | { role: string; view_id: null }> {
  if (!me.isAdmin) throw new AppError('listView.adminOnly');
  return withTenant(db, me.clientId, async (tx) => {
    if (!(await companyRoles(tx, me.clientId)).some((r) => r.code === role)) throw validationError({ role: { key: 'listView.unknownRole', params: { role: role.slice(0, 40) } } });
    if (id === null) {
      await sql`delete from list_view_role_default where client_id = ${me.clientId} and page = ${page} and role = ${role}`.execute(tx);
      return { role, view_id: null };
    }
    const view = (await readViews(tx, me, page, id))[0];
    if (!view) throw notFound('listView.notFound');
    if (!view.shared_roles.includes(role)) throw validationError({ role: { key: 'listView.notShared' } });
    await sql`insert into list_view_role_default (client_id, page, role, view_id, updated_by) values (${me.clientId}, ${page}, ${role}, ${id}, ${me.userId})
      on conflict (client_id, page, role) do update set view_id = excluded.view_id, updated_by = excluded.updated_by, updated_at = now()`.execute(tx);
    return (await readViews(tx, me, page, id))[0];
  });
}
