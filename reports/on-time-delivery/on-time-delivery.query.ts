import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * On-time delivery of customer orders (report `on-time-delivery`): per order, whether it is finished
 * and whether it finished on or before its delivery date. The finish time is the order's `finish`
 * action in the audit log (its first one, of the same tenant), else its last update while finished.
 * Rows: customer, month (delivery month), finished (0/1), on_time (0/1), late_open (0/1: not finished
 * and past its delivery date).
 *
 * From the monthly aggregate (`customerorder_month`) when the run can read it: its finished and
 * on-time counts (kept with the same rule when an order is written); "open and late" depends on
 * today, so it is the in-progress count of months before this one, plus this month's in-progress
 * orders already past their date counted on the orders themselves (one month of open orders).
 */
export const query: ServerQuery = async ({ tx, clientId, where, aggregate }) => {
  if (aggregate) {
    const r = await sql<{ customer: string | null; month: string | null; finished: number; on_time: number; late_open: number }>`
      select t.brand_name as customer, to_char(t.delivery_date, 'YYYY-MM') as month, t.finished::float8 as finished, t.on_time::float8 as on_time,
        (case when t.delivery_date < date_trunc('month', current_date) then t.in_progress else 0 end)::float8 as late_open
      from rpt_agg_customer_order t where ${aggregate.where} and t.status not in ('cancelled', 'rejected') and t.orders <> 0
      union all
      select t.brand_name, to_char(t.delivery_date, 'YYYY-MM'), 0, 0, count(*)::float8
      from scm_customer_order t where ${where} and t.status = 'in_progress'
        and t.delivery_date >= date_trunc('month', current_date) and t.delivery_date < current_date
      group by 1, 2`.execute(tx);
    return r.rows.map((x) => ({ ...x, finished: Number(x.finished), on_time: Number(x.on_time), late_open: Number(x.late_open) }));
  }
  const r = await sql<{ customer: string | null; month: string | null; finished: number; on_time: number; late_open: number }>`
    select t.brand_name as customer, to_char(t.delivery_date, 'YYYY-MM') as month,
      (t.status = 'finished')::int as finished,
      (t.status = 'finished' and t.delivery_date is not null and coalesce(
        (select min(a.at) from audit_log a where a.client_id = ${clientId} and a.entity = 'customerorder' and a.record_id = t.id and a.action = 'finish'),
        t.updated_at)::date <= t.delivery_date)::int as on_time,
      (t.status = 'in_progress' and t.delivery_date < current_date)::int as late_open
    from scm_customer_order t where ${where} and t.status not in ('cancelled', 'rejected')`.execute(tx);
  return r.rows.map((x) => ({ ...x, finished: Number(x.finished), on_time: Number(x.on_time), late_open: Number(x.late_open) }));
};
