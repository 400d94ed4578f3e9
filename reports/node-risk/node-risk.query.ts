import { sql } from 'kysely';
import { trackOrder } from '../../src/model/node-tracking';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString().slice(0, 10) : v ? String(v).slice(0, 10) : null);

/**
 * Node-tracking risk (report `node-risk`): every node of the company's orders (the list's WHERE over
 * `scm_order_node t`), its order's customer; each order's nodes go through `trackOrder` (the
 * timeline's arithmetic) as of today with their kept forecasts (board, scans, vendors), so "at risk"
 * is what the timeline shows, not a stored flag.
 * Rows: node, month (planned), order, customer, nodes 1, late, at_risk, done_late, flagged (0/1).
 */
export const query: ServerQuery = async ({ tx, clientId, where }) => {
  const r = await sql<Record<string, unknown>>`
    select t.id, t.order_id, t.node_code, t.node_name, t.seq, t.plan_days, t.plan_start, t.plan_date, t.actual_date, t.forecast_date, o.brand_name as customer
    from scm_order_node t join scm_customer_order o on o.id = t.order_id and o.client_id = ${clientId}
    where ${where} and o.status not in ('cancelled', 'rejected')
    order by t.order_id, t.seq, t.id`.execute(tx);
  const today = new Date().toISOString().slice(0, 10);
  const byOrder = new Map<number, Record<string, unknown>[]>();
  for (const row of r.rows) {
    const id = Number(row.order_id);
    const list = byOrder.get(id) ?? [];
    list.push(row);
    byOrder.set(id, list);
  }
  const out: Record<string, string | number | null>[] = [];
  for (const [orderId, rows] of byOrder) {
    const tracked = trackOrder(
      rows.map((x) => ({ id: Number(x.id), customer: (x.customer as string | null) ?? null, node_code: String(x.node_code), node_name: String(x.node_name), seq: Number(x.seq), plan_days: Number(x.plan_days ?? 0), plan_start: iso(x.plan_start), plan_date: iso(x.plan_date), actual_date: iso(x.actual_date), forecast_date: iso(x.forecast_date) })),
      today,
    );
    for (const n of tracked.nodes)
      out.push({
        node: n.node_name,
        month: n.plan_date ? n.plan_date.slice(0, 7) : null,
        order: orderId,
        customer: n.customer,
        nodes: 1,
        late: n.late ? 1 : 0,
        at_risk: n.at_risk ? 1 : 0,
        done_late: n.state === 'done_late' ? 1 : 0,
        flagged: n.late || n.at_risk ? 1 : 0,
      });
  }
  return out;
};
