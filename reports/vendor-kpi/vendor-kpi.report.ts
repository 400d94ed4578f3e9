import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Vendor KPI (spec 2 "vendor KPI"; issue 16): per vendor of the company's vendor list, from the data
 * the other modules hold (server query `vendor-kpi`):
 * - on-time delivery: its purchase orders due (received, or past their delivery date and not draft,
 *   rejected or cancelled) and those received in full by their delivery date (as the scorecard);
 * - quality: submitted inspection results attributed to it (a maker's inspections of its outsourced
 *   orders; a brand's orders inspected at the maker, through the brand's order shares) and those passed;
 * - capacity use: the quantity allocated to it by the company's allocation versions (not archived)
 *   over the capacity it declared;
 * - price: what its order lines cost against what the same quantities cost at the company's average
 *   price of each material (and currency) over every vendor; below 100 % it is cheaper than average.
 * Opened from a vendor's drawer (供应商KPI) with `f.code.eq` set to the vendor's code.
 */
export const vendorKpi = defineReport({
  name: 'vendor-kpi',
  title: { zh: '供应商KPI', en: 'Vendor KPI' },
  menu: { order: 66, roles: READERS.managers },
  entity: 'vendor',
  query: 'vendor-kpi',
  chart: 'bar',
  chartMeasures: ['on_time_rate', 'pass_rate', 'capacity_use', 'price_index'],
  defaultGroup: ['vendor'],
  companies: ['brand', 'maker'],
  noDrill: true,
  dimensions: [
    { key: 'vendor', field: 'id', ref: { entity: 'vendor', labelField: 'name' }, noDrill: true, label: { zh: '供应商', en: 'Vendor' } },
    { key: 'vendor_type', field: 'vendor_type', label: { zh: '供应商类型', en: 'Vendor type' } },
    { key: 'grade', field: 'grade', label: { zh: '等级', en: 'Grade' } },
  ],
  measures: [
    { key: 'due', agg: 'sum', field: 'due', label: { zh: '到期订单', en: 'Orders due' }, format: 'integer' },
    { key: 'on_time', agg: 'sum', field: 'on_time', label: { zh: '准时收货', en: 'Received on time' }, format: 'integer' },
    { key: 'on_time_rate', agg: 'ratio', of: ['on_time', 'due'], label: { zh: '准时交货率', en: 'On-time rate' }, format: 'percent' },
    { key: 'inspected', agg: 'sum', field: 'inspected', label: { zh: '质检次数', en: 'Inspections' }, format: 'integer' },
    { key: 'passed', agg: 'sum', field: 'passed', label: { zh: '质检合格', en: 'Passed' }, format: 'integer' },
    { key: 'pass_rate', agg: 'ratio', of: ['passed', 'inspected'], label: { zh: '质检合格率', en: 'Pass rate' }, format: 'percent' },
    { key: 'capacity', agg: 'sum', field: 'capacity', label: { zh: '申报产能', en: 'Declared capacity' }, format: 'integer' },
    { key: 'allocated', agg: 'sum', field: 'allocated', label: { zh: '已分配', en: 'Allocated' }, format: 'integer' },
    { key: 'capacity_use', agg: 'ratio', of: ['allocated', 'capacity'], label: { zh: '产能利用率', en: 'Capacity use' }, format: 'percent' },
    { key: 'spend', agg: 'sum', field: 'spend', label: { zh: '采购金额', en: 'Spend' }, format: 'money' },
    { key: 'benchmark', agg: 'sum', field: 'benchmark', label: { zh: '按均价金额', en: 'At average prices' }, format: 'money' },
    { key: 'price_index', agg: 'ratio', of: ['spend', 'benchmark'], label: { zh: '价格指数', en: 'Price index' }, format: 'percent' },
  ],
  // Issue 35: the figures over a month, a quarter or any from/to (the page's period picker; all time without one).
  period: { label: { zh: '统计期间（交期、质检、产能月份、下单日期）', en: 'Period (due dates, inspections, capacity months, order dates)' } },
  filters: ['code', 'name', 'vendor_type', 'grade', 'status'],
});
