import type { ChartData } from '../charts/series';
import { defineDashboard, getEntity, weekStart, type HeadlineRows, type HeadlineTone, type ReportDef } from '../../src/model';
// The reports its widgets read (a dashboard is declared over registered reports).
import '../allocation-coverage/allocation-coverage.report';
import '../capacity-load/capacity-load.report';
import '../node-risk/node-risk.report';
import '../on-time-delivery/on-time-delivery.report';
import '../open-exceptions/open-exceptions.report';
import '../orders-by-status/orders-by-status.report';
import '../outsourced-wip/outsourced-wip.report';
import '../plan-lateness/plan-lateness.report';
import '../pr-order-book/pr-order-book.report';
import '../purchase-spend/purchase-spend.report';
import '../quality-defects/quality-defects.report';
import '../sourcing-in-progress/sourcing-in-progress.report';
import '../stock-below-reorder/stock-below-reorder.report';
import '../vendor-capacity-vs-allocated/vendor-capacity-vs-allocated.report';
import '../vendor-scorecard/vendor-scorecard.report';

/** A funnel's steps in the state machine's order (pending before in progress before finished). */
export function inStateOrder(data: ChartData, report: ReportDef): ChartData {
  if (!report.entity) return data;
  const states = getEntity(report.entity)?.states?.states.map((s) => s.code) ?? [];
  const order = data.categories.map((c, i) => ({ c, i })).sort((a, b) => states.indexOf(a.c.key ?? '') - states.indexOf(b.c.key ?? ''));
  return { ...data, categories: order.map((o) => o.c), series: data.series.map((s) => ({ ...s, values: order.map((o) => s.values[o.i]) })) };
}
const byStates = (data: ChartData, _tr: unknown, report: ReportDef) => inStateOrder(data, report);

// The headline figures' arithmetic: sums of a measure over the rows, rates from sums, colours by threshold.
const sum = (rows: HeadlineRows, key: string, keep: (r: HeadlineRows[number]) => boolean = () => true) => rows.filter(keep).reduce((s, r) => s + Number(r[key] ?? 0), 0);
const ratio = (a: number, b: number) => (b ? a / b : null);
const higherIsBetter = (good: number, warn: number) => (v: number): HeadlineTone => (v >= good ? 'good' : v >= warn ? 'warn' : 'bad');
const lowerIsBetter = (good: number, warn: number) => (v: number): HeadlineTone => (v <= good ? 'good' : v <= warn ? 'warn' : 'bad');
const noneIsGood = (v: number): HeadlineTone => (v ? 'bad' : 'good');
/** Bad when some are already bad (late nodes, exceptions over 14 days), a warning when there are any. */
const worstFirst = (bad: (rows: HeadlineRows) => number) => (v: number, rows: HeadlineRows): HeadlineTone => (bad(rows) ? 'bad' : v ? 'warn' : 'good');
const lateNodes = (rows: HeadlineRows) => sum(rows, 'late');
const oldExceptions = (rows: HeadlineRows) => sum(rows, 'tickets', (r) => String(r.age) === '4');
// Open orders: those not finished, in a maker's customer orders or a brand's requirement orders.
const OPEN = ['pending', 'in_progress', 'sent', 'manual', 'draft'];

/**
 * The control tower's headline figures and widgets (`/visual/control-tower`, issue 13; the page
 * adds the designed tiles and the scenarios): each widget reads one report declaration through the
 * report API, so tenant and data permissions apply as in the report. A widget that names `otherwise`
 * reads the first of its reports the user has a menu entry for (a maker's order funnel reads
 * customer orders, a brand's its requirement orders); a user with none of them does not get it.
 */
export const controlTower = defineDashboard({
  name: 'control-tower',
  title: { zh: '供应链控制塔', en: 'Supply chain control tower' },
  purpose: { zh: '订单、交期、产能、采购、质量与异常的一屏总览；点击任一图形查看对应单据。', en: 'Orders, delivery, capacity, purchasing, quality and exceptions on one screen; click any chart element to open its records.' },
  companies: ['brand', 'maker'],
  widgets: [
    {
      key: 'funnel',
      title: { zh: '订单漏斗（按状态）', en: 'Order funnel by status' },
      kind: 'funnel',
      report: 'orders-by-status',
      group: ['status'],
      measures: ['orders'],
      dateField: 'delivery_date',
      // The way through, without the rejected and cancelled.
      query: { 'f.status.in': 'pending,in_progress,finished' },
      otherwise: [{ report: 'pr-order-book', group: ['status'], measures: ['orders'], dateField: 'delivery_date', query: { 'f.status.in': 'draft,sent,manual,in_progress,finished' } }],
      shape: byStates,
    },
    { key: 'ontime', title: { zh: '准时交货率（按客户）', en: 'On-time delivery by customer' }, kind: 'bar', report: 'on-time-delivery', group: ['customer'], measures: ['rate'], dateField: 'delivery_date' },
    // The live schedule's late plans by delivery month: the board's own rule (src/model/measures.ts).
    { key: 'lateness', title: { zh: '计划延期（按交货月份）', en: 'Late plans by delivery month' }, kind: 'bar', report: 'plan-lateness', group: ['month'], measures: ['late'], dateField: 'delivery_date' },
    { key: 'purchase', title: { zh: '在途采购单（按状态）', en: 'Purchase orders in flight' }, kind: 'pie', report: 'purchase-spend', group: ['status'], measures: ['orders'], dateField: 'order_date', query: { 'f.status.in': 'sent,manual,confirmed,dispatched' } },
    { key: 'capacity', title: { zh: '产线产能利用率（按周）', en: 'Line utilisation by week' }, kind: 'heatmap', span: 2, report: 'capacity-load', group: ['line', 'week'], measures: ['utilisation'], dateField: 'start_date' },
    { key: 'allocation', title: { zh: '分配覆盖（按版本）', en: 'Allocation coverage by version' }, kind: 'stackedBar', report: 'allocation-coverage', group: ['version'], measures: ['allocated', 'unplaced'] },
    { key: 'vendorcap', title: { zh: '供应商产能与分配', en: 'Vendor capacity vs allocated' }, kind: 'bar', span: 2, report: 'vendor-capacity-vs-allocated', group: ['vendor'], measures: ['capacity', 'allocated'] },
    { key: 'noderisk', title: { zh: '节点风险（逾期与有风险的节点）', en: 'Node-tracking risk (late and at-risk nodes)' }, kind: 'stackedBar', report: 'node-risk', group: ['node'], measures: ['late', 'at_risk'], dateField: 'plan_date' },
    { key: 'vendorperf', title: { zh: '供应商准时交货率', en: 'Vendor on-time delivery' }, kind: 'bar', report: 'vendor-scorecard', group: ['vendor'], measures: ['on_time_rate'], dateField: 'delivery_date' },
    { key: 'outsourced', title: { zh: '外发在制（已收回 / 在外）', en: 'Outsourced work (received / still out)' }, kind: 'stackedBar', report: 'outsourced-wip', group: ['vendor'], measures: ['received', 'open_qty'], dateField: 'delivery_date' },
    { key: 'quality', title: { zh: '缺陷率（按产线，最差在上）', en: 'Defect rate by line (worst first)' }, kind: 'rankedBar', report: 'quality-defects', group: ['line'], measures: ['defect_rate'], dateField: 'inspected_at', dateTime: true },
    { key: 'exceptions', title: { zh: '未关闭异常（按账龄）', en: 'Open exceptions by age' }, kind: 'bar', report: 'open-exceptions', group: ['age'], measures: ['tickets'] },
    // Sourcing projects whose evaluation has not ended, stage by stage (the funnel keeps the state machine's order).
    { key: 'sourcing', title: { zh: '进行中的寻源（按阶段）', en: 'Sourcing in progress by stage' }, kind: 'funnel', report: 'sourcing-in-progress', group: ['status'], measures: ['projects'], query: { 'f.eval_state.in': 'not_evaluated,evaluating' }, shape: byStates },
    // Issue 35's levels are the alert: a material under its reorder level at a location (on hand at or below zero included when a level is set).
    {
      key: 'stock',
      title: { zh: '库存预警（低于再订货点的物料）', en: 'Stock alerts (materials below reorder level)' },
      kind: 'bar',
      report: 'stock-below-reorder',
      group: ['location'],
      measures: ['items'],
      whenEmpty: { text: { zh: '没有低于再订货点的物料', en: 'No material below its reorder level' }, good: true },
    },
  ],
  headlines: [
    { key: 'openOrders', label: { zh: '在手订单', en: 'Open orders' }, widget: 'funnel', value: (rows) => sum(rows, 'orders', (r) => OPEN.includes(String(r.status))) },
    {
      key: 'onTime',
      label: { zh: '准时交货率', en: 'On-time delivery' },
      widget: 'ontime',
      value: (rows) => ratio(sum(rows, 'on_time'), sum(rows, 'finished')),
      percent: true,
      tone: higherIsBetter(0.95, 0.85),
      sub: { label: { zh: '逾期未完成', en: 'Open and late' }, value: (rows) => sum(rows, 'late_open') },
    },
    // Beside the orders' on-time rate, what the live schedule will deliver late (the board's rule).
    { key: 'latePlans', label: { zh: '计划延期', en: 'Late plans' }, widget: 'lateness', value: (rows) => sum(rows, 'late'), tone: noneIsGood, sub: { label: { zh: '已排产', en: 'of scheduled' }, value: (rows) => sum(rows, 'plans'), always: true } },
    {
      key: 'utilisation',
      label: { zh: '本周产能利用率', en: 'Utilisation this week' },
      widget: 'capacity',
      value: (rows, today) => {
        const thisWeek = (r: HeadlineRows[number]) => r.week === weekStart(today);
        return ratio(sum(rows, 'load', thisWeek), sum(rows, 'capacity', thisWeek));
      },
      percent: true,
      tone: lowerIsBetter(0.9, 1.0),
    },
    { key: 'coverage', label: { zh: '分配覆盖率', en: 'Allocation coverage' }, widget: 'allocation', value: (rows) => ratio(sum(rows, 'allocated'), sum(rows, 'demand')), percent: true, tone: higherIsBetter(0.95, 0.6) },
    { key: 'purchases', label: { zh: '在途采购单', en: 'POs in flight' }, widget: 'purchase', value: (rows) => sum(rows, 'orders') },
    { key: 'stockAlerts', label: { zh: '库存预警', en: 'Stock alerts' }, widget: 'stock', value: (rows) => sum(rows, 'items'), tone: noneIsGood },
    {
      key: 'nodesFlagged',
      label: { zh: '节点逾期/风险', en: 'Nodes late or at risk' },
      widget: 'noderisk',
      value: (rows) => sum(rows, 'late') + sum(rows, 'at_risk'),
      tone: worstFirst(lateNodes),
      sub: { label: { zh: '已逾期', en: 'late' }, value: lateNodes },
    },
    { key: 'openExceptions', label: { zh: '未关闭异常', en: 'Open exceptions' }, widget: 'exceptions', value: (rows) => sum(rows, 'tickets'), tone: worstFirst(oldExceptions), sub: { label: { zh: '超过14天', en: 'over 14 days' }, value: oldExceptions } },
    {
      key: 'defectRate',
      label: { zh: '缺陷率', en: 'Defect rate' },
      widget: 'quality',
      value: (rows) => ratio(sum(rows, 'defects'), sum(rows, 'sampled')),
      percent: true,
      tone: lowerIsBetter(0.025, 0.065),
      sub: { label: { zh: '不合格批', en: 'failed lots' }, value: (rows) => sum(rows, 'failed') },
    },
  ],
});
