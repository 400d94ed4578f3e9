import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Vendor scorecard (server query `vendor-scorecard`), from the purchase orders the company placed:
 * per supplier, the orders due (delivery date passed, or received), those received in full on or
 * before their delivery date, those late (received after it, or still open past it); the fill rate
 * (pieces received over pieces ordered on due orders) and the return rate (pieces returned over
 * pieces received). The receipt time is the order's `receive` action in the audit log, else its last
 * update while received. Quality (issue 16): the submitted inspection results attributed to the
 * vendor (a maker's inspections of its outsourced orders; a brand's orders inspected at its makers,
 * read through its order shares), by the month inspected: inspections, passed, pass rate.
 */
export const vendorScorecard = defineReport({
  name: 'vendor-scorecard',
  title: { zh: '供应商绩效', en: 'Vendor scorecard' },
  menu: { order: 65, roles: READERS.withFinance },
  entity: 'purorder',
  query: 'vendor-scorecard',
  chart: 'bar',
  chartMeasures: ['on_time_rate', 'pass_rate'],
  defaultGroup: ['vendor'],
  companies: ['brand', 'maker'],
  dimensions: [
    { key: 'vendor', field: 'vendor_id', label: { zh: '供应商', en: 'Vendor' } },
    { key: 'month', field: 'delivery_date', bucket: 'month', label: { zh: '交货/质检月份', en: 'Delivery or inspection month' } },
    { key: 'kind', field: 'order_kind', label: { zh: '采购类别', en: 'Order kind' } },
  ],
  measures: [
    { key: 'due', agg: 'sum', field: 'due', label: { zh: '到期订单', en: 'Orders due' }, format: 'integer' },
    { key: 'on_time', agg: 'sum', field: 'on_time', label: { zh: '准时收货', en: 'Received on time' }, format: 'integer' },
    { key: 'late', agg: 'sum', field: 'late', label: { zh: '延迟', en: 'Late' }, format: 'integer' },
    { key: 'ordered', agg: 'sum', field: 'ordered', label: { zh: '订购数量', en: 'Ordered qty' }, format: 'decimal' },
    { key: 'received', agg: 'sum', field: 'received', label: { zh: '收货数量', en: 'Received qty' }, format: 'decimal' },
    { key: 'returned', agg: 'sum', field: 'returned', label: { zh: '退货数量', en: 'Returned qty' }, format: 'decimal' },
    { key: 'on_time_rate', agg: 'ratio', of: ['on_time', 'due'], label: { zh: '准时交货率', en: 'On-time rate' }, format: 'percent' },
    { key: 'fill_rate', agg: 'ratio', of: ['received', 'ordered'], label: { zh: '满足率', en: 'Fill rate' }, format: 'percent' },
    { key: 'return_rate', agg: 'ratio', of: ['returned', 'received'], label: { zh: '退货率', en: 'Return rate' }, format: 'percent' },
    { key: 'inspected', agg: 'sum', field: 'inspected', label: { zh: '质检次数', en: 'Inspections' }, format: 'integer' },
    { key: 'passed', agg: 'sum', field: 'passed', label: { zh: '质检合格', en: 'Passed' }, format: 'integer' },
    { key: 'pass_rate', agg: 'ratio', of: ['passed', 'inspected'], label: { zh: '质检合格率', en: 'Inspection pass rate' }, format: 'percent' },
  ],
  // created_by: the dashboards' organisation filter (docs/architecture-dashboards.md).
  // Issue 35: the figures over a month, a quarter or any from/to (the page's period picker; all time without one).
  period: { label: { zh: '统计期间（交期与质检日期）', en: 'Period (due and inspection dates)' } },
  filters: ['delivery_date', 'vendor_id', 'order_kind', 'created_by'],
});
