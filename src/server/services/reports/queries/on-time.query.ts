import { sql } from 'kysely';
import { registerServerQuery } from '../server-query';

/**
 * On-time delivery of customer orders (report `on-time-delivery`): per order, whether it is finished
 * and whether it finished on or before its delivery date. The finish time is the order's `finish`
 * action in the audit log (its first one, of the same tenant), else its last update while finished.
 * Rows: customer, month (delivery month), finished (0/1), on_time (0/1), late_open (0/1: not finished
 * and past its delivery date).
 */
registerServerQuery('on-time', async ({ tx, clientId, where }) => {
  const r = await sql<{ customer: string | null; month: string | null; finished: number; on_time: number; late_open: number }>`
    select t.brand_name as customer, to_char(t.delivery_date, 'YYYY-MM') as month,
      (t.status = 'finished')::int as finished,
      (t.status = 'finished' and t.delivery_date is not null and coalesce(
        (select min(a.at) from audit_log a where a.client_id = ${clientId} and a.entity = 'customerorder' and a.record_id = t.id and a.action = 'finish'),
        t.updated_at)::date <= t.delivery_date)::int as on_time,
      (t.status = 'in_progress' and t.delivery_date < current_date)::int as late_open
    from scm_customer_order t where ${where} and t.status not in ('cancelled', 'rejected')`.execute(tx);
  return r.rows.map((x) => ({ ...x, finished: Number(x.finished), on_time: Number(x.on_time), late_open: Number(x.late_open) }));
});
