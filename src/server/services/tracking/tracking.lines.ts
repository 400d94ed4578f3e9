import { addDaysIso } from '../../../model/node-tracking';
import { AppError } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { registerMasterStateRefusal } from '../../resources/line-action';
import { closedParams, emitNodeChange, evaluateNodeFlags, orderTimeline, todayIso } from './tracking.service';
import { afterNodeRecalled, sendNodesToSupplier, sentShareOf } from './tracking.supplier';

/**
 * A node line's two transitions on its customer order (`ordernode.lineOf`, issue 30), run by the
 * engine's line action (`/api/scmapi/ordernode/action/actual|plan`: node tracking's action right,
 * the customer orders' data permissions, the node's version, the write and its audit by the stage):
 * - `actual`: the maker records (or, empty, clears) the node's actual date, not after today; the
 *   source is the maker's and the recorder is kept;
 * - `plan` (issue 31: "node plan dates can be dragged on the node timeline"): the node keeps its
 *   duration (planned start = planned date - days), is marked `plan_manual` so regenerating the
 *   plan keeps it, and forgets its notified markers (the plan it was told about moved); refused once
 *   the node is done;
 * - `send`: the maker sends a supplier node to the company of a vendor on the platform (the vendor
 *   reference's `where`; tracking.supplier.ts checks the company confirmed the maker); the data is
 *   `{ share_id, task_id, supplier, sent }`;
 * - `recall`: the maker takes a node sent to its supplier back (tracking.supplier.ts); the data is
 *   `{ closed }`, whether the share closed with it.
 * After `actual` and `plan`, the order's flags are evaluated again, the maker's and the brand's
 * timelines follow live, and the reply's data is the order's timeline. An order not in progress is
 * refused in the tracking's words.
 */
const dateOf = (v: unknown): string => (v instanceof Date ? todayIso(v) : String(v).slice(0, 10));

/** What follows a node's write: the order's flags, the live message, the timeline for the reply. */
const afterNodeWrite = (c: ActionContext) => async () => {
  const orderId = Number(c.row.order_id);
  await evaluateNodeFlags(c.tx, c.clientId, [orderId]);
  emitNodeChange(c.tx, c.clientId, c.master ?? { id: orderId });
  return orderTimeline(c.tx, c.clientId, orderId);
};

export function registerNodeLineHandlers(): void {
  registerMasterStateRefusal('ordernode', (order) => new AppError('tracking.orderClosed', { params: closedParams(order) }));

  registerActionHandler('ordernode', 'actual', async (c) => {
    const date = (c.params.actual_date as string | null | undefined) ?? null;
    if (date !== null && date > todayIso()) throw new AppError('tracking.actualInFuture', { params: { date }, fields: { actual_date: { key: 'tracking.actualInFuture', params: { date } } } });
    return { patch: { actual_date: date, actual_source: date === null ? null : 'maker', actual_by: c.auth.userId }, after: afterNodeWrite(c) };
  });

  registerActionHandler('ordernode', 'plan', async (c) => {
    if (c.row.actual_date) throw new AppError('tracking.nodeDone', { params: { node: String(c.row.node_name), date: dateOf(c.row.actual_date) } });
    const planDate = String(c.params.plan_date);
    return {
      patch: { plan_start: addDaysIso(planDate, -Number(c.row.plan_days ?? 0)), plan_manual: true, late_notified_at: null, risk_notified_at: null },
      after: afterNodeWrite(c),
    };
  });

  registerActionHandler('ordernode', 'send', async (c) => {
    const actor = { clientId: c.clientId, userId: c.auth.userId, username: c.auth.username, ip: c.ip };
    const input = { clientId: c.clientId, orderId: Number(c.row.order_id), vendorId: Number(c.params.vendor_id), nodeCodes: [String(c.row.node_code)], actor };
    return { after: () => sendNodesToSupplier(c.tx, input) };
  });

  registerActionHandler('ordernode', 'recall', async (c) => {
    const share = await sentShareOf(c.tx, c.clientId, c.row);
    const actor = { clientId: c.clientId, userId: c.auth.userId, username: c.auth.username, ip: c.ip };
    return { patch: { share_id: null }, after: () => afterNodeRecalled(c.tx, { clientId: c.clientId, orderId: Number(c.row.order_id), nodeCode: String(c.row.node_code), share, actor }) };
  });
}
