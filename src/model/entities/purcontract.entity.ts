import { defineEntity, type FieldErrors } from '../entity';

/** A contract's price line: a material (raw materials) or a style (finished goods), its unit and price. */
export const purContractLine = defineEntity({
  name: 'purcontract_line',
  table: 'pur_contract_line',
  prefix: 'srmapi',
  menuCode: 'pur.contract',
  label: { zh: '合同价格明细', en: 'Contract price line' },
  titleField: 'style_no',
  childOnly: true,
  fields: [
    { key: 'material_id', label: { zh: '物料', en: 'Material' }, type: 'reference', ref: { entity: 'material', labelField: 'name', codeField: 'code' } },
    { key: 'style_no', label: { zh: '款号', en: 'Style no.' }, type: 'code', maxLength: 40 },
    { key: 'unit', label: { zh: '单位', en: 'Unit' }, type: 'dict', dict: 'unit' },
    { key: 'unit_price', label: { zh: '单价', en: 'Unit price' }, type: 'money', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
});

/**
 * Purchase contract (spec 2 "contracts", issue 17): supplier, validity, currency, payment terms and a
 * price list by material or style. An active contract prices the purchase orders raised on it.
 */
export const purContract = defineEntity({
  name: 'purcontract',
  table: 'pur_contract',
  prefix: 'srmapi',
  menuCode: 'pur.contract',
  label: { zh: '采购合同', en: 'Purchase contract' },
  titleField: 'contract_no',
  codeField: 'contract_no',
  // Issue 35: the signed contract and its annexes (spec 2 "contracts", "attachments").
  attachments: true,
  numbering: { field: 'contract_no', prefix: 'HT', datePrefix: 'YYMM', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [{ key: 'lines', label: { zh: '价格明细', en: 'Price list' }, entity: 'purcontract_line', foreignKey: 'contract_id' }],
  fields: [
    { key: 'contract_no', label: { zh: '合同号', en: 'Contract no.' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '合同名称', en: 'Contract name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'vendor_id', label: { zh: '供应商', en: 'Supplier' }, type: 'reference', required: true, ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    { key: 'valid_from', label: { zh: '生效日期', en: 'Valid from' }, type: 'date', required: true },
    { key: 'valid_to', label: { zh: '失效日期', en: 'Valid to' }, type: 'date', required: true },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    { key: 'pay_type', label: { zh: '付款条件', en: 'Payment terms' }, type: 'dict', dict: 'pay_type' },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
  ],
  checks: [
    (doc): FieldErrors => (doc.valid_from && doc.valid_to && String(doc.valid_to) < String(doc.valid_from) ? { valid_to: 'pur.contract.validRange' } : {}),
  ],
  messages: {
    'zh-CN': { 'pur.contract.validRange': '失效日期不能早于生效日期', 'pur.contract.lineKey': '每行需填写物料或款号' },
    en: { 'pur.contract.validRange': 'Valid to cannot be before valid from', 'pur.contract.lineKey': 'Each line needs a material or a style no.' },
  },
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'active', label: { zh: '生效', en: 'Active' }, color: 'success' },
      { code: 'closed', label: { zh: '已关闭', en: 'Closed' }, color: 'subtle' },
    ],
    transitions: [
      { action: 'activate', label: { zh: '生效', en: 'Activate' }, from: ['draft'], to: 'active', confirm: { zh: '确定生效该合同？生效后不可修改。', en: 'Activate this contract? It cannot be edited afterwards.' } },
      { action: 'close', label: { zh: '关闭', en: 'Close' }, from: ['active'], to: 'closed', confirm: { zh: '确定关闭该合同？', en: 'Close this contract?' } },
    ],
    locked: ['active', 'closed'],
  },
});
