import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { FIELD_TYPE_TABLE, ROLE_LABELS } from '../../../model';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, text, type Input } from '../../access/input.util';
import type { Db } from '../../db/database';
import { adminCalls, type RoleOption } from '../../../model/calls/admin';
import { serveCall } from '../../http/calls';
import { ok, requestLanguage } from '../../http/envelope';
import { AppError, forbidden, notFound, validationError, type FieldError } from '../../http/errors';
import { assertCan } from '../../access/permissions';
import { withTenant } from '../../kernel/rls';
import { idOf, listOf } from './input.util';
import { permissionCatalog, tenantPermissionCatalog } from './permission-catalog';
import { companyTypeOf } from './menu.service';
import { DATA_OPERATORS, isDataOperator, normaliseVerbs, SYSTEM_ROLE_GRANTS, type DataOperator } from '../../access/permission-model';
import { entityOfMenu, ruleFieldType } from '../../access/permission.service';

const BODY_LIMIT = 256 * 1024;
const ROLE_KINDS = ['menu', 'dashboard'] as const;

/** Options of the write routes: the body limit and the session check. */
type RouteOpts = { bodyLimit: number; preHandler: typeof requireAuth };

type RoleRow = { id: number; client_id: number | null; code: string; name_zh: string; name_en: string; kind: string; remark: string | null; version: number };

/** Stale version or missing row after a guarded update (409 with its own code, or 404). */
async function staleOr404(db: Db, table: 'roles' | 'data_permissions', id: number, clientId: number): Promise<never> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where id = ${id} and client_id = ${clientId}`.execute(db);
  throw r.rows[0].n ? new AppError('err.staleVersion') : notFound();
}

function grantsOf(input: Record<string, unknown>, catalog: Map<string, string[]>): Array<{ menu_code: string; verbs: string[] }> {
  const out: Array<{ menu_code: string; verbs: string[] }> = [];
  const errors: Record<string, FieldError> = {};
  listOf(input, 'grants', 1000).forEach((g, i) => {
    if (!g || typeof g !== 'object' || Array.isArray(g)) {
      errors[`grants[${i}]`] = { key: 'access.invalidValue' };
      return;
    }
    const { menu_code: code, verbs } = g as { menu_code?: unknown; verbs?: unknown };
    const allowed = typeof code === 'string' ? catalog.get(code) : undefined;
    if (!allowed) {
      errors[`grants[${i}].menu_code`] = { key: 'admin.unknownMenu' };
      return;
    }
    const list = Array.isArray(verbs) ? verbs : [];
    const bad = list.find((v) => typeof v !== 'string' || !allowed.includes(v));
    if (bad !== undefined || !Array.isArray(verbs)) {
      errors[`grants[${i}].verbs`] = { key: 'admin.unknownVerb', params: { verb: String(bad ?? '') } };
      return;
    }
    const norm = normaliseVerbs(list);
    if (norm.length) out.push({ menu_code: code as string, verbs: norm });
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return out;
}

/** A role form's fields, checked: code, names, kind, the version when updating, and its grants. */
type RoleInput = { code: string; nameZh: string; nameEn: string; kind: string; remark: string | null; version: number | undefined; grants: Array<{ menu_code: string; verbs: string[] }> };

/** Reads and checks a role form (the grants against the tenant's catalog); a field error throws. */
function roleInputOf(input: Input, id: number | undefined): RoleInput {
  const errors: Record<string, FieldError> = {};
  const code = text(input, 'code', { max: 60 });
  const nameZh = text(input, 'name_zh', { max: 100 }) ?? text(input, 'name', { max: 100 });
  const nameEn = text(input, 'name_en', { max: 100 }) ?? nameZh;
  const kind = text(input, 'kind', { max: 20 }) ?? 'menu';
  const remark = text(input, 'remark', { max: 500 }) ?? null;
  const version = idOf(input, 'version');
  if (!code) errors.code = { key: 'rule.required' };
  else if (!/^[A-Za-z0-9_.@-]+$/.test(code)) errors.code = { key: 'rule.english' };
  else if (code in ROLE_LABELS) errors.code = { key: 'admin.roleCodeTaken' };
  if (!nameZh) errors.name_zh = { key: 'rule.required' };
  if (!(ROLE_KINDS as readonly string[]).includes(kind)) errors.kind = { key: 'rule.notInDictionary' };
  if (id && !version) errors.version = { key: 'rule.required' };
  const catalog = new Map(tenantPermissionCatalog().map((c) => [c.menu_code, c.verbs]));
  const grants = grantsOf(input, catalog);
  if (Object.keys(errors).length || !code || !nameZh) throw validationError(errors);
  return { code, nameZh, nameEn: nameEn ?? nameZh, kind, remark, version, grants };
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
 * permissions bound per menu code. Everything is filtered by the caller's tenant in SQL and runs in
 * the tenant scope of row-level security. System roles are listed read-only with their grants.
 */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const opts = { bodyLimit: BODY_LIMIT, preHandler: requireAuth };
  registerRoleReadRoutes(app);
  registerRoleWriteRoutes(app, opts);
  registerDataPermissionRoutes(app, opts);
}

/** The permission catalog, the role list and one role with its grants and data permissions. */
function registerRoleReadRoutes(app: FastifyInstance): void {
  const { db } = app;
  app.get('/adminapi/permission-catalog', { preHandler: requireAuth }, async (req) => {
    const clientId = await assertCan(authOf(req), 'admin.role', 'read', { db });
    // The role editor offers what this kind of company uses (a supplier is not offered planning).
    return ok({ menus: tenantPermissionCatalog(await companyTypeOf(db, clientId)), operators: DATA_OPERATORS });
  });

  app.get('/adminapi/roles', { preHandler: requireAuth }, async (req) => {
    const clientId = await assertCan(authOf(req), 'admin.role', 'read', { db });
    const rows = await sql<RoleRow & { users: number }>`
      select r.id, r.client_id, r.code, r.name_zh, r.name_en, r.kind, r.remark, r.version,
        (select count(*)::int from user_roles ur join users u on u.id = ur.user_id where ur.role_id = r.id and u.client_id = ${clientId}) as users
      from roles r where r.client_id = ${clientId} or (r.client_id is null and r.code <> 'superadmin') order by r.client_id nulls first, r.code`.execute(db);
    return ok(rows.rows.map((r) => ({ ...r, system: r.client_id === null })));
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

  app.get('/adminapi/roles/view', { preHandler: requireAuth }, async (req) => {
    const clientId = await assertCan(authOf(req), 'admin.role', 'read', { db });
    const id = idOf(inputOf(req), 'id');
    if (!id) throw notFound();
    const role = (await sql<RoleRow>`select id, client_id, code, name_zh, name_en, kind, remark, version from roles
      where id = ${id} and (client_id = ${clientId} or (client_id is null and code <> 'superadmin'))`.execute(db)).rows[0];
    if (!role) throw notFound();
    if (role.client_id === null) {
      // System roles: their grants are declared in code (permission-model.ts), shown read-only.
      const grant = SYSTEM_ROLE_GRANTS[role.code];
      const grants = permissionCatalog().map((c) => ({ menu_code: c.menu_code, verbs: grant ? normaliseVerbs(c.verbs.filter((v) => grant(c.menu_code).includes(v as never) || (v.startsWith('action:') && grant(c.menu_code).includes('action')))) : [] })).filter((g) => g.verbs.length);
      return ok({ ...role, system: true, grants, data_permissions: [] });
    }
    return withTenant(db, clientId, async (tx) => {
      const grants = await sql<{ menu_code: string; verbs: unknown }>`select menu_code, verbs from role_grants where client_id = ${clientId} and role_id = ${id} order by menu_code`.execute(tx);
      const rules = await sql`select id, menu_code, field, operator, value, remark, version from data_permissions where client_id = ${clientId} and role_id = ${id} order by id`.execute(tx);
      return ok({ ...role, system: false, grants: grants.rows.map((g) => ({ menu_code: g.menu_code, verbs: typeof g.verbs === 'string' ? JSON.parse(g.verbs) : g.verbs })), data_permissions: rules.rows });
    });
  });
}

/** Saving a role with its grants (create or update at a version) and removing an unused one. */
function registerRoleWriteRoutes(app: FastifyInstance, opts: RouteOpts): void {
  const { db } = app;
  app.post('/adminapi/roles/save', opts, async (req) => {
    const auth = authOf(req);
    const input = inputOf(req);
    const id = idOf(input, 'id');
    const clientId = await assertCan(auth, 'admin.role', id ? 'update' : 'create', { db });
    const { code, nameZh, nameEn, kind, remark, version, grants } = roleInputOf(input, id);

    const savedId = await withTenant(db, clientId, async (tx) => {
      const taken = await sql<{ id: number }>`select id from roles where client_id = ${clientId} and code = ${code} and id <> ${id ?? 0}`.execute(tx);
      if (taken.rows.length) throw validationError({ code: { key: 'admin.roleCodeTaken' } });
      let roleId: number;
      if (id) {
        const u = await sql<{ id: number }>`update roles set code = ${code}, name_zh = ${nameZh}, name_en = ${nameEn}, kind = ${kind}, remark = ${remark},
            version = version + 1, updated_at = now() where id = ${id} and client_id = ${clientId} and version = ${version ?? 0} returning id`.execute(tx);
        if (!u.rows[0]) return staleOr404(tx, 'roles', id, clientId);
        roleId = id;
        await sql`delete from role_grants where client_id = ${clientId} and role_id = ${roleId}`.execute(tx);
      } else {
        const r = await sql<{ id: number }>`insert into roles (client_id, code, name_zh, name_en, kind, remark) values (${clientId}, ${code}, ${nameZh}, ${nameEn}, ${kind}, ${remark}) returning id`.execute(tx);
        roleId = r.rows[0].id;
      }
      for (const g of grants) {
        await sql`insert into role_grants (client_id, role_id, menu_code, verbs) values (${clientId}, ${roleId}, ${g.menu_code}, ${JSON.stringify(g.verbs)}::jsonb)`.execute(tx);
      }
      await sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
        values (${clientId}, 'role', ${roleId}, ${id ? 'update' : 'create'}, ${auth.userId}, ${auth.username}, ${req.ip}, ${JSON.stringify([{ field: 'grants', old: null, new: grants }])}::jsonb)`.execute(tx);
      return roleId;
    });
    return ok({ id: savedId });
  });

  app.post('/adminapi/roles/remove', opts, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, 'admin.role', 'remove', { db });
    const id = idOf(inputOf(req), 'id');
    if (!id) throw notFound();
    await withTenant(db, clientId, async (tx) => {
      const role = (await sql<{ id: number }>`select id from roles where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0];
      if (!role) {
        const system = await sql<{ n: number }>`select count(*)::int as n from roles where id = ${id} and client_id is null`.execute(tx);
        throw system.rows[0].n ? new AppError('admin.systemRoleReadonly') : notFound();
      }
      const used = await sql<{ n: number }>`select count(*)::int as n from user_roles where role_id = ${id}`.execute(tx);
      if (used.rows[0].n) throw new AppError('admin.roleInUse');
      await sql`delete from data_permissions where client_id = ${clientId} and role_id = ${id}`.execute(tx);
      await sql`delete from role_grants where client_id = ${clientId} and role_id = ${id}`.execute(tx);
      await sql`delete from roles where id = ${id} and client_id = ${clientId}`.execute(tx);
      await sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, ip) values (${clientId}, 'role', ${id}, 'remove', ${auth.userId}, ${auth.username}, ${req.ip})`.execute(tx);
    });
    return ok({ id });
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
        if (!u.rows[0]) return staleOr404(tx, 'data_permissions', id, clientId);
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
