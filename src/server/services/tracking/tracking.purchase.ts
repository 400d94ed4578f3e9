import { sql } from 'kysely';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import type { AuditActor } from '../../kernel/audit/audit.service';
import { queueNodeRecalc } from './tracking.recalc';
import { recordDueNodes, type WorkOrderNode } from './tracking.workorders';

/**
 * Actual dates taken from the receipt of material purchase orders (issue 31: "a receipt ... marks
 * the node done"): a node whose configuration names a material group (面料到厂 fabric, 辅料到厂
 * trims: `nodeconfig.material_group`, copied to the order's node) is done when that material is in
 * for the whole order, as work orders and outsourced receipts complete process nodes
 * (tracking.workorders.ts, the same rule's shape):
 *
 * - the order is in progress, the node has no actual date yet (a date the maker or the supplier
 *   entered stays);
 * - the order has material purchase orders (`pur_order.customer_order_id`, kind material, not
 *   cancelled or rejected by the supplier) with at least one line of a material of that group;
 * - every such line is received in full (received >= ordered). A part receipt leaves the node open,
 *   and so does a draft or sent order of that group still to come; a receipt that brings the fabric in
 *   full while trims are still short completes fabric alone.
 *
 * Then the node's actual date is today, recorded through `recordNodeActual` with source `purchase`
 * (audited, notices, the brand's live timeline); the order's forecasts are recomputed after the commit
 * (the material's purchase delivery date no longer holds the node). Called by the purchase order's
 * receipts (`receive`, `receive_part`), inside their transaction, in the buyer's (the maker's) scope:
 * every statement names that company, so a receipt in another company never reaches these nodes.
 */
export type PurchasedNode = WorkOrderNode;

export async function recordNodesFromPurchaseReceipt(
  tx: Db,
  input: { clientId: number; purchaseOrderIds: readonly number[]; actor?: AuditActor },
): Promise<PurchasedNode[]> {
  const c = input.clientId;
  const ids = [...new Set(input.purchaseOrderIds.map(Number))];
  if (!ids.length) return [];
  const orders = (await sql<{ order_id: number }>`select distinct po.customer_order_id as order_id from pur_order po
    where po.client_id = ${c} and po.id = any(${sql.val(ids)}::bigint[]) and po.customer_order_id is not null`.execute(tx)).rows.map((r) => Number(r.order_id));
  if (!orders.length) return [];
  const due = await sql<{ order_id: number; order_no: string; node_code: string; node_name: string }>`
    with lines as (
      select po.customer_order_id as order_id, m.material_group, coalesce(l.received_qty, 0) >= l.qty as done
      from pur_order po
      join pur_order_line l on l.client_id = po.client_id and l.order_id = po.id
      join md_material m on m.client_id = l.client_id and m.id = l.material_id
      where po.client_id = ${c} and po.customer_order_id = any(${sql.val(orders)}::bigint[]) and po.order_kind = 'material'
        and coalesce(po.status, 'draft') not in ('cancelled', 'rejected')
    )
    select n.order_id, co.order_no, n.node_code, n.node_name
    from scm_order_node n
    join scm_customer_order co on co.client_id = n.client_id and co.id = n.order_id and co.status = 'in_progress'
    where n.client_id = ${c} and n.order_id = any(${sql.val(orders)}::bigint[]) and n.actual_date is null and n.material_group is not null
      and exists (select 1 from lines l where l.order_id = n.order_id and l.material_group = n.material_group)
      and not exists (select 1 from lines l where l.order_id = n.order_id and l.material_group = n.material_group and not l.done)
    order by n.order_id, n.seq, n.node_code`.execute(tx);
  const recorded = await recordDueNodes(tx, c, due.rows, 'purchase', input.actor);
  afterCommit(tx, () => queueNodeRecalc(c, orders));
  return recorded;
}
