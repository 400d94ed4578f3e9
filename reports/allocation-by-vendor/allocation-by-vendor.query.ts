import { defineReport } from '../../src/model';

/** Allocated quantity by vendor and allocation version (and cycle, source): the cells of the allocation workbench. */
export const allocationByVendor = defineReport({
  name: 'allocation-by-vendor',
  title: { zh: '供应商分配量（版本）', en: 'Allocation by vendor and version' },
  entity: 'allocationcell',
  chart: 'stackedBar',
  defaultGroup: ['vendor', 'version'],
  companies: ['brand'],
  noDrill: true,
  dimensions: [
    { key: 'vendor', field: 'vendor_id', label: { zh: '供应商', en: 'Vendor' } },
    { key: 'version', field: 'version_id', label: { zh: '分配版本', en: 'Allocation version' } },
    { key: 'cycle', field: 'cycle', label: { zh: '周期', en: 'Cycle' } },
    { key: 'source', field: 'source', label: { zh: '来源', en: 'Source' } },
  ],
  measures: [
    { key: 'qty', agg: 'sum', field: 'qty', label: { zh: '分配数量', en: 'Allocated qty' } },
    { key: 'cells', agg: 'count', label: { zh: '单元格数', en: 'Cells' } },
  ],
  filters: ['vendor_id', 'version_id', 'cycle'],
});
