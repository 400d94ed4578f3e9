import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/** Vendor capacity against the quantity allocated to the vendor, by vendor and month (server query `vendor-capacity`). */
export const vendorCapacityVsAllocated = defineReport({
  name: 'vendor-capacity-vs-allocated',
  title: { zh: '供应商产能与分配', en: 'Vendor capacity vs allocated' },
  menu: { order: 60, roles: READERS.managers },
  entity: 'vendorcapacity',
  query: 'vendor-capacity',
  chart: 'bar',
  chartMeasures: ['capacity', 'allocated'],
  companies: ['brand', 'maker'],
  dimensions: [
    { key: 'vendor', field: 'vendor_id', label: { zh: '供应商', en: 'Vendor' } },
    { key: 'month', field: 'cycle', label: { zh: '月份', en: 'Month' } },
  ],
  measures: [
    { key: 'capacity', agg: 'sum', field: 'capacity', label: { zh: '产能（件）', en: 'Capacity (pcs)' }, format: 'integer' },
    { key: 'allocated', agg: 'sum', field: 'allocated', label: { zh: '已分配（件）', en: 'Allocated (pcs)' }, format: 'integer' },
    { key: 'utilisation', agg: 'ratio', of: ['allocated', 'capacity'], label: { zh: '产能占用率', en: 'Utilisation' }, format: 'percent' },
  ],
  filters: ['vendor_id', 'cycle'],
});
