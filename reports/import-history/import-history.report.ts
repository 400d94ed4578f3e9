import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/** The caller's imports by month, what was imported and their status (server query `import-history` over the import centre's jobs). */
export const importHistory = defineReport({
  name: 'import-history',
  title: { zh: '导入历史', en: 'Import history' },
  menu: { order: 100, roles: READERS.everyone, companies: ['brand', 'maker', 'supplier'] },
  query: 'import-history',
  chart: 'stackedBar',
  defaultGroup: ['month', 'status'],
  chartMeasures: ['jobs'],
  noDrill: true,
  dimensions: [
    { key: 'month', field: 'created_at', label: { zh: '月份', en: 'Month' } },
    { key: 'entity', field: 'entity', values: 'entity', label: { zh: '导入对象', en: 'Imported into' } },
    {
      key: 'status',
      field: 'status',
      label: { zh: '状态', en: 'Status' },
      values: {
        queued: { zh: '排队中', en: 'Queued' },
        running: { zh: '进行中', en: 'Running' },
        checked: { zh: '已校验待提交', en: 'Checked, to commit' },
        done: { zh: '已完成', en: 'Done' },
        failed: { zh: '失败', en: 'Failed' },
      },
    },
  ],
  measures: [
    { key: 'jobs', agg: 'count', label: { zh: '导入次数', en: 'Imports' } },
    { key: 'total', agg: 'sum', field: 'total', label: { zh: '行数', en: 'Rows' }, format: 'integer' },
    { key: 'imported', agg: 'sum', field: 'imported', label: { zh: '已导入', en: 'Imported' }, format: 'integer' },
    { key: 'errors', agg: 'sum', field: 'errors', label: { zh: '错误', en: 'Errors' }, format: 'integer' },
  ],
  filters: [],
});
