import { allReports } from '../../../model';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { emitToCompany } from '../../realtime';
import { onDerivedWrite, registerSaveHook, type SaveHook } from '../../resources/save-hooks';
import { evaluateAlerts, reportsReading } from './alerts.service';

/**
 * The data under a report changed (issue 34, docs/architecture-alerts.md): every write of an entity a
 * report reads (its `entity` or `reads`) through the writer — a form save, an import batch, a state
 * action, a service's record write (a scan, a receipt) or a remove — marks those reports changed for
 * the writer's company once the write has committed (db/after-commit.ts; a rolled-back write marks
 * nothing); so does a value SQL derives on such an entity's rows (`onDerivedWrite`: a scan's finished
 * pieces rolled up to its customer orders). Marks are gathered for `ALERT_DEBOUNCE_MS` (400 ms; at most 5 s after the first mark),
 * then per company: the company's sockets hear `report.dataset { reports }` (live tiles reload those
 * reports) and the company's alerts on those reports are evaluated (alerts.service.ts). No timer
 * polls: nothing changes, nothing runs.
 */
const DEBOUNCE_MS = Number(process.env.ALERT_DEBOUNCE_MS ?? 400);
const MAX_WAIT_MS = 5000;

type Pending = { reports: Set<string>; first: number };
const pending = new Map<number, Pending>();
let timer: ReturnType<typeof setTimeout> | null = null;
let database: Db | null = null;
let running: Promise<void> = Promise.resolve();
/** Observers of each evaluation (tests and the bench wait for it). */
const listeners = new Set<(e: { clientId: number; reports: string[]; fired: number[] }) => void>();

/** Marks reports changed for a company; the evaluation follows after the debounce. */
export function reportsChanged(clientId: number, reports: readonly string[]): void {
  if (!reports.length || !database) return;
  const p = pending.get(clientId) ?? { reports: new Set<string>(), first: Date.now() };
  for (const r of reports) p.reports.add(r);
  pending.set(clientId, p);
  schedule();
}

function schedule(): void {
  if (timer) clearTimeout(timer);
  const oldest = Math.min(...[...pending.values()].map((p) => p.first));
  const wait = Math.max(0, Math.min(DEBOUNCE_MS, oldest + MAX_WAIT_MS - Date.now()));
  timer = setTimeout(() => {
    timer = null;
    running = running.then(flush, flush);
  }, wait);
  timer.unref?.();
}

async function flush(): Promise<void> {
  const db = database;
  const batch = [...pending.entries()];
  pending.clear();
  if (!db) return;
  for (const [clientId, p] of batch) {
    const reports = [...p.reports].sort();
    emitToCompany(clientId, 'report.dataset', { reports });
    let fired: number[] = [];
    try {
      fired = await evaluateAlerts(db, clientId, reports);
    } catch (e) {
      // An evaluation that failed (the database going away at shutdown) is tried again on the next change.
      if (database) console.error('alert evaluation failed', e);
    }
    for (const l of listeners) l({ clientId, reports, fired });
  }
}

/** Calls `fn` after each company's evaluation (tests and benches); returns the unsubscribe. */
export function onAlertEvaluation(fn: (e: { clientId: number; reports: string[]; fired: number[] }) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Waits until the marks gathered so far are evaluated (tests). */
export async function settleAlerts(): Promise<void> {
  for (let i = 0; i < 50 && (timer || pending.size); i++) await new Promise((r) => setTimeout(r, DEBOUNCE_MS + 20));
  await running;
}

const hooked = new Set<string>();

/**
 * Installs the marks for an app's database: a save hook (afterWrite, afterRemove) on every entity a
 * report reads. One database per process (the last app built), as the realtime server is.
 */
export function installReportChanges(db: Db): () => void {
  database = db;
  const reports = allReports();
  const entities = new Set(reports.flatMap((r) => [r.entity, ...(r.reads ?? [])]).filter((e): e is string => Boolean(e)));
  for (const name of entities) {
    if (hooked.has(name)) continue;
    hooked.add(name);
    const names = reportsReading(name, reports);
    const mark = (ctx: { tx: Db; clientId: number }) => afterCommit(ctx.tx, () => reportsChanged(ctx.clientId, names));
    const hook: SaveHook = {
      afterWrite: async (ctx) => mark(ctx),
      afterRemove: async (ctx) => mark(ctx),
    };
    registerSaveHook(name, hook);
  }
  // Values SQL derives (finished pieces rolled up from a scan to its customer orders) change what
  // reports read as much as a record's write does.
  const offDerived = onDerivedWrite((ctx) => {
    if (entities.has(ctx.entity)) afterCommit(ctx.tx, () => reportsChanged(ctx.clientId, reportsReading(ctx.entity, reports)));
  });
  return () => {
    offDerived();
    if (database === db) {
      database = null;
      pending.clear();
      if (timer) clearTimeout(timer);
      timer = null;
    }
  };
}
