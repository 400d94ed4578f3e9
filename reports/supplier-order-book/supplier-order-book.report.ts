import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * The supplier's side of purchasing (issue 29): the purchase orders a supplier received from its
 * customers (its copies, `supplierorder`), read in its own company. A fabric or trim supplier plans
 * its weaving, dyeing and shipping from these, so its reports are about them, not about buying:
 * orders, quantities and amounts received, by customer and delivery month (and order kind, status).
 */
export const supplierOrderBook = defineReport({
  name: 'supplier-order-book',
  title: { zh: '客户采购订单（客户×月份）', en: 'Orders received by customer and month' },
  menu: { order: 10, roles: READERS.supplierSide },
  entity: 'supplierorder',
  chart: 'stackedBar',
  chartMeasures: ['qty'],
  defaultGroup: ['month', 'customer'],
  companies: ['supplier'],
  dimensions: [
    { key: 'month', field: 'delivery_date', bucket: 'month', label: { zh: '交货月份', en: 'Delivery month' } },
    { key: 'customer', field: 'buyer_name', label: { zh: '客户（采购方）', en: 'Customer (buyer)' } },
    { key: 'kind', field: 'order_kind', label: { zh: '采购类别', en: 'Purchase kind' } },
    { key: 'status', field: 'status', label: { zh: '状态', en: 'Status' } },
  ],
  measures: [
    { key: 'orders', agg: 'count', label: { zh: '订单数', en: 'Orders' } },
    { key: 'qty', agg: 'sum', field: 'total_qty', label: { zh: '订货数量', en: 'Quantity ordered' } },
    { key: 'amount', agg: 'sum', field: 'total_amount', label: { zh: '订单金额', en: 'Order amount' }, format: 'money' },
  ],
  filters: ['delivery_date', 'buyer_name', 'order_kind', 'status'],
});
