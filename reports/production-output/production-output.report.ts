import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Production output (server query `production-output`): the pieces scanned out of a process, by
 * day, line, work order, style and process, read from the scans themselves (wo_scan) under the scan
 * list's WHERE (tenant, the work orders' data permissions, filters). Every scan out through the scan
 * station moves it at once: the scan is written by the writer, which marks this report (its live
 * tiles reload, its alerts are evaluated: src/server/services/reports/alerts.live.ts). Each figure
 * drills to the scans out it sums (the scan records' list), whose pieces add up to it.
 */
export const productionOutput = defineReport({
  name: 'production-output',
  title: { zh: '生产产出（扫描出站）', en: 'Production output (scans out)' },
  menu: { order: 43, roles: READERS.managers },
  entity: 'wo_scan',
  // The scan records' list (grids/production/workorder.grid.ts).
  page: 'woscan',
  query: 'production-output',
  chart: 'bar',
  chartMeasures: ['pieces'],
  defaultGroup: ['day'],
  companies: ['maker'],
  dimensions: [
    { key: 'day', field: 'scanned_at', bucket: 'day', label: { zh: '扫描日期', en: 'Day scanned' } },
    { key: 'line', field: 'line_id', label: { zh: '产线', en: 'Line' } },
    { key: 'workorder', field: 'workorder_id', label: { zh: '工单', en: 'Work order' } },
    { key: 'style', field: 'style_no', label: { zh: '款号', en: 'Style no.' } },
    { key: 'process', field: 'process_id', label: { zh: '工序', en: 'Process' } },
  ],
  measures: [
    { key: 'pieces', agg: 'sum', field: 'pieces', format: 'integer', label: { zh: '出站件数', en: 'Pieces scanned out' }, drill: { 'f.direction.eq': 'out' }, listField: 'qty' },
    { key: 'bundles', agg: 'sum', field: 'bundles', format: 'integer', label: { zh: '出站扎数', en: 'Bundles scanned out' }, drill: { 'f.direction.eq': 'out' } },
  ],
  filters: ['scanned_at', 'line_id', 'workorder_id', 'style_no', 'process_id', 'plan_id', 'scanned_by'],
});
