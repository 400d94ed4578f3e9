import { sql, type RawBuilder } from 'kysely';
import { allEntities, requireEntity, type EntityDef, type FieldDef } from '../../model';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { diffRecords, writeAudit, type AuditChange } from '../kernel/audit/audit.service';
import type { Row } from './document-input';
import { childEntities, tbl, valueParam } from './document-read';
import { RECORDED_SYSTEM_COLUMNS, writeContext, type WriteContext } from './document-stages';
import { checkInsertedReferences, type InsertedCheck } from './inserted-references';
import { derivedWritten, hooksOf, type WriteActor, type WriteSource } from './save-hooks';

/**
 * The record writer (issue 30): every insert, update and removal of a registry table that is not a
 * whole document from a form or an import batch goes through here: a service's state change, the
 * partner's copy of a shared document, a counter, a derived total, a line a service creates. The
 * whole-document path (`writeDocument`, the import's batches) runs the field rules and hooks of a
 * save; this one runs the stages every write needs whatever its source:
 *
 *   tenant (client_id of the writer, always) -> declared columns only -> version and stamps
 *   -> one statement for the whole set (single and bulk alike) -> afterWrite hooks -> audit
 *
 * Four kinds of write, named by what they are:
 * - `insertRecords`: new rows (stamped, the state machine's initial state when the rows give none),
 *   audited as `create`, afterWrite hooks with `created`;
 * - `updateRecords`: a change a user could see (a state, a quantity received, a partner's answer):
 *   `version + 1`, `updated_by`/`updated_at`, audited under the action's name, afterWrite hooks;
 * - `deriveRecords`: values derived from other rows (totals, counts, sequence numbers, labels): no
 *   version, no stamps, no audit and no hooks, because nobody changed the record: SQL recomputed it
 *   (the "aggregates" the layer test allows nowhere else);
 * - `removeRecords`: rows taken away, each audited with its values and system columns, as a remove.
 *
 * A target is ids (`[3, 4]`) or a condition over the table's alias `t` (`{ where: sql\`t.order_id =
 * ${id}\` }`), always within the writer's company. A value is a plain value (a parameter of its
 * column's type) or an SQL expression (`sql\`coalesce(t.received_qty, 0) + ${q}\``).
 *
 * Example:
 * ```ts
 * const w = serviceWrite(tx, { clientId, userId });
 * await updateRecords(w, 'purorder', [orderId], { status: 'dispatched' }, { audit: 'dispatch' });
 * await deriveRecords(w, 'purorder', [orderId], { total_qty: sql`(select coalesce(sum(l.qty), 0) from pur_order_line l where l.client_id = t.client_id and l.order_id = t.id)` });
 * ```
 */
export type EntityRef = string | EntityDef;
export type WriteTarget = readonly number[] | { where: RawBuilder<unknown>; from?: RawBuilder<unknown> };
export type WriteValues = Record<string, unknown>;

/** Who writes for a service: a user of the company, or the platform itself (user 0). */
export function serviceWrite(tx: Db, who: { clientId: number; userId?: number | null; username?: string; ip?: string | null }, source: WriteSource = 'service'): WriteContext {
  const actor: WriteActor = { clientId: who.clientId, userId: who.userId ?? 0, username: who.username ?? '', fullname: who.username ?? '', ip: who.ip ?? null, roles: [] };
  return writeContext(tx, actor, source);
}

const entityOf = (e: EntityRef): EntityDef => (typeof e === 'string' ? requireEntity(e) : e);

/** The user a row is stamped with: none (null) when the platform itself writes (user 0). */
const stampOf = (w: WriteContext): number | null => (w.actor.userId > 0 ? w.actor.userId : null);

/** Whether a value is an SQL expression (`sql\`now()\``) rather than a plain value. */
export function isSqlExpression(v: unknown): v is RawBuilder<unknown> {
  return !!v && typeof v === 'object' && (v as { isRawBuilder?: unknown }).isRawBuilder === true;
}

/** The parent keys of a child entity: the `foreignKey` of every collection that holds it (a line's `order_id`). */
const parentKeysCache = new WeakMap<EntityDef, Set<string>>();
function parentKeys(entity: EntityDef): Set<string> {
  const cached = parentKeysCache.get(entity);
  if (cached) return cached;
  const keys = new Set<string>();
  for (const e of allEntities()) for (const c of e.children ?? []) if (c.entity === entity.name) keys.add(c.foreignKey);
  parentKeysCache.set(entity, keys);
  return keys;
}

/**
 * A declared field of the entity, or a line's parent key (a service can write only what the registry
 * declares); null for a parent key, which is a plain id.
 */
function fieldOf(entity: EntityDef, key: string): FieldDef | null {
  const f = entity.fields.find((x) => x.key === key);
  if (f) return f;
  if (parentKeys(entity).has(key)) return null;
  throw new Error(`record writer: ${entity.name} has no field ${key}`);
}

function valueOf(entity: EntityDef, key: string, v: unknown): RawBuilder<unknown> {
  if (isSqlExpression(v)) return v;
  const f = fieldOf(entity, key);
  return f ? valueParam(f, v) : sql`${v === undefined ? null : v}`;
}

function targetCondition(w: WriteContext, target: WriteTarget): RawBuilder<unknown> {
  const tenant = sql`t.client_id = ${w.actor.clientId}`;
  if (Array.isArray(target)) {
    const ids = target as readonly number[];
    return sql`${tenant} and t.id in (${sql.join(ids.map((i) => sql`${i}`))})`;
  }
  return sql`${tenant} and (${(target as { where: RawBuilder<unknown> }).where})`;
}

const isEmptyTarget = (target: WriteTarget) => Array.isArray(target) && target.length === 0;
const fromOf = (target: WriteTarget) => (Array.isArray(target) ? undefined : (target as { from?: RawBuilder<unknown> }).from);

async function lockedRows(w: WriteContext, entity: EntityDef, target: WriteTarget): Promise<Row[]> {
  const from = fromOf(target);
  return (await sql<Row>`select t.* from ${tbl(entity)} t ${from ? sql`, ${from}` : sql``} where ${targetCondition(w, target)} order by t.id for update of t`.execute(w.tx)).rows;
}

async function afterWrite(w: WriteContext, entity: EntityDef, ids: number[], created: boolean): Promise<void> {
  if (!ids.length) return;
  const { tx, actor, source, memo } = w;
  for (const hook of hooksOf(entity)) await hook.afterWrite?.({ tx, actor, clientId: actor.clientId, entity, source, ids, created, memo });
}

async function audit(w: WriteContext, entity: EntityDef, id: number, action: string, changes: AuditChange[]): Promise<void> {
  const a = w.actor;
  await writeAudit(w.tx, { clientId: a.clientId, userId: a.userId, username: a.username, ip: a.ip }, entity.name, id, action, changes);
}

/** The audit rows of a bulk write, a few statements for thousands of records. */
async function auditMany(w: WriteContext, entity: EntityDef, action: string, entries: Array<{ id: number; changes: AuditChange[] }>): Promise<void> {
  const a = w.actor;
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500);
    await sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes) values ${sql.join(
      chunk.map((e) => sql`(${a.clientId}, ${entity.name}, ${e.id}, ${action}, ${stampOf(w)}, ${a.username || null}, ${a.ip}, ${JSON.stringify(e.changes)}::jsonb)`),
    )}`.execute(w.tx);
  }
}

/** `checked`: the rows' declared references are checked once stored, the whole write refused when one fails (inserted-references.ts). */
export type InsertOptions = { audit?: string | false; hooks?: boolean; checked?: InsertedCheck };

/** The stages after new rows are stored: the entity's afterWrite hooks (`created`), then their audit. */
async function afterInsert(w: WriteContext, entity: EntityDef, inserted: Row[], options: InsertOptions): Promise<Row[]> {
  if (options.checked) await checkInsertedReferences(w.tx, entity, inserted, options.checked);
  if (options.hooks !== false) await afterWrite(w, entity, inserted.map((r) => Number(r.id)), true);
  if (options.audit !== false) {
    const fields = entity.fields.map((f) => f.key);
    await auditMany(w, entity, options.audit ?? 'create', inserted.map((r) => ({ id: Number(r.id), changes: diffRecords(fields, null, r) })));
  }
  return inserted;
}

/** Rows of one INSERT statement: PostgreSQL takes at most 65,535 parameters in one. */
const INSERT_BLOCK = 500;

/**
 * New rows of one entity (one statement per block of 500 rows, so a service hands over thousands at
 * once: a suggestion's cells, a version's copied lines); the stored rows, in the order given. Hooks
 * and audit run once, over all of them.
 */
export async function insertRecords(w: WriteContext, entityRef: EntityRef, rows: readonly WriteValues[], options: InsertOptions = {}): Promise<Row[]> {
  if (!rows.length) return [];
  const entity = entityOf(entityRef);
  const clientId = w.actor.clientId;
  const userId = stampOf(w);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  for (const k of keys) fieldOf(entity, k);
  const state = entity.states && !keys.includes(entity.states.field) ? entity.states : null;
  const columns = [...keys, ...(state ? [state.field] : [])];
  const values = rows.map((r) => sql`(${clientId}, ${userId}, ${userId}, ${sql.join([...keys.map((k) => (r[k] === undefined ? sql`default` : valueOf(entity, k, r[k]))), ...(state ? [sql`${state.initial}`] : [])])})`);
  const inserted: Row[] = [];
  for (let i = 0; i < values.length; i += INSERT_BLOCK) {
    const block = values.slice(i, i + INSERT_BLOCK);
    const stored = await sql<Row>`insert into ${tbl(entity)} (client_id, created_by, updated_by, ${sql.join(columns.map((c) => sql.id(c)))})
      values ${sql.join(block)} returning *`.execute(w.tx);
    inserted.push(...stored.rows);
  }
  return afterInsert(w, entity, inserted, options);
}

/**
 * New rows from a query (a costing version's lines copied from the style's BOM, a statement's lines
 * gathered from both companies' records): `select` returns exactly `columns`, in that order; the
 * writer adds the company and the stamps, then hooks and audit as `insertRecords`. The query reads
 * within the writer's company itself (its own `client_id` conditions); the rows are the writer's
 * company's whatever it returns.
 */
export async function insertSelected(w: WriteContext, entityRef: EntityRef, columns: readonly string[], select: RawBuilder<unknown>, options: InsertOptions = {}): Promise<Row[]> {
  const entity = entityOf(entityRef);
  for (const c of columns) fieldOf(entity, c);
  const clientId = w.actor.clientId;
  const userId = stampOf(w);
  const state = entity.states && !columns.includes(entity.states.field) ? entity.states : null;
  const names = [...columns, ...(state ? [state.field] : [])].map((c) => sql.id(c));
  const picked = columns.map((c) => sql.ref(`s.${c}`));
  const inserted = (
    await sql<Row>`insert into ${tbl(entity)} (client_id, created_by, updated_by, ${sql.join(names)})
      select ${clientId}, ${userId}, ${userId}, ${sql.join([...picked, ...(state ? [sql`${state.initial}`] : [])])} from (${select}) s returning *`.execute(w.tx)
  ).rows;
  return afterInsert(w, entity, inserted, options);
}

export type UpdateOptions = {
  /** The audit's action name ('update' by default: a transition names its action). */
  audit?: string;
  /** afterWrite hooks of the entity (true by default). */
  hooks?: boolean;
  /** With one id: the version it was read at; another one is 409 staleVersion. */
  expectVersion?: number | null;
  /** The target's rows as the caller read them under `for update` in this transaction (not read again). */
  locked?: readonly Row[];
};

/**
 * A change a user could see, to the target's rows: declared fields only, `version + 1`, stamped,
 * audited field by field under `options.audit`, then the entity's afterWrite hooks. Returns the rows
 * as they are now.
 */
export async function updateRecords(w: WriteContext, entityRef: EntityRef, target: WriteTarget, set: WriteValues, options: UpdateOptions = {}): Promise<Row[]> {
  const entity = entityOf(entityRef);
  const keys = Object.keys(set);
  if (!keys.length || isEmptyTarget(target)) return [];
  const before = options.locked ?? (await lockedRows(w, entity, target));
  if (!before.length) return [];
  if (options.expectVersion !== undefined && options.expectVersion !== null && before.some((r) => Number(r.version) !== options.expectVersion)) throw new AppError('err.staleVersion');
  const sets = keys.map((k) => sql`${sql.id(k)} = ${valueOf(entity, k, set[k])}`);
  const ids = before.map((r) => Number(r.id));
  const from = fromOf(target);
  const after = (
    await sql<Row>`update ${tbl(entity)} as t set ${sql.join(sets)}, version = t.version + 1, updated_by = ${stampOf(w)}, updated_at = now()
      ${from ? sql`from ${from}` : sql``} where ${targetCondition(w, target)} and t.id in (${sql.join(ids.map((i) => sql`${i}`))}) returning t.*`.execute(w.tx)
  ).rows;
  const byId = new Map(before.map((r) => [Number(r.id), r]));
  if (options.hooks !== false) await afterWrite(w, entity, ids, false);
  await auditMany(w, entity, options.audit ?? 'update', after.map((r) => ({ id: Number(r.id), changes: diffRecords(keys, byId.get(Number(r.id)) ?? null, r) })));
  return after;
}

/**
 * Values SQL derives from other rows (a document's totals from its lines, a count, a line's
 * position): no version, no stamps, no audit, no hooks. Returns how many rows it set.
 */
export async function deriveRecords(w: WriteContext, entityRef: EntityRef, target: WriteTarget, set: WriteValues): Promise<number> {
  const entity = entityOf(entityRef);
  const keys = Object.keys(set);
  if (!keys.length || isEmptyTarget(target)) return 0;
  const sets = keys.map((k) => sql`${sql.id(k)} = ${valueOf(entity, k, set[k])}`);
  const from = fromOf(target);
  const r = await sql`update ${tbl(entity)} as t set ${sql.join(sets)} ${from ? sql`from ${from}` : sql``} where ${targetCondition(w, target)}`.execute(w.tx);
  const changed = Number(r.numAffectedRows ?? 0);
  if (changed) derivedWritten(w.tx, w.actor.clientId, entity.name);
  return changed;
}

/**
 * Rows derived from other rows, replaced as a set in one statement (a node plan counted back from
 * its orders' delivery dates, for thousands of orders at once, bench B9): the rows `remove` names
 * (a condition on the table's alias `t`, within the writer's company) are deleted and the rows
 * `select` returns (exactly `columns`, in that order) are inserted, stamped and the writer's
 * company's. One data-modifying statement, so every part sees the table as it was before the
 * delete: `select` may read the old rows (to keep what a user entered on them). `with` names the
 * common table expressions both may read (`target as (...), dated as (...)`). Like
 * `deriveRecords`: no version change, no hooks, no audit, since nobody changed a record: SQL
 * recomputed them. Returns `summary` (an aggregate over the inserted rows, alias `ins`) when given,
 * else the number of rows inserted.
 */
export async function replaceDerived<T extends Row = { inserted: number }>(
  w: WriteContext,
  entityRef: EntityRef,
  plan: { with?: RawBuilder<unknown>; remove: RawBuilder<unknown>; columns: readonly string[]; select: RawBuilder<unknown>; summary?: RawBuilder<unknown> },
): Promise<T> {
  const entity = entityOf(entityRef);
  for (const c of plan.columns) fieldOf(entity, c);
  const clientId = w.actor.clientId;
  const userId = stampOf(w);
  const names = plan.columns.map((c) => sql.id(c));
  const picked = plan.columns.map((c) => sql.ref(`s.${c}`));
  const summary = plan.summary ?? sql`count(*)::int as inserted`;
  const r = await sql<T>`with ${plan.with ? sql`${plan.with}, ` : sql``}old as (
      delete from ${tbl(entity)} t where t.client_id = ${clientId} and (${plan.remove}) returning 1
    ), ins as (
      insert into ${tbl(entity)} (client_id, created_by, updated_by, ${sql.join(names)})
      select ${clientId}, ${userId}, ${userId}, ${sql.join(picked)} from (${plan.select}) s returning *
    )
    select ${summary} from ins`.execute(w.tx);
  derivedWritten(w.tx, clientId, entity.name);
  return r.rows[0];
}

/** `note`: changes added to each removed row's audit (a transition's parameters: the reason a scan was undone). */
export type RemoveOptions = { audit?: string | false; hooks?: boolean; note?: AuditChange[] };

/**
 * Rows taken away (a service's own lines, a withdrawn share): each audited with its fields and the
 * system columns a data permission may name (as the generic remove records them), the entity's
 * beforeRemove and afterRemove hooks around it. Returns the removed rows.
 */
export async function removeRecords(w: WriteContext, entityRef: EntityRef, target: WriteTarget, options: RemoveOptions = {}): Promise<Row[]> {
  const entity = entityOf(entityRef);
  if (isEmptyTarget(target)) return [];
  const rows = await lockedRows(w, entity, target);
  if (!rows.length) return [];
  const { tx, actor } = w;
  const hooks = options.hooks === false ? [] : hooksOf(entity);
  for (const hook of hooks) await hook.beforeRemove?.({ tx, actor, clientId: actor.clientId, entity, rows });
  await sql`delete from ${tbl(entity)} as t where t.client_id = ${actor.clientId} and t.id in (${sql.join(rows.map((r) => sql`${Number(r.id)}`))})`.execute(tx);
  if (options.audit !== false) {
    const fields = entity.fields.map((f) => f.key);
    const entries = rows.map((r) => {
      const changes = diffRecords(fields, r, null);
      for (const c of RECORDED_SYSTEM_COLUMNS) changes.push({ field: c, old: r[c] ?? null, new: null });
      return { id: Number(r.id), changes: [...changes, ...(options.note ?? [])] };
    });
    await auditMany(w, entity, options.audit ?? 'remove', entries);
  }
  for (const hook of hooks) await hook.afterRemove?.({ tx, actor, clientId: actor.clientId, entity, rows });
  return rows;
}

/**
 * The generic remove's write (resource.service `removeDocuments`, after its checks): each document
 * with its child rows, one audit row per document naming every field, line and system column it had.
 */
export async function removeWholeDocuments(w: WriteContext, entity: EntityDef, rows: readonly Row[]): Promise<void> {
  const { tx, actor } = w;
  const clientId = actor.clientId;
  for (const row of rows) {
    const rid = Number(row.id);
    const changes = diffRecords(entity.fields.map((f) => f.key), row, null);
    // The system columns a data permission may name, null or not: the history of the removed
    // record is judged by them (issue 28), not by the reader's id and now().
    for (const c of RECORDED_SYSTEM_COLUMNS) changes.push({ field: c, old: row[c] ?? null, new: null });
    for (const c of childEntities(entity)) {
      const gone = await sql<Row>`delete from ${tbl(c.entity)} where client_id = ${clientId} and ${sql.id(c.def.foreignKey)} = ${rid} returning *`.execute(tx);
      for (const g of gone.rows) changes.push(...diffRecords(c.entity.fields.map((f) => f.key), g, null, `${c.def.key}[#${g.id}].`));
    }
    await sql`delete from ${tbl(entity)} where id = ${rid} and client_id = ${clientId}`.execute(tx);
    await audit(w, entity, rid, 'remove', changes);
  }
}
