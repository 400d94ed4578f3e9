import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Late plans of the live schedule (server query `plan-lateness`): the plans with a published
 * schedule, by delivery month and category, and those whose schedule ends after their delivery date
 * (src/model/measures.ts, the board's own rule), with their pieces and days late. Each count drills
 * to the production plans it counts: scheduled ones, or those with days late above 0.
 */
export const planLateness = defineReport({
  name: 'plan-lateness',
  title: { zh: '计划延期（正式排产）', en: 'Late plans (live schedule)' },
  menu: { order: 41, roles: READERS.managers },
  entity: 'prodplan',
  // Scheduled plans live in the plan history list (the pending list holds those still to schedule).
  page: 'prodplanhistory',
  query: 'plan-lateness',
  // The kept monthly counts when the run's filters and data permissions name only their fields.
  aggregate: 'prodplan_month',
  // A bar moved on the live schedule moves its plan's end and days late (kept by the database).
  reads: ['prodplan_bar'],
  chart: 'stackedBar',
  chartMeasures: ['late'],
  defaultGroup: ['month'],
  companies: ['maker'],
  dimensions: [
    { key: 'month', field: 'delivery_date', bucket: 'month', label: { zh: '交货月份', en: 'Delivery month' } },
    { key: 'category', field: 'category', label: { zh: '品类', en: 'Category' } },
  ],
  measures: [
    { key: 'plans', agg: 'sum', field: 'plans', format: 'integer', label: { zh: '已排产计划', en: 'Scheduled plans' }, drill: { 'f.planned_end.notnull': '1' } },
    { key: 'late', agg: 'sum', field: 'late', format: 'integer', label: { zh: '延期计划', en: 'Late plans' }, drill: { 'f.late_days.gt': '0' } },
    { key: 'late_qty', agg: 'sum', field: 'late_qty', format: 'integer', label: { zh: '延期件数', en: 'Pieces late' } },
    { key: 'late_days', agg: 'sum', field: 'late_days', format: 'integer', label: { zh: '延期天数合计', en: 'Days late, summed' } },
    { key: 'rate', agg: 'ratio', of: ['late', 'plans'], label: { zh: '延期占比', en: 'Share late' }, format: 'percent' },
  ],
  filters: ['delivery_date', 'category', 'status', 'created_by'],
});
