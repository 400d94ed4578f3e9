import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/** Purchase spend by supplier and order month (and purchase kind, status). */
export const purchaseSpend = defineReport({
  name: 'purchase-spend',
  title: { zh: '采购金额（供应商×月份）', en: 'Purchase spend by supplier and month' },
  menu: { order: 70, roles: READERS.withFinance },
  entity: 'purorder',
  chart: 'stackedBar',
  defaultGroup: ['month', 'vendor'],
  companies: ['brand', 'maker'],
  dimensions: [
    { key: 'month', field: 'order_date', bucket: 'month', label: { zh: '下单月份', en: 'Order month' } },
    { key: 'vendor', field: 'vendor_id', label: { zh: '供应商', en: 'Supplier' } },
    { key: 'kind', field: 'order_kind', label: { zh: '采购类别', en: 'Purchase kind' } },
    { key: 'status', field: 'status', label: { zh: '状态', en: 'Status' } },
  ],
  measures: [
    { key: 'amount', agg: 'sum', field: 'total_amount', label: { zh: '采购金额', en: 'Spend' }, format: 'money' },
    { key: 'orders', agg: 'count', label: { zh: '采购单数', en: 'Orders' } },
    { key: 'qty', agg: 'sum', field: 'total_qty', label: { zh: '数量', en: 'Quantity' } },
  ],
  // created_by: the dashboards' organisation filter (docs/architecture-dashboards.md).
  filters: ['order_date', 'vendor_id', 'order_kind', 'status', 'created_by'],
  // The purchase orders summed per month, status, supplier, kind and creator (kept by triggers, B8).
  aggregate: 'purorder_month',
});
