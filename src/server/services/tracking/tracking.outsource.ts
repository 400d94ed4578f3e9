import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditActor } from '../../kernel/audit/audit.service';
import { recordNodesWhenProcessDone, type ProcessDocuments, type WorkOrderNode } from './tracking.workorders';

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
export type OutsourcedNode = WorkOrderNode;

/** The outsourced orders of the live plans (`recordNodesWhenProcessDone`), not cancelled or rejected: done when received. */
const outsourcedDocuments = (c: number): ProcessDocuments => sql`
  select x.id, x.plan_id, pr.process_type, x.status = 'received' as done from scm_outsource_order x
  join live l on l.id = x.plan_id
  join md_process pr on pr.client_id = x.client_id and pr.id = x.process_id
  where x.client_id = ${c} and coalesce(x.status, 'draft') not in ('cancelled', 'rejected')`;

export async function recordNodesFromOutsourceReceipt(
  tx: Db,
  input: { clientId: number; planIds: readonly number[]; receivedNow?: readonly number[]; actor?: AuditActor },
): Promise<OutsourcedNode[]> {
  return recordNodesWhenProcessDone(tx, { clientId: input.clientId, planIds: input.planIds, doneNow: input.receivedNow, actor: input.actor }, 'outsource', outsourcedDocuments);
}
