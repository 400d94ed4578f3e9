import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { actorOf } from '../../resources/resource.service';
import { recordNodesFromWorkOrders } from '../tracking/tracking.workorders';
import { reportPart } from './production.progress';
import { generateBundles } from './production.scans';
import { undoScan } from './production.undo';
import { checkReportQty, deleteDraftWorkOrders, generateWorkOrders, rollUpProgress } from './production.workorders';

/**
 * The actions behind the declarations (src/model/entities/workorder.entity.ts: release, report,
 * report_part, bundles, a scan's undo; prodplan's `work_orders` and `unschedule`): each runs in the action's transaction, once per selected row.
 */
const actor = (ctx: ActionContext) => actorOf(ctx.auth, ctx.clientId, ctx.ip);

let registered = false;
export function registerProductionActions(): void {
  if (registered) return;
  registered = true;

  // 生成工单: a scheduled plan gets one draft work order per in-house process of its plant's routing.
  registerActionHandler('prodplan', 'work_orders', async (ctx) => {
    const r = await generateWorkOrders(ctx.tx, actor(ctx), [Number(ctx.row.id)]);
    return { data: r };
  });

  // 撤销排产: the plan's draft work orders go with it; refused once one is released (spec 4).
  registerActionHandler('prodplan', 'unschedule', async (ctx) => {
    const removed = await deleteDraftWorkOrders(ctx.tx, actor(ctx), Number(ctx.row.id), String(ctx.row.plan_no ?? ''));
    return { data: { removed_work_orders: removed } };
  });

  // 分扎: the plan's bundles cut (again while nothing is scanned) from its colour x size matrix; the work order keeps its state.
  registerActionHandler('workorder', 'bundles', async (ctx) => ({ data: await generateBundles(ctx.tx, actor(ctx), Number(ctx.row.plan_id), Number(ctx.params.bundle_size ?? 50)) }));

  // 部分汇报: pieces per colour x size cell; reaching the ordered pieces finishes the work order (production.progress.ts).
  registerActionHandler('workorder', 'report_part', (ctx) => reportPart(ctx.tx, actor(ctx), ctx.row, ctx.params.cells));

  registerActionHandler('workorder', 'release', async () => ({ patch: { released_at: new Date().toISOString() } }));

  // 撤销: a scan taken back with its reason (the line transition `wo_scan.undo`; the writer removes the scan).
  registerActionHandler('wo_scan', 'undo', undoScan);

  // 完工汇报: the finished quantity, checked (empty, below 0, over the ordered; short asks to confirm).
  registerActionHandler('workorder', 'report', async (ctx) => {
    const qty = checkReportQty(ctx.params.report_qty, Number(ctx.row.qty ?? 0), ctx.params.confirm_short === true);
    // The roll-up counts the reported quantity; the action's own update stores it with its audit.
    await rollUpProgress(ctx.tx, actor(ctx), [Number(ctx.row.plan_id)], { id: Number(ctx.row.id), done_qty: qty });
    // The node this process stands for (node configuration's process type) is done once every work
    // order of that type of the order's plans is finished: its actual date comes from this report.
    const nodes = await recordNodesFromWorkOrders(ctx.tx, { clientId: ctx.clientId, planIds: [Number(ctx.row.plan_id)], finishedNow: [Number(ctx.row.id)], actor: actor(ctx) });
    return { patch: { done_qty: qty, finished_at: new Date().toISOString() }, data: { done_qty: qty, nodes } };
  });
}
