import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { realtime } from '../../realtime';

/**
 * Background jobs (ARCHITECTURE "Runtime pieces": in process, rows in the `jobs` table, progress over
 * the socket). An import or a large export is one row: who started it, its kind, status, progress
 * and result. The browser follows it on the socket (`message` events of type `job`) and finds it
 * again in the import centre's history after leaving the page.
 *
 * Statuses: queued -> running -> checked (an import waiting for the user's commit) | done | failed.
 */
export type JobStatus = 'queued' | 'running' | 'checked' | 'done' | 'failed';
export type JobKind = 'import' | 'export';

export type JobRow = {
  id: number;
  client_id: number | null;
  user_id: number | null;
  kind: JobKind;
  status: JobStatus;
  title: string | null;
  progress: number;
  total: number;
  params: Record<string, unknown>;
  result: Record<string, unknown> | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
};

export type JobOwner = { clientId: number; userId: number };

function parseJson(v: unknown): Record<string, unknown> | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return JSON.parse(v) as Record<string, unknown>;
  return v as Record<string, unknown>;
}

function toJob(r: Record<string, unknown>): JobRow {
  return { ...(r as JobRow), params: parseJson(r.params) ?? {}, result: parseJson(r.result), progress: Number(r.progress), total: Number(r.total) };
}

export async function createJob(db: Db, owner: JobOwner, kind: JobKind, title: string, params: Record<string, unknown>): Promise<JobRow> {
  const r = await sql<Record<string, unknown>>`insert into jobs (client_id, user_id, kind, status, title, params)
    values (${owner.clientId}, ${owner.userId}, ${kind}, 'queued', ${title}, ${JSON.stringify(params)}::jsonb) returning *`.execute(db);
  return toJob(r.rows[0]);
}

/** A job of the caller's tenant (the SQL tenant filter), or null. */
export async function findJob(db: Db, clientId: number, id: number): Promise<JobRow | null> {
  const r = await sql<Record<string, unknown>>`select * from jobs where id = ${id} and client_id = ${clientId}`.execute(db);
  return r.rows[0] ? toJob(r.rows[0]) : null;
}

/** The history of the import centre: the user's own jobs, newest first. */
export async function listJobs(db: Db, owner: JobOwner, limit = 50, offset = 0): Promise<{ rows: JobRow[]; total: number }> {
  const rows = await sql<Record<string, unknown>>`select * from jobs where client_id = ${owner.clientId} and user_id = ${owner.userId}
    order by id desc limit ${limit} offset ${offset}`.execute(db);
  const total = await sql<{ n: number }>`select count(*)::int as n from jobs where client_id = ${owner.clientId} and user_id = ${owner.userId}`.execute(db);
  return { rows: rows.rows.map(toJob), total: total.rows[0].n };
}

export type JobEvent = { type: 'job'; id: number; kind: JobKind; status: JobStatus; progress: number; total: number; phase?: string; result?: Record<string, unknown> | null; error?: string | null };

/** Sends a job event to every socket of the user who started it (no-op without a socket server). */
export function emitJob(userId: number, event: JobEvent): void {
  realtime()?.io.to(`user:${userId}`).emit('message', event);
}

/**
 * Progress of a running job. `report` is synchronous: it updates memory, emits to the socket at
 * most every 200 ms, and persists the figure at most once a second WITHOUT awaiting it, because an
 * import reports from inside its one long transaction, and on PGlite (one connection) awaiting any
 * other statement there would deadlock. The writes queue on one chain so they stay in order and
 * `settle` waits for them before the final status is written.
 */
export class JobProgress {
  private lastEmit = 0;
  private lastWrite = 0;
  private chain: Promise<void> = Promise.resolve();
  progress = 0;
  total = 0;
  phase = '';

  constructor(
    private readonly db: Db,
    readonly job: JobRow,
  ) {}

  report(progress: number, total: number, phase = this.phase): void {
    this.progress = progress;
    this.total = total;
    this.phase = phase;
    const now = Date.now();
    if (now - this.lastEmit >= 200) {
      this.lastEmit = now;
      if (this.job.user_id) emitJob(this.job.user_id, { type: 'job', id: this.job.id, kind: this.job.kind, status: 'running', progress, total, phase });
    }
    if (now - this.lastWrite >= 1000) {
      this.lastWrite = now;
      const id = this.job.id;
      this.chain = this.chain.then(() =>
        sql`update jobs set progress = ${progress}, total = ${total}, updated_at = now() where id = ${id} and status = 'running'`.execute(this.db).then(
          () => undefined,
          () => undefined,
        ),
      );
    }
  }

  settle(): Promise<void> {
    return this.chain;
  }
}

export async function markRunning(db: Db, job: JobRow, phase: string): Promise<void> {
  await sql`update jobs set status = 'running', progress = 0, error = null, updated_at = now(),
    params = params || ${JSON.stringify({ phase })}::jsonb where id = ${job.id}`.execute(db);
  if (job.user_id) emitJob(job.user_id, { type: 'job', id: job.id, kind: job.kind, status: 'running', progress: 0, total: 0, phase });
}

export async function finishJob(db: Db, job: JobRow, status: Exclude<JobStatus, 'queued' | 'running'>, result: Record<string, unknown> | null, error: string | null, progress?: { progress: number; total: number }): Promise<void> {
  const p = progress ?? { progress: 0, total: 0 };
  await sql`update jobs set status = ${status}, result = ${result === null ? null : JSON.stringify(result)}::jsonb, error = ${error},
    progress = ${p.progress}, total = ${p.total}, updated_at = now(),
    finished_at = case when ${status} = 'checked' then null else now() end where id = ${job.id}`.execute(db);
  if (job.user_id) emitJob(job.user_id, { type: 'job', id: job.id, kind: job.kind, status, progress: p.progress, total: p.total, result, error });
}

/**
 * Marks the in-process jobs (imports: `runner = false`) that were queued or running when their
 * process stopped as failed ('job.interrupted'). main.ts calls it at start-up, then undoes what such
 * an import wrote batch by batch on the embedded database (import-journal.ts `recoverImportRuns`; on
 * PostgreSQL it wrote in one transaction), so a killed import leaves no rows; this makes its history say so.
 *
 * Jobs of the job runner (`runner = true`) are never failed here: another process takes them over
 * when their lease runs out (runner.ts). With several app processes on one database (REDIS_URL set)
 * main.ts passes `staleSeconds`, so a starting process fails only in-process jobs that have not
 * reported progress for that long, not the import another live process is running.
 */
export async function failInterruptedJobs(db: Db, options: { staleSeconds?: number } = {}): Promise<number> {
  const stale = options.staleSeconds ?? 0;
  const r = await sql`update jobs set status = 'failed', error = 'job.interrupted', finished_at = now(), updated_at = now()
    where status in ('queued', 'running') and not runner
      and updated_at <= now() - make_interval(secs => ${stale}::double precision)`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/** Runs a job's work after the reply has gone; a crash of the work becomes a failed job, never a crashed server. */
export function runDetached(work: () => Promise<void>, onCrash: (error: unknown) => Promise<void>): void {
  setImmediate(() => {
    work().catch((error: unknown) => onCrash(error).catch(() => undefined));
  });
}
