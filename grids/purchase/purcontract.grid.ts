import { definePage } from '../../src/model';

/** Purchase contracts: supplier, validity, currency, payment terms and a price list by material or style. */
export const purContractPage = definePage({
  opt: 'purcontract',
  cata: 'srm',
  kind: 'masterdetail',
  entity: 'purcontract',
  menu: { group: 'purchase', order: 10, companies: ['brand', 'maker'] },
  title: { zh: '采购合同', en: 'Contracts' },
  columns: [
    { field: 'contract_no', width: 150, pinned: 'left' },
    { field: 'name', width: 220 },
    { field: 'status', width: 100 },
    { field: 'vendor_id', width: 200 },
    'valid_from',
    'valid_to',
    'currency',
    'pay_type',
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'draft', label: { zh: '草稿', en: 'Draft' }, filter: { status: 'draft' } },
    { key: 'active', label: { zh: '生效', en: 'Active' }, filter: { status: 'active' } },
    { key: 'closed', label: { zh: '已关闭', en: 'Closed' }, filter: { status: 'closed' } },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'transition', action: 'activate' }, { kind: 'transition', action: 'close' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['contract_no', 'name'],
  form: [
    {
      modelName: 'base',
      title: { zh: '合同信息', en: 'Contract' },
      form: [
        { field: 'contract_no', spanClass: 'third' },
        { field: 'name', spanClass: 'third' },
        { field: 'vendor_id', spanClass: 'third' },
        { field: 'valid_from', spanClass: 'third' },
        { field: 'valid_to', spanClass: 'third' },
        { field: 'currency', spanClass: 'third' },
        { field: 'pay_type', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [{ child: 'lines', columns: ['material_id', 'style_no', 'unit', 'unit_price', 'remark'], editable: true }],
});
