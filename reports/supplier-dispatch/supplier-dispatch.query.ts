import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * On-time dispatch of the purchase orders a supplier received (report `supplier-dispatch`): per order,
 * whether it has been shipped (dispatched, or received by the customer since) and whether it was
 * shipped on or before its delivery date (`dispatched_at`, stamped by the dispatch action). Orders
 * still to confirm or confirmed and past their date are "not shipped and late"; rejected and
 * cancelled orders are left out. Rows: customer, month (delivery month), dispatched, on_time,
 * late_open (each 0/1).
 */
export const query: ServerQuery = async ({ tx, where }) => {
  const r = await sql<{ customer: string | null; month: string | null; dispatched: number; on_time: number; late_open: number }>`
    select t.buyer_name as customer, to_char(t.delivery_date, 'YYYY-MM') as month,
      (t.status in ('dispatched', 'received'))::int as dispatched,
      (t.status in ('dispatched', 'received') and t.delivery_date is not null and t.dispatched_at is not null
        and t.dispatched_at::date <= t.delivery_date)::int as on_time,
      (t.status in ('pending', 'confirmed') and t.delivery_date < current_date)::int as late_open
    from pur_supplier_order t where ${where} and t.status not in ('rejected', 'cancelled')`.execute(tx);
  return r.rows.map((x) => ({ ...x, dispatched: Number(x.dispatched), on_time: Number(x.on_time), late_open: Number(x.late_open) }));
};
