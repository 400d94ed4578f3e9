import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Customer orders by status, customer, category and delivery month: the order funnel of the
 * control tower. Read through the customer order list's own WHERE (tenant, data permissions).
 */
export const ordersByStatus = defineReport({
  name: 'orders-by-status',
  title: { zh: '客户订单状态分布', en: 'Customer orders by status' },
  menu: { order: 10, roles: READERS.managers, companies: ['maker'] },
  entity: 'customerorder',
  aggregate: 'customerorder_month',
  dimensions: [
    { key: 'status', field: 'status', label: { zh: '状态', en: 'Status' } },
    { key: 'customer', field: 'brand_name', label: { zh: '客户（品牌）', en: 'Customer (brand)' } },
    { key: 'category', field: 'category', label: { zh: '品类', en: 'Category' } },
    { key: 'month', field: 'delivery_date', bucket: 'month', label: { zh: '交货月份', en: 'Delivery month' } },
  ],
  measures: [
    { key: 'orders', agg: 'count', label: { zh: '订单数', en: 'Orders' } },
    { key: 'qty', agg: 'sum', field: 'total_qty', label: { zh: '总数量', en: 'Total qty' } },
  ],
  filters: ['status', 'brand_name', 'category', 'delivery_date', 'receive_date', 'created_by'],
});
