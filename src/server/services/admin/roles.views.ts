import { sql } from 'kysely';
import { ROLE_LABELS } from '../../../model';
import { adminRole } from '../../../model/entities/admin-role.entity';
import type { AuthContext } from '../../access/auth-context';
import { assertCan } from '../../access/permissions';
import { normaliseVerbs, SYSTEM_ROLE_GRANTS } from '../../access/permission-model';
import type { Db } from '../../db/database';
import { AppError, type FieldError } from '../../http/errors';
import { diffRecords } from '../../kernel/audit/audit.service';
import { registerViewScope } from '../../resources/view-reader';
import { registerViewWriter, type ViewRemoveContext, type ViewSaveContext } from '../../resources/view-writer';
import { permissionCatalog, tenantPermissionCatalog } from './permission-catalog';

type Row = Record<string, unknown>;
export type Grant = { menu_code: string; verbs: string[] };

/** The kinds a company's role may have (a system role's `system` is the platform's). */
const ROLE_KINDS: ReadonlySet<string> = new Set(['menu', 'dashboard']);
/** A role code: letters, digits and `_ . @ -` (the codes sessions and menu entries name). */
const ROLE_CODE = /^[A-Za-z0-9_.@-]+$/;

/** A role's grants as stored (role_grants, under the company's row-level security), by menu code. */
const GRANTS_OF_ROLE = sql`coalesce((select jsonb_agg(jsonb_build_object('menu_code', g.menu_code, 'verbs', g.verbs) order by g.menu_code)
  from role_grants g where g.role_id = t.id), '[]'::jsonb)`;
/**
 * The users of the reading company who hold the role (a system role is held in every company, so
 * the count is the reader's: the read runs in its tenant transaction, whose `app.client_id` names it).
 */
const USERS_OF_ROLE = sql`(select count(*)::int from user_roles ur join users u on u.id = ur.user_id
  where ur.role_id = t.id and u.client_id::text = current_setting('app.client_id', true))`;

/** The company's data-permission rules bound to the role (data_permissions, under row-level security). */
const DATA_RULES_OF_ROLE = sql`(select count(*)::int from data_permissions p where p.role_id = t.id)`;

/** What a system role grants by rule (permission-model.ts), as the matrix shows it, read-only. */
function systemGrants(code: string): Grant[] {
  const grant = SYSTEM_ROLE_GRANTS[code];
  if (!grant) return [];
  return permissionCatalog()
    .map((c) => ({ menu_code: c.menu_code, verbs: normaliseVerbs(c.verbs.filter((v) => grant(c.menu_code).includes(v as never) || (v.startsWith('action:') && grant(c.menu_code).includes('action')))) }))
    .filter((g) => g.verbs.length);
}

/**
 * The company's roles and the system roles (menu code `admin.role`; the platform's superadmin never
 * listed): a row of another company is a 404 on read, save and remove alike.
 */
registerViewScope(
  adminRole.name,
  async (auth: AuthContext, db: Db) => {
    const clientId = await assertCan(auth, adminRole.menuCode, 'read', { db });
    return { where: sql`(t.client_id = ${clientId} or (t.client_id is null and t.code <> 'superadmin'))`, tenant: clientId };
  },
  {
    computed: { grants: GRANTS_OF_ROLE, users: USERS_OF_ROLE, data_rules: DATA_RULES_OF_ROLE },
    present: (rows) => rows.map((r) => (r.client_id === null || r.client_id === undefined ? { ...r, grants: systemGrants(String(r.code)) } : r)),
  },
);

/**
 * A role's grants from a save (a list `[{ menu_code, verbs }]` or a map menu code -> verbs, as JSON
 * or JSON text): each menu must be in the company's catalogue and each verb one it offers there.
 * Field errors name the grant (`grants[1].menu_code`); verbs are put in their order, empty grants dropped.
 */
export function grantsOf(raw: unknown, errors: Record<string, FieldError>): Grant[] {
  const list: unknown[] = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.entries(raw).map(([menu_code, verbs]) => ({ menu_code, verbs })) : raw === null ? [] : [raw];
  if (list.length > 1000) errors.grants = { key: 'access.invalidValue' };
  const catalog = new Map(tenantPermissionCatalog().map((c) => [c.menu_code, c.verbs]));
  const out: Grant[] = [];
  list.slice(0, 1000).forEach((g, i) => {
    if (!g || typeof g !== 'object' || Array.isArray(g)) return void (errors[`grants[${i}]`] = { key: 'access.invalidValue' });
    const { menu_code: code, verbs } = g as { menu_code?: unknown; verbs?: unknown };
    const allowed = typeof code === 'string' ? catalog.get(code) : undefined;
    if (!allowed) return void (errors[`grants[${i}].menu_code`] = { key: 'admin.unknownMenu' });
    const bad = Array.isArray(verbs) ? verbs.find((v) => typeof v !== 'string' || !allowed.includes(v)) : undefined;
    if (bad !== undefined || !Array.isArray(verbs)) return void (errors[`grants[${i}].verbs`] = { key: 'admin.unknownVerb', params: { verb: String(bad ?? '') } });
    const norm = normaliseVerbs(verbs);
    if (norm.length) out.push({ menu_code: code as string, verbs: norm });
  });
  return out.sort((a, b) => a.menu_code.localeCompare(b.menu_code));
}

/** A system role is the platform's; a company's role code is its own, and never a system role's. */
async function checkRole(sc: ViewSaveContext): Promise<void> {
  const { tx, clientId, values, errors, before } = sc;
  if (before.id !== undefined && before.client_id === null) throw new AppError('admin.systemRoleReadonly');
  const code = values.code;
  if (typeof code === 'string' && !errors.code) {
    if (!ROLE_CODE.test(code)) errors.code = { key: 'rule.english' };
    else if (code in ROLE_LABELS) errors.code = { key: 'admin.roleCodeTaken' };
    else if ((await sql`select 1 from roles where client_id = ${clientId} and code = ${code} and id <> ${Number(before.id ?? 0)}`.execute(tx)).rows.length) errors.code = { key: 'admin.roleCodeTaken' };
  }
  if (values.kind !== undefined && values.kind !== null && !ROLE_KINDS.has(String(values.kind))) errors.kind = { key: 'rule.notInDictionary' };
  if (values.grants !== undefined) values.grants = grantsOf(values.grants, errors);
}

async function storedGrants(tx: Db, roleId: number): Promise<Grant[]> {
  const r = await sql<{ menu_code: string; verbs: unknown }>`select menu_code, verbs from role_grants where role_id = ${roleId} order by menu_code`.execute(tx);
  return r.rows.map((g) => ({ menu_code: g.menu_code, verbs: (typeof g.verbs === 'string' ? JSON.parse(g.verbs) : g.verbs) as string[] }));
}

/**
 * A blank kind is a menu role and a blank English name the Chinese one (as the role form always
 * had it); grants that differ from the stored ones move the version and are audited old beside new.
 */
async function prepareRole(sc: ViewSaveContext): Promise<void> {
  const { tx, values, before } = sc;
  if ('kind' in values && values.kind === null) values.kind = 'menu';
  const creating = before.id === undefined;
  if ((creating && !values.name_en) || ('name_en' in values && !values.name_en)) values.name_en = values.name_zh ?? before.name_zh;
  if (values.grants === undefined) return;
  const old = creating ? [] : await storedGrants(tx, Number(before.id));
  if (JSON.stringify(old) === JSON.stringify(values.grants)) {
    delete values.grants;
    return;
  }
  sc.touched = true;
  sc.audit = diffRecords(['grants'], { grants: old }, { grants: values.grants });
}

/** The grants of a save replace the role's rows of role_grants (in the company's transaction). */
async function storeGrants(sc: ViewSaveContext & { after: Row }): Promise<void> {
  const grants = sc.values.grants as Grant[] | undefined;
  if (!grants) return;
  const roleId = Number(sc.after.id);
  await sql`delete from role_grants where client_id = ${sc.clientId} and role_id = ${roleId}`.execute(sc.tx);
  for (const g of grants) await sql`insert into role_grants (client_id, role_id, menu_code, verbs) values (${sc.clientId}, ${roleId}, ${g.menu_code}, ${JSON.stringify(g.verbs)}::jsonb)`.execute(sc.tx);
}

/** Only a company's own role no user holds is removed, with its grants and data rules. */
async function removeRoles({ tx, clientId, rows }: ViewRemoveContext): Promise<void> {
  if (rows.some((r) => r.client_id === null)) throw new AppError('admin.systemRoleReadonly');
  const ids = sql.join(rows.map((r) => sql`${Number(r.id)}`));
  if ((await sql`select 1 from user_roles where role_id in (${ids}) limit 1`.execute(tx)).rows.length) throw new AppError('admin.roleInUse');
  await sql`delete from data_permissions where client_id = ${clientId} and role_id in (${ids})`.execute(tx);
  await sql`delete from role_grants where client_id = ${clientId} and role_id in (${ids})`.execute(tx);
}

/** The writes of the roles view: a company's new roles, edits with their grants, removals. */
export function registerRoleViews(): void {
  registerViewWriter(adminRole.name, {
    validate: checkRole,
    beforeSave: prepareRole,
    afterSave: storeGrants,
    create: ({ clientId }) => ({ client_id: clientId }),
    beforeRemove: removeRoles,
  });
}
