import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Lateness of the live schedule (report `plan-lateness`): the plans with a published schedule, per
 * delivery month and category, how many end after their delivery date and their pieces and days
 * late. Reads the plan's kept `late_days` (services/planning/plan-lateness.ts, the rule of
 * src/model/measures.ts that the board's late marking uses), under the plan list's WHERE (tenant,
 * data permissions, filters), so the figure, its drill-down list and the board count the same plans.
 * Summed in SQL per month and category (every measure is a sum, the share late a ratio of two of
 * them): at 500,000 plans (B8 at 10,000,000 order lines, issue 34) a row per plan sent to the report
 * engine took about 650 ms of the tower's answer, the sums over the plans 180-450 ms, the kept
 * monthly figures a few milliseconds.
 */
export const query: ServerQuery = async ({ tx, where, aggregate }) => {
  type Row = { month: string | null; category: string | null; plans: number; late: number; late_qty: number; late_days: number };
  const numbers = (rows: Row[]) => rows.map((x) => ({ ...x, plans: Number(x.plans), late: Number(x.late), late_qty: Number(x.late_qty), late_days: Number(x.late_days) }));
  // The monthly aggregate (`prodplan_month`, the same counts kept when a plan is written) when the run can read it.
  if (aggregate) {
    const kept = await sql<Row>`
      select to_char(t.delivery_date, 'YYYY-MM') as month, t.category, sum(t.plans) as plans, sum(t.late) as late, sum(t.late_qty) as late_qty, sum(t.late_days) as late_days
      from rpt_agg_prod_plan t where ${aggregate.where} and t.plans <> 0
      group by 1, 2`.execute(tx);
    return numbers(kept.rows);
  }
  const r = await sql<Row>`
    select to_char(t.delivery_date, 'YYYY-MM') as month, t.category, count(*) as plans,
      count(*) filter (where t.late_days > 0) as late,
      coalesce(sum(coalesce(t.qty, 0)) filter (where t.late_days > 0), 0) as late_qty,
      coalesce(sum(t.late_days) filter (where t.late_days > 0), 0) as late_days
    from scm_prodplan t where ${where} and t.planned_end is not null
    group by 1, 2`.execute(tx);
  return numbers(r.rows);
};
