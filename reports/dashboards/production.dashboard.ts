import { defineDashboard } from '../../src/model';
// The reports its widgets read (a dashboard is declared over registered reports).
import '../capacity-load/capacity-load.report';
import '../node-risk/node-risk.report';
import '../on-time-delivery/on-time-delivery.report';
import '../order-book/order-book.report';
import '../outsourced-wip/outsourced-wip.report';
import '../quality-defects/quality-defects.report';

/**
 * The maker's production dashboard (`/visual/production`): the order book, on-time delivery, line
 * load, quality, node-tracking risk and outsourced work of the chosen period and organisation.
 */
export const productionDashboard = defineDashboard({
  name: 'production',
  title: { zh: '生产运营看板', en: 'Production dashboard' },
  purpose: { zh: '订单、交期、产线负荷、质量与外发的一屏总览；点击任一图形查看对应单据。', en: 'Orders, delivery, line load, quality and outsourced work on one screen; click any chart element to open its records.' },
  companies: ['maker'],
  widgets: [
    { key: 'orderbook', title: { zh: '订单量（交货月份×状态）', en: 'Order quantity by delivery month and status' }, report: 'order-book', group: ['month', 'status'], measures: ['qty'], kind: 'stackedBar', span: 2, dateField: 'delivery_date' },
    { key: 'ontime', title: { zh: '准时交货率（按客户）', en: 'On-time delivery by customer' }, report: 'on-time-delivery', group: ['customer'], measures: ['rate'], kind: 'bar', dateField: 'delivery_date' },
    { key: 'capacity', title: { zh: '产线负荷率（按周）', en: 'Line utilisation by week' }, report: 'capacity-load', group: ['line', 'week'], measures: ['utilisation'], kind: 'heatmap', span: 2, dateField: 'start_date' },
    { key: 'quality', title: { zh: '缺陷率（按产线）', en: 'Defect rate by line' }, report: 'quality-defects', group: ['line'], measures: ['defect_rate'], kind: 'rankedBar', dateField: 'inspected_at', dateTime: true },
    { key: 'noderisk', title: { zh: '节点风险（逾期与有风险）', en: 'Node risk (late and at risk)' }, report: 'node-risk', group: ['node'], measures: ['late', 'at_risk'], kind: 'stackedBar', span: 2, dateField: 'plan_date' },
    { key: 'outsourced', title: { zh: '外发在制（按供应商）', en: 'Outsourced work by vendor' }, report: 'outsourced-wip', group: ['vendor'], measures: ['received', 'open_qty'], kind: 'stackedBar', dateField: 'delivery_date' },
  ],
});
