import { defineReport } from '../../src/model';
import { NODE_TRACKING_PATH } from '../../src/model/node-tracking';
import { READERS } from '../menu';

/**
 * Node-tracking risk (server query `node-risk`): the maker's order nodes by node and planned month,
 * each counted in the state node tracking gives it today (src/model/node-tracking.ts `trackOrder`,
 * the same arithmetic as the timeline): late (planned date passed, no actual date), at risk (the
 * remaining nodes of its order no longer fit before its planned date), finished late, finished on
 * time, on track. Orders cancelled or rejected are left out. A bar opens node tracking.
 */
export const nodeRisk = defineReport({
  name: 'node-risk',
  title: { zh: '节点风险（按节点）', en: 'Node-tracking risk by node' },
  menu: { order: 42, roles: READERS.managers },
  entity: 'ordernode',
  query: 'node-risk',
  // Cancelled or rejected orders leave the risk figures.
  reads: ['customerorder'],
  chart: 'stackedBar',
  chartMeasures: ['late', 'at_risk'],
  defaultGroup: ['node'],
  companies: ['maker'],
  noDrill: true,
  // An order's bar opens its timeline on the node tracking page; a node's bar the tracking page.
  drillTo: { path: NODE_TRACKING_PATH, params: { order: 'order' } },
  dimensions: [
    { key: 'node', field: 'node_name', label: { zh: '节点', en: 'Node' } },
    { key: 'month', field: 'plan_date', bucket: 'month', label: { zh: '计划完成月份', en: 'Planned month' } },
    { key: 'order', field: 'order_id', label: { zh: '客户订单', en: 'Customer order' } },
    { key: 'customer', field: 'customer', noDrill: true, label: { zh: '客户（品牌）', en: 'Customer (brand)' } },
  ],
  measures: [
    { key: 'nodes', agg: 'sum', field: 'nodes', label: { zh: '节点数', en: 'Nodes' }, format: 'integer' },
    { key: 'late', agg: 'sum', field: 'late', label: { zh: '已逾期', en: 'Late' }, format: 'integer', late: { field: 'plan_date', by: 'date' } },
    { key: 'at_risk', agg: 'sum', field: 'at_risk', label: { zh: '有风险', en: 'At risk' }, format: 'integer' },
    { key: 'done_late', agg: 'sum', field: 'done_late', label: { zh: '延期完成', en: 'Finished late' }, format: 'integer' },
    { key: 'flagged', agg: 'sum', field: 'flagged', label: { zh: '逾期或有风险', en: 'Late or at risk' }, format: 'integer' },
    { key: 'risk_rate', agg: 'ratio', of: ['flagged', 'nodes'], label: { zh: '风险占比', en: 'Share late or at risk' }, format: 'percent' },
  ],
  filters: ['plan_date', 'node_name', 'party'],
});
