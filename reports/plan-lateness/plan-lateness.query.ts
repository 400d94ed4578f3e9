import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Lateness of the live schedule (report `plan-lateness`): per plan with a published schedule, its
 * delivery month and category, whether it ends after its delivery date and its pieces then. Reads
 * the plan's kept `late_days` (services/planning/plan-lateness.ts, the rule of src/model/measures.ts
 * that the board's late marking uses), under the plan list's WHERE (tenant, data permissions,
 * filters), so the figure, its drill-down list and the board count the same plans.
 */
export const query: ServerQuery = async ({ tx, where }) => {
  const r = await sql<{ month: string | null; category: string | null; plans: number; late: number; late_qty: number; late_days: number }>`
    select to_char(t.delivery_date, 'YYYY-MM') as month, t.category, 1 as plans,
      (coalesce(t.late_days, 0) > 0)::int as late,
      case when coalesce(t.late_days, 0) > 0 then coalesce(t.qty, 0) else 0 end as late_qty,
      greatest(coalesce(t.late_days, 0), 0) as late_days
    from scm_prodplan t where ${where} and t.planned_end is not null`.execute(tx);
  return r.rows.map((x) => ({ ...x, plans: Number(x.plans), late: Number(x.late), late_qty: Number(x.late_qty), late_days: Number(x.late_days) }));
};
