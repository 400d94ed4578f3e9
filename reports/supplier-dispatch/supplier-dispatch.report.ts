import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * On-time dispatch by customer and delivery month (server query `supplier-dispatch`): of the orders
 * shipped (dispatched, or received by the customer since), the share shipped on or before the
 * delivery date; and the orders accepted or still to confirm that are already past it.
 */
export const supplierDispatch = defineReport({
  name: 'supplier-dispatch',
  title: { zh: '准时发货率（按客户）', en: 'On-time dispatch by customer' },
  menu: { order: 30, roles: READERS.supplierSide },
  entity: 'supplierorder',
  query: 'supplier-dispatch',
  chart: 'bar',
  chartMeasures: ['rate'],
  defaultGroup: ['customer'],
  companies: ['supplier'],
  dimensions: [
    { key: 'customer', field: 'buyer_name', label: { zh: '客户（采购方）', en: 'Customer (buyer)' } },
    { key: 'month', field: 'delivery_date', bucket: 'month', label: { zh: '交货月份', en: 'Delivery month' } },
  ],
  measures: [
    { key: 'dispatched', agg: 'sum', field: 'dispatched', label: { zh: '已发货订单', en: 'Orders shipped' }, format: 'integer', drill: { 'f.status.in': 'dispatched,received' } },
    { key: 'on_time', agg: 'sum', field: 'on_time', label: { zh: '准时发货', en: 'Shipped on time' }, format: 'integer' },
    { key: 'late_open', agg: 'sum', field: 'late_open', label: { zh: '逾期未发货', en: 'Not shipped and late' }, format: 'integer', drill: { 'f.status.in': 'pending,confirmed', 'f.delivery_date.lt': '$$TODAY$$' }, late: { field: 'delivery_date', by: 'date' } },
    { key: 'rate', agg: 'ratio', of: ['on_time', 'dispatched'], label: { zh: '准时发货率', en: 'On-time dispatch rate' }, format: 'percent' },
  ],
  filters: ['delivery_date', 'buyer_name', 'order_kind'],
});
