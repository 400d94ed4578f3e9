import { defineEntity, type FieldErrors } from '../entity';

/** A dated price of a material (spec 3: price history); lives only inside its material. */
export const materialPrice = defineEntity({
  name: 'material_price',
  table: 'md_material_price',
  prefix: 'mdapi',
  menuCode: 'md.material',
  label: { zh: '价格记录', en: 'Price record' },
  titleField: 'effective_date',
  childOnly: true,
  defaultSort: { field: 'effective_date', dir: 'desc' },
  fields: [
    { key: 'effective_date', label: { zh: '生效日期', en: 'Effective date' }, type: 'date', required: true, default: '$$NOW$$' },
    { key: 'price', label: { zh: '单价', en: 'Unit price' }, type: 'money', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
});

/**
 * Material master data, spec 3: code, name, group, type, unit, min, max and target DOS, price and
 * price history, validity (spec 4: 0 expired, 10 not expired), share. Spec 5: a material belongs to
 * exactly one of a vendor or a customer.
 */
export const material = defineEntity({
  name: 'material',
  table: 'md_material',
  prefix: 'mdapi',
  menuCode: 'md.material',
  label: { zh: '物料', en: 'Material' },
  titleField: 'name',
  codeField: 'code',
  numbering: { field: 'code', prefix: 'M', datePrefix: '', length: 6 },
  defaultSort: { field: 'code', dir: 'asc' },
  children: [{ key: 'price_history', label: { zh: '价格历史', en: 'Price history' }, entity: 'material_price', foreignKey: 'material_id' }],
  fields: [
    { key: 'code', label: { zh: '物料编码', en: 'Material code' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '物料名称', en: 'Material name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'material_group', label: { zh: '物料组', en: 'Material group' }, type: 'dict', dict: 'material_group', required: true },
    { key: 'material_type', label: { zh: '物料类型', en: 'Material type' }, type: 'dict', dict: 'material_type' },
    { key: 'unit', label: { zh: '单位', en: 'Unit' }, type: 'dict', dict: 'unit', required: true, default: 'PCS' },
    { key: 'vendor_id', label: { zh: '供应商', en: 'Vendor' }, type: 'reference', ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    { key: 'customer_id', label: { zh: '客户', en: 'Customer' }, type: 'reference', ref: { entity: 'customer', labelField: 'name', codeField: 'code' } },
    { key: 'price', label: { zh: '单价', en: 'Unit price' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', default: 'CNY' },
    { key: 'min_dos', label: { zh: '最小库存天数', en: 'Min DOS' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'target_dos', label: { zh: '目标库存天数', en: 'Target DOS' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'max_dos', label: { zh: '最大库存天数', en: 'Max DOS' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'validity', label: { zh: '有效状态', en: 'Validity' }, type: 'dict', dict: 'validity', required: true, default: '10' },
    { key: 'share', label: { zh: '共享', en: 'Shared' }, type: 'boolean', default: false },
    { key: 'spec', label: { zh: '规格', en: 'Specification' }, type: 'text', maxLength: 200 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
    // Issue 4: set by the batch image upload (/page/uploadimg/material, matched by code) or the form.
    { key: 'image', label: { zh: '图片', en: 'Image' }, type: 'image', maxLength: 500 },
  ],
  // The texts of this entity's document checks (registered with the catalogues by defineEntity).
  messages: {
    'zh-CN': {
      'md.material.vendorOrCustomer': '物料必须归属于供应商或客户其中之一',
      'md.material.notBoth': '物料只能归属于供应商或客户其中之一，不能同时选择',
      'md.material.maxBelowMin': '最大库存天数不能小于最小库存天数',
      'md.material.targetOutOfRange': '目标库存天数必须介于最小与最大库存天数之间',
    },
    en: {
      'md.material.vendorOrCustomer': 'A material must belong to a vendor or a customer',
      'md.material.notBoth': 'A material belongs to exactly one of a vendor or a customer, not both',
      'md.material.maxBelowMin': 'Max DOS cannot be below min DOS',
      'md.material.targetOutOfRange': 'Target DOS must lie between min and max DOS',
    },
  },
  checks: [
    // Spec 5: "A material must belong to exactly one of a vendor or a customer."
    (doc): FieldErrors => {
      const hasVendor = doc.vendor_id !== null && doc.vendor_id !== undefined && doc.vendor_id !== '';
      const hasCustomer = doc.customer_id !== null && doc.customer_id !== undefined && doc.customer_id !== '';
      if (hasVendor === hasCustomer) {
        const key = hasVendor ? 'md.material.notBoth' : 'md.material.vendorOrCustomer';
        return { vendor_id: key, customer_id: key };
      }
      return {};
    },
    // Days of supply: min <= target <= max (DOMAIN "DOS").
    (doc) => {
      const n = (k: string) => (typeof doc[k] === 'number' ? (doc[k] as number) : null);
      const min = n('min_dos');
      const target = n('target_dos');
      const max = n('max_dos');
      const errors: Record<string, string> = {};
      if (min !== null && max !== null && min > max) errors.max_dos = 'md.material.maxBelowMin';
      if (target !== null && min !== null && target < min) errors.target_dos = 'md.material.targetOutOfRange';
      if (target !== null && max !== null && target > max) errors.target_dos = 'md.material.targetOutOfRange';
      return errors;
    },
  ],
});
