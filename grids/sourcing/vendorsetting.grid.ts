import { definePage } from '../../src/model';

/**
 * Vendor settings (spec 2 "vendor settings"; spec 5 "domestic bank branch code must be numeric; bank
 * data must match the account-opening permit"; issue 16): the buyer's vendors with their bank data
 * and permit image. The drawer shows the bank data beside the permit image; a reviewer checks them
 * (check_bank, which needs the image), and any later change of either clears the check.
 */
export const vendorSettingPage = definePage({
  opt: 'vendorsetting',
  cata: 'srm',
  kind: 'index',
  entity: 'vendor',
  menu: { group: 'sourcing', order: 70, code: 'srm.vendorsetting' },
  title: { zh: '供应商设置', en: 'Vendor settings' },
  purpose: { zh: '维护供应商的银行信息与开户许可证：上传许可证图片后由审核人对照核对，修改后须重新核对。', en: "Keep vendors' bank data and account-opening permits: a reviewer checks the data against the uploaded permit image; a change needs a new check." },
  columns: [
    { field: 'code', width: 130, pinned: 'left' },
    { field: 'name', width: 220 },
    { field: 'bank_checked', width: 120 },
    { field: 'bank_name', width: 180 },
    { field: 'bank_branch_code', width: 140 },
    { field: 'bank_account_no', width: 180 },
    { field: 'bank_account_name', width: 200 },
    { field: 'permit_image', width: 90 },
    { field: 'bank_checked_by', width: 100 },
    { field: 'bank_checked_at', width: 170 },
    { field: 'status', width: 90 },
  ],
  statusTabs: [
    { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} },
    { key: 'unchecked', label: { zh: '待核对', en: 'To check' }, filter: { bank_checked: null } },
    { key: 'checked', label: { zh: '已核对', en: 'Checked' }, filter: { bank_checked: true } },
  ],
  actions: [{ kind: 'edit' }, { kind: 'transition', action: 'check_bank' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  quickSearch: ['code', 'name', 'bank_account_name'],
  form: [
    {
      modelName: 'vendor',
      title: { zh: '供应商', en: 'Vendor' },
      form: [
        { field: 'code', spanClass: 'half', disable: true },
        { field: 'name', spanClass: 'half', disable: true },
      ],
    },
    {
      modelName: 'bank',
      title: { zh: '银行信息', en: 'Bank data' },
      form: [
        { field: 'bank_name', spanClass: 'half' },
        { field: 'bank_branch_code', spanClass: 'half' },
        { field: 'bank_account_no', spanClass: 'half' },
        { field: 'bank_account_name', spanClass: 'half' },
        { field: 'permit_image', spanClass: 'full' },
      ],
    },
  ],
});
