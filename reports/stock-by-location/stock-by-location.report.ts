import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/** Stock on hand by location and material (the stock list's rows). */
export const stockByLocation = defineReport({
  name: 'stock-by-location',
  title: { zh: '库位库存', en: 'Stock by location' },
  menu: { order: 90, roles: READERS.withFinance },
  entity: 'stockbalance',
  chart: 'pie',
  companies: ['brand', 'maker'],
  dimensions: [
    { key: 'location', field: 'location_id', label: { zh: '库位', en: 'Location' } },
    { key: 'material', field: 'material_id', label: { zh: '物料', en: 'Material' } },
  ],
  measures: [
    { key: 'qty', agg: 'sum', field: 'qty', label: { zh: '库存数量', en: 'On hand' } },
    { key: 'balances', agg: 'count', label: { zh: '库存记录', en: 'Balances' } },
  ],
  filters: ['location_id', 'material_id', 'qty'],
});
