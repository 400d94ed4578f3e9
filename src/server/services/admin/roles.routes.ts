import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { FIELD_TYPE_TABLE } from '../../../model';
import { adminRole } from '../../../model/entities/admin-role.entity';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, text, type Input } from '../../access/input.util';
import type { Db } from '../../db/database';
import { adminCalls, type RoleOption } from '../../../model/calls/admin';
import { serveCall } from '../../http/calls';
import { ok, requestLanguage } from '../../http/envelope';
import { AppError, forbidden, notFound, validationError, type FieldError } from '../../http/errors';
import { assertCan } from '../../access/permissions';
import { withTenant } from '../../kernel/rls';
import { viewPage, viewRecord } from '../../resources/view-reader';
import { viewRemove, viewSave } from '../../resources/view-writer';
import { idOf } from './input.util';
import { tenantPermissionCatalog } from './permission-catalog';
import { companyTypeOf } from './menu.service';
import { registerRoleViews } from './roles.views';
import { DATA_OPERATORS, isDataOperator, type DataOperator } from '../../access/permission-model';
import { entityOfMenu, ruleFieldType } from '../../access/permission.service';

const BODY_LIMIT = 256 * 1024;

/** Options of the write routes: the body limit and the session check. */
type RouteOpts = { bodyLimit: number; preHandler: typeof requireAuth };

/** Stale version or missing row after a guarded update (409 with its own code, or 404). */
async function staleOr404(db: Db, id: number, clientId: number): Promise<never> {
  const r = await sql<{ n: number }>`select count(*)::int as n from data_permissions where id = ${id} and client_id = ${clientId}`.execute(db);
  throw r.rows[0].n ? new AppError('err.staleVersion') : notFound();
}

/** A data permission form's fields, checked: the menu, a field of its entity, the operator, a value that fits. */
type DataRuleInput = { menu: string; field: string; operator: DataOperator; value: string; remark: string | null; roleId: number | undefined; userId: number | undefined; version: number | undefined };

/** Reads and checks a data permission form; a field error throws. */
function dataRuleInputOf(input: Input, id: number | undefined): DataRuleInput {
  const errors: Record<string, FieldError> = {};
  const menu = text(input, 'menu_code', { max: 100 });
  const field = text(input, 'field', { max: 60 });
  const operator = text(input, 'operator', { max: 10 });
  const value = text(input, 'value', { max: 1000 }) ?? '';
  const remark = text(input, 'remark', { max: 500 }) ?? null;
  const roleId = idOf(input, 'role_id');
  const userId = idOf(input, 'user_id');
  const version = idOf(input, 'version');
  const entity = menu ? entityOfMenu(menu) : undefined;
  if (!menu) errors.menu_code = { key: 'rule.required' };
  else if (!entity) errors.menu_code = { key: 'admin.unknownMenu' };
  const type = entity && field ? ruleFieldType(entity, field) : null;
  if (!field) errors.field = { key: 'rule.required' };
  else if (entity && !type) errors.field = { key: 'admin.unknownField' };
  if (!isDataOperator(operator)) errors.operator = { key: 'admin.unknownOperator' };
  else if (type && !['null', 'notnull'].includes(operator) && !value.includes('$$')) {
    // A literal value must fit the field (tokens such as $$USER_ID$$ are resolved per user).
    const parts = operator === 'in' || operator === 'notin' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [value];
    if (!parts.length || parts.some((p) => { const c = FIELD_TYPE_TABLE[type].coerce(p); return !c.ok || c.value === null; })) errors.value = { key: 'admin.badRuleValue' };
  }
  if (!roleId && !userId) errors.role_id = { key: 'rule.required' };
  if (id && !version) errors.version = { key: 'rule.required' };
  if (Object.keys(errors).length || !menu || !field || !isDataOperator(operator)) throw validationError(errors);
  return { menu, field, operator, value, remark, roleId, userId, version };
}

/**
 * Roles (spec 6: menu roles per client, dashboard roles) with their menu grants, and data
 * permissions bound per menu code. The roles are the engine's list and drawer of the editable view
 * entity `role` (/api/adminapi/role/page, view, save, remove; roles.views.ts); here: the addresses
 * the administration API always had, answered by the same reader and writer, the catalogue, the
 * role picker's options and the data permissions (filtered by the caller's company in SQL, in the
 * company's row-level security scope).
 */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const opts = { bodyLimit: BODY_LIMIT, preHandler: requireAuth };
  registerRoleViews();
  registerCatalogAndOptions(app);
  registerRoleAddresses(app, opts);
  registerDataPermissionRoutes(app, opts);
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

/** Data permissions (spec 6: bound per menu code, with field, operator and value): list, save, remove. */
function registerDataPermissionRoutes(app: FastifyInstance, opts: RouteOpts): void {
  const { db } = app;
  app.get('/adminapi/data-permissions', { preHandler: requireAuth }, async (req) => {
    const clientId = await assertCan(authOf(req), 'admin.dataperm', 'read', { db });
    const input = inputOf(req);
    const menu = text(input, 'menu_code', { max: 100 });
    const roleId = idOf(input, 'role_id');
    const rows = await withTenant(db, clientId, async (tx) =>
      (await sql`select p.id, p.menu_code, p.field, p.operator, p.value, p.remark, p.version, p.role_id, r.code as role_code, p.user_id, u.username
        from data_permissions p left join roles r on r.id = p.role_id left join users u on u.id = p.user_id
        where p.client_id = ${clientId} ${menu ? sql`and p.menu_code = ${menu}` : sql``} ${roleId ? sql`and p.role_id = ${roleId}` : sql``}
        order by p.menu_code, p.id`.execute(tx)).rows,
    );
    return ok(rows);
  });

  app.post('/adminapi/data-permissions/save', opts, async (req) => {
    const auth = authOf(req);
    const input = inputOf(req);
    const id = idOf(input, 'id');
    const clientId = await assertCan(auth, 'admin.dataperm', id ? 'update' : 'create', { db });
    const { menu, field, operator, value, remark, roleId, userId, version } = dataRuleInputOf(input, id);

    const savedId = await withTenant(db, clientId, async (tx) => {
      if (roleId && !(await sql`select 1 from roles where id = ${roleId} and client_id = ${clientId}`.execute(tx)).rows.length) throw validationError({ role_id: { key: 'admin.unknownRole' } });
      if (userId && !(await sql`select 1 from users where id = ${userId} and client_id = ${clientId}`.execute(tx)).rows.length) throw validationError({ user_id: { key: 'admin.unknownUser' } });
      if (id) {
        const u = await sql<{ id: number }>`update data_permissions set menu_code = ${menu}, field = ${field}, operator = ${operator}, value = ${value}, remark = ${remark},
            role_id = ${roleId ?? null}, user_id = ${userId ?? null}, version = version + 1, updated_by = ${auth.userId}, updated_at = now()
          where id = ${id} and client_id = ${clientId} and version = ${version ?? 0} returning id`.execute(tx);
        if (!u.rows[0]) return staleOr404(tx, id, clientId);
        return id;
      }
      const r = await sql<{ id: number }>`insert into data_permissions (client_id, role_id, user_id, menu_code, field, operator, value, remark, created_by, updated_by)
        values (${clientId}, ${roleId ?? null}, ${userId ?? null}, ${menu}, ${field}, ${operator}, ${value}, ${remark}, ${auth.userId}, ${auth.userId}) returning id`.execute(tx);
      return r.rows[0].id;
    });
    await withTenant(db, clientId, (tx) => sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
      values (${clientId}, 'data_permission', ${savedId}, ${id ? 'update' : 'create'}, ${auth.userId}, ${auth.username}, ${req.ip}, ${JSON.stringify([{ field: 'rule', old: null, new: { menu, field, operator, value } }])}::jsonb)`.execute(tx));
    return ok({ id: savedId });
  });

  app.post('/adminapi/data-permissions/remove', opts, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, 'admin.dataperm', 'remove', { db });
    const id = idOf(inputOf(req), 'id');
    if (!id) throw notFound();
    await withTenant(db, clientId, async (tx) => {
      const r = await sql`delete from data_permissions where id = ${id} and client_id = ${clientId}`.execute(tx);
      if (!Number(r.numAffectedRows ?? 0)) throw notFound();
      await sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, ip) values (${clientId}, 'data_permission', ${id}, 'remove', ${auth.userId}, ${auth.username}, ${req.ip})`.execute(tx);
    });
    return ok({ id });
  });
}
