import { defineReport } from '../../src/model';
import { ORDER_BOOK_MEASURES } from '../order-book/order-book.report';
import { READERS } from '../menu';

/** The brand's order book: requirement orders by customer and delivery month (and maker). */
export const prOrderBook = defineReport({
  name: 'pr-order-book',
  title: { zh: '需求订单簿（客户×月份）', en: 'Requirement order book by customer and month' },
  menu: { order: 20, roles: READERS.withFinance },
  entity: 'prorder',
  chart: 'stackedBar',
  defaultGroup: ['month', 'customer'],
  companies: ['brand'],
  dimensions: [
    { key: 'month', field: 'delivery_date', bucket: 'month', label: { zh: '交货月份', en: 'Delivery month' } },
    { key: 'customer', field: 'customer_id', label: { zh: '客户', en: 'Customer' } },
    { key: 'maker', field: 'maker_vendor_id', label: { zh: '生产工厂', en: 'Maker' } },
    { key: 'category', field: 'category', label: { zh: '品类', en: 'Category' } },
    { key: 'status', field: 'status', label: { zh: '状态', en: 'Status' } },
  ],
  measures: ORDER_BOOK_MEASURES,
  // created_by: the dashboards' organisation filter (docs/architecture-dashboards.md).
  filters: ['delivery_date', 'customer_id', 'maker_vendor_id', 'category', 'status', 'created_by'],
});
