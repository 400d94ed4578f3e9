import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditActor } from '../../kernel/audit/audit.service';
import { recordNodeActual, todayIso } from './tracking.service';

/**
 * Actual dates taken from work-order reporting (issue 12). A node whose configuration names a process
 * type (`nodeconfig.process_type`, copied to the order's node: 裁剪 → cutting, 缝制 → sewing, ...) is
 * done when the process it stands for is done for the whole order:
 *
 * - the order is in progress, the node has no actual date yet (a date the maker entered stays);
 * - the order's live plans (not cancelled) cover its quantity, so a half-planned order is not done;
 * - every live plan has a work order of that process type, and every such work order is finished.
 *
 * Then the node's actual date is today, recorded through `recordNodeActual` with source `workorder`
 * (audited, notices evaluated, the maker's and the brand's browsers told). Called by the work-order
 * report and by the scan that finishes a work order, inside their transaction, in the maker's scope;
 * `finishedNow` names work orders finishing in that transaction whose status is not written yet.
 */
export type WorkOrderNode = { order_id: number; order_no: string; node_code: string; node_name: string; date: string };

/**
 * The documents of a process kind for the order's live plans, as a CTE body over `live` (the live
 * plans): `id`, `plan_id`, `process_type` and `done` (a work order finished, an outsourced order
 * received). Written by each caller of `recordNodesWhenProcessDone`.
 */
export type ProcessDocuments = RawBuilder<unknown>;

/**
 * The shared rule of work orders and outsourced orders: a node of an order in progress with a
 * process type and no actual date is done today when the order's live plans cover its quantity,
 * every live plan has a document of that process type, and every such document is done (or is one
 * of `doneNow`, done in the caller's transaction and not written yet). Recorded through
 * `recordNodeActual` with `source`.
 */
export async function recordNodesWhenProcessDone(
  tx: Db,
  input: { clientId: number; planIds: readonly number[]; doneNow?: readonly number[]; actor?: AuditActor },
  source: 'workorder' | 'outsource',
  documents: (clientId: number) => ProcessDocuments,
): Promise<WorkOrderNode[]> {
  const c = input.clientId;
  const plans = [...new Set(input.planIds.map(Number))];
  if (!plans.length) return [];
  const doneNow = [...new Set((input.doneNow ?? []).map(Number))];
  const due = await sql<{ order_id: number; order_no: string; node_code: string; node_name: string }>`
    with orders as (
      select distinct p.order_id from scm_prodplan p where p.client_id = ${c} and p.id = any(${sql.val(plans)}::bigint[]) and p.order_id is not null
    ), live as (
      select p.id, p.order_id, p.qty from scm_prodplan p join orders o on o.order_id = p.order_id
      where p.client_id = ${c} and coalesce(p.status, 'draft') <> 'cancelled'
    ), docs as (${documents(c)})
    select n.order_id, co.order_no, n.node_code, n.node_name
    from scm_order_node n
    join scm_customer_order co on co.client_id = n.client_id and co.id = n.order_id and co.status = 'in_progress'
    where n.client_id = ${c} and n.order_id in (select order_id from orders) and n.actual_date is null and n.process_type is not null
      and (select coalesce(sum(l.qty), 0) from live l where l.order_id = n.order_id) >= greatest(coalesce(co.total_qty, 0), 1)
      and not exists (select 1 from live l where l.order_id = n.order_id
        and not exists (select 1 from docs d where d.plan_id = l.id and d.process_type = n.process_type))
      and not exists (select 1 from docs d join live l on l.id = d.plan_id
        where l.order_id = n.order_id and d.process_type = n.process_type
          and not d.done and not (d.id = any(${sql.val(doneNow)}::bigint[])))
    order by n.order_id, n.seq, n.node_code`.execute(tx);
  return recordDueNodes(tx, c, due.rows, source, input.actor);
}

/**
 * Records today as the actual date of nodes a rule found done (work orders, outsourced and purchase
 * receipts), one by one through `recordNodeActual` (audit, flags, notices, the browsers told).
 */
export async function recordDueNodes(
  tx: Db,
  clientId: number,
  due: readonly { order_id: number; order_no: string; node_code: string; node_name: string }[],
  source: 'workorder' | 'outsource' | 'purchase',
  actor: AuditActor | undefined,
): Promise<WorkOrderNode[]> {
  const today = todayIso();
  const out: WorkOrderNode[] = [];
  for (const n of due) {
    await recordNodeActual(tx, { clientId, orderId: Number(n.order_id), nodeCode: n.node_code, date: today, source, actor });
    out.push({ order_id: Number(n.order_id), order_no: String(n.order_no ?? ''), node_code: n.node_code, node_name: n.node_name, date: today });
  }
  return out;
}

/** The work orders of the live plans (`recordNodesWhenProcessDone`): done when finished. */
const workOrderDocuments = (c: number): ProcessDocuments =>
  sql`select w.id, w.plan_id, w.process_type, w.status = 'finished' as done from scm_workorder w join live l on l.id = w.plan_id where w.client_id = ${c}`;

export async function recordNodesFromWorkOrders(
  tx: Db,
  input: { clientId: number; planIds: readonly number[]; finishedNow?: readonly number[]; actor?: AuditActor },
): Promise<WorkOrderNode[]> {
  return recordNodesWhenProcessDone(tx, { clientId: input.clientId, planIds: input.planIds, doneNow: input.finishedNow, actor: input.actor }, 'workorder', workOrderDocuments);
}
