import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Sourcing in progress (server query `sourcing-progress`): the company's sourcing projects (the
 * project list's WHERE: tenant, the sourcing menu's data permissions, filters) by state (the stage
 * of spec 4: information, RFQ, evaluation), type, priority and deadline month. Per project: on
 * schedule or overdue (its deadline passed and its evaluation not ended), and the suppliers still
 * in it (its sourcing records not eliminated, read in the same tenant). A bar opens the project list
 * filtered to that state (`/page/subindex/srcproject`).
 */
export const sourcingInProgress = defineReport({
  name: 'sourcing-in-progress',
  title: { zh: '进行中的寻源（按阶段）', en: 'Sourcing in progress by stage' },
  menu: { order: 75, roles: READERS.managers },
  entity: 'srcproject',
  query: 'sourcing-progress',
  chart: 'stackedBar',
  chartMeasures: ['on_schedule', 'overdue'],
  defaultGroup: ['status'],
  companies: ['brand', 'maker'],
  page: 'srcproject',
  dimensions: [
    { key: 'status', field: 'status', label: { zh: '阶段', en: 'Stage' } },
    { key: 'type', field: 'src_type', label: { zh: '寻源类型', en: 'Type' } },
    { key: 'priority', field: 'priority', label: { zh: '优先级', en: 'Priority' } },
    { key: 'month', field: 'deadline', bucket: 'month', label: { zh: '截止月份', en: 'Deadline month' } },
  ],
  measures: [
    { key: 'projects', agg: 'sum', field: 'projects', label: { zh: '项目数', en: 'Projects' }, format: 'integer' },
    { key: 'on_schedule', agg: 'sum', field: 'on_schedule', label: { zh: '按期', en: 'On schedule' }, format: 'integer' },
    { key: 'overdue', agg: 'sum', field: 'overdue', label: { zh: '已超期', en: 'Overdue' }, format: 'integer' },
    { key: 'suppliers', agg: 'sum', field: 'suppliers', label: { zh: '参与供应商', en: 'Suppliers in' }, format: 'integer' },
    { key: 'overdue_rate', agg: 'ratio', of: ['overdue', 'projects'], label: { zh: '超期率', en: 'Overdue share' }, format: 'percent' },
  ],
  // created_by: the dashboards' organisation filter (the members of an organisation, docs/architecture-dashboards.md).
  filters: ['created_at', 'deadline', 'status', 'src_type', 'priority', 'eval_state', 'created_by'],
});
