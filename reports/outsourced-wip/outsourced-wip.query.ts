import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Outsourced work in progress (report `outsourced-wip`): the company's outsourced orders (the list's
 * WHERE over `scm_outsource_order t`) once submitted, not rejected or cancelled. Rows: vendor,
 * process, status, month (delivery), orders 1, qty, done (reported by the supplier), received, open
 * qty (ordered minus received, not below 0), late_orders (past delivery with pieces still out).
 */
export const query: ServerQuery = async ({ tx, where }) => {
  const r = await sql<Record<string, unknown>>`
    select t.vendor_id as vendor, t.process_id as process, t.status, to_char(t.delivery_date, 'YYYY-MM') as month,
      coalesce(t.total_qty, 0) as qty, coalesce(t.done_qty, 0) as done, coalesce(t.received_qty, 0) as received,
      greatest(coalesce(t.total_qty, 0) - coalesce(t.received_qty, 0), 0) as open_qty,
      (t.delivery_date < current_date and coalesce(t.received_qty, 0) < coalesce(t.total_qty, 0))::int as late_orders
    from scm_outsource_order t where ${where} and t.status not in ('draft', 'rejected', 'cancelled')`.execute(tx);
  return r.rows.map((x) => ({
    vendor: x.vendor === null ? null : Number(x.vendor),
    process: x.process === null ? null : Number(x.process),
    status: (x.status as string | null) ?? null,
    month: (x.month as string | null) ?? null,
    orders: 1,
    qty: Number(x.qty),
    done: Number(x.done),
    received: Number(x.received),
    open_qty: Number(x.open_qty),
    late_orders: Number(x.late_orders),
  }));
};
