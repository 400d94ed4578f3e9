import type { RawBuilder } from 'kysely';
import { ratioOf, type EntityDef, type Language, type ReportDef, type ReportDimension } from '../../../model';
import type { Db } from '../../db/database';
import { withTenant } from '../../kernel/rls';
import type { KeptTable } from './aggregates';
import { dimensionLabels, pivotRows, reportColumns, subtotalOrder, type ReportQuery, type ReportResult, type ReportRow } from './report.service';

/**
 * Server query functions of report declarations (`query: '<name>'`), for what one GROUP BY over the
 * entity cannot say. A function receives the entity's list WHERE, already holding the tenant, the
 * user's data permissions and the report's filters (alias `t` for the entity's table), runs inside
 * `withTenant` and returns detail rows keyed by every declared dimension and every `sum` measure's
 * field. The runner groups them to the asked dimensions (with subtotals), computes the ratios after
 * grouping, labels the values and pivots, as for a GROUP BY report.
 */
export type ServerQueryContext = {
  tx: Db;
  clientId: number;
  /** The entity's list WHERE over alias `t`: tenant first, then data scope, then filters. */
  where: RawBuilder<unknown>;
  query: ReportQuery;
  /**
   * Given when the report names a kept table and this run can read it (aggregates.ts `keptTableOf`):
   * the same WHERE holds over the kept table (alias `t`), whose rows are already sums; for a table of
   * days (`range`), the WHERE without the range's filter.
   */
  aggregate?: { def: KeptTable; where: RawBuilder<unknown> };
  /**
   * The same WHERE without the filters on one field (tenant and data scope kept): for a query whose
   * date filter is the range its figures cover rather than a condition on each row (capacity-load
   * counts a bar that starts before the range on the range's days).
   */
  whereWithout?: (field: string) => RawBuilder<unknown>;
  /**
   * The period the report was asked for (`p.from`, `p.to`: a report that declares `period`, issue 35);
   * the query computes its figures over it. Absent: all time.
   */
  period?: { from: string; to: string } | null;
};
export type ServerQueryRow = Record<string, string | number | null>;
export type ServerQuery = (ctx: ServerQueryContext) => Promise<ServerQueryRow[]>;

const queries = new Map<string, ServerQuery>();

export function registerServerQuery(name: string, fn: ServerQuery): void {
  queries.set(name, fn);
}

/** Whether a server query of that name is registered (the catalogue's test). */
export const hasServerQuery = (name: string): boolean => queries.has(name);

type RunCtx = {
  clientId: number;
  where: RawBuilder<unknown>;
  dims: ReportDimension[];
  pivotKey: string | null;
  subtotals: boolean;
  query: ReportQuery;
  language: Language;
  aggregate?: ServerQueryContext['aggregate'];
  whereWithout?: ServerQueryContext['whereWithout'];
  period?: ServerQueryContext['period'];
};

/** Sums the detail rows to the grouping; with subtotals, one row per prefix of it and a grand total. */
export function groupRows(detail: ServerQueryRow[], report: ReportDef, keys: string[], subtotals: boolean): ReportRow[] {
  const sums = report.measures.filter((m) => m.agg !== 'ratio');
  const out: ReportRow[] = [];
  const levels = subtotals ? keys.length : 0;
  for (let level = 0; level <= levels; level++) {
    const kept = keys.slice(0, keys.length - level);
    const groups = new Map<string, ReportRow>();
    for (const r of detail) {
      const id = JSON.stringify(kept.map((k) => r[k] ?? null));
      let g = groups.get(id);
      if (!g) {
        g = { _level: level };
        for (const k of keys) g[k] = kept.includes(k) ? (r[k] ?? null) : null;
        for (const m of sums) g[m.key] = 0;
        groups.set(id, g);
      }
      for (const m of sums) g[m.key] = (g[m.key] as number) + (m.agg === 'count' ? 1 : Number(r[m.field ?? m.key] ?? 0));
    }
    out.push(...groups.values());
  }
  for (const r of out) for (const m of report.measures) if (m.agg === 'ratio') r[m.key] = ratioOf(r, m);
  const cmp = subtotalOrder(keys);
  return out.sort((a, b) => (subtotals ? cmp(a, b) : cmp({ ...a, _level: 0 }, { ...b, _level: 0 })));
}

export async function runServerQuery(db: Db, report: ReportDef, entity: EntityDef | null, ctx: RunCtx): Promise<ReportResult> {
  const fn = queries.get(report.query!);
  if (!fn) throw new Error(`report ${report.name}: no server query ${report.query}`);
  const detail = await withTenant(db, ctx.clientId, (tx) => fn({ tx, clientId: ctx.clientId, where: ctx.where, query: ctx.query, aggregate: ctx.aggregate, whereWithout: ctx.whereWithout, period: ctx.period ?? null }));
  const keys = ctx.dims.map((d) => d.key);
  const rows = groupRows(detail, report, keys, ctx.subtotals);
  const result: ReportResult = {
    report: report.name,
    columns: reportColumns(report, ctx.dims, ctx.language),
    rows,
    labels: await dimensionLabels(db, ctx.clientId, entity, ctx.dims, rows, ctx.language),
    source: { kind: ctx.aggregate ? 'aggregate' : 'raw' },
  };
  if (ctx.pivotKey) result.pivot = pivotRows(rows, keys, ctx.pivotKey, report.measures[0].key);
  return result;
}
