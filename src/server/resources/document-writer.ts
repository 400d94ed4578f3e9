import { sql } from 'kysely';
import type { EntityDef } from '../../model';
import { AppError, notFound, type FieldError } from '../http/errors';
import { diffRecords, writeAudit, type AuditChange } from '../kernel/audit/audit.service';
import { nextNumber } from '../kernel/sequence/sequence.service';
import { childRows, parseId, pickFields, withDefaults, type Row } from './document-input';
import { childEntities, col, loadChildren, loadRows, storedDocument, storeOf, tbl, valueParam, type JsonDocumentStore } from './document-read';
import {
  checkReferences,
  checkUniqueKeys,
  guardStoredState,
  isDescendantOrSelf,
  outsideScope,
  runAfterWriteHooks,
  runValidateHooks,
  toFieldError,
  validateValues,
  type WriteContext,
} from './document-stages';

/**
 * The document writer: one master-detail document created or updated through every stage of
 * document-stages.ts, inside the caller's transaction. The form save (saveDocument), seeds and the
 * services of modules call it; the import runs the same stages in batch mode.
 *
 * Example:
 * ```ts
 * await withTenant(db, clientId, (tx) => writeDocument(writeContext(tx, actor, 'service'), requireEntity('vendor'), { body: { name: 'Mill' } }));
 * ```
 */
export type DocumentWrite = {
  /** The stored document to update (null: create). */
  id?: number | null;
  /** The version the update was read at (required with an id). */
  version?: number | null;
  /** Field values and child collections (JSON lists or JSON text), as a form body carries them. */
  body: Row;
};

type ChildPlan = { key: string; entity: EntityDef; foreignKey: string; rows: Array<{ id: number | null; values: Row }> | undefined };

export async function writeDocument(w: WriteContext, entity: EntityDef, write: DocumentWrite): Promise<number> {
  const id = write.id ?? null;
  if (id !== null && (write.version === null || write.version === undefined || !Number.isSafeInteger(write.version)))
    throw new AppError('err.validation', { fields: { version: { key: 'rule.required' } } });
  const bodyChildren = new Map(childEntities(entity).map((c) => [c.def.key, childRows(write.body[c.def.key], c.def.key)]));
  // Where the fields live when they are not the table's columns: the JSON document store its table registered (document-read.ts).
  const store = storeOf(entity);
  const before = id !== null ? await storedForUpdate(w, entity, id, write.version as number) : null;

  // An update merges the body over the stored row, so the checks always see the whole document.
  const locked = new Set(store?.lockedFor?.(w.actor.roles) ?? []);
  const given = pickFields(entity, locked.size ? Object.fromEntries(Object.entries(write.body).filter(([k]) => !locked.has(k))) : write.body, true);
  const merged = before ? { ...pickFields(entity, before, false), ...given } : withDefaults(entity, given, w.now, w.actor);
  const numbering = entity.numbering;
  const prepared = store?.prepare ? store.prepare(merged) : merged;
  const header = await validateValues(w, entity, prepared, { skipRequired: numbering ? [numbering.field] : [] });
  const errors: Record<string, FieldError> = {};
  for (const [k, m] of Object.entries(header.errors)) errors[k] = toFieldError(m);
  store?.check?.(prepared, errors, w.actor.roles);
  const values = header.values;
  if (numbering && before && (values[numbering.field] === null || values[numbering.field] === undefined)) values[numbering.field] = before[numbering.field];

  const plans = await planChildren(w, entity, before, bodyChildren, errors);
  await checkDocument(w, entity, before, values, plans, errors);
  if (numbering && !before && (values[numbering.field] === null || values[numbering.field] === undefined)) values[numbering.field] = await freeNumber(w, entity);

  const after = store ? await writeStored(w, entity, store, before, values) : await writeHeader(w, entity, before, values, write.version ?? null);
  const docId = Number(after.id);
  const changes: AuditChange[] = diffRecords(entity.fields.map((f) => f.key), before, after);
  for (const p of plans) changes.push(...(await writeChildren(w, p, docId, before !== null)));
  await runAfterWriteHooks(w, entity, [docId], !before);
  const a = w.actor;
  if (!before || changes.length) await writeAudit(w.tx, { clientId: a.clientId, userId: a.userId, username: a.username, ip: a.ip }, entity.name, docId, before ? 'update' : 'create', changes);
  return docId;
}

/** The stored row an update changes: locked for the transaction, within scope, at the version read, not in a locked state. */
async function storedForUpdate(w: WriteContext, entity: EntityDef, id: number, version: number): Promise<Row> {
  const [before] = await loadRows(w.tx, entity, w.actor.clientId, [id], w.scope, true);
  if (!before) throw notFound();
  if (Number(before.version) !== version) throw new AppError('err.staleVersion');
  guardStoredState(entity, before);
  return before;
}

/** The row of a JSON document store inserted or updated (`version + 1`), read back as `storedDocument`. */
async function writeStored(w: WriteContext, entity: EntityDef, store: JsonDocumentStore, before: Row | null, values: Row): Promise<Row> {
  const { clientId, userId } = w.actor;
  const json = sql`${JSON.stringify(Object.fromEntries(store.keys.map((k) => [k, values[k] ?? null])))}::jsonb`;
  const set = Object.entries(store.columns);
  const r = before
    ? await sql<Row>`update ${tbl(entity)} set ${sql.id(store.column)} = coalesce(${sql.id(store.column)}, '{}'::jsonb) || ${json}, ${sql.join(set.map(([k, v]) => sql`${sql.id(k)} = ${v}`))},
        version = version + 1, updated_by = ${userId}, updated_at = now() where id = ${Number(before.id)} and client_id = ${clientId} and version = ${Number(before.version)} returning *`.execute(w.tx)
    : await sql<Row>`insert into ${tbl(entity)} (client_id, created_by, updated_by, ${sql.join(set.map(([k]) => sql.id(k)))}, ${sql.id(store.column)})
        values (${clientId}, ${userId}, ${userId}, ${sql.join(set.map(([, v]) => sql`${v}`))}, ${json}) returning *`.execute(w.tx);
  if (!r.rows.length) throw new AppError('err.staleVersion');
  return storedDocument(store, r.rows[0]);
}

/** Child rows validated one by one, errors keyed `lines[3].qty` (spec 8: a rules table gets per-row errors). */
async function planChildren(w: WriteContext, entity: EntityDef, before: Row | null, bodyChildren: Map<string, Row[] | undefined>, errors: Record<string, FieldError>): Promise<ChildPlan[]> {
  const plans: ChildPlan[] = [];
  for (const c of childEntities(entity)) {
    const rows = bodyChildren.get(c.def.key);
    const plan: ChildPlan = { key: c.def.key, entity: c.entity, foreignKey: c.def.foreignKey, rows: undefined };
    plans.push(plan);
    if (!rows) continue;
    const stored = before ? await loadChildren(w.tx, c.entity, c.def.foreignKey, w.actor.clientId, [Number(before.id)], false) : [];
    const storedById = new Map(stored.map((r) => [Number(r.id), r]));
    plan.rows = [];
    for (const [i, raw] of rows.entries()) {
      const given = raw.id !== undefined && raw.id !== null && raw.id !== '';
      const childId = given ? parseId(raw.id) : null;
      const storedRow = childId ? storedById.get(childId) : undefined;
      // An id that is not a row of this document (another document's, another tenant's) is refused.
      if (given && !storedRow) {
        errors[`${c.def.key}[${i}].id`] = { key: 'res.childRowMissing' };
        continue;
      }
      const givenRow = pickFields(c.entity, raw, true);
      const mergedRow = storedRow ? { ...pickFields(c.entity, storedRow, false), ...givenRow } : withDefaults(c.entity, givenRow, w.now, w.actor);
      const v = await validateValues(w, c.entity, mergedRow);
      for (const [k, m] of Object.entries(v.errors)) errors[`${c.def.key}[${i}].${k}`] = toFieldError(m);
      plan.rows.push({ id: childId, values: v.values });
    }
  }
  return plans;
}

/**
 * References, tree cycles, the entity's hooks, the data scope of the result and unique keys; throws
 * the validation error with every field's message, or 11001 for a taken document number alone.
 */
async function checkDocument(w: WriteContext, entity: EntityDef, before: Row | null, values: Row, plans: ChildPlan[], errors: Record<string, FieldError>): Promise<void> {
  const clientId = w.actor.clientId;
  const id = before ? Number(before.id) : null;
  await checkReferences(w.tx, clientId, entity, values, '', errors);
  for (const p of plans) for (const [i, r] of (p.rows ?? []).entries()) await checkReferences(w.tx, clientId, p.entity, r.values, `${p.key}[${i}].`, errors);
  if (entity.treeParent && id && values[entity.treeParent] && !errors[entity.treeParent]) {
    if (await isDescendantOrSelf(w.tx, entity, clientId, id, Number(values[entity.treeParent]))) errors[entity.treeParent] = { key: 'res.treeCycle' };
  }
  const children = Object.fromEntries(plans.filter((p) => p.rows).map((p) => [p.key, p.rows!.map((r) => r.values)]));
  await runValidateHooks(w, entity, before, values, errors, children);
  // The result as stored: a new record starts in the machine's initial state (a user held to drafts may create one).
  const stored = !before && entity.states && values[entity.states.field] == null ? { ...values, [entity.states.field]: entity.states.initial } : values;
  if (!Object.keys(errors).length && (await outsideScope(w, entity, [{ id, values: stored }])).size) throw new AppError('res.outOfScope');
  const duplicateNumber = await checkUniqueKeys(w.tx, clientId, entity, id, values, errors);
  if (!Object.keys(errors).length) return;
  if (duplicateNumber && Object.keys(errors).length === 1) throw new AppError('err.duplicateNumber', { fields: errors });
  throw new AppError('err.validation', { fields: errors });
}

/** The next free number: skips a value someone typed by hand earlier (bounded, then the unique index decides). */
async function freeNumber(w: WriteContext, entity: EntityDef): Promise<string> {
  const numbering = entity.numbering!;
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = await nextNumber(w.tx, w.actor.clientId, entity.name, numbering, w.now);
    const taken = await sql`select 1 from ${tbl(entity)} t where t.client_id = ${w.actor.clientId} and ${col(numbering.field)} = ${candidate} limit 1`.execute(w.tx);
    if (!taken.rows.length) return candidate;
  }
  throw new AppError('err.duplicateNumber');
}

/** Inserts or updates the header row (`version + 1` on update); a new row starts in the machine's initial state. */
async function writeHeader(w: WriteContext, entity: EntityDef, before: Row | null, values: Row, version: number | null): Promise<Row> {
  const { clientId, userId } = w.actor;
  // Read-only fields are never taken from a body (document-input drops them); one present in the
  // values was derived by the server, by a validate hook (a partner's platform company name).
  const writable = entity.fields.filter((f) => !f.readonly || Object.prototype.hasOwnProperty.call(values, f.key));
  if (before) {
    const sets = writable.map((f) => sql`${sql.id(f.key)} = ${valueParam(f, values[f.key])}`);
    const r = await sql<Row>`update ${tbl(entity)} set ${sql.join(sets)}, version = version + 1, updated_by = ${userId}, updated_at = now()
      where id = ${Number(before.id)} and client_id = ${clientId} and version = ${version} returning *`.execute(w.tx);
    if (!r.rows.length) throw new AppError('err.staleVersion');
    return r.rows[0];
  }
  const cols = [...writable];
  const vals = writable.map((f) => valueParam(f, values[f.key]));
  // A state field the entity leaves writable (its services set it, its save hook guards it) is
  // written like the others; a read-only one starts in the machine's initial state.
  if (entity.states && !writable.some((f) => f.key === entity.states!.field)) {
    cols.push(entity.fields.find((f) => f.key === entity.states!.field)!);
    vals.push(sql`${entity.states.initial}`);
  }
  const r = await sql<Row>`insert into ${tbl(entity)} (client_id, created_by, updated_by, ${sql.join(cols.map((f) => sql.id(f.key)))})
    values (${clientId}, ${userId}, ${userId}, ${sql.join(vals)}) returning *`.execute(w.tx);
  return r.rows[0];
}

/** One child collection: rows with an id updated (when changed), rows without inserted, stored rows missing deleted. */
async function writeChildren(w: WriteContext, p: ChildPlan, docId: number, update: boolean): Promise<AuditChange[]> {
  if (!p.rows) return [];
  const { clientId, userId } = w.actor;
  const changes: AuditChange[] = [];
  const stored = update ? await loadChildren(w.tx, p.entity, p.foreignKey, clientId, [docId], false) : [];
  const storedById = new Map(stored.map((r) => [Number(r.id), r]));
  const keep = new Set<number>();
  const childKeys = p.entity.fields.map((f) => f.key);
  const writable = p.entity.fields.filter((f) => !f.readonly);
  for (const r of p.rows) {
    if (r.id !== null) {
      keep.add(r.id);
      const old = storedById.get(r.id)!;
      const diff = diffRecords(childKeys, old, { ...old, ...r.values }, `${p.key}[#${r.id}].`);
      if (!diff.length) continue;
      await sql`update ${tbl(p.entity)} set ${sql.join(writable.map((f) => sql`${sql.id(f.key)} = ${valueParam(f, r.values[f.key])}`))},
        version = version + 1, updated_by = ${userId}, updated_at = now()
        where id = ${r.id} and client_id = ${clientId} and ${sql.id(p.foreignKey)} = ${docId}`.execute(w.tx);
      changes.push(...diff);
    } else {
      const ins = await sql<Row>`insert into ${tbl(p.entity)} (client_id, created_by, updated_by, ${sql.id(p.foreignKey)}, ${sql.join(writable.map((f) => sql.id(f.key)))})
        values (${clientId}, ${userId}, ${userId}, ${docId}, ${sql.join(writable.map((f) => valueParam(f, r.values[f.key])))}) returning *`.execute(w.tx);
      changes.push(...diffRecords(childKeys, null, ins.rows[0], `${p.key}[#${ins.rows[0].id}].`));
    }
  }
  const gone = stored.filter((r) => !keep.has(Number(r.id)));
  if (gone.length) {
    await sql`delete from ${tbl(p.entity)} where client_id = ${clientId} and ${sql.id(p.foreignKey)} = ${docId}
      and id in (${sql.join(gone.map((r) => sql`${Number(r.id)}`))})`.execute(w.tx);
    for (const g of gone) changes.push(...diffRecords(childKeys, g, null, `${p.key}[#${g.id}].`));
  }
  return changes;
}

/** A unique violation that slipped past the checks (two saves racing on PostgreSQL) becomes the field error. */
export function mapDbError(error: unknown, entity: EntityDef): unknown {
  if (error instanceof AppError) return error;
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e && e.code === '23505') {
    const field = entity.fields.find((f) => (e.constraint ?? e.message ?? '').includes(`${entity.table}_${f.key}_uq`));
    if (field && entity.numbering?.field === field.key) return new AppError('err.duplicateNumber', { fields: { [field.key]: { key: 'err.duplicateNumber' } } });
    if (field) return new AppError('err.validation', { fields: { [field.key]: { key: 'rule.unique' } } });
    // A unique index of no declared field (a child row's, a pair of columns): not a document number.
    return new AppError('err.duplicateRecord');
  }
  if (e && e.code === '40001') return new AppError('err.staleVersion');
  return error;
}
