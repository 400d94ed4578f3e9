import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/** Allocation coverage: of each allocation version's demand, the share placed on vendors. */
export const allocationCoverage = defineReport({
  name: 'allocation-coverage',
  title: { zh: '分配覆盖率', en: 'Allocation coverage' },
  menu: { order: 55, roles: READERS.managers },
  entity: 'allocationversion',
  chart: 'bar',
  chartMeasures: ['allocated', 'unplaced'],
  companies: ['brand', 'maker'],
  dimensions: [
    { key: 'version', field: 'version_code', label: { zh: '分配版本', en: 'Allocation version' } },
    { key: 'status', field: 'status', label: { zh: '状态', en: 'Status' } },
  ],
  measures: [
    { key: 'demand', agg: 'sum', field: 'demand_qty', label: { zh: '需求数量', en: 'Demand qty' } },
    { key: 'allocated', agg: 'sum', field: 'allocated_qty', label: { zh: '已分配数量', en: 'Allocated qty' } },
    { key: 'unplaced', agg: 'sum', field: 'unplaced_qty', label: { zh: '未分配数量', en: 'Unallocated qty' } },
    { key: 'coverage', agg: 'ratio', of: ['allocated', 'demand'], label: { zh: '覆盖率', en: 'Coverage' }, format: 'percent' },
  ],
  filters: ['version_code', 'status', 'month_from'],
});
