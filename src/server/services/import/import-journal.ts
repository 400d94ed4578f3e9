import { sql } from 'kysely';
import { getEntity, type EntityDef } from '../../../model';
import { hasOneConnection, type Db } from '../../db/database';
import { childEntities } from '../../resources/document-read';
import { runAfterWriteHooks, writeContext } from '../../resources/document-stages';
import { hooksOf, type WriteActor } from '../../resources/save-hooks';
import type { ChildOf } from './import-sql';
import { AppError } from '../../http/errors';
import { withSystemScope, withTenant } from '../../kernel/rls';

/**
 * The undo journal of an import that commits batch by batch (issue 19).
 *
 * PGlite is one connection: an import written in ONE transaction held it from the first row to the
 * last, and every sign-in and list of every user waited for the whole write (30,000 rows: 1.2 s on
 * a quiet machine, 3-10 s under load). So on the embedded database a write commits each batch in
 * its own short transaction and users' requests take the connection in between (pglite-dialect.ts
 * lets them go first). What made the write all-or-nothing is kept by this journal instead
 * (migration 20261127_1100):
 *
 * - `start`: where the company's audit log stood when the run began (`record_id`);
 * - `insert`: the documents one statement of the run inserted (`ids`);
 * - `update`: a stored document the run updated, as it was (`before`: the whole row), noted in the
 *   batch's transaction before the update;
 * - `lines`: each collection of lines of that stored document, as it was (`before`: the rows), noted
 *   with it, so lines the sheet or an entity hook changes later in the run are covered too.
 *
 * `undoImportRun` puts the company's data back, as far as nobody else has built on it meanwhile:
 * - a stored document whose version is still the one the run wrote gets its whole row and every
 *   collection of lines back; one that somebody saved after the run's batch keeps their save;
 * - a document the run inserted is removed with its lines, unless somebody else changed it since
 *   (an audit row of another user) or an entity's `beforeRemove` hook refuses (a plan given bars,
 *   a document in an approval flow): those are kept, counted and reported;
 * - the audit rows the run wrote about the documents it put back or removed go too, as they would
 *   with a rolled-back transaction.
 * The entity's hooks run as on every write: after-write hooks on the restored documents (values
 * derived on other records follow), before- and after-remove hooks on the removed ones.
 *
 * A run that ends well deletes its journal (`forgetImportRun`); a failed one is undone at once; one
 * whose process died is undone when the process starts again, before it answers a request
 * (`recoverImportRuns`; on the embedded database whatever its job's status), when the runner takes
 * its job over (the same run id), or when the runner gives the job up.
 *
 * What differs from one transaction, and is accepted for the embedded database: while the import
 * runs, other users see the batches written so far; numbers an undone run took from a numbering rule
 * are not given back (a gap, as a sequence leaves); rows an entity hook wrote into tables that are
 * not the document's own lines (a style cost's earlier versions marked superseded) stay as the hook
 * left them.
 */

export type ImportJournal = { clientId: number; runId: number; entity: string };
/** What an undo did: documents removed, stored documents put back, and documents it had to keep. */
export type UndoResult = { removed: number; restored: number; kept: number };

const tbl = (entity: EntityDef) => sql.table(entity.table);
const NOTHING: UndoResult = { removed: 0, restored: 0, kept: 0 };

/** The run's first journal row: where the company's audit log stands now. */
export async function startImportRun(tx: Db, j: ImportJournal): Promise<void> {
  await sql`insert into import_journal (client_id, run_id, kind, entity, record_id)
    select ${j.clientId}, ${j.runId}, 'start', ${j.entity}, coalesce(max(id), 0) from audit_log where client_id = ${j.clientId}`.execute(tx);
}

/** Notes the stored rows of `ids` and every collection of their lines as they are, before the run updates them. */
export async function journalUpdates(tx: Db, j: ImportJournal, entity: EntityDef, children: ChildOf[], ids: number[]): Promise<void> {
  if (!ids.length) return;
  await sql`insert into import_journal (client_id, run_id, kind, entity, record_id, before)
    select ${j.clientId}, ${j.runId}, 'update', ${j.entity}, t.id, to_jsonb(t) from ${tbl(entity)} t
    where t.client_id = ${j.clientId} and t.id = any(${ids}::bigint[])`.execute(tx);
  for (const child of children) {
    await sql`insert into import_journal (client_id, run_id, kind, entity, record_id, child_key, before)
      select ${j.clientId}, ${j.runId}, 'lines', ${j.entity}, p.id, ${child.key},
        coalesce((select jsonb_agg(to_jsonb(c) order by c.id) from ${tbl(child.entity)} c where c.client_id = ${j.clientId} and ${sql.ref(`c.${child.foreignKey}`)} = p.id), '[]'::jsonb)
      from unnest(${ids}::bigint[]) as p(id)`.execute(tx);
  }
}

/** A run that ended well: its journal is no longer needed. */
export async function forgetImportRun(tx: Db, clientId: number, runId: number): Promise<void> {
  await sql`delete from import_journal where client_id = ${clientId} and run_id = ${runId}`.execute(tx);
}

/** The table's columns a restore writes back: all but the id, the company and the version counter. */
async function restorableColumns(tx: Db, table: string): Promise<string[]> {
  const r = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(tx);
  return r.rows.map((x) => x.name).filter((c) => c !== 'id' && c !== 'client_id' && c !== 'version');
}

/**
 * Runs `work` inside a savepoint of `tx`: an AppError it throws (a hook's refusal) rolls back only
 * its own statements and is returned; anything else is thrown on.
 */
async function refusalOf(tx: Db, work: () => Promise<void>): Promise<AppError | null> {
  await sql`savepoint import_undo`.execute(tx);
  try {
    await work();
    await sql`release savepoint import_undo`.execute(tx);
    return null;
  } catch (error) {
    await sql`rollback to savepoint import_undo`.execute(tx);
    if (error instanceof AppError) return error;
    throw error;
  }
}

/**
 * Puts back what an import run wrote, from its journal, in the caller's transaction (one for the
 * whole undo: it is all or nothing itself). See the module's comment for what is kept.
 */
export async function undoImportRun(tx: Db, clientId: number, runId: number, actor: WriteActor): Promise<UndoResult> {
  const head = await sql<{ entity: string; mark: number | null }>`select entity, (select max(record_id) from import_journal
      where client_id = ${clientId} and run_id = ${runId} and kind = 'start') as mark
    from import_journal where client_id = ${clientId} and run_id = ${runId} limit 1`.execute(tx);
  if (!head.rows.length) return NOTHING;
  const entity = getEntity(head.rows[0].entity);
  if (!entity) throw new Error(`import journal of run ${runId} names an unknown entity "${head.rows[0].entity}"`);
  const mark = Number(head.rows[0].mark ?? 0);
  const run = sql`j.client_id = ${clientId} and j.run_id = ${runId}`;
  const w = writeContext(tx, actor, 'import');

  // 1. Stored documents the run updated, where its version is still the stored one.
  const noted = await sql<{ id: number; current: boolean }>`select j.record_id as id, (t.version = (j.before->>'version')::int + 1) as current
    from import_journal j join ${tbl(entity)} t on t.client_id = ${clientId} and t.id = j.record_id
    where ${run} and j.kind = 'update'`.execute(tx);
  const restored = noted.rows.filter((r) => r.current).map((r) => Number(r.id));
  let kept = noted.rows.length - restored.length;
  if (restored.length) {
    for (const c of childEntities(entity)) {
      await sql`delete from ${tbl(c.entity)} where client_id = ${clientId} and ${sql.ref(c.def.foreignKey)} = any(${restored}::bigint[])`.execute(tx);
      await sql`insert into ${tbl(c.entity)} select r.* from import_journal j, jsonb_populate_recordset(null::${tbl(c.entity)}, j.before) r
        where ${run} and j.kind = 'lines' and j.child_key = ${c.def.key} and j.record_id = any(${restored}::bigint[])`.execute(tx);
    }
    const columns = await restorableColumns(tx, entity.table);
    await sql`update ${tbl(entity)} t set ${sql.join(columns.map((k) => sql`${sql.id(k)} = b.${sql.id(k)}`))}, version = t.version + 1
      from import_journal j, jsonb_populate_record(null::${tbl(entity)}, j.before) b
      where ${run} and j.kind = 'update' and t.client_id = ${clientId} and t.id = j.record_id and t.id = any(${restored}::bigint[])`.execute(tx);
    await runAfterWriteHooks(w, entity, restored, false);
  }

  // 2. Documents the run inserted: removed, but for those somebody else changed or a hook refuses to let go.
  const inserted = await sql<{ id: number }>`select unnest(j.ids) as id from import_journal j where ${run} and j.kind = 'insert'`.execute(tx);
  let ids = inserted.rows.map((r) => Number(r.id));
  const changed = ids.length
    ? await sql<{ id: number }>`select distinct record_id as id from audit_log where client_id = ${clientId} and entity = ${entity.name} and id > ${mark}
        and record_id = any(${ids}::bigint[]) and user_id is distinct from ${actor.userId}`.execute(tx)
    : { rows: [] };
  const othersChanged = new Set(changed.rows.map((r) => Number(r.id)));
  ids = ids.filter((id) => !othersChanged.has(id));
  kept += othersChanged.size;
  const hooks = hooksOf(entity);
  let rows: Record<string, unknown>[] = [];
  if (ids.length && hooks.some((h) => h.beforeRemove || h.afterRemove)) {
    rows = (await sql<Record<string, unknown>>`select * from ${tbl(entity)} where client_id = ${clientId} and id = any(${ids}::bigint[])`.execute(tx)).rows;
    const beforeRemove = async (list: Record<string, unknown>[]) => {
      for (const h of hooks) await h.beforeRemove?.({ tx, actor, clientId, entity, rows: list });
    };
    if (await refusalOf(tx, () => beforeRemove(rows))) {
      // One refuses: ask document by document, and keep those refused.
      const allowed: Record<string, unknown>[] = [];
      for (const row of rows) if (!(await refusalOf(tx, () => beforeRemove([row])))) allowed.push(row);
      kept += rows.length - allowed.length;
      rows = allowed;
      ids = allowed.map((r) => Number(r.id));
    }
  }
  if (ids.length) {
    for (const c of childEntities(entity)) {
      await sql`delete from ${tbl(c.entity)} where client_id = ${clientId} and ${sql.ref(c.def.foreignKey)} = any(${ids}::bigint[])`.execute(tx);
    }
    await sql`delete from ${tbl(entity)} where client_id = ${clientId} and id = any(${ids}::bigint[])`.execute(tx);
    for (const h of hooks) await h.afterRemove?.({ tx, actor, clientId, entity, rows });
  }

  // 3. The run's audit rows about what was put back or removed, then the journal itself.
  const undone = [...restored, ...ids];
  if (undone.length) {
    await sql`delete from audit_log where client_id = ${clientId} and entity = ${entity.name} and id > ${mark} and user_id = ${actor.userId}
      and record_id = any(${undone}::bigint[])`.execute(tx);
  }
  await forgetImportRun(tx, clientId, runId);
  return { removed: ids.length, restored: restored.length, kept };
}

/**
 * At start-up, before the server answers its first request (main.ts awaits it before `listen`):
 * undoes every run whose journal is left and whose process died. On the embedded database the
 * starting process is the only one (it owns the data directory), so every run left is dead, whatever
 * its job says: also the run of a job the runner still holds (status running, its lease not yet run
 * out), whose batches users would otherwise see until the runner takes the job over; that attempt
 * then finds nothing of the dead one to undo and imports afresh. On PostgreSQL another live process
 * may be writing a run: only runs whose job is neither queued nor running are undone there (the
 * runner's next attempt undoes the others, same run id). Returns the runs undone.
 */
export async function recoverImportRuns(
  db: Db,
  log: (message: string, extra: Record<string, unknown>) => void = () => undefined,
  options: { everyRun?: boolean } = {},
): Promise<number> {
  const everyRun = options.everyRun ?? hasOneConnection(db);
  const dead = everyRun ? sql`true` : sql`jb.id is null or jb.status not in ('queued', 'running')`;
  const runs = await withSystemScope(db, (tx) =>
    sql<{ client_id: number; run_id: number; user_id: number | null }>`select distinct j.client_id, j.run_id, jb.user_id from import_journal j
      left join jobs jb on jb.id = j.run_id
      where ${dead}`.execute(tx),
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
