import { defineReport } from '../../src/model';
import { READERS } from '../menu';

/** Average purchase price of each material by order month (server query `material-price`: lines joined to their order). */
export const materialPriceTrend = defineReport({
  name: 'material-price-trend',
  title: { zh: '物料价格趋势', en: 'Material price trend' },
  menu: { order: 80, roles: READERS.withFinance },
  entity: 'purorder',
  query: 'material-price',
  chart: 'line',
  chartMeasures: ['price'],
  defaultGroup: ['month', 'material'],
  companies: ['brand', 'maker'],
  dimensions: [
    { key: 'month', field: 'order_date', bucket: 'month', label: { zh: '下单月份', en: 'Order month' } },
    { key: 'material', field: 'material_id', ref: { entity: 'material', labelField: 'name' }, noDrill: true, label: { zh: '物料', en: 'Material' } },
    { key: 'vendor', field: 'vendor_id', label: { zh: '供应商', en: 'Supplier' } },
  ],
  measures: [
    { key: 'amount', agg: 'sum', field: 'amount', label: { zh: '金额', en: 'Amount' }, format: 'money' },
    { key: 'qty', agg: 'sum', field: 'qty', label: { zh: '数量', en: 'Quantity' }, format: 'decimal' },
    { key: 'price', agg: 'ratio', of: ['amount', 'qty'], label: { zh: '平均单价', en: 'Average price' }, format: 'money' },
  ],
  // created_by: the dashboards' organisation filter (docs/architecture-dashboards.md).
  filters: ['order_date', 'vendor_id', 'order_kind', 'created_by'],
});
