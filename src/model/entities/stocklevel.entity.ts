import { defineEntity, type DocumentCheck } from '../entity';

/**
 * Minimum and reorder levels of a material at a warehouse location (issue 35, purchasing and stock):
 * edited in the location's drawer as an editable grid (`levels`), one row per material. When a stock
 * movement takes the location's on-hand quantity below the reorder level, or below the minimum, the
 * company's purchasers get a bell notice and a to-do task, once per crossing (services/purchasing
 * stock-levels.ts); the report `stock-below-reorder` lists the materials under their reorder level.
 */
const levelOrder: DocumentCheck = (doc): Record<string, string> => {
  const min = doc.min_qty === null || doc.min_qty === undefined || doc.min_qty === '' ? null : Number(doc.min_qty);
  const reorder = Number(doc.reorder_qty);
  return min !== null && Number.isFinite(reorder) && min > reorder ? { min_qty: 'wms.level.minAboveReorder' } : {};
};

export const stockLevel = defineEntity({
  name: 'stocklevel',
  table: 'wms_stock_level',
  prefix: 'srmapi',
  menuCode: 'wms.location',
  label: { zh: '库存水位', en: 'Stock levels' },
  titleField: 'material_id',
  childOnly: true,
  defaultSort: { field: 'id', dir: 'asc' },
  checks: [levelOrder],
  fields: [
    { key: 'material_id', label: { zh: '物料', en: 'Material' }, type: 'reference', required: true, ref: { entity: 'material', labelField: 'name', codeField: 'code' } },
    { key: 'min_qty', label: { zh: '最低库存', en: 'Minimum' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'reorder_qty', label: { zh: '再订货点', en: 'Reorder level' }, type: 'decimal', required: true, rules: ['gt0Number', 'maxDecimals4'] },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
  messages: {
    'zh-CN': {
      'wms.level.minAboveReorder': '最低库存不能高于再订货点',
      'wms.level.duplicate': '物料 {{value}} 在该库位已设置水位，每个物料只能设置一行',
      'wms.level.alert.reorder.title': '库存低于再订货点：{{material}}（{{location}}）',
      'wms.level.alert.minimum.title': '库存低于最低库存：{{material}}（{{location}}）',
      'wms.level.alert.body': '库位 {{location}} 的 {{material}} 库存由 {{before}} 降至 {{after}}（再订货点 {{reorder}}，最低库存 {{min}}），单据 {{doc}}。请安排采购补货。',
      'wms.level.alert.task': '补货：{{material}}（{{location}}）库存 {{after}}，低于{{level}} {{threshold}}',
      'wms.level.reorder': '再订货点',
      'wms.level.minimum': '最低库存',
    },
    en: {
      'wms.level.minAboveReorder': 'The minimum cannot be above the reorder level',
      'wms.level.duplicate': 'Material {{value}} already has levels at this location: one row per material',
      'wms.level.alert.reorder.title': 'Stock below reorder level: {{material}} ({{location}})',
      'wms.level.alert.minimum.title': 'Stock below minimum: {{material}} ({{location}})',
      'wms.level.alert.body': '{{material}} at {{location}} went from {{before}} to {{after}} (reorder level {{reorder}}, minimum {{min}}), document {{doc}}. Please arrange a purchase.',
      'wms.level.alert.task': 'Reorder {{material}} ({{location}}): {{after}} on hand, below the {{level}} of {{threshold}}',
      'wms.level.reorder': 'reorder level',
      'wms.level.minimum': 'minimum',
    },
  },
});
