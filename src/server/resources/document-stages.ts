import { sql, type RawBuilder } from 'kysely';
import { FIELD_TYPE_TABLE, getEntity, validateRecord, type EntityDef, type FieldDef, type MessageRef, type RecordValidation, type ValidateOptions } from '../../model';
import type { Db } from '../db/database';
import { AppError, type FieldError } from '../http/errors';
import { isJsonField, type Row } from './document-input';
import { filterSql, parseFilter } from './page-query';
import { isRefField, refTarget } from './references';
import { hooksOf, type WriteActor, type WriteSource } from './save-hooks';
import { loadTenantDictionaries, type TenantDictionaries } from '../kernel/dictionaries/tenant-dictionaries';

/**
 * The stages of the document writer that every write runs, whatever its source (a form save, an
 * import batch, a seed, a service): the rules are here once, and document-writer.ts (one document)
 * and the import (thousands per batch) call them in the same order:
 *
 *   stored state guard -> field rules and entity checks -> references -> entity hooks (validate)
 *   -> data scope of the result -> unique keys -> numbering -> write -> hooks (afterWrite) -> audit
 */
export type WriteContext = {
  tx: Db;
  actor: WriteActor;
  source: WriteSource;
  now: Date;
  /** Data-permission conditions on alias `t` (spec 6): rows the writer may touch, and produce. */
  scope: RawBuilder<unknown>[];
  /** Lives as long as the write (an import's whole file): hooks cache their lookups here. */
  memo: Map<string, unknown>;
  /** The company's own dictionary items, loaded on first need. */
  dictionaries: TenantDictionaries | null;
};

export function writeContext(tx: Db, actor: WriteActor, source: WriteSource, options: { scope?: RawBuilder<unknown>[]; now?: Date; memo?: Map<string, unknown> } = {}): WriteContext {
  return { tx, actor, source, now: options.now ?? new Date(), scope: options.scope ?? [], memo: options.memo ?? new Map(), dictionaries: null };
}

export async function tenantDictionaries(w: WriteContext): Promise<TenantDictionaries> {
  w.dictionaries ??= await loadTenantDictionaries(w.tx, w.actor.clientId);
  return w.dictionaries;
}

export const toFieldError = (m: MessageRef): FieldError => ({ key: m.key, params: m.params });

/** A record in a locked state (spec 4: frozen, published, ...) is neither saved nor removed. */
export function guardStoredState(entity: EntityDef, stored: Row): void {
  if (entity.states?.locked?.includes(String(stored[entity.states.field]))) throw new AppError('res.lockedState');
}

/**
 * Field rules and entity checks of one record (validateRecord, as the form runs them). A value
 * outside the system dictionary is checked again against the company's own items, which are loaded
 * only then: a write that uses system values only costs no extra query.
 */
export async function validateValues(w: WriteContext, entity: EntityDef, input: Row, options: ValidateOptions = {}): Promise<RecordValidation> {
  const first = validateRecord(entity, input, options);
  if (!Object.values(first.errors).some((e) => e.key === 'rule.notInDictionary')) return first;
  const own = await tenantDictionaries(w);
  return validateRecord(entity, input, { ...options, dictExtras: own.values });
}

/** A reference's declared `where` as conditions on its target row `t` (none: nothing added). */
export function refWhereSql(f: FieldDef): RawBuilder<unknown> {
  const target = f.ref?.where ? getEntity(f.ref.entity) : undefined;
  if (!target || !f.ref?.where) return sql``;
  return sql` and ${sql.join(Object.entries(f.ref.where).map(([k, v]) => filterSql(target, parseFilter(target, `f.${k}`, v))), sql` and `)}`;
}

/** References exist within the tenant (a code of another company is as unknown as a typo), among the rows their `where` allows and their `match` names. */
export async function checkReferences(tx: Db, clientId: number, entity: EntityDef, values: Row, prefix: string, errors: Record<string, FieldError>): Promise<void> {
  await checkFieldReferences(tx, clientId, entity.fields, values, prefix, errors);
}

/** The same check over any fields (a transition's parameters): each reference's error under its key. */
export async function checkFieldReferences(tx: Db, clientId: number, fields: readonly FieldDef[], values: Row, prefix: string, errors: Record<string, FieldError>): Promise<void> {
  for (const f of fields) {
    if (!isRefField(f) || errors[prefix + f.key]) continue;
    const v = values[f.key];
    if (v === null || v === undefined) continue;
    const target = refTarget(f);
    if (!target) continue;
    const matched = Object.entries(f.ref?.match ?? {}).map(([theirs, ours]) => sql` and ${sql.ref(`t.${theirs}`)} = ${values[ours] ?? null}`);
    const found = await sql`select 1 from ${sql.table(target.table)} t where t.id = ${v} and t.client_id = ${clientId}${sql.join(matched, sql``)}${refWhereSql(f)}`.execute(tx);
    if (!found.rows.length) errors[prefix + f.key] = { key: 'rule.referenceMissing' };
  }
}

/** Whether `candidateParent` is the record itself or one of its descendants (a tree cycle). */
export async function isDescendantOrSelf(tx: Db, entity: EntityDef, clientId: number, id: number, candidateParent: number): Promise<boolean> {
  if (candidateParent === id) return true;
  // Walk up from the candidate parent; meeting the record itself means the parent is its descendant.
  const parent = sql.id(entity.treeParent!);
  const r = await sql<{ id: number }>`
    with recursive up(id, parent, depth) as (
      select t.id, t.${parent}, 0 from ${sql.table(entity.table)} t where t.id = ${candidateParent} and t.client_id = ${clientId}
      union all
      select t.id, t.${parent}, up.depth + 1 from ${sql.table(entity.table)} t join up on t.id = up.parent where t.client_id = ${clientId} and up.depth < 1000
    ) select id from up where id = ${id} limit 1`.execute(tx);
  return r.rows.length > 0;
}

/**
 * The entity's own validate hooks for one document (save-hooks.ts). A hook adds field errors or
 * throws; the caller decides what a throw means (a form's reply, an import row's error).
 */
export async function runValidateHooks(w: WriteContext, entity: EntityDef, before: Row | null, values: Row, errors: Record<string, FieldError>, children?: Record<string, Row[]>): Promise<void> {
  for (const hook of hooksOf(entity)) {
    if (hook.validate) await hook.validate({ tx: w.tx, actor: w.actor, clientId: w.actor.clientId, entity, source: w.source, before, values, errors, memo: w.memo, children });
  }
}

/** The entity's afterWrite hooks for documents written together (all created, or all updated). */
export async function runAfterWriteHooks(w: WriteContext, entity: EntityDef, ids: number[], created: boolean): Promise<void> {
  if (!ids.length) return;
  for (const hook of hooksOf(entity)) {
    if (hook.afterWrite) await hook.afterWrite({ tx: w.tx, actor: w.actor, clientId: w.actor.clientId, entity, source: w.source, ids, created, memo: w.memo });
  }
}

/** Unique keys per tenant; a taken document number is spec 8's "order number already exists". Returns whether one was. */
export async function checkUniqueKeys(tx: Db, clientId: number, entity: EntityDef, id: number | null, values: Row, errors: Record<string, FieldError>): Promise<boolean> {
  let duplicateNumber = false;
  for (const f of entity.fields) {
    if (!(f.unique || f.key === entity.codeField) || errors[f.key]) continue;
    const v = values[f.key];
    if (v === null || v === undefined) continue;
    const taken = await sql<{ id: number }>`select t.id from ${sql.table(entity.table)} t where t.client_id = ${clientId} and ${sql.id('t', f.key)} = ${v}
      and t.id <> ${id ?? 0} limit 1`.execute(tx);
    if (!taken.rows.length) continue;
    if (entity.numbering?.field === f.key) {
      duplicateNumber = true;
      errors[f.key] = { key: 'err.duplicateNumber' };
    } else errors[f.key] = { key: 'rule.unique' };
  }
  return duplicateNumber;
}

/** A value as one element of a JSON batch row: jsonb fields as JSON, the rest as text. */
function batchElement(field: EntityDef['fields'][number], v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (isJsonField(field)) return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * The system columns a data permission may name besides `id` (the listable ones of
 * SYSTEM_COLUMN_TABLE): a removal records them, so the history of a removed record is judged by them.
 */
export const RECORDED_SYSTEM_COLUMNS = ['version', 'created_by', 'created_at', 'updated_by', 'updated_at'] as const;
export type RecordedSystemColumn = (typeof RECORDED_SYSTEM_COLUMNS)[number];
const SYSTEM_SQL_TYPE: Record<RecordedSystemColumn, string> = { version: 'integer', created_by: 'bigint', created_at: 'timestamptz', updated_by: 'bigint', updated_at: 'timestamptz' };

/**
 * Which of the given records would fall outside the writer's data scope once written (issue 20: a
 * user limited to grade-A vendors must not save a grade-B one, nor move one from A to C). The scope
 * is the same SQL the lists use, evaluated over the values about to be written, so it is refused
 * before anything is written. A record about to be written is the writer's, now: created and updated
 * by the writer at now(). A record that carries `system` (a removed record's values as its removal
 * recorded them, issue 28) is judged by those instead; a column it lacks reads null, so the caller
 * refuses beforehand where a rule names one. Returns the indexes of the records outside.
 */
export async function outsideScope(w: WriteContext, entity: EntityDef, records: Array<{ id: number | null; values: Row; system?: Partial<Record<RecordedSystemColumn, unknown>> }>): Promise<Set<number>> {
  if (!w.scope.length || !records.length) return new Set();
  const fields = entity.fields;
  const recorded = records.some((r) => r.system);
  const system = (r: (typeof records)[number]) => RECORDED_SYSTEM_COLUMNS.map((c) => (r.system?.[c] === undefined || r.system[c] === null ? null : String(r.system[c])));
  const rows = records.map((r, i) => [i, r.id, ...system(r), ...fields.map((f) => batchElement(f, r.values[f.key]))]);
  const first = 2 + RECORDED_SYSTEM_COLUMNS.length;
  const columns = fields.map((f, i) =>
    isJsonField(f) ? sql`(u.r->${sql.lit(i + first)}) as ${sql.id(f.key)}` : sql`(u.r->>${sql.lit(i + first)})::${sql.raw(FIELD_TYPE_TABLE[f.type].sqlType)} as ${sql.id(f.key)}`,
  );
  const a = w.actor;
  const systemColumns = recorded
    ? sql.join(RECORDED_SYSTEM_COLUMNS.map((c, i) => sql`(u.r->>${sql.lit(i + 2)})::${sql.raw(SYSTEM_SQL_TYPE[c])} as ${sql.id(c)}`))
    : sql`null::integer as version, ${a.userId}::bigint as created_by, now() as created_at, ${a.userId}::bigint as updated_by, now() as updated_at`;
  const r = await sql<{ k: number }>`select t.__k as k from (
      select (u.r->>0)::int as __k, (u.r->>1)::bigint as id, ${a.clientId}::bigint as client_id, ${systemColumns}, ${sql.join(columns)}
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as u(r)) t
    where not coalesce((${sql.join(w.scope, sql` and `)}), false)`.execute(w.tx);
  return new Set(r.rows.map((x) => Number(x.k)));
}
