import { definePage } from '../../src/model';

/**
 * Materials as a master-detail page: the material header and its price history lines, saved as
 * one document. Spec 5: a material belongs to exactly one of a vendor or a customer, so choosing
 * one clears the other (clearFormFields) and the server's document check has the last word.
 */
export const materialPage = definePage({
  opt: 'material',
  cata: 'md',
  kind: 'masterdetail',
  entity: 'material',
  menu: { group: 'masterdata', order: 30 },
  title: { zh: '物料', en: 'Materials' },
  columns: [
    { field: 'code', width: 140, pinned: 'left' },
    { field: 'name', width: 220 },
    { field: 'image', width: 72 },
    'material_group',
    'material_type',
    'unit',
    'vendor_id',
    'customer_id',
    { field: 'price', aggregate: 'avg' },
    'currency',
    'min_dos',
    'target_dos',
    'max_dos',
    'validity',
    'share',
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'valid', label: { zh: '未失效', en: 'Not expired' }, filter: { validity: '10' } },
    { key: 'expired', label: { zh: '已失效', en: 'Expired' }, filter: { validity: '0' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  form: [
    {
      modelName: 'base',
      title: { zh: '基本信息', en: 'Basic information' },
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'material_group', spanClass: 'half' },
        { field: 'material_type', spanClass: 'half' },
        { field: 'unit', spanClass: 'half' },
        { field: 'spec', spanClass: 'half' },
        { field: 'vendor_id', spanClass: 'half', clearFormFields: [{ condition: 'vendor_id != null', fields: ['customer_id'] }] },
        { field: 'customer_id', spanClass: 'half', clearFormFields: [{ condition: 'customer_id != null', fields: ['vendor_id'] }] },
        { field: 'validity', spanClass: 'half' },
        { field: 'share', spanClass: 'half' },
        { field: 'image', spanClass: 'half' },
      ],
    },
    {
      modelName: 'supply',
      title: { zh: '价格与库存天数', en: 'Price and days of supply' },
      form: [
        { field: 'price', spanClass: 'half' },
        { field: 'currency', spanClass: 'half' },
        { field: 'min_dos', spanClass: 'third' },
        { field: 'target_dos', spanClass: 'third' },
        { field: 'max_dos', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [{ child: 'price_history', columns: ['effective_date', 'price', 'currency', 'remark'], editable: true }],
});
