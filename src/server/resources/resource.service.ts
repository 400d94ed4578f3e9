import { sql, type RawBuilder } from 'kysely';
import { allEntities, requireEntity, systemColumn, translate, type EntityDef, type FieldDef, type Language } from '../../model';
import type { AuthContext } from '../access/auth-context';
import type { Db } from '../db/database';
import { AppError, forbidden, notFound } from '../http/errors';
import { readAudit, type AuditRow } from '../kernel/audit/audit.service';
import { withTenant } from '../kernel/rls';
import { actionHandlers } from './action-handlers';
import { transitionParams, transitionRow } from './transition-stage';
import { parseId, parseIds, parseVersion, parseVersions, type Row } from './document-input';
import { childEntities, col, loadChildren, loadRows, readFrom, readSourceOf, selectList, tbl } from './document-read';
import { checkFieldReferences, guardStoredState, outsideScope, RECORDED_SYSTEM_COLUMNS, writeContext, type RecordedSystemColumn } from './document-stages';
import { mapDbError, writeDocument } from './document-writer';
import { removeWholeDocuments } from './record-writer';
import { countTabs, countWhere, EXACT_COUNT_THRESHOLD, type ListCount } from './list-count';
import { cursorOf, decodeCursor, keysetBands, keysetKey, keyTextSql, type KeysetKey, type ListCursor } from './list-keyset';
import { orderSql, parsePageQuery, whereSql, type PageQuery } from './page-query';
import { assertCan, dataScope, dataScopeFields } from './permissions';
import { isRefField } from './references';
import { hooksOf, type WriteActor } from './save-hooks';
import { labelIn } from '../../model/label-text';

export { parseId, parseIds } from './document-input';

/**
 * The generic resource service: page, view, save, remove, action and history of any registry
 * entity. Every statement carries the tenant filter `client_id = :tenant` in SQL; a save, remove or
 * action runs in one transaction that touches nothing outside it (PGlite is one connection).
 */
export type ResourceContext = { db: Db; auth: AuthContext | null; ip: string | null; language: Language; now?: Date };


function tenantOf(ctx: ResourceContext): AuthContext {
  if (!ctx.auth) throw new AppError('err.unauthorized');
  return ctx.auth;
}

/** The writer's actor for a signed-in request. */
export function actorOf(auth: AuthContext, clientId: number, ip: string | null): WriteActor {
  return { clientId, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip, roles: auth.roles };
}

// ---------------------------------------------------------------------------------------------
// page and view

export type PageResult = { rows: Row[]; total?: number; tabs?: Record<string, number>; cursor?: string };
export type CountResult = ListCount & { threshold: number; tabs?: Record<string, number>; estimatedTabs?: string[] };

/** The data permissions a read or write applies: none to rows read from a source they name no column of (document-read.ts `ReadSource`). */
export const readScope = async (auth: AuthContext, entity: EntityDef, ctx: Parameters<typeof dataScope>[2]): Promise<RawBuilder<unknown>[]> =>
  readSourceOf(entity)?.dataScope === false ? [] : dataScope(auth, entity.menuCode, ctx);

/** A yes/no query parameter (`1` or `true`). */
const flagOf = (v: unknown) => ['1', 'true'].includes(String(Array.isArray(v) ? v[v.length - 1] : (v ?? '')));

/**
 * One page of a list. Keyset paging where the sort allows it (`after`, list-keyset.ts), else
 * OFFSET; the reply's `cursor` is its last row's key for the next page. With `count=none` the rows
 * come alone (the list asks `count` apart, issue 32); otherwise the exact total comes with them, and
 * the state tabs' counts with `tabs=1`.
 */
export async function pageRows(ctx: ResourceContext, entity: EntityDef, query: Record<string, unknown>): Promise<PageResult> {
  const auth = tenantOf(ctx);
  const clientId = await assertCan(auth, entity.menuCode, 'read', ctx);
  const pq = parsePageQuery(entity, query);
  const key = keysetKey(entity, pq);
  const after = decodeCursor(key, query.after);
  const withCount = String(query.count ?? '') !== 'none';
  return withTenant(ctx.db, clientId, async (tx) => {
    // The data permissions are read in the list's own transaction (issue 32: a page is a few statements).
    const scope = await readScope(auth, entity, { db: tx, inTenantScope: true });
    const where = whereSql(entity, pq, clientId, scope);
    const result: PageResult = await listSlice(tx, entity, pq, where, key, after);
    if (!withCount) return result;
    result.total = (await countWhere(tx, entity, where, { exact: true })).total;
    if (pq.withTabs && entity.states) result.tabs = (await countTabs(tx, entity, whereSql(entity, pq, clientId, scope, { withoutTab: true }), { exact: true })).tabs;
    return result;
  });
}

/**
 * The rows of one page and the cursor of its last row. Deferred join: the page is cut from narrow
 * rows first, and only its rows get their reference labels; otherwise a deep OFFSET would compute
 * a label for every skipped row (benchmark B1).
 */
async function listSlice(tx: Db, entity: EntityDef, pq: PageQuery, where: RawBuilder<unknown>, key: KeysetKey | null, after: ListCursor | null): Promise<{ rows: Row[]; cursor?: string }> {
  const order = orderSql(entity, pq);
  const slice = async (cond: RawBuilder<unknown>, limit: number, offset: number) =>
    (
      await sql<Row>`select ${selectList(entity)}${key ? sql`, t."__key"` : sql``} from (select t.*${key ? sql`, ${keyTextSql(key)} as "__key"` : sql``}
        from ${readFrom(entity)} t where ${cond} order by ${order} limit ${limit} offset ${offset}) t order by ${order}`.execute(tx)
    ).rows;
  const bands = key && after ? keysetBands(entity, key, after) : null;
  const rows: Row[] = [];
  if (bands) {
    // Bands in list order: the second (NULL keys) only fills what the first left of the page.
    for (const band of bands) if (rows.length < pq.size) rows.push(...(await slice(sql`${where} and (${band})`, pq.size - rows.length, 0)));
  } else rows.push(...(await slice(where, pq.size, (pq.page - 1) * pq.size)));
  const last = rows[rows.length - 1];
  const cursor = key && last ? cursorOf(key, { id: last.id, key: last.__key }) : null;
  for (const r of rows) delete r.__key;
  return cursor ? { rows, cursor } : { rows };
}

/**
 * The count of a list under the same query as its page (filters, quick search, tab): exact up to
 * EXACT_COUNT_THRESHOLD rows, above it the planner's estimate marked `estimated`, exact with
 * `exact=1`; `tabs=1` counts the state tabs the same way (`estimatedTabs` names the estimated ones).
 */
export async function countRows(ctx: ResourceContext, entity: EntityDef, query: Record<string, unknown>): Promise<CountResult> {
  const auth = tenantOf(ctx);
  const clientId = await assertCan(auth, entity.menuCode, 'read', ctx);
  const pq = parsePageQuery(entity, query);
  const exact = flagOf(query.exact);
  return withTenant(ctx.db, clientId, async (tx) => {
    const scope = await readScope(auth, entity, { db: tx, inTenantScope: true });
    if (!(pq.withTabs && entity.states)) return { ...(await countWhere(tx, entity, whereSql(entity, pq, clientId, scope), { exact })), threshold: EXACT_COUNT_THRESHOLD };
    // The tabs' figures hold the list's own: the chosen state's, or every state's.
    const { tabs, estimatedTabs } = await countTabs(tx, entity, whereSql(entity, pq, clientId, scope, { withoutTab: true }), { exact });
    const shown = pq.tab ?? 'all';
    return { total: tabs[shown] ?? 0, estimated: estimatedTabs.includes(shown), threshold: EXACT_COUNT_THRESHOLD, tabs, estimatedTabs };
  });
}

/** One document with its child collections and reference labels, or 404 (also for another tenant's id). */
export async function viewDocument(ctx: ResourceContext, entity: EntityDef, idRaw: unknown): Promise<Row> {
  const auth = tenantOf(ctx);
  const clientId = await assertCan(auth, entity.menuCode, 'read', ctx);
  const scope = await readScope(auth, entity, ctx);
  const id = parseId(idRaw);
  if (id === null) throw notFound();
  return withTenant(ctx.db, clientId, async (tx) => {
    const [row] = await loadRows(tx, entity, clientId, [id], scope, false);
    if (!row) throw notFound();
    for (const c of childEntities(entity)) row[c.def.key] = await loadChildren(tx, c.entity, c.def.foreignKey, clientId, [id], true);
    return row;
  });
}

// ---------------------------------------------------------------------------------------------
// save

/**
 * Creates or updates a whole master-detail document for a signed-in user: permission and data
 * scope, then the document writer (document-writer.ts) in one tenant transaction. Returns the saved
 * document as `view` returns it.
 */
export async function saveDocument(ctx: ResourceContext, entity: EntityDef, body: Row): Promise<Row> {
  if (entity.childOnly) throw notFound();
  const auth = tenantOf(ctx);
  const id = parseId(body.id);
  const clientId = await assertCan(auth, entity.menuCode, id ? 'update' : 'create', ctx);
  const scope = await readScope(auth, entity, ctx);
  if (body.id !== undefined && body.id !== null && body.id !== '' && id === null) throw notFound();
  const version = parseVersion(body);
  try {
    const savedId = await withTenant(ctx.db, clientId, (tx) =>
      writeDocument(writeContext(tx, actorOf(auth, clientId, ctx.ip), 'form', { scope, now: ctx.now }), entity, { id, version: version !== null && Number.isNaN(version) ? null : version, body }),
    );
    return await viewDocument(ctx, entity, savedId);
  } catch (error) {
    throw mapDbError(error, entity);
  }
}

// ---------------------------------------------------------------------------------------------
// remove

/** Entities and fields that point at `entity` (its references and tree parents). */
function referrers(entity: EntityDef): Array<{ entity: EntityDef; field: FieldDef }> {
  const out: Array<{ entity: EntityDef; field: FieldDef }> = [];
  for (const e of allEntities()) for (const f of e.fields) if (isRefField(f) && f.ref?.entity === entity.name && f.ref.onTargetRemoved !== 'keep') out.push({ entity: e, field: f });
  // By entity and field name, not by the order the declarations' modules happened to load: a refusal
  // names the same referrer whatever a new declaration imports.
  return out.sort((a, b) => a.entity.name.localeCompare(b.entity.name) || a.field.key.localeCompare(b.field.key));
}

/** Removes documents with their child rows; refuses locked states and records still referenced. */
export async function removeDocuments(ctx: ResourceContext, entity: EntityDef, body: Row): Promise<{ removed: number }> {
  if (entity.childOnly) throw notFound();
  const auth = tenantOf(ctx);
  const clientId = await assertCan(auth, entity.menuCode, 'remove', ctx);
  const scope = await readScope(auth, entity, ctx);
  const ids = parseIds(body);
  if (!ids.length) throw new AppError('res.noIds');
  // Remove checks the version each record was read at, as save does: a remove never silently wins
  // over an edit someone made after the list was loaded (issue 20).
  const versions = parseVersions(body, ids);
  await withTenant(ctx.db, clientId, async (tx) => {
    const rows = await loadRows(tx, entity, clientId, ids, scope, true);
    if (rows.length !== ids.length) throw notFound();
    if (!versions) throw new AppError('err.validation', { fields: { version: { key: 'rule.required' } } });
    for (const row of rows) {
      if (Number(row.version) !== versions.get(Number(row.id))) throw new AppError('err.staleVersion');
      guardStoredState(entity, row);
    }
    for (const hook of hooksOf(entity)) await hook.beforeRemove?.({ tx, actor: actorOf(auth, clientId, ctx.ip), clientId, entity, rows });
    for (const ref of referrers(entity)) {
      const selfTree = ref.entity.name === entity.name;
      const used = await sql`select 1 from ${tbl(ref.entity)} t where t.client_id = ${clientId}
        and ${col(ref.field.key)} in (${sql.join(ids.map((i) => sql`${i}`))})
        ${selfTree ? sql`and t.id not in (${sql.join(ids.map((i) => sql`${i}`))})` : sql``} limit 1`.execute(tx);
      if (used.rows.length) throw new AppError('res.referencedBy', { params: { entity: labelIn(ref.entity.label, ctx.language) } });
    }
    await removeWholeDocuments(writeContext(tx, actorOf(auth, clientId, ctx.ip), 'form', { scope }), entity, rows);
    for (const hook of hooksOf(entity)) await hook.afterRemove?.({ tx, actor: actorOf(auth, clientId, ctx.ip), clientId, entity, rows });
  });
  return { removed: ids.length };
}

// ---------------------------------------------------------------------------------------------
// actions

/**
 * Runs an action on one or more documents: a transition of the entity's state machine (from-state
 * guard, roles, params, then the registered handler's pre-checks and domain logic) or a
 * handler-only action. All rows change in one transaction or none does.
 */
export async function runAction(ctx: ResourceContext, entity: EntityDef, action: string, body: Row): Promise<{ rows: Row[]; data?: unknown[] }> {
  if (entity.childOnly) throw notFound();
  const auth = tenantOf(ctx);
  const transition = entity.states?.transitions.find((t) => t.action === action) ?? null;
  const handler = actionHandlers.get(`${entity.name}.${action}`);
  if (!transition && !handler) throw new AppError('res.unknownAction', { as: 'notFound', params: { action } });
  const clientId = await assertCan(auth, entity.menuCode, `action:${action}`, ctx);
  if (transition?.roles?.length && !transition.roles.some((r) => auth.roles.includes(r))) throw forbidden();
  const scope = await dataScope(auth, entity.menuCode, ctx);
  const ids = parseIds(body);
  if (!ids.length) throw new AppError('res.noIds');
  const version = parseVersion(body);

  // Params of the transition (a reject reason, ...) run the same field validation as a save; they
  // are checked once the rows are known to exist, so another tenant's id is a 404 whatever the body.
  const { params, errors } = transitionParams(transition, body);
  const actionLabel = transition ? labelIn(transition.label, ctx.language) : action;

  const data = await withTenant(ctx.db, clientId, async (tx) => {
    const rows = await loadRows(tx, entity, clientId, ids, scope, true);
    if (rows.length !== ids.length) throw notFound();
    // A reference parameter names a row of the company that its `where` allows.
    await checkFieldReferences(tx, clientId, transition?.params ?? [], params, '', errors);
    if (Object.keys(errors).length) throw new AppError('err.validation', { fields: errors });
    const stage = { tx, auth, actor: actorOf(auth, clientId, ctx.ip), entity, action, transition, params: transition ? params : body, scope };
    const out: unknown[] = [];
    for (const row of rows) {
      if (version !== null && ids.length === 1 && Number(row.version) !== version) throw new AppError('err.staleVersion');
      if (transition && entity.states && !transition.from.includes(String(row[entity.states.field])))
        throw new AppError('res.transitionNotAllowed', { params: { action: actionLabel } });
      const result = await transitionRow(stage, row);
      if (result !== undefined) out.push(result);
    }
    return out;
  });
  const after = await withTenant(ctx.db, clientId, (tx) => loadRows(tx, entity, clientId, ids, scope, false));
  return data.length ? { rows: after, data } : { rows: after };
}

// ---------------------------------------------------------------------------------------------
// history

function changeLabel(entity: EntityDef, field: string, language: Language): string {
  // An import's audit row names its job and sheet row ($job, $row) instead of the values.
  if (field.startsWith('$')) return translate(language, `audit.field.${field}`);
  const m = /^(\w+)\[#(\d+)\]\.(\w+)$/.exec(field);
  if (m) {
    const child = entity.children?.find((c) => c.key === m[1]);
    const childEntity = child ? requireEntity(child.entity) : null;
    const f = childEntity?.fields.find((x) => x.key === m[3]);
    return `${child ? labelIn(child.label, language) : m[1]} #${m[2]} ${f ? labelIn(f.label, language) : m[3]}`;
  }
  const f = entity.fields.find((x) => x.key === field);
  if (f) return labelIn(f.label, language);
  // A removal records the system columns too (created by, created at...).
  const system = systemColumn(field);
  return system ? labelIn(system.label, language) : field;
}

/**
 * A removed record's values as its removal recorded them (the old side of each change): its header
 * fields, and the system columns data permissions may name (a removal recorded before issue 28 has
 * none of them).
 */
function lastValues(removal: AuditRow): { values: Row; system: Partial<Record<RecordedSystemColumn, unknown>> } {
  const values: Row = {};
  const system: Partial<Record<RecordedSystemColumn, unknown>> = {};
  for (const c of removal.changes) {
    if (c.field.includes('[') || c.field.startsWith('$')) continue;
    if ((RECORDED_SYSTEM_COLUMNS as readonly string[]).includes(c.field)) system[c.field as RecordedSystemColumn] = c.old;
    else values[c.field] = c.old;
  }
  return { values, system };
}

/**
 * Whether a removed record falls outside the reader's data scope, judged by the values its removal
 * recorded. Where a rule names a system column the removal did not record (removals recorded
 * before issue 28), the record is refused: its value is unknown, and reading the reader's own id or
 * now() in its place let a user read records that had been refused to them while they existed.
 */
async function removedOutsideScope(ctx: ResourceContext, auth: AuthContext, clientId: number, tx: Db, entity: EntityDef, scope: RawBuilder<unknown>[], id: number, removal: AuditRow): Promise<boolean> {
  if (!scope.length) return false;
  const { values, system } = lastValues(removal);
  const lacking: string[] = RECORDED_SYSTEM_COLUMNS.filter((c) => !Object.prototype.hasOwnProperty.call(system, c));
  if (lacking.length && (await dataScopeFields(auth, entity.menuCode, ctx)).some((f) => lacking.includes(f))) return true;
  const w = writeContext(tx, actorOf(auth, clientId, ctx.ip), 'form', { scope });
  return (await outsideScope(w, entity, [{ id, values, system }])).size > 0;
}

/** The audit rows of one document (who, when, address, field, old, new), newest first. */
export async function documentHistory(ctx: ResourceContext, entity: EntityDef, idRaw: unknown) {
  const auth = tenantOf(ctx);
  const clientId = await assertCan(auth, entity.menuCode, 'read', ctx);
  const id = parseId(idRaw);
  if (id === null) throw notFound();
  const scope = await readScope(auth, entity, ctx);
  const rows = await withTenant(ctx.db, clientId, async (tx) => {
    // A record outside the tenant (or the data scope) has no history to show: the same 404 as view.
    // A removed record keeps its history, judged by the values it had when it was removed (its
    // fields and system columns, as its removal recorded them).
    const audit = await readAudit(tx, clientId, entity.name, id);
    const removal = audit.find((a) => a.action === 'remove');
    if (removal) {
      if (await removedOutsideScope(ctx, auth, clientId, tx, entity, scope, id, removal)) throw notFound();
    } else {
      const [row] = await loadRows(tx, entity, clientId, [id], scope, false);
      if (!row) throw notFound();
    }
    return audit;
  });
  return { rows: presentHistory(entity, rows, ctx.language) };
}

/** Audit rows as a history reads them: the action and each changed field named in the reader's language (a transition by its label). */
export function presentHistory<R extends { action: string; changes: Array<{ field: string }> }>(entity: EntityDef, rows: R[], language: Language) {
  const actionLabel = (a: string) => {
    const t = entity.states?.transitions.find((x) => x.action === a);
    return t ? labelIn(t.label, language) : translate(language, `audit.${a}`);
  };
  return rows.map((r) => ({ ...r, action_label: actionLabel(r.action), changes: r.changes.map((c) => ({ ...c, label: changeLabel(entity, c.field, language) })) }));
}

