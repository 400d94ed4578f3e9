import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { adminDataPermission } from '../../../model/entities/admin-dataperm.entity';
import { adminRole } from '../../../model/entities/admin-role.entity';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, text } from '../../access/input.util';
import { adminCalls, type RoleOption } from '../../../model/calls/admin';
import { serveCall } from '../../http/calls';
import { ok, requestLanguage } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { assertCan } from '../../access/permissions';
import { withTenant } from '../../kernel/rls';
import { viewPage, viewRecord } from '../../resources/view-reader';
import { viewRemove, viewSave } from '../../resources/view-writer';
import { idOf } from './input.util';
import { tenantPermissionCatalog } from './permission-catalog';
import { companyTypeOf } from './menu.service';
import { registerDataPermissionViews } from './dataperms.views';
import { registerRoleViews } from './roles.views';
import { DATA_OPERATORS } from '../../access/permission-model';

const BODY_LIMIT = 256 * 1024;

/** Options of the write routes: the body limit and the session check. */
type RouteOpts = { bodyLimit: number; preHandler: typeof requireAuth };

/**
 * Roles (spec 6: menu roles per client, dashboard roles) with their menu grants, and data
 * permissions bound per menu code. The roles are the engine's list and drawer of the editable view
 * entity `role` (/api/adminapi/role/page, view, save, remove; roles.views.ts), the data permissions
 * those of the view entity `data_permission` (/api/adminapi/data_permission/...; dataperms.views.ts);
 * here: the addresses the administration API always had, answered by the same reader and writer,
 * the catalogue and the role picker's options.
 */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const opts = { bodyLimit: BODY_LIMIT, preHandler: requireAuth };
  registerRoleViews();
  registerDataPermissionViews();
  registerCatalogAndOptions(app);
  registerRoleAddresses(app, opts);
  registerDataPermissionAddresses(app, opts);
}

const contextOf = (app: FastifyInstance, req: FastifyRequest) => ({ db: app.db, auth: authOf(req), ip: req.ip ?? null, language: requestLanguage(req) });
/** A row of the roles view as the old addresses gave it: `system` beside the company's `client_id`. */
const withSystem = (r: Record<string, unknown>): Record<string, unknown> & { system: boolean } => ({ ...r, system: r.client_id === null });

/** The permission catalogue of the role editor and the roles a picker offers. */
function registerCatalogAndOptions(app: FastifyInstance): void {
  const { db } = app;
  app.get('/adminapi/permission-catalog', { preHandler: requireAuth }, async (req) => {
    const clientId = await assertCan(authOf(req), adminRole.menuCode, 'read', { db });
    // The role editor offers what this kind of company uses (a supplier is not offered planning).
    return ok({ menus: tenantPermissionCatalog(await companyTypeOf(db, clientId)), operators: DATA_OPERATORS });
  });

  // The roles a picker offers (a notification setting's recipient roles): any signed-in member of the
  // company may read their codes and names (the grants stay behind admin.role).
  serveCall(app, adminCalls.roleOptions, { preHandler: requireAuth }, async (req) => {
    const clientId = authOf(req).clientId;
    if (clientId === null) throw forbidden();
    const rows = await sql<RoleOption & { name_zh: string }>`select code, name_zh, name_en from roles
      where client_id = ${clientId} or (client_id is null and code <> 'superadmin') order by client_id nulls first, code limit 200`.execute(db);
    // The name a picker shows is in the reader's language (the English one when there is one).
    const en = requestLanguage(req) === 'en';
    return { rows: rows.rows.map((r) => ({ code: r.code, name: (en && r.name_en) || r.name_zh, name_en: r.name_en })) };
  });
}

/**
 * `/adminapi/roles` (every role, the system roles first), `roles/view` (with its grants and data
 * rules), `roles/save` (`{ id }`: a new role without an id; `name` for `name_zh`) and `roles/remove`
 * (`{ id }`, at the version stored now).
 */
function registerRoleAddresses(app: FastifyInstance, opts: RouteOpts): void {
  app.get('/adminapi/roles', { preHandler: requireAuth }, async (req) => {
    const rows: Array<Record<string, unknown>> = [];
    for (let page = 1; ; page++) {
      const r = await viewPage(contextOf(app, req), adminRole, { page: String(page), size: '500', sort: 'code', count: 'none' });
      rows.push(...r.rows);
      if (r.rows.length < 500) break;
    }
    return ok(rows.map(withSystem).sort((a, b) => Number(b.system) - Number(a.system) || String(a.code).localeCompare(String(b.code))));
  });

  app.get('/adminapi/roles/view', { preHandler: requireAuth }, async (req) => {
    const ctx = contextOf(app, req);
    const role = withSystem(await viewRecord(ctx, adminRole, idOf(inputOf(req), 'id')));
    if (role.system) return ok({ ...role, data_permissions: [] });
    const clientId = Number(role.client_id);
    const rules = await withTenant(app.db, clientId, async (tx) => (await sql`select id, menu_code, field, operator, value, remark, version from data_permissions
      where client_id = ${clientId} and role_id = ${Number(role.id)} order by id`.execute(tx)).rows);
    return ok({ ...role, data_permissions: rules });
  });

  app.post('/adminapi/roles/save', opts, async (req) => {
    const input = inputOf(req);
    const body = input.name_zh === undefined && input.name !== undefined ? { ...input, name_zh: input.name } : input;
    const saved = await viewSave(contextOf(app, req), adminRole, { grants: [], ...body });
    return ok({ id: saved.id });
  });

  app.post('/adminapi/roles/remove', opts, async (req) => {
    const ctx = contextOf(app, req);
    const role = await viewRecord(ctx, adminRole, idOf(inputOf(req), 'id'));
    await viewRemove(ctx, adminRole, { ids: [role.id], version: role.version });
    return ok({ id: role.id });
  });
}

/**
 * `/adminapi/data-permissions` (the company's rules; `menu_code`, `role_id` narrow them),
 * `data-permissions/save` (`{ id }`: a new rule without an id; a rule names all its fields) and
 * `data-permissions/remove` (`{ id }`, at the version stored now): the engine's view entity
 * `data_permission` (dataperms.views.ts) through the same reader and writer.
 */
function registerDataPermissionAddresses(app: FastifyInstance, opts: RouteOpts): void {
  app.get('/adminapi/data-permissions', { preHandler: requireAuth }, async (req) => {
    const input = inputOf(req);
    const menu = text(input, 'menu_code', { max: 100 });
    const roleId = idOf(input, 'role_id');
    const query = { size: '500', sort: 'menu_code', count: 'none', ...(menu ? { 'f.menu_code.eq': menu } : {}), ...(roleId ? { 'f.role_id.eq': String(roleId) } : {}) };
    const rows: Array<Record<string, unknown>> = [];
    for (let page = 1; ; page++) {
      const r = await viewPage(contextOf(app, req), adminDataPermission, { ...query, page: String(page) });
      rows.push(...r.rows);
      if (r.rows.length < 500) break;
    }
    return ok(rows);
  });

  app.post('/adminapi/data-permissions/save', opts, async (req) => {
    const saved = await viewSave(contextOf(app, req), adminDataPermission, { role_id: null, user_id: null, value: '', remark: null, ...inputOf(req) });
    return ok({ id: saved.id });
  });

  app.post('/adminapi/data-permissions/remove', opts, async (req) => {
    const ctx = contextOf(app, req);
    const rule = await viewRecord(ctx, adminDataPermission, idOf(inputOf(req), 'id'));
    await viewRemove(ctx, adminDataPermission, { ids: [rule.id], version: rule.version });
    return ok({ id: rule.id });
  });
}
