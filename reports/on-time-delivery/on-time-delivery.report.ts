import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * On-time delivery rate of customer orders by customer and delivery month (server query `on-time`):
 * of the finished orders, the share finished on or before the delivery date; and the open orders
 * already past it. Subtotals compute the rate from their own counts.
 */
export const onTimeDelivery = defineReport({
  name: 'on-time-delivery',
  title: { zh: '准时交货率', en: 'On-time delivery rate' },
  menu: { order: 30, roles: READERS.managers },
  entity: 'customerorder',
  aggregate: 'customerorder_month',
  query: 'on-time',
  chart: 'bar',
  chartMeasures: ['rate'],
  defaultGroup: ['customer'],
  companies: ['maker'],
  dimensions: [
    { key: 'customer', field: 'brand_name', label: { zh: '客户（品牌）', en: 'Customer (brand)' } },
    { key: 'month', field: 'delivery_date', bucket: 'month', label: { zh: '交货月份', en: 'Delivery month' } },
  ],
  measures: [
    { key: 'finished', agg: 'sum', field: 'finished', label: { zh: '已完成订单', en: 'Finished orders' }, format: 'integer', drill: { 'f.status.eq': 'finished' } },
    { key: 'on_time', agg: 'sum', field: 'on_time', label: { zh: '准时完成', en: 'Finished on time' }, format: 'integer' },
    { key: 'late_open', agg: 'sum', field: 'late_open', label: { zh: '逾期未完成', en: 'Open and late' }, format: 'integer', drill: { 'f.status.eq': 'in_progress', 'f.delivery_date.lt': '$$TODAY$$' }, late: { field: 'delivery_date', by: 'date' } },
    { key: 'rate', agg: 'ratio', of: ['on_time', 'finished'], label: { zh: '准时率', en: 'On-time rate' }, format: 'percent' },
  ],
  // created_by: the dashboards' organisation filter (docs/architecture-dashboards.md).
  filters: ['delivery_date', 'brand_name', 'category', 'created_by'],
});
