import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Defect rates from quality inspections (server query `quality-defects`): the company's submitted
 * inspection results (the inspection list's WHERE: tenant, data permissions, filters; drafts left
 * out) by the line that made the lot (the work order's line, else the line of its plan's, or its order's
 * plans', first published bar), the vendor it was outsourced to (none: made in house), the style, the stage and the month
 * of the result. Defect rate = defects found / pieces sampled (a subtotal's rate from its own sums);
 * fail rate = failed inspections / inspections.
 */
export const qualityDefects = defineReport({
  name: 'quality-defects',
  title: { zh: '质量缺陷率（产线/供应商/款式）', en: 'Defect rate by line, vendor and style' },
  menu: { order: 46, roles: READERS.managers },
  entity: 'inspection',
  query: 'quality-defects',
  chart: 'rankedBar',
  chartMeasures: ['defect_rate'],
  defaultGroup: ['line'],
  companies: ['maker'],
  page: 'qminspection',
  dimensions: [
    { key: 'line', field: 'line_id', noDrill: true, ref: { entity: 'workline', labelField: 'name' }, label: { zh: '产线', en: 'Line' } },
    { key: 'vendor', field: 'vendor_id', noDrill: true, ref: { entity: 'vendor', labelField: 'name' }, label: { zh: '外发供应商', en: 'Outsourcing vendor' } },
    { key: 'style', field: 'style_no', label: { zh: '款号', en: 'Style no.' } },
    { key: 'stage', field: 'stage', label: { zh: '检验阶段', en: 'Stage' } },
    // A month of a date-and-time field is no list filter of dates: the report, not the list, answers it.
    { key: 'month', field: 'inspected_at', bucket: 'month', noDrill: true, label: { zh: '检验月份', en: 'Month inspected' } },
  ],
  measures: [
    { key: 'inspections', agg: 'sum', field: 'inspections', label: { zh: '检验次数', en: 'Inspections' }, format: 'integer' },
    { key: 'failed', agg: 'sum', field: 'failed', label: { zh: '不合格次数', en: 'Failed' }, format: 'integer' },
    { key: 'sampled', agg: 'sum', field: 'sampled', label: { zh: '抽样件数', en: 'Pieces sampled' }, format: 'integer' },
    { key: 'defects', agg: 'sum', field: 'defects', label: { zh: '疵点数', en: 'Defects found' }, format: 'integer' },
    { key: 'defect_rate', agg: 'ratio', of: ['defects', 'sampled'], label: { zh: '缺陷率', en: 'Defect rate' }, format: 'percent' },
    { key: 'fail_rate', agg: 'ratio', of: ['failed', 'inspections'], label: { zh: '批次不合格率', en: 'Lot fail rate' }, format: 'percent' },
  ],
  // created_by: the dashboards' organisation filter (docs/architecture-dashboards.md).
  filters: ['inspected_at', 'stage', 'style_no', 'result', 'created_by'],
});
