import { sql } from 'kysely';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { withTenant } from '../../kernel/rls';
import { recomputeNodeTracking } from './tracking.forecast';

/**
 * When node forecasts are recomputed (issue 31: a node that slips because of a scan, a receipt or a
 * move is flagged within 60 s). A committed change names the company and, when it knows them, the
 * customer orders it touched (a scan, an outsourced order) or none (a change of the live schedule,
 * which can move any bar); the queue gathers them per company and, `RECALC_DELAY_MS` after the first,
 * recomputes them in one transaction of that company (`recomputeNodeTracking`: forecasts, critical
 * paths, notices). A burst of scans is one recompute; a change while one runs waits for the next
 * turn. What a process never ran (it stopped) the periodic check of the tracking routes catches.
 */
export const RECALC_DELAY_MS = 500;

type Log = { error: (obj: unknown, msg: string) => void };

const pending = new Map<number, Set<number> | null>();
let database: { db: Db; log: Log } | null = null;
let timer: NodeJS.Timeout | null = null;
let running: Promise<void> = Promise.resolve();

/** The database the queue recomputes in (the app's, set when the tracking routes are registered); returns the stop. */
export function startNodeRecalc(db: Db, log: Log): () => Promise<void> {
  database = { db, log };
  return async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
    if (database?.db === db) database = null;
    pending.clear();
  };
}

/** Asks for a recompute of some orders of a company (null: every in-progress order). Call it after the change has committed. */
export function queueNodeRecalc(clientId: number, orderIds: readonly number[] | null): void {
  if (!database) return;
  const had = pending.get(clientId);
  if (orderIds === null || had === null) pending.set(clientId, null);
  else pending.set(clientId, new Set([...(had ?? []), ...orderIds.map(Number)]));
  timer ??= setTimeout(() => void flushNodeRecalc(), RECALC_DELAY_MS);
}

/** Runs what is queued now (the timer does it; tests and the bench wait on it). */
export async function flushNodeRecalc(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const run = running.then(async () => {
    const target = database;
    const work = [...pending.entries()];
    pending.clear();
    if (!target) return;
    for (const [clientId, ids] of work) {
      try {
        await withTenant(target.db, clientId, (tx) => recomputeNodeTracking(tx, clientId, ids ? [...ids] : null));
      } catch (e) {
        target.log.error({ err: e, clientId }, 'node forecast recompute failed');
      }
    }
  });
  running = run;
  await run;
}

/** Queues, once `tx` commits, the customer orders of these production plans (a scan, an outsourced order). */
export async function queueNodeRecalcOfPlans(tx: Db, clientId: number, planIds: readonly number[]): Promise<void> {
  if (!database || !planIds.length) return;
  const orders = (await sql<{ order_id: number }>`select distinct order_id from scm_prodplan
    where client_id = ${clientId} and id = any(${sql.val(planIds.map(Number))}::bigint[]) and order_id is not null`.execute(tx)).rows.map((r) => Number(r.order_id));
  if (orders.length) afterCommit(tx, () => queueNodeRecalc(clientId, orders));
}
