import { sql, type RawBuilder } from 'kysely';
import { FIELD_TYPE_TABLE, type EntityDef, type FieldDef } from '../../model';
import type { AuthContext } from '../access/auth-context';
import type { Db } from '../db/database';
import { AppError, notFound } from '../http/errors';
import { withSystemScope, withTenant } from '../kernel/rls';
import { parseId, type Row } from './document-input';
import { col, tbl } from './document-read';
import { refTarget } from './references';
import { filterSql, orderSql, parsePageQuery, quickSearchSql, type Filter, type PageQuery } from './page-query';
import { EXACT_COUNT_THRESHOLD } from './list-count';
import type { CountResult, PageResult, ResourceContext } from './resource.service';

/**
 * The generic list and view of a view entity (`defineViewEntity`): one of the platform's own tables
 * (the outbox, ...) read with the list query of every registry list (sort, filters, quick search,
 * tabs with their counts; the rows without their count with `count=none`, and the count apart),
 * within the rows its scope gives the caller. Pages are cut by their number (no keyset cursor), and
 * counts are exact. Nothing is written here.
 */

/**
 * Which rows of a view a caller reads: a condition on the row alias `t`, and the company whose
 * row-level security the read runs under (null: the table is not under row-level security;
 * 'system': every company's rows, for the super administrator's cross-company screens, read in the
 * system scope of `withSystemScope`). A caller who may read none is refused by throwing (403); `db`
 * is for the permission check. `computed`: fields whose SQL over `t` depends on the caller (whether
 * the caller may change the row), read like the view's other computed fields.
 */
export type ViewScope = (auth: AuthContext, db: Db) => Promise<{ where: RawBuilder<unknown>; tenant: number | null | 'system'; computed?: Record<string, RawBuilder<unknown>> }>;

/**
 * Fills in, after the read, what SQL cannot give (a system role's grants, declared in code as rules;
 * the names the audit journal's codes stand for): given the rows of one page or one record, returns
 * them as the reply carries them, and may read more in the read's own transaction (`db`, under the
 * same scope) in the caller's language. It never adds or drops a row, so counts and pages stay
 * those of the query.
 */
export type ViewPresenter = (rows: Row[], ctx: { db: Db; language: ResourceContext['language'] }) => Row[] | Promise<Row[]>;

/**
 * The rows of a view whose figures no SQL gives (a tracked order's late and at-risk nodes, counted
 * stage by stage in code): computed by its area in the read's own transaction, under the scope's
 * company (`db`), for the caller (`auth`); the area's own queries hold the tenant and the data
 * permissions. Each row has `id`, `client_id` and the view's fields. The engine then reads them as a
 * derived table with the list query of every list (filters, quick search, sort, paging, counts,
 * tabs), so a computed figure filters and sorts like a stored column. `filters` are the list's own
 * (checked against the view's fields), which the area may use to compute fewer rows (a calendar's
 * window of days): the engine applies them again to what it returns.
 */
export type ViewRows = (ctx: { db: Db; auth: AuthContext; language: ResourceContext['language']; filters?: readonly Filter[] }) => Promise<Row[]>;

/**
 * The lines of one record of a view (a tracked order's nodes with their state today), computed by
 * its area beside the record when the record is read (`/view?id=`): in the read's own transaction,
 * under the scope's company, for the caller, given the record as the list reads it. Each line has
 * `id` (and `version` where a line transition or save runs on it) and the fields its child
 * collection declares (`ChildDef`: the child entity's, and `fields` computed with them). The lines
 * are the reply's `<child key>`, as a document's lines are.
 */
export type ViewLines = (ctx: { db: Db; auth: AuthContext; language: ResourceContext['language']; row: Row }) => Promise<Row[]>;

const SCOPES = new Map<string, ViewScope>();
const COMPUTED = new Map<string, Record<string, RawBuilder<unknown>>>();
const PRESENTERS = new Map<string, ViewPresenter>();
const SOURCES = new Map<string, () => RawBuilder<unknown>>();
const ROWS = new Map<string, ViewRows>();
const LINES = new Map<string, Record<string, ViewLines>>();

/**
 * Registers the rows a view entity shows to a caller (by the area that owns its table), the fields
 * its table does not hold, each an SQL expression over the row `t` (a company's number of users):
 * the list reads them like columns, so they filter and sort like any other; a presenter for values
 * no SQL holds; and, for a view whose rows are declarations rather than a table (the system
 * dictionary), its `source`: a derived table in parentheses with `id`, `client_id` and the fields;
 * for a view whose rows are computed in server code, its `rows` (ViewRows); for a view that declares
 * child collections, each one's `lines` by child key (ViewLines), read with a record.
 */
export function registerViewScope(
  entity: string,
  scope: ViewScope,
  options: { computed?: Record<string, RawBuilder<unknown>>; present?: ViewPresenter; source?: () => RawBuilder<unknown>; rows?: ViewRows; lines?: Record<string, ViewLines> } = {},
): void {
  if (options.lines) LINES.set(entity, options.lines);
  SCOPES.set(entity, scope);
  if (options.computed) COMPUTED.set(entity, options.computed);
  if (options.present) PRESENTERS.set(entity, options.present);
  if (options.source) SOURCES.set(entity, options.source);
  if (options.rows) ROWS.set(entity, options.rows);
}

const presented = async (entity: EntityDef, rows: Row[], db: Db, language: ResourceContext['language']): Promise<Row[]> =>
  (await PRESENTERS.get(entity.name)?.(rows, { db, language })) ?? rows;

/** The fields of a view its table does not hold (computed in SQL): a save gives them to the area's hooks, never to a column. */
export function viewComputedFields(entity: EntityDef): ReadonlySet<string> {
  return new Set(Object.keys(COMPUTED.get(entity.name) ?? {}));
}

/** The SQL of a view's computed fields, by key (the writer reads them beside a locked row). */
export function viewComputedSql(entity: EntityDef): Record<string, RawBuilder<unknown>> {
  return COMPUTED.get(entity.name) ?? {};
}

/** The source of a view whose rows are declarations (the view writer reads a write's rows from it), or undefined. */
export function viewSourceOf(entity: EntityDef): (() => RawBuilder<unknown>) | undefined {
  return SOURCES.get(entity.name);
}

/**
 * For the view writer: the rows of a view computed in code, as a derived table, computed in the
 * write's transaction for the caller (undefined for a view over a table or a source).
 */
export async function viewComputedRows(entity: EntityDef, ctx: { db: Db; auth: AuthContext; language: ResourceContext['language'] }): Promise<RawBuilder<unknown> | undefined> {
  const rows = ROWS.get(entity.name);
  return rows ? computedRowsTable(entity, await rows(ctx)) : undefined;
}

/**
 * For the list export of a view whose rows are computed in code (services/export): the caller's
 * company, the scope's condition on `t` and the rows computed for the caller in that company, as a
 * derived table (no alias). Undefined for a view over a table or a source, or one read across companies.
 */
export async function viewExportSource(ctx: ResourceContext, entity: EntityDef, filters?: readonly Filter[]): Promise<{ clientId: number; where: RawBuilder<unknown>; source: RawBuilder<unknown> } | undefined> {
  const compute = ROWS.get(entity.name);
  const auth = ctx.auth;
  if (!compute || !auth) return undefined;
  const { where, tenant } = await viewScopeOf(entity)(auth, ctx.db);
  if (typeof tenant !== 'number') return undefined;
  const rows = await withTenant(ctx.db, tenant, (db) => compute({ db, auth, language: ctx.language, filters }));
  return { clientId: tenant, where, source: computedRowsTable(entity, rows) };
}

/** The scope a view entity registered (the view writer finds its rows through it too). */
export function viewScopeOf(entity: EntityDef): ViewScope {
  const scope = SCOPES.get(entity.name);
  if (!scope) throw new Error(`view entity ${entity.name} has no registered scope`);
  return scope;
}

/**
 * The label of each reference field (`<field>__label`, as every registry list gives it): the target
 * record's label column, read in the row's own company (a user's organisation and position).
 */
function referenceLabels(entity: EntityDef): Record<string, RawBuilder<unknown>> {
  const out: Record<string, RawBuilder<unknown>> = {};
  for (const f of entity.fields) {
    const target = FIELD_TYPE_TABLE[f.type].reference ? refTarget(f) : null;
    if (target) out[`${f.key}__label`] = sql`(select ${sql.id('r', target.labelColumn)} from ${sql.table(target.table)} r where r.id = ${sql.id('t', f.key)} and r.client_id = t.client_id)`;
  }
  return out;
}

/** A value as JSON gives it to `jsonb_to_recordset`: a date read by the driver as its ISO text. */
const jsonValue = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * Rows computed in code as a derived table: `id` and `client_id` as bigint, each field as its
 * type's column (a date a date, a count a bigint), so filters and sorts compare as on a table.
 * Pure apart from building SQL.
 */
export function computedRowsTable(entity: EntityDef, rows: Row[]): RawBuilder<unknown> {
  // An editable view's rows carry the version a save is checked against (a supplier's node: the maker's node's).
  const system = entity.editable ? ['id', 'client_id', 'version'] : ['id', 'client_id'];
  const keys = [...system, ...entity.fields.map((f) => f.key)];
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(keys.map((k) => [k, jsonValue(r[k] ?? null)]))));
  const columns = [...system.map((k) => sql`${sql.id(k)} bigint`), ...entity.fields.map((f) => sql`${sql.id(f.key)} ${sql.raw(FIELD_TYPE_TABLE[f.type].sqlType)}`)];
  return sql`(select * from jsonb_to_recordset(${json}::jsonb) as r(${sql.join(columns)}))`;
}

/** What a view reads from, as `t`: its table (or the rows computed for this read), with its computed fields (the caller's too) and reference labels beside the stored columns. */
function sourceOf(entity: EntityDef, rows?: Row[], callers?: Record<string, RawBuilder<unknown>>): RawBuilder<unknown> {
  const table = rows ? computedRowsTable(entity, rows) : (SOURCES.get(entity.name)?.() ?? tbl(entity));
  const computed = { ...COMPUTED.get(entity.name), ...callers, ...referenceLabels(entity) };
  if (!Object.keys(computed).length) return sql`${table} t`;
  return sql`(select t.*, ${sql.join(Object.entries(computed).map(([k, e]) => sql`${e} as ${sql.id(k)}`))} from ${table} t) t`;
}

/**
 * The caller's scope of a view: its condition, and `run`, which runs a read in the scope's company
 * and gives it the view's source (for a view of computed rows, those rows, computed in the same
 * transaction first).
 */
async function scopeOf(ctx: ResourceContext, entity: EntityDef) {
  const auth = ctx.auth;
  if (!auth) throw new AppError('err.unauthorized');
  const { where, tenant, computed } = await viewScopeOf(entity)(auth, ctx.db);
  const inScope = <T>(work: (db: Db) => Promise<T>) => (tenant === null ? work(ctx.db) : tenant === 'system' ? withSystemScope(ctx.db, work) : withTenant(ctx.db, tenant, work));
  const computeRows = ROWS.get(entity.name);
  const run = <T>(work: (db: Db, source: RawBuilder<unknown>) => Promise<T>, filters?: readonly Filter[]) =>
    inScope(async (db) => work(db, sourceOf(entity, computeRows ? await computeRows({ db, auth, language: ctx.language, filters }) : undefined, computed)));
  return { where, run, auth };
}

/** The list query, held to the view's own columns (a view has none of the registry's system columns but id). */
function viewQuery(entity: EntityDef, query: Record<string, unknown>): PageQuery {
  const pq = parsePageQuery(entity, query);
  const known = (field: string) => field === 'id' || entity.fields.some((f) => f.key === field);
  for (const s of pq.sort) if (!known(s.field)) throw new AppError('res.badSort', { params: { field: s.field } });
  for (const f of pq.filters) if (!known(f.field)) throw new AppError('res.filterUnknownField', { params: { field: f.field } });
  return pq;
}

function whereOf(entity: EntityDef, pq: PageQuery, scope: RawBuilder<unknown>, withTab: boolean): RawBuilder<unknown> {
  const conds = [scope, ...pq.filters.map((f) => filterSql(entity, f))];
  const quick = quickSearchSql(pq);
  if (quick) conds.push(quick);
  if (withTab && pq.tab && entity.states) conds.push(sql`${col(entity.states.field)} = ${pq.tab}`);
  return sql.join(conds, sql` and `);
}

/**
 * A field as the registry's rows carry it: a timestamp (with or without time zone in the platform's
 * table) as the wall time 'YYYY-MM-DD HH:mm:ss' of a registry datetime, which the form and grid read.
 */
function fieldSelect(field: FieldDef): RawBuilder<unknown> {
  if (FIELD_TYPE_TABLE[field.type].sqlType !== 'timestamp') return col(field.key);
  return sql`to_char(${col(field.key)}, 'YYYY-MM-DD HH24:MI:SS') as ${sql.id(field.key)}`;
}

/**
 * A view's table has `id` and `client_id` (the company a row belongs to, null for the platform's
 * own; a table without that column gives it as a computed field) beside its fields; an editable
 * view's rows carry their `version` too (a save sends it back), and reference fields their labels.
 */
const selectOf = (entity: EntityDef) =>
  sql.join([col('id'), col('client_id'), ...(entity.editable ? [col('version')] : []), ...entity.fields.map(fieldSelect), ...Object.keys(referenceLabels(entity)).map(col)]);

async function tabCounts(db: Db, entity: EntityDef, source: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<Record<string, number>> {
  const field = entity.states!.field;
  const counts = await sql<{ s: string | null; n: number }>`select ${col(field)} as s, count(*)::int as n from ${source} where ${where} group by ${col(field)}`.execute(db);
  const tabs: Record<string, number> = { all: 0 };
  for (const st of entity.states!.states) tabs[st.code] = 0;
  for (const r of counts.rows) {
    tabs.all += r.n;
    if (r.s !== null) tabs[r.s] = (tabs[r.s] ?? 0) + r.n;
  }
  return tabs;
}

const countOf = async (db: Db, source: RawBuilder<unknown>, where: RawBuilder<unknown>) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${source} where ${where}`.execute(db)).rows[0].n;

/** One page of a view's rows, as the generic page answers (`{ rows, total?, tabs? }`). */
export async function viewPage(ctx: ResourceContext, entity: EntityDef, query: Record<string, unknown>): Promise<PageResult> {
  const { where: scope, run } = await scopeOf(ctx, entity);
  const pq = viewQuery(entity, query);
  const where = whereOf(entity, pq, scope, true);
  return run(async (db, source) => {
    const rows = await presented(entity, (await sql<Row>`select ${selectOf(entity)} from ${source} where ${where} order by ${orderSql(entity, pq)} limit ${pq.size} offset ${(pq.page - 1) * pq.size}`.execute(db)).rows, db, ctx.language);
    if (String(query.count ?? '') === 'none') return { rows };
    const result: PageResult = { rows, total: await countOf(db, source, where) };
    if (pq.withTabs && entity.states) result.tabs = await tabCounts(db, entity, source, whereOf(entity, pq, scope, false));
    return result;
  }, pq.filters);
}

/** The count of a view's list under the same query as its page, with the state tabs' on `tabs=1`; always exact. */
export async function viewCount(ctx: ResourceContext, entity: EntityDef, query: Record<string, unknown>): Promise<CountResult> {
  const { where: scope, run } = await scopeOf(ctx, entity);
  const pq = viewQuery(entity, query);
  return run(async (db, source) => {
    const total = await countOf(db, source, whereOf(entity, pq, scope, true));
    if (!(pq.withTabs && entity.states)) return { total, estimated: false, threshold: EXACT_COUNT_THRESHOLD };
    return { total, estimated: false, threshold: EXACT_COUNT_THRESHOLD, tabs: await tabCounts(db, entity, source, whereOf(entity, pq, scope, false)), estimatedTabs: [] };
  }, pq.filters);
}

/** One row of a view, or 404 (also for a row outside the caller's scope). */
export async function viewRecord(ctx: ResourceContext, entity: EntityDef, idRaw: unknown): Promise<Row> {
  const { where: scope, run, auth } = await scopeOf(ctx, entity);
  const id = parseId(idRaw);
  if (id === null) throw notFound();
  const row = await run(async (db, source) => {
    const found = (await sql<Row>`select ${selectOf(entity)} from ${source} where t.id = ${id} and ${scope}`.execute(db)).rows;
    if (!found.length) return undefined;
    const record = (await presented(entity, found, db, ctx.language))[0];
    // The record's lines, computed beside it in the same transaction (a view's child collections).
    for (const child of entity.children ?? []) {
      const lines = LINES.get(entity.name)?.[child.key];
      if (lines) record[child.key] = await lines({ db, auth, language: ctx.language, row: record });
    }
    return record;
  });
  if (!row) throw notFound();
  return row;
}

/**
 * The one row of a view whose scope holds the caller's own (`EntityDef.own`: their profile, their
 * company), as the view's record; a scope holding none (or more than one) is a 404.
 */
export async function viewOwnRecord(ctx: ResourceContext, entity: EntityDef): Promise<Row> {
  const { where, run } = await scopeOf(ctx, entity);
  const ids = await run(async (db, source) => (await sql<{ id: number }>`select t.id from ${source} where ${where} limit 2`.execute(db)).rows);
  if (ids.length !== 1) throw notFound();
  return viewRecord(ctx, entity, ids[0].id);
}
