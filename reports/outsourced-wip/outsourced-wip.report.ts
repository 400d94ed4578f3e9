import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Outsourced work in progress (server query `outsourced-wip`): the maker's outsourced orders by
 * vendor and process, pieces sent, reported done by the supplier, received back and still out
 * (ordered minus received) and the orders past their delivery date with pieces still out. Drafts,
 * rejected and cancelled orders are left out. A bar opens the outsourced orders of that vendor.
 */
export const outsourcedWip = defineReport({
  name: 'outsourced-wip',
  title: { zh: '外发在制（按供应商）', en: 'Outsourced work in progress by vendor' },
  menu: { order: 44, roles: READERS.managers, title: { zh: '外发在制（按供应商）', en: 'Outsourced work in progress' } },
  entity: 'outsourceorder',
  query: 'outsourced-wip',
  chart: 'stackedBar',
  chartMeasures: ['received', 'open_qty'],
  defaultGroup: ['vendor'],
  companies: ['maker'],
  dimensions: [
    { key: 'vendor', field: 'vendor_id', label: { zh: '外发供应商', en: 'Vendor' } },
    { key: 'process', field: 'process_id', label: { zh: '外发工序', en: 'Process' } },
    { key: 'status', field: 'status', label: { zh: '状态', en: 'Status' } },
    { key: 'month', field: 'delivery_date', bucket: 'month', label: { zh: '交货月份', en: 'Delivery month' } },
  ],
  measures: [
    { key: 'orders', agg: 'sum', field: 'orders', label: { zh: '外发单数', en: 'Orders' }, format: 'integer' },
    { key: 'qty', agg: 'sum', field: 'qty', label: { zh: '外发数量', en: 'Pieces sent' }, format: 'integer' },
    { key: 'done', agg: 'sum', field: 'done', label: { zh: '供应商完成', en: 'Reported done' }, format: 'integer' },
    { key: 'received', agg: 'sum', field: 'received', label: { zh: '已收回', en: 'Received back' }, format: 'integer' },
    { key: 'open_qty', agg: 'sum', field: 'open_qty', label: { zh: '在外未收', en: 'Still out' }, format: 'integer' },
    { key: 'late_orders', agg: 'sum', field: 'late_orders', label: { zh: '逾期未收单数', en: 'Orders late' }, format: 'integer' },
    { key: 'received_rate', agg: 'ratio', of: ['received', 'qty'], label: { zh: '收回率', en: 'Received share' }, format: 'percent' },
  ],
  // created_by: the dashboards' organisation filter (docs/architecture-dashboards.md).
  filters: ['delivery_date', 'vendor_id', 'process_id', 'status', 'created_by'],
});
