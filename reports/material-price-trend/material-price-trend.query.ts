import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Material price trend (report `material-price-trend`): purchase order lines joined to their order
 * (the purchase order list's WHERE on `t`: tenant, data permissions, filters), by material and the
 * order's month; amount and quantity, so the average price of any group is amount / quantity.
 * Cancelled and rejected orders do not count.
 */
export const query: ServerQuery = async ({ tx, clientId, where }) => {
  const r = await sql<{ material: string | null; month: string | null; vendor: string | null; qty: number; amount: number }>`
    select l.material_id::text as material, to_char(t.order_date, 'YYYY-MM') as month, t.vendor_id::text as vendor,
      coalesce(l.qty, 0)::float8 as qty, coalesce(l.qty * l.unit_price, 0)::float8 as amount
    from pur_order t join pur_order_line l on l.order_id = t.id and l.client_id = ${clientId}
    where ${where} and l.material_id is not null and l.unit_price is not null and t.status not in ('cancelled', 'rejected')`.execute(tx);
  return r.rows.map((x) => ({ ...x, qty: Number(x.qty), amount: Number(x.amount) }));
};
