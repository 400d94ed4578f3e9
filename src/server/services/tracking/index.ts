/** Node tracking (issue 12): node plans per customer order, actual dates, late and at-risk notices, the brand's view. */
// The orders area first: its demo season is seeded before the demo actual dates that follow it.
import '../orders';
import { registerTrackingHandlers } from './tracking.handlers';
import { registerNodeLineHandlers } from './tracking.lines';
import { registerTrackingViews } from './tracking.views';
import './tracking.seed';

registerTrackingHandlers();
registerNodeLineHandlers();
registerTrackingViews();

export { trackingRoutes, checkAllNodeFlags } from './tracking.routes';
export { evaluateNodeFlags, generateNodePlans, orderTimeline, recordNodeActual, todayIso, type RecordNodeActualInput } from './tracking.service';
export { recordNodesFromWorkOrders, type WorkOrderNode } from './tracking.workorders';
export { recordNodesFromOutsourceReceipt, type OutsourcedNode } from './tracking.outsource';
export { recordNodesFromPurchaseReceipt, type PurchasedNode } from './tracking.purchase';
export { recomputeNodeTracking, refreshNodeForecasts, BOARD_PROCESS_TYPE } from './tracking.forecast';
export { flushNodeRecalc, queueNodeRecalc, queueNodeRecalcOfPlans } from './tracking.recalc';
