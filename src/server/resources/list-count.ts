import { sql, type RawBuilder } from 'kysely';
import type { EntityDef } from '../../model';
import type { Db } from '../db/database';
import { col, readFrom } from './document-read';

/**
 * The count of a list, apart from its rows (issue 32): a figure up to `EXACT_COUNT_THRESHOLD` is
 * exact; above it, counting every row would cost more than the page itself (a million rows: about
 * a hundred milliseconds), so the figure is PostgreSQL's planner estimate of the same filtered
 * query, marked as such, and exact only on request. Every figure is counted under the list's own
 * WHERE (tenant, data scope, filters, quick search), so an estimate never counts another
 * company's rows either: the planner estimates the tenant's condition from the column statistics.
 */
export const EXACT_COUNT_THRESHOLD = 10_000;

export type ListCount = { total: number; estimated: boolean };

/** Rows matching `where`, counted up to `cap` (reads at most cap rows). */
async function cappedCount(tx: Db, entity: EntityDef, where: RawBuilder<unknown>, cap: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${readFrom(entity)} t where ${where} limit ${cap}) x`.execute(tx);
  return r.rows[0].n;
}

/** The planner's row estimate of a statement, read from EXPLAIN (FORMAT JSON); nothing is run. */
async function explainRows(tx: Db, statement: RawBuilder<unknown>): Promise<number> {
  const r = await sql<Record<string, unknown>>`explain (format json) ${statement}`.execute(tx);
  const cell = Object.values(r.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: { 'Plan Rows': number } }>;
  return plan[0].Plan['Plan Rows'];
}

/**
 * The planner's estimate of the rows matching `where`. Row-level security adds its own condition
 * to every statement of a tenant transaction, which the planner cannot estimate (it compares with
 * a setting) and multiplies in at a default selectivity, so the estimate of the list's condition
 * is divided by the estimate of the table under that condition alone, and scaled to the table's
 * rows as last counted by ANALYZE (pg_class.reltuples). Without the security condition (a
 * superuser) both estimates agree and the division changes nothing.
 */
export async function plannerEstimate(tx: Db, entity: EntityDef, where: RawBuilder<unknown>): Promise<number> {
  const matching = await explainRows(tx, sql`select 1 from ${readFrom(entity)} t where ${where}`);
  const underPolicy = await explainRows(tx, sql`select 1 from ${readFrom(entity)} t`);
  const rel = await sql<{ n: number | null }>`select reltuples::float8 as n from pg_class where oid = to_regclass(${entity.table})`.execute(tx);
  const tableRows = Number(rel.rows[0]?.n ?? -1);
  if (tableRows <= 0 || underPolicy <= 0) return Math.round(matching);
  return Math.round(Math.min(tableRows, (tableRows * matching) / underPolicy));
}

/**
 * One figure: exact when asked, or when at most `threshold` rows match (found by counting at most
 * threshold + 1); otherwise the planner's estimate, never below the threshold it is known to pass.
 */
export async function countWhere(tx: Db, entity: EntityDef, where: RawBuilder<unknown>, options: { exact: boolean; threshold?: number }): Promise<ListCount> {
  if (options.exact) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${readFrom(entity)} t where ${where}`.execute(tx);
    return { total: r.rows[0].n, estimated: false };
  }
  const threshold = options.threshold ?? EXACT_COUNT_THRESHOLD;
  const capped = await cappedCount(tx, entity, where, threshold + 1);
  if (capped <= threshold) return { total: capped, estimated: false };
  return { total: Math.max(threshold + 1, await plannerEstimate(tx, entity, where)), estimated: true };
}

export type TabCounts = { tabs: Record<string, number>; estimatedTabs: string[] };

/**
 * Counts per state for the state tabs under the list's WHERE without its tab (`all` is every
 * state): exact when asked or when the whole list is under the threshold (one grouped count);
 * otherwise each state's figure by `countWhere` (a rare state stays exact, a large one is estimated).
 */
export async function countTabs(tx: Db, entity: EntityDef, whereWithoutTab: RawBuilder<unknown>, options: { exact: boolean; threshold?: number }): Promise<TabCounts> {
  const states = entity.states;
  if (!states) return { tabs: {}, estimatedTabs: [] };
  const threshold = options.threshold ?? EXACT_COUNT_THRESHOLD;
  const field = states.field;
  const limit = options.exact ? sql`` : sql`limit ${threshold + 1}`;
  const grouped = await sql<{ s: string | null; n: number }>`select s, count(*)::int as n from (select ${col(field)} as s from ${readFrom(entity)} t
    where ${whereWithoutTab} ${limit}) x group by s`.execute(tx);
  const tabs: Record<string, number> = { all: 0 };
  for (const st of states.states) tabs[st.code] = 0;
  for (const r of grouped.rows) {
    tabs.all += r.n;
    if (r.s !== null) tabs[r.s] = (tabs[r.s] ?? 0) + r.n;
  }
  if (options.exact || tabs.all <= threshold) return { tabs, estimatedTabs: [] };
  const estimatedTabs: string[] = [];
  const all = await countWhere(tx, entity, whereWithoutTab, { exact: false, threshold });
  tabs.all = all.total;
  if (all.estimated) estimatedTabs.push('all');
  for (const st of states.states) {
    const one = await countWhere(tx, entity, sql`${whereWithoutTab} and ${col(field)} = ${st.code}`, { exact: false, threshold });
    tabs[st.code] = one.total;
    if (one.estimated) estimatedTabs.push(st.code);
  }
  return { tabs, estimatedTabs };
}
