import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Capacity load by line and week (server query `capacity-load`): standard minutes of the published
 * schedule against each line's capacity in minutes; the heatmap colours the utilisation. A line's
 * week is the sum of the scheduling board's days of that line (docs/architecture-board.md "Line
 * load: one figure"). Its days come from the line x day loads the database keeps of exactly the
 * board's figures (`prodplanbar_line_day`, planning/line-day-load.ts) when the run allows it, else
 * from the bars (`source=raw`, a filter or data permission on anything but the line, an organisation).
 */
export const capacityLoad = defineReport({
  name: 'capacity-load',
  title: { zh: '产线负荷（按周）', en: 'Line load by week' },
  menu: { order: 40, roles: READERS.managers },
  entity: 'prodplan_bar',
  query: 'capacity-load',
  aggregate: 'prodplanbar_line_day',
  chart: 'heatmap',
  chartMeasures: ['utilisation'],
  defaultGroup: ['line', 'week'],
  companies: ['maker'],
  noDrill: true,
  // A line's week opens the scheduling board at that line, from that week.
  drillTo: { path: '/scm/page/schedule-board', params: { line: 'line', date: 'week' } },
  dimensions: [
    { key: 'line', field: 'line_id', label: { zh: '产线', en: 'Line' } },
    { key: 'week', field: 'start_date', bucket: 'week', label: { zh: '周（周一）', en: 'Week (Monday)' } },
  ],
  measures: [
    // Standard minutes: the header names the unit ("负荷（分钟）", "Load (min)").
    { key: 'load', agg: 'sum', field: 'load', label: { zh: '负荷', en: 'Load' }, format: 'minutes' },
    { key: 'capacity', agg: 'sum', field: 'capacity', label: { zh: '产能', en: 'Capacity' }, format: 'minutes' },
    { key: 'utilisation', agg: 'ratio', of: ['load', 'capacity'], label: { zh: '负荷率', en: 'Utilisation' }, format: 'percent' },
  ],
  // created_by: the dashboards' organisation filter (docs/architecture-dashboards.md).
  filters: ['start_date', 'line_id', 'created_by'],
});
