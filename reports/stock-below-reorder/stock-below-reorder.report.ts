import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/**
 * Materials below their reorder level (issue 35): per material and location that has levels
 * (stocklevel, edited in the location's drawer), the quantity on hand under its reorder level, the
 * minimum, and the shortfall to the reorder level; `below` says whether the minimum is passed too.
 * Read over the company's locations (the location list's WHERE: tenant, data permissions, filters;
 * `id` narrows to one location, the drill-down of the control tower's stock alerts).
 */
export const stockBelowReorder = defineReport({
  name: 'stock-below-reorder',
  title: { zh: '低于再订货点物料', en: 'Materials below reorder level' },
  menu: { order: 91, roles: READERS.everyone },
  entity: 'warehouselocation',
  query: 'stock-below-reorder',
  // A movement changes what is on hand: live tiles (the tower's stock alerts) reload on it.
  reads: ['stockbalance'],
  chart: 'bar',
  chartMeasures: ['shortfall'],
  defaultGroup: ['material', 'location'],
  companies: ['brand', 'maker'],
  noDrill: true,
  dimensions: [
    { key: 'material', field: 'material_id', ref: { entity: 'material', labelField: 'name' }, noDrill: true, label: { zh: '物料', en: 'Material' } },
    // A location's element opens this report narrowed to it (`f.id.eq`): the control tower's stock alerts drill here.
    { key: 'location', field: 'id', ref: { entity: 'warehouselocation', labelField: 'name' }, label: { zh: '库位', en: 'Location' } },
    {
      key: 'below', field: 'below', noDrill: true, label: { zh: '低于', en: 'Below' },
      values: { reorder: { zh: '再订货点', en: 'Reorder level' }, minimum: { zh: '最低库存', en: 'Minimum' } },
    },
  ],
  measures: [
    { key: 'on_hand', agg: 'sum', field: 'on_hand', label: { zh: '现有库存', en: 'On hand' }, format: 'decimal' },
    { key: 'reorder_qty', agg: 'sum', field: 'reorder_qty', label: { zh: '再订货点', en: 'Reorder level' }, format: 'decimal' },
    { key: 'min_qty', agg: 'sum', field: 'min_qty', label: { zh: '最低库存', en: 'Minimum' }, format: 'decimal' },
    { key: 'shortfall', agg: 'sum', field: 'shortfall', label: { zh: '距再订货点缺口', en: 'Short of reorder level' }, format: 'decimal' },
    { key: 'items', agg: 'sum', field: 'items', label: { zh: '物料库位数', en: 'Material-locations' }, format: 'integer' },
  ],
  filters: ['code', 'plant_id', 'id'],
});
