import { sql, type RawBuilder } from 'kysely';
import { allEntities, FIELD_TYPE_TABLE, type EntityDef, type FieldType } from '../../model';
import type { AuthContext } from './auth-context';
import type { Db } from '../db/database';
import { columnType, filterSql, type Filter } from '../resources/page-query';
import { withTenant } from '../kernel/rls';
import { can, type DataRule, type Grantee, isDataOperator, type PermissionVerb, type RoleGrants, ruleValues, type RuleSubject } from './permission-model';

/**
 * Reads the caller's grants and data permissions (spec 6) and turns them into decisions and SQL.
 * Loaded once per request: the cache is keyed by the request's AuthContext object.
 */
type Loaded = { grantee: Grantee; tenantRoleIds: number[]; rules: Map<string, Promise<DataRule[]>> };

const cache = new WeakMap<AuthContext, Promise<Loaded>>();

function verbsOf(raw: unknown): string[] {
  const v = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

async function load(db: Db, auth: AuthContext): Promise<Loaded> {
  // The token check read the same rows for this request (auth-context.ts); other contexts read them here.
  const roles = auth.roleRows
    ? { rows: auth.roleRows }
    : await sql<{ id: number; code: string; client_id: number | null }>`
    select r.id, r.code, r.client_id from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${auth.userId} and (r.client_id is null or r.client_id = ${auth.clientId})`.execute(db);
  const systemRoles = roles.rows.filter((r) => r.client_id === null).map((r) => r.code);
  const tenantRoleIds = roles.rows.filter((r) => r.client_id !== null).map((r) => r.id);
  let tenantGrants: RoleGrants[] = [];
  if (tenantRoleIds.length && auth.clientId !== null) {
    const rows = await withTenant(db, auth.clientId, async (tx) =>
      (await sql<{ role_id: number; menu_code: string; verbs: unknown }>`
        select role_id, menu_code, verbs from role_grants
        where client_id = ${auth.clientId} and role_id in (${sql.join(tenantRoleIds)})`.execute(tx)).rows,
    );
    const byRole = new Map<number, Record<string, string[]>>();
    for (const r of rows) {
      const g = byRole.get(r.role_id) ?? {};
      g[r.menu_code] = verbsOf(r.verbs);
      byRole.set(r.role_id, g);
    }
    tenantGrants = [...byRole.values()];
  }
  return { grantee: { isSuper: auth.isSuper, systemRoles, tenantGrants }, tenantRoleIds, rules: new Map() };
}

function loaded(db: Db, auth: AuthContext): Promise<Loaded> {
  let p = cache.get(auth);
  if (!p) {
    p = load(db, auth);
    cache.set(auth, p);
  }
  return p;
}

/** Whether the caller may use `verb` on `menuCode` (spec 6: roles -> menu codes -> verbs). */
export async function callerCan(db: Db, auth: AuthContext, menuCode: string, verb: PermissionVerb): Promise<boolean> {
  return can((await loaded(db, auth)).grantee, menuCode, verb);
}

/** The caller's Grantee (menus visibility, the role editor's preview). */
export async function granteeOf(db: Db, auth: AuthContext): Promise<Grantee> {
  return (await loaded(db, auth)).grantee;
}

/**
 * The Grantee of a user outside a request (the login reply's menus are built before the request
 * carries an AuthContext: sign-in, refresh, company switch).
 */
export async function granteeOfUser(db: Db, user: { userId: number; clientId: number | null; isSuper: boolean }): Promise<Grantee> {
  const auth: AuthContext = { userId: user.userId, clientId: user.clientId, isSuper: user.isSuper, username: '', fullname: '', sessionId: '', roles: [], platformId: '', language: '', tokenExp: 0 };
  return (await load(db, auth)).grantee;
}

/**
 * The data permissions that apply to the caller on a menu: bound to one of their tenant roles or to
 * them. `inTenantScope`: `db` is a transaction already scoped to the caller's company (a list's own
 * transaction), so the rules are read in it rather than in a transaction of their own (four
 * statements fewer per list page, issue 32).
 */
export async function rulesFor(db: Db, auth: AuthContext, menuCode: string, options: { inTenantScope?: boolean } = {}): Promise<DataRule[]> {
  if (auth.clientId === null) return [];
  const l = await loaded(db, auth);
  let p = l.rules.get(menuCode);
  if (!p) {
    const clientId = auth.clientId;
    const scoped = <T>(work: (tx: Db) => Promise<T>) => (options.inTenantScope && db.isTransaction ? work(db) : withTenant(db, clientId, work));
    p = scoped(async (tx) => {
      const roleCond = l.tenantRoleIds.length ? sql`role_id in (${sql.join(l.tenantRoleIds)})` : sql`false`;
      const r = await sql<{ field: string; operator: string; value: string }>`
        select field, operator, value from data_permissions
        where client_id = ${clientId} and menu_code = ${menuCode} and (${roleCond} or user_id = ${auth.userId})
        order by id`.execute(tx);
      // An unknown operator in the table cannot widen access: it is kept and refuses every row.
      return r.rows.map((x) => ({ field: x.field, operator: isDataOperator(x.operator) ? x.operator : ('__invalid__' as DataRule['operator']), value: x.value }));
    });
    l.rules.set(menuCode, p);
  }
  return p;
}

/** The entity whose list a menu code shows (the non-child entity declared with that code). */
export function entityOfMenu(menuCode: string): EntityDef | undefined {
  const all = allEntities().filter((e) => e.menuCode === menuCode);
  return all.find((e) => !e.childOnly) ?? all[0];
}

/** The type a data rule's field reads its values with: the entity's list column type (null: not a column). */
export function ruleFieldType(entity: EntityDef, field: string): FieldType | null {
  return columnType(entity, field);
}

/**
 * One data rule as an SQL condition on the row alias `t`, reusing the list filter compiler so a
 * rule means exactly what the same list filter means. A rule that cannot be applied (its field is
 * not a column, a value does not fit the field type) fails closed: it matches no row.
 */
export function ruleSql(entity: EntityDef, rule: DataRule, who: RuleSubject): RawBuilder<unknown> {
  const type = columnType(entity, rule.field);
  if (!type || !isDataOperator(rule.operator)) return sql`false`;
  const values: unknown[] = [];
  for (const raw of ruleValues(rule, who)) {
    const c = FIELD_TYPE_TABLE[type].coerce(raw);
    if (!c.ok || c.value === null) return sql`false`;
    values.push(c.value);
  }
  const op = rule.operator;
  if ((op === 'in' || op === 'notin') && !values.length) return op === 'in' ? sql`false` : sql`true`;
  if (!['null', 'notnull'].includes(op) && !values.length) return sql`false`;
  if (op === 'notin') return sql`not coalesce(${filterSql(entity, { field: rule.field, op: 'in', values })}, false)`;
  const filter: Filter = { field: rule.field, op, values };
  return sql`coalesce(${filterSql(entity, filter)}, false)`;
}

/**
 * A rule over a column that only some entities of a menu have (a menu shared by several entities,
 * e.g. allocation versions and demand). `dataScope` does not know which of them is queried, so the
 * column is read through `to_jsonb(t)`: the entity that has it is filtered by its value, the one
 * that lacks it reads null and shows no row (fails closed) instead of failing the query.
 */
function looseRuleSql(entity: EntityDef, rule: DataRule, who: RuleSubject): RawBuilder<unknown> {
  const type = columnType(entity, rule.field);
  if (!type || !isDataOperator(rule.operator)) return sql`false`;
  const numeric = FIELD_TYPE_TABLE[type].nature === 'number';
  const raw = sql`(to_jsonb(t) ->> ${rule.field})`;
  const v = numeric ? sql`${raw}::numeric` : raw;
  const values = ruleValues(rule, who);
  for (const x of values) {
    const c = FIELD_TYPE_TABLE[type].coerce(x);
    if (!c.ok || c.value === null) return sql`false`;
  }
  const lit = (x: string) => (numeric ? sql`${Number(x)}::numeric` : sql`${x}`);
  const cmp: Record<string, string> = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' };
  switch (rule.operator) {
    case 'null':
      return sql`${raw} is null`;
    case 'notnull':
      return sql`${raw} is not null`;
    case 'like':
      return sql`coalesce(${raw} ilike ${`%${values[0].replace(/[\\%_]/g, (c) => `\\${c}`)}%`}, false)`;
    case 'in':
      return values.length ? sql`coalesce(${v} in (${sql.join(values.map(lit))}), false)` : sql`false`;
    case 'notin':
      return values.length ? sql`not coalesce(${v} in (${sql.join(values.map(lit))}), false)` : sql`true`;
    case 'ne':
      return sql`${v} is distinct from ${lit(values[0])}`;
    default:
      return sql`coalesce(${v} ${sql.raw(cmp[rule.operator])} ${lit(values[0])}, false)`;
  }
}

/** Whether every non-child entity of a menu has the column (then the typed list filter is used). */
function sharedColumn(menuCode: string, field: string): boolean {
  return allEntities().filter((e) => e.menuCode === menuCode && !e.childOnly).every((e) => columnType(e, field) !== null);
}

/** A personal entity's rows the caller reads and writes: its own, and those the declaration shares (a field's value, a declared column). */
export function personalSql(personal: NonNullable<EntityDef['personal']>, userId: number): RawBuilder<unknown> {
  const own = sql`t.created_by = ${userId}`;
  if (personal === true) return own;
  const { field, values } = personal.sharedWhen;
  return values.length ? sql`(${sql.ref(`t.${field}`)} in (${sql.join([...values])}) or ${own})` : own;
}

/**
 * The SQL conditions of every rule that applies to the caller on a menu (ANDed by the caller), and
 * for a `personal` entity the caller's own rows only.
 */
export async function dataScopeSql(db: Db, auth: AuthContext, menuCode: string, options: { inTenantScope?: boolean } = {}): Promise<RawBuilder<unknown>[]> {
  if (auth.clientId === null) return [];
  const entity = entityOfMenu(menuCode);
  // A personal entity's rows (notes) are their creator's alone, those it declares shared the company's: a fixed rule before any bound one.
  const own = entity?.personal ? [personalSql(entity.personal, auth.userId)] : [];
  const rules = await rulesFor(db, auth, menuCode, options);
  if (!rules.length) return own;
  if (!entity) return [sql`false`];
  const who: RuleSubject = { userId: auth.userId, clientId: auth.clientId, username: auth.username, fullname: auth.fullname };
  return [...own, ...rules.map((r) => (sharedColumn(menuCode, r.field) ? ruleSql(entity, r, who) : looseRuleSql(entity, r, who)))];
}
