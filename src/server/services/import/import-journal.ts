import { sql } from 'kysely';
import { getEntity, type EntityDef } from '../../../model';
import type { Db } from '../../db/database';
import { childEntities } from '../../resources/document-read';
import { runAfterWriteHooks, writeContext } from '../../resources/document-stages';
import { hooksOf, type WriteActor } from '../../resources/save-hooks';
import { withSystemScope, withTenant } from '../rls';

/**
 * The undo journal of an import that commits batch by batch (issue 19).
 *
 * PGlite is one connection: an import written in ONE transaction held it from the first row to the
 * last, and every sign-in and list of every user waited for the whole write (30,000 rows: 1.2 s on
 * a quiet machine, 3-10 s under load). So on the embedded database a write commits each batch in
 * its own short transaction and users' requests take the connection in between (pglite-dialect.ts
 * lets them go first). What made the write all-or-nothing is kept by this journal instead: each
 * batch notes, in its own transaction, what it changed (migration 20261128_0700):
 *
 * - `insert`: the documents one statement of the run inserted (`ids`; their lines, their import
 *   audit rows and what their `beforeRemove` hooks clean up go with them);
 * - `update`: a stored document the run updated, as it was (`before`: the whole row);
 * - `lines`: a stored document's lines of one collection, as they were, before the run replaced
 *   them or added to them (`before`: the rows as a JSON array);
 * - `audit`: an audit row the run wrote about a stored document.
 *
 * `undoImportRun` puts the table back: lines, then headers (only where the run's version is still
 * the stored one: an edit made after the import's batch wins), then the inserted documents are
 * removed. The entity's hooks run as on every write: after-write hooks on the restored documents,
 * before-remove hooks on the removed ones. A run that ends well deletes its journal
 * (`forgetImportRun`); a failed one is undone at once; one whose process died is undone when the
 * process starts again (`recoverImportRuns`) or when the runner takes its job over (the same run id).
 *
 * What differs from one transaction, and is accepted for the embedded database: while the import
 * runs, other users can see the batches written so far, and numbers an undone run took from a
 * numbering rule are not given back (a gap, as a sequence leaves).
 */

export type ImportJournal = { clientId: number; runId: number; entity: string };

const tbl = (entity: EntityDef) => sql.table(entity.table);

/** Notes the stored rows of `ids` as they are, before the run updates them. */
export async function journalUpdates(tx: Db, j: ImportJournal, entity: EntityDef, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await sql`insert into import_journal (client_id, run_id, kind, entity, record_id, before)
    select ${j.clientId}, ${j.runId}, 'update', ${j.entity}, t.id, to_jsonb(t) from ${tbl(entity)} t
    where t.client_id = ${j.clientId} and t.id = any(${ids}::bigint[])`.execute(tx);
}

/** Notes the lines of collection `childKey` of each stored document in `parentIds` as they are (none: an empty array). */
export async function journalLines(tx: Db, j: ImportJournal, child: { key: string; entity: EntityDef; foreignKey: string }, parentIds: number[]): Promise<void> {
  if (!parentIds.length) return;
  await sql`insert into import_journal (client_id, run_id, kind, entity, record_id, child_key, before)
    select ${j.clientId}, ${j.runId}, 'lines', ${j.entity}, p.id, ${child.key},
      coalesce((select jsonb_agg(to_jsonb(c) order by c.id) from ${tbl(child.entity)} c where c.client_id = ${j.clientId} and ${sql.ref(`c.${child.foreignKey}`)} = p.id), '[]'::jsonb)
    from unnest(${parentIds}::bigint[]) as p(id)`.execute(tx);
}

/** Whether the run left a journal (it wrote something and did not finish). */
export async function hasJournal(tx: Db, clientId: number, runId: number): Promise<boolean> {
  const r = await sql`select 1 from import_journal where client_id = ${clientId} and run_id = ${runId} limit 1`.execute(tx);
  return r.rows.length > 0;
}

/** A run that ended well: its journal is no longer needed. */
export async function forgetImportRun(tx: Db, clientId: number, runId: number): Promise<void> {
  await sql`delete from import_journal where client_id = ${clientId} and run_id = ${runId}`.execute(tx);
}

/**
 * Puts back what an import run wrote, from its journal, in the caller's transaction (one for the
 * whole undo: it is all or nothing itself). Returns how many documents were removed and restored.
 */
export async function undoImportRun(tx: Db, clientId: number, runId: number, actor: WriteActor): Promise<{ removed: number; restored: number }> {
  const head = await sql<{ entity: string }>`select entity from import_journal where client_id = ${clientId} and run_id = ${runId} limit 1`.execute(tx);
  if (!head.rows.length) return { removed: 0, restored: 0 };
  const entity = getEntity(head.rows[0].entity);
  if (!entity) throw new Error(`import journal of run ${runId} names an unknown entity "${head.rows[0].entity}"`);
  const run = sql`j.client_id = ${clientId} and j.run_id = ${runId}`;
  const w = writeContext(tx, actor, 'import');

  // 1. Lines of stored documents, as they were.
  for (const c of childEntities(entity)) {
    const fk = sql.ref(`c.${c.def.foreignKey}`);
    await sql`delete from ${tbl(c.entity)} c using import_journal j
      where ${run} and j.kind = 'lines' and j.child_key = ${c.def.key} and c.client_id = ${clientId} and ${fk} = j.record_id`.execute(tx);
    await sql`insert into ${tbl(c.entity)} select r.* from import_journal j, jsonb_populate_recordset(null::${tbl(c.entity)}, j.before) r
      where ${run} and j.kind = 'lines' and j.child_key = ${c.def.key}`.execute(tx);
  }

  // 2. Headers of stored documents, as they were, where the run's version is still the stored one.
  const fields = entity.fields.filter((f) => !f.readonly).map((f) => f.key);
  const restored = await sql<{ id: number }>`update ${tbl(entity)} t set ${sql.join(fields.map((k) => sql`${sql.id(k)} = b.${sql.id(k)}`))},
      updated_by = b.updated_by, updated_at = b.updated_at, version = t.version + 1
    from import_journal j, jsonb_populate_record(null::${tbl(entity)}, j.before) b
    where ${run} and j.kind = 'update' and t.client_id = ${clientId} and t.id = j.record_id and t.version = b.version + 1
    returning t.id`.execute(tx);
  const restoredIds = restored.rows.map((r) => Number(r.id));
  if (restoredIds.length) await runAfterWriteHooks(w, entity, restoredIds, false);

  // 3. Documents the run inserted: removed with their lines and their import audit rows.
  const inserted = await sql<{ id: number }>`select unnest(j.ids) as id from import_journal j where ${run} and j.kind = 'insert'`.execute(tx);
  const ids = inserted.rows.map((r) => Number(r.id));
  if (ids.length) {
    const removing = hooksOf(entity).filter((h) => h.beforeRemove);
    if (removing.length) {
      const rows = await sql<Record<string, unknown>>`select * from ${tbl(entity)} where client_id = ${clientId} and id = any(${ids}::bigint[])`.execute(tx);
      for (const h of removing) await h.beforeRemove!({ tx, actor, clientId, entity, rows: rows.rows });
    }
    for (const c of childEntities(entity)) {
      await sql`delete from ${tbl(c.entity)} where client_id = ${clientId} and ${sql.ref(c.def.foreignKey)} = any(${ids}::bigint[])`.execute(tx);
    }
    await sql`delete from audit_log where client_id = ${clientId} and entity = ${entity.name} and action = 'import' and record_id = any(${ids}::bigint[])`.execute(tx);
    await sql`delete from ${tbl(entity)} where client_id = ${clientId} and id = any(${ids}::bigint[])`.execute(tx);
  }

  // 4. Audit rows the run wrote about stored documents, then the journal itself.
  await sql`delete from audit_log a using import_journal j where ${run} and j.kind = 'audit' and a.client_id = ${clientId} and a.id = j.record_id`.execute(tx);
  await forgetImportRun(tx, clientId, runId);
  return { removed: ids.length, restored: restoredIds.length };
}

/**
 * At start-up: undoes every run whose journal is left and whose job is neither queued nor running
 * (its process died; the job was marked failed). A job the runner will take over undoes its own
 * run first (same run id), so it is left alone here. Returns the runs undone.
 */
export async function recoverImportRuns(db: Db, log: (message: string, extra: Record<string, unknown>) => void = () => undefined): Promise<number> {
  const runs = await withSystemScope(db, (tx) =>
    sql<{ client_id: number; run_id: number; user_id: number | null }>`select distinct j.client_id, j.run_id, jb.user_id from import_journal j
      left join jobs jb on jb.id = j.run_id
      where jb.id is null or jb.status not in ('queued', 'running')`.execute(tx),
  );
  let undone = 0;
  for (const r of runs.rows) {
    const clientId = Number(r.client_id);
    const runId = Number(r.run_id);
    const actor: WriteActor = { clientId, userId: Number(r.user_id ?? 0), username: '', fullname: '', ip: null, roles: [] };
    try {
      const result = await withTenant(db, clientId, (tx) => undoImportRun(tx, clientId, runId, actor));
      log('an interrupted import was undone', { clientId, runId, ...result });
      undone++;
    } catch (error) {
      log('an interrupted import could not be undone', { clientId, runId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return undone;
}

/**
 * Writing imports into one list of one company take turns (the second looks its keys up after the
 * first has finished, so an upsert of keys the first just created updates them). One transaction
 * did this with an advisory lock; a run of many transactions waits here, in the process that owns
 * the embedded database.
 */
const turns = new Map<string, Promise<void>>();

export async function takeImportTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = turns.get(key) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const queued = before.then(() => mine);
  turns.set(key, queued);
  await before;
  try {
    return await work();
  } finally {
    done();
    if (turns.get(key) === queued) turns.delete(key);
  }
}
