import type { ChartKind, Label } from '../src/model';
import { orgFilter, rangeFilter } from '../src/model/dashboard';

/**
 * The control tower's widgets (issue 13): each reads one report declaration through the report API
 * (so tenant and data permissions apply as in the report), grouped and drawn as said here. A widget
 * names its reports in order of preference: the first one the user has a menu entry for is used
 * (a maker's order funnel reads customer orders, a brand's its requirement orders); a user with none
 * of them does not get the widget.
 */
export type WidgetDef = {
  key: string;
  title: Label;
  /** `dateTime`: the date field is a date and time (the range runs from 00:00:00 of its first day to 23:59:59 of its last). */
  sources: Array<{ report: string; group: string[]; measures: string[]; dateField?: string; dateTime?: boolean; query?: Record<string, string> }>;
  kind: ChartKind;
  /** Grid columns the widget spans (of 3). */
  span?: number;
};

export const WIDGETS: WidgetDef[] = [
  {
    key: 'funnel',
    title: { zh: '订单漏斗（按状态）', en: 'Order funnel by status' },
    kind: 'funnel',
    sources: [
      // The way through, without the rejected and cancelled.
      { report: 'orders-by-status', group: ['status'], measures: ['orders'], dateField: 'delivery_date', query: { 'f.status.in': 'pending,in_progress,finished' } },
      { report: 'pr-order-book', group: ['status'], measures: ['orders'], dateField: 'delivery_date', query: { 'f.status.in': 'draft,sent,manual,in_progress,finished' } },
    ],
  },
  {
    key: 'ontime',
    title: { zh: '准时交货率（按客户）', en: 'On-time delivery by customer' },
    kind: 'bar',
    sources: [{ report: 'on-time-delivery', group: ['customer'], measures: ['rate'], dateField: 'delivery_date' }],
  },
  {
    // The live schedule's late plans by delivery month: the board's own rule (src/model/measures.ts).
    key: 'lateness',
    title: { zh: '计划延期（按交货月份）', en: 'Late plans by delivery month' },
    kind: 'bar',
    sources: [{ report: 'plan-lateness', group: ['month'], measures: ['late'], dateField: 'delivery_date' }],
  },
  {
    key: 'purchase',
    title: { zh: '在途采购单（按状态）', en: 'Purchase orders in flight' },
    kind: 'pie',
    sources: [{ report: 'purchase-spend', group: ['status'], measures: ['orders'], dateField: 'order_date', query: { 'f.status.in': 'sent,manual,confirmed,dispatched' } }],
  },
  {
    key: 'capacity',
    title: { zh: '产线产能利用率（按周）', en: 'Line utilisation by week' },
    kind: 'heatmap',
    span: 2,
    sources: [{ report: 'capacity-load', group: ['line', 'week'], measures: ['utilisation'], dateField: 'start_date' }],
  },
  {
    key: 'allocation',
    title: { zh: '分配覆盖（按版本）', en: 'Allocation coverage by version' },
    kind: 'stackedBar',
    sources: [{ report: 'allocation-coverage', group: ['version'], measures: ['allocated', 'unplaced'] }],
  },
  {
    key: 'vendorcap',
    title: { zh: '供应商产能与分配', en: 'Vendor capacity vs allocated' },
    kind: 'bar',
    span: 2,
    sources: [{ report: 'vendor-capacity-vs-allocated', group: ['vendor'], measures: ['capacity', 'allocated'] }],
  },
  {
    key: 'noderisk',
    title: { zh: '节点风险（逾期与有风险的节点）', en: 'Node-tracking risk (late and at-risk nodes)' },
    kind: 'stackedBar',
    sources: [{ report: 'node-risk', group: ['node'], measures: ['late', 'at_risk'], dateField: 'plan_date' }],
  },
  {
    key: 'vendorperf',
    title: { zh: '供应商准时交货率', en: 'Vendor on-time delivery' },
    kind: 'bar',
    sources: [{ report: 'vendor-scorecard', group: ['vendor'], measures: ['on_time_rate'], dateField: 'delivery_date' }],
  },
  {
    key: 'outsourced',
    title: { zh: '外发在制（已收回 / 在外）', en: 'Outsourced work (received / still out)' },
    kind: 'stackedBar',
    sources: [{ report: 'outsourced-wip', group: ['vendor'], measures: ['received', 'open_qty'], dateField: 'delivery_date' }],
  },
  {
    key: 'quality',
    title: { zh: '缺陷率（按产线，最差在上）', en: 'Defect rate by line (worst first)' },
    kind: 'rankedBar',
    sources: [{ report: 'quality-defects', group: ['line'], measures: ['defect_rate'], dateField: 'inspected_at', dateTime: true }],
  },
  {
    key: 'exceptions',
    title: { zh: '未关闭异常（按账龄）', en: 'Open exceptions by age' },
    kind: 'bar',
    sources: [{ report: 'open-exceptions', group: ['age'], measures: ['tickets'] }],
  },
  {
    // Sourcing projects whose evaluation has not ended, stage by stage (the funnel keeps the state machine's order).
    key: 'sourcing',
    title: { zh: '进行中的寻源（按阶段）', en: 'Sourcing in progress by stage' },
    kind: 'funnel',
    sources: [{ report: 'sourcing-in-progress', group: ['status'], measures: ['projects'], query: { 'f.eval_state.in': 'not_evaluated,evaluating' } }],
  },
  {
    key: 'stock',
    title: { zh: '库存预警（库存≤0 的库位）', en: 'Stock alerts (on hand ≤ 0)' },
    kind: 'bar',
    sources: [{ report: 'stock-by-location', group: ['location'], measures: ['balances'], query: { 'f.qty.lte': '0' } }],
  },
];

/** The source a user gets: the first whose report menu entry (`rpt.<report>`) the user has. */
export function sourceFor(w: WidgetDef, menuCodes: ReadonlySet<string>) {
  return w.sources.find((s) => menuCodes.has(`rpt.${s.report}`));
}

/**
 * The query of a widget's source: its grouping, its own filters, the tower's date range on its date
 * field and, when an organisation is chosen and the report follows it, its members as the records'
 * authors (none: `0`, no user, so an organisation without members shows nothing, not everything).
 */
export function widgetQuery(source: WidgetDef['sources'][number], range: { from: string; to: string }, authors: number[] | null = null): Record<string, string> {
  return { group: source.group.join(','), ...(source.query ?? {}), ...(authors ? orgFilter(authors) : {}), ...(source.dateField ? rangeFilter(source.dateField, source.dateTime, range) : {}) };
}

export { defaultRange } from './tower-range';

