import type { TrackedNode, TrackedNodeInput } from '../node-tracking';
import { getCall, postCall } from './call';
import { is } from './input-shape';

/**
 * Node tracking (issue 12): the maker's call of `/scmapi/nodetrack` (one order's timeline), served by src/server/services/tracking/tracking.routes.ts; the node plans' workbook (the
 * list export of the view `trackednode`); the node
 * lines' transitions and the customer order's action `nodeplan` (the engine's, declared here for
 * their replies). The drawers draw the timelines from their record's node lines (the views
 * `trackedorder`, `brandnodeorder`, `suppliernodeorder`); the supplier's dates are saves of its
 * editable view `suppliernode`.
 */
const BASE = '/scmapi/nodetrack';

type Row = Record<string, unknown>;
/** A node as a timeline answers it: the tracked figures and the stored row's. */
export type TimelineNode = TrackedNode<TrackedNodeInput> & { id: number; version: number; party: string | null; actual_source: string | null; share_id?: number | null; forecast_source?: string | null };
export type Timeline = {
  order: Row;
  today: string;
  tracking: { nodes: TimelineNode[]; done: number; late: number; at_risk: number; projected_end: string | null };
};
/** A tracked order of a list (the maker's, the brand's or the supplier's), with what its nodes say today. */
export type TrackedOrderRow = Row & { nodes: number; done: number; late: number; at_risk: number; next_node: string | null; projected_end: string | null };
export const trackingCalls = {
  /** One order of the maker's, in any state, with its nodes as they stand today (the API's read; the drawer draws its record's lines). */
  timeline: getCall<{ order_id: number }, Timeline>(`${BASE}/timeline`, { input: is.object({ order_id: is.queryId }) }),
  /** The node line's transition `actual` (ordernode.lineOf): its actual date recorded, or cleared with null, at the version read; the data is the order's timeline. */
  actual: postCall<{ ids: number[]; version: number; actual_date: string | null }, { rows: Row[]; data?: Timeline[] }>('/scmapi/ordernode/action/actual'),
  /** The node line's transition `plan`: its planned date dragged on the timeline (its duration kept; regenerating keeps it). */
  plan: postCall<{ ids: number[]; version: number; plan_date: string }, { rows: Row[]; data?: Timeline[] }>('/scmapi/ordernode/action/plan'),
  /** The node plans as an .xlsx file: the list export of the view `trackednode` (one order's by `f.order_no.eq`, in plan order by `sort=seq,node_code`). */
  export: getCall<{ 'f.order_no.eq'?: string; sort?: string }, Blob>('/scmapi/trackednode/export'),
  /** The customer order's generic action: its node plan generated again. */
  nodePlan: postCall<{ id: number }, { rows: Row[]; data?: Array<{ nodes: number }> }>('/scmapi/customerorder/action/nodeplan'),
};
