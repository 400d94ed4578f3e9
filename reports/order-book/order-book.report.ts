import { defineReport, type ReportMeasure } from '../../src/model';
import { READERS } from '../menu';

/** What an order book measures, for customer orders and requirement orders alike (both carry these totals). */
export const ORDER_BOOK_MEASURES: ReportMeasure[] = [
  { key: 'qty', agg: 'sum', field: 'total_qty', label: { zh: '数量', en: 'Quantity' } },
  { key: 'orders', agg: 'count', label: { zh: '订单数', en: 'Orders' } },
  { key: 'amount', agg: 'sum', field: 'total_amount', label: { zh: '金额', en: 'Amount' }, format: 'money' },
];

/** The maker's order book: customer orders by customer (brand) and delivery month. */
export const orderBook = defineReport({
  name: 'order-book',
  title: { zh: '订单簿（客户×月份）', en: 'Order book by customer and month' },
  menu: { order: 20, roles: READERS.withFinance },
  entity: 'customerorder',
  aggregate: 'customerorder_month',
  chart: 'stackedBar',
  defaultGroup: ['month', 'customer'],
  companies: ['maker'],
  dimensions: [
    { key: 'month', field: 'delivery_date', bucket: 'month', label: { zh: '交货月份', en: 'Delivery month' } },
    { key: 'customer', field: 'brand_name', label: { zh: '客户（品牌）', en: 'Customer (brand)' } },
    { key: 'category', field: 'category', label: { zh: '品类', en: 'Category' } },
    { key: 'status', field: 'status', label: { zh: '状态', en: 'Status' } },
  ],
  measures: ORDER_BOOK_MEASURES,
  // created_by: the dashboards' organisation filter (docs/architecture-dashboards.md).
  filters: ['delivery_date', 'brand_name', 'category', 'status', 'created_by'],
});
