import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditActor } from '../../kernel/audit/audit.service';
import { recordNodeActual, todayIso } from './tracking.service';

/**
 * Actual dates taken from the receipt of outsourced orders (issue 31, "outsourced work ties back"):
 * a node whose configuration names the process type of a vendor process (洗水 washing, 印花
 * printing...) is done when that process is back for the whole order, as work orders complete the
 * in-house ones (tracking.workorders.ts):
 *
 * - the order is in progress, the node has no actual date yet (a date the maker entered stays);
 * - the order's live plans (not cancelled) cover its quantity, so a half-planned order is not done;
 * - every live plan has an outsourced order (not cancelled or rejected) of a process of that type,
 *   and every such order is received in full.
 *
 * Then the node's actual date is today, recorded through `recordNodeActual` with source `outsource`
 * (audited, notices, the brand's live timeline), and the order's node plan moves on. Called by the
 * outsourced order's full receipt, inside its transaction, in the maker's scope; `receivedNow` names
 * the orders received in that transaction whose state is not written yet.
 */
export type OutsourcedNode = { order_id: number; order_no: string; node_code: string; node_name: string; date: string };

export async function recordNodesFromOutsourceReceipt(
  tx: Db,
  input: { clientId: number; planIds: readonly number[]; receivedNow?: readonly number[]; actor?: AuditActor },
): Promise<OutsourcedNode[]> {
  const c = input.clientId;
  const plans = [...new Set(input.planIds.map(Number))];
  if (!plans.length) return [];
  const received = [...new Set((input.receivedNow ?? []).map(Number))];
  const due = await sql<{ order_id: number; order_no: string; node_code: string; node_name: string }>`
    with orders as (
      select distinct p.order_id from scm_prodplan p where p.client_id = ${c} and p.id = any(${sql.val(plans)}::bigint[]) and p.order_id is not null
    ), live as (
      select p.id, p.order_id, p.qty from scm_prodplan p join orders o on o.order_id = p.order_id
      where p.client_id = ${c} and coalesce(p.status, 'draft') <> 'cancelled'
    ), outsourced as (
      select x.id, x.plan_id, x.status, pr.process_type from scm_outsource_order x
      join live l on l.id = x.plan_id
      join md_process pr on pr.client_id = x.client_id and pr.id = x.process_id
      where x.client_id = ${c} and coalesce(x.status, 'draft') not in ('cancelled', 'rejected')
    )
    select n.order_id, co.order_no, n.node_code, n.node_name
    from scm_order_node n
    join scm_customer_order co on co.client_id = n.client_id and co.id = n.order_id and co.status = 'in_progress'
    where n.client_id = ${c} and n.order_id in (select order_id from orders) and n.actual_date is null and n.process_type is not null
      and (select coalesce(sum(l.qty), 0) from live l where l.order_id = n.order_id) >= greatest(coalesce(co.total_qty, 0), 1)
      and not exists (select 1 from live l where l.order_id = n.order_id
        and not exists (select 1 from outsourced x where x.plan_id = l.id and x.process_type = n.process_type))
      and not exists (select 1 from outsourced x join live l on l.id = x.plan_id
        where l.order_id = n.order_id and x.process_type = n.process_type
          and x.status <> 'received' and not (x.id = any(${sql.val(received)}::bigint[])))
    order by n.order_id, n.seq, n.node_code`.execute(tx);
  const today = todayIso();
  const out: OutsourcedNode[] = [];
  for (const n of due.rows) {
    await recordNodeActual(tx, { clientId: c, orderId: Number(n.order_id), nodeCode: n.node_code, date: today, source: 'outsource', actor: input.actor });
    out.push({ order_id: Number(n.order_id), order_no: String(n.order_no ?? ''), node_code: n.node_code, node_name: n.node_name, date: today });
  }
  return out;
}
