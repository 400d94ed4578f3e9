import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Allocated quantity by vendor and allocation version or season (and category, cycle): the cells of
 * the allocation workbench with their demand line's season (server query `allocation`).
 */
export const allocationByVendor = defineReport({
  name: 'allocation-by-vendor',
  title: { zh: '供应商分配量（版本/季节）', en: 'Allocation by vendor, version and season' },
  menu: { order: 50, roles: READERS.managers },
  entity: 'allocationcell',
  query: 'allocation',
  chart: 'stackedBar',
  defaultGroup: ['vendor', 'version'],
  companies: ['brand', 'maker'],
  noDrill: true,
  dimensions: [
    { key: 'vendor', field: 'vendor_id', label: { zh: '供应商', en: 'Vendor' } },
    { key: 'version', field: 'version_id', label: { zh: '分配版本', en: 'Allocation version' } },
    { key: 'season', field: 'season', dict: 'season', noDrill: true, label: { zh: '季节', en: 'Season' } },
    { key: 'category', field: 'category', dict: 'product_category', noDrill: true, label: { zh: '品类', en: 'Category' } },
    { key: 'cycle', field: 'cycle', label: { zh: '周期', en: 'Cycle' } },
  ],
  measures: [
    { key: 'qty', agg: 'sum', field: 'qty', label: { zh: '分配数量', en: 'Allocated qty' }, format: 'integer' },
    { key: 'cells', agg: 'count', label: { zh: '单元格数', en: 'Cells' } },
  ],
  filters: ['vendor_id', 'version_id', 'cycle'],
});
