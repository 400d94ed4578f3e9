import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { runAsBackground } from '../../db/pglite-dialect';
import { emitJob, JobProgress, type JobKind, type JobOwner, type JobRow, type JobStatus } from './jobs.service';

/**
 * The job runner (issue 15 "More than one process"). A job queued with `enqueueJob` is a row with
 * `runner = true`; every app process runs one runner that claims the oldest queued job with
 * `FOR UPDATE SKIP LOCKED` (two processes never claim the same row, and neither waits for the
 * other's lock), writes its worker name in `locked_by` and a lease in `lease_until`, and renews the
 * lease while the work runs (the heartbeat). A process that dies stops renewing: once the lease has
 * run out another runner claims the job again and does the work from the start (a job's work must
 * therefore be repeatable: an export rewrites its file). After MAX_ATTEMPTS claims the job fails
 * with `job.interrupted`. The final status is written only while the worker still holds the job,
 * so a process that lost its lease cannot overwrite the result of the one that took over.
 */

export type JobOutcome = {
  status: Exclude<JobStatus, 'queued' | 'running'>;
  result: Record<string, unknown> | null;
  error?: string | null;
  progress?: { progress: number; total: number };
};

export type JobContext = { db: Db; dataDir: string; progress: JobProgress; workerId: string };
export type JobHandler = (job: JobRow, ctx: JobContext) => Promise<JobOutcome>;

/**
 * A kind's work: `run`, the message of a failure, what to clean up when the runner gives a job up, and
 * what to load before the runner claims its first job (`prepare`).
 */
type HandlerEntry = { run: JobHandler; failure: string; abandon?: (db: Db, job: RunnerJobRow) => Promise<void>; prepare?: () => Promise<unknown> };
const handlers = new Map<string, HandlerEntry>();
const wakers = new Set<() => void>();
export const MAX_ATTEMPTS = 3;

/** Declares the work of one job kind (at module load, before a runner claims such a job). */
/**
 * Registers the work of a job kind. `abandon` runs when the runner gives a job up after its process
 * died MAX_ATTEMPTS times (an import undoes what its attempts wrote batch by batch). `prepare` loads
 * what the work needs (exceljs, loaded on first use): the runner awaits it once, when it first sees
 * work queued and before it claims any, so the loading never holds the event loop while a lease runs
 * (a renewal missed for it would let another process take the job over).
 */
export function registerJobHandler(kind: JobKind, handler: JobHandler, options: { failure?: string; abandon?: HandlerEntry['abandon']; prepare?: HandlerEntry['prepare'] } = {}): void {
  handlers.set(kind, { run: handler, failure: options.failure ?? 'job.failed', abandon: options.abandon, prepare: options.prepare });
}

function parseJson(v: unknown): Record<string, unknown> | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return JSON.parse(v) as Record<string, unknown>;
  return v as Record<string, unknown>;
}

export type RunnerJobRow = JobRow & { runner: boolean; locked_by: string | null; lease_until: string | null; attempts: number };

function toRow(r: Record<string, unknown>): RunnerJobRow {
  return { ...(r as RunnerJobRow), params: parseJson(r.params) ?? {}, result: parseJson(r.result), progress: Number(r.progress), total: Number(r.total), attempts: Number(r.attempts) };
}

/** Wakes this process's runners (a job was queued or handed to them). */
export function wakeRunners(): void {
  for (const wake of wakers) wake();
}

/** Queues a job for whichever process's runner claims it first; wakes this process's runner. */
export async function enqueueJob(db: Db, owner: JobOwner, kind: JobKind, title: string, params: Record<string, unknown>): Promise<RunnerJobRow> {
  const r = await sql<Record<string, unknown>>`insert into jobs (client_id, user_id, kind, status, title, params, runner)
    values (${owner.clientId}, ${owner.userId}, ${kind}, 'queued', ${title}, ${JSON.stringify(params)}::jsonb, true) returning *`.execute(db);
  wakeRunners();
  return toRow(r.rows[0]);
}

/**
 * Claims one job: the oldest queued runner job of a kind this process can run, or a running one
 * whose lease has run out (its process died). One statement; SKIP LOCKED passes over a row another
 * process is claiming at the same moment.
 */
export async function claimJob(db: Db, workerId: string, kinds: string[], leaseSeconds: number, except: number[] = []): Promise<RunnerJobRow | null> {
  if (!kinds.length) return null;
  // A job this process is running itself is never claimed again, even when its lease ran out while
  // the renewal waited (PGlite's one connection is held by a long import's transaction).
  const others = except.length ? sql`and id not in (${sql.join(except)})` : sql``;
  const r = await sql<Record<string, unknown>>`update jobs set status = 'running', locked_by = ${workerId},
      lease_until = now() + make_interval(secs => ${leaseSeconds}::double precision), attempts = attempts + 1, updated_at = now()
    where id = (
      select id from jobs
      where runner and kind in (${sql.join(kinds)})
        and (status = 'queued' or (status = 'running' and (lease_until is null or lease_until < now())))
        ${others}
      order by id
      limit 1
      for update skip locked
    )
    returning *`.execute(db);
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

/** Whether a job of these kinds waits to be claimed (the claim's own condition, without claiming). */
async function claimable(db: Db, kinds: string[]): Promise<boolean> {
  if (!kinds.length) return false;
  const r = await sql`select 1 from jobs where runner and kind in (${sql.join(kinds)})
    and (status = 'queued' or (status = 'running' and (lease_until is null or lease_until < now()))) limit 1`.execute(db);
  return r.rows.length > 0;
}

/** Renews the lease; false when this worker no longer holds the job (another process took it over). */
export async function renewLease(db: Db, jobId: number, workerId: string, leaseSeconds: number): Promise<boolean> {
  const r = await sql`update jobs set lease_until = now() + make_interval(secs => ${leaseSeconds}::double precision), updated_at = now()
    where id = ${jobId} and locked_by = ${workerId} and status = 'running'`.execute(db);
  return Number(r.numAffectedRows ?? 0) === 1;
}

/** Writes the final status if this worker still holds the job; false when it had lost it. */
export async function completeJob(db: Db, job: JobRow, workerId: string, outcome: JobOutcome): Promise<boolean> {
  const p = outcome.progress ?? { progress: 0, total: 0 };
  const error = outcome.error ?? null;
  const r = await sql`update jobs set status = ${outcome.status}, result = ${outcome.result === null ? null : JSON.stringify(outcome.result)}::jsonb,
      error = ${error}, progress = ${p.progress}, total = ${p.total}, updated_at = now(), lease_until = null,
      finished_at = case when ${outcome.status} = 'checked' then null else now() end
    where id = ${job.id} and locked_by = ${workerId} and status = 'running'`.execute(db);
  const held = Number(r.numAffectedRows ?? 0) === 1;
  if (held && job.user_id) emitJob(job.user_id, { type: 'job', id: job.id, kind: job.kind, status: outcome.status, progress: p.progress, total: p.total, result: outcome.result, error });
  return held;
}

export type RunnerOptions = {
  db: Db;
  dataDir: string;
  workerId?: string;
  leaseSeconds?: number;
  pollMs?: number;
  /** Jobs one process runs at once (default 3): a long import does not hold up a colleague's export. */
  concurrency?: number;
  log?: (msg: string, extra?: Record<string, unknown>) => void;
};

/** One process's runner: claims and runs up to `concurrency` jobs at a time until stopped. */
export class JobRunner {
  readonly workerId: string;
  private readonly leaseSeconds: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly running = new Set<Promise<void>>();
  private readonly runningIds = new Set<number>();
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private wakeNow: (() => void) | null = null;
  private loop: Promise<void> = Promise.resolve();
  /** Jobs this runner finished (ids), for logs and tests. */
  readonly finished: number[] = [];
  /** Whether the handlers' `prepare` have run (once, when the runner first sees work). */
  private prepared = false;

  constructor(private readonly options: RunnerOptions) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.leaseSeconds = options.leaseSeconds ?? 30;
    this.pollMs = options.pollMs ?? 2000;
    this.concurrency = Math.max(1, options.concurrency ?? 3);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const wake = () => this.wakeNow?.();
    wakers.add(wake);
    this.loop = this.run().finally(() => wakers.delete(wake));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeNow?.();
    await this.loop;
  }

  private sleep(): Promise<void> {
    // A sleep that lost a race (a job ended first) is ended now, so only one timer is ever set.
    this.wakeNow?.();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.timer === timer) this.timer = null;
        if (this.wakeNow === done) this.wakeNow = null;
        resolve();
      };
      const timer = setTimeout(done, this.pollMs);
      this.timer = timer;
      this.wakeNow = done;
    });
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (this.running.size >= this.concurrency) {
        // Full: the next claim waits for a job to end (or for stop).
        await Promise.race([...this.running, this.sleep()]);
        continue;
      }
      let job: RunnerJobRow | null = null;
      try {
        if (!(await this.ready())) {
          await this.sleep();
          continue;
        }
        job = await claimJob(this.options.db, this.workerId, [...handlers.keys()], this.leaseSeconds, [...this.runningIds]);
      } catch (error) {
        if (this.stopped) break;
        this.options.log?.('job claim failed', { error: error instanceof Error ? error.message : String(error) });
      }
      if (job) {
        const id = job.id;
        this.runningIds.add(id);
        const work: Promise<void> = this.runOne(job).finally(() => {
          this.running.delete(work);
          this.runningIds.delete(id);
        });
        this.running.add(work);
      } else await this.sleep();
    }
    await Promise.all(this.running);
  }

  /** True once the handlers are prepared; prepares them when work is first queued, else answers false. */
  private async ready(): Promise<boolean> {
    if (this.prepared) return true;
    if (!(await claimable(this.options.db, [...handlers.keys()]))) return false;
    await Promise.all([...handlers.values()].map((h) => h.prepare?.()));
    this.prepared = true;
    return true;
  }

  private async runOne(job: RunnerJobRow): Promise<void> {
    const db = this.options.db;
    if (job.attempts > MAX_ATTEMPTS) {
      await handlers
        .get(job.kind)
        ?.abandon?.(db, job)
        .catch((error: unknown) => this.options.log?.('job clean-up failed', { job: job.id, error: error instanceof Error ? error.message : String(error) }));
      await completeJob(db, job, this.workerId, { status: 'failed', result: null, error: 'job.interrupted' }).catch(() => false);
      return;
    }
    const handler = handlers.get(job.kind)!;
    if (job.user_id) emitJob(job.user_id, { type: 'job', id: job.id, kind: job.kind, status: 'running', progress: 0, total: job.total, phase: job.kind });
    let held = true;
    const beat = setInterval(
      () => {
        renewLease(db, job.id, this.workerId, this.leaseSeconds).then(
          (still) => {
            if (!still) held = false;
          },
          () => undefined,
        );
      },
      Math.max(200, (this.leaseSeconds * 1000) / 3),
    );
    const progress = new JobProgress(db, job);
    let outcome: JobOutcome;
    try {
      // Background work: on PGlite its transactions wait behind users' requests (pglite-dialect.ts).
      outcome = await runAsBackground(() => handler.run(job, { db, dataDir: this.options.dataDir, progress, workerId: this.workerId }));
      await progress.settle();
    } catch (error) {
      this.options.log?.('job failed', { job: job.id, error: error instanceof Error ? error.message : String(error) });
      outcome = { status: 'failed', result: null, error: handler.failure };
    } finally {
      clearInterval(beat);
    }
    if (held && (await completeJob(db, job, this.workerId, outcome).catch(() => false))) this.finished.push(job.id);
  }
}

/**
 * Starts this app's runner when the app is ready and stops it (after the job in hand) when the app
 * closes. JOB_LEASE_SECONDS (default 30) and JOB_POLL_MS (default 2000) tune the lease and how often
 * an idle runner looks for work queued by another process; a job queued by this process wakes it
 * at once. JOB_CONCURRENCY (default 3) is how many jobs the process runs at once.
 */
export function installJobRunner(app: import('fastify').FastifyInstance, env: NodeJS.ProcessEnv = process.env): JobRunner {
  const runner = new JobRunner({
    db: app.db,
    dataDir: app.config.dataDir,
    leaseSeconds: Number(env.JOB_LEASE_SECONDS) > 0 ? Number(env.JOB_LEASE_SECONDS) : 30,
    pollMs: Number(env.JOB_POLL_MS) > 0 ? Number(env.JOB_POLL_MS) : 2000,
    concurrency: Number(env.JOB_CONCURRENCY) > 0 ? Number(env.JOB_CONCURRENCY) : 3,
    log: (msg, extra) => app.log.warn(extra ?? {}, msg),
  });
  app.decorate('jobRunner', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
  return runner;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobRunner: JobRunner;
  }
}
