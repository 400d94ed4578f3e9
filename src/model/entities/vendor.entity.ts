import { defineEntity, type FieldDef, type FieldErrors, type StateMachineDef } from '../entity';
import { errorTexts } from '../errors/define';
import { vendorErrors } from '../errors/vendor';

/** Spec 4 generic states: active and frozen, with activate and freeze (user or customer activate and freeze). */
export const partnerStates: StateMachineDef = {
  field: 'status',
  initial: 'active',
  states: [
    { code: 'active', label: { zh: '启用', en: 'Active' }, color: 'success' },
    { code: 'frozen', label: { zh: '冻结', en: 'Frozen' }, color: 'danger' },
  ],
  transitions: [
    { action: 'freeze', label: { zh: '冻结', en: 'Freeze' }, from: ['active'], to: 'frozen', roles: ['clientadmin', 'admin'], confirm: { zh: '确定冻结所选记录？', en: 'Freeze the selected records?' } },
    { action: 'activate', label: { zh: '启用', en: 'Activate' }, from: ['frozen'], to: 'active', roles: ['clientadmin', 'admin'] },
    // Issue 21: linking a partner to its company on the platform is a screen, not only an import column.
    {
      action: 'link',
      label: { zh: '关联平台企业', en: 'Link to platform company' },
      from: ['active'],
      to: 'active',
      params: [
        {
          key: 'platform_client_code',
          label: { zh: '平台企业编码', en: 'Platform company code' },
          type: 'code',
          required: true,
          rules: ['english'],
          upperCase: true,
          maxLength: 40,
          help: { zh: '对方企业在平台上的编码（对方的系统管理中可见）', en: "The other company's code on the platform (shown in its administration)" },
        },
      ],
    },
  ],
  // A frozen partner is read-only until it is activated again.
  locked: ['frozen'],
};

/**
 * A vendor's states: the partner states, and the reviewer's check that its bank data matches the
 * account-opening permit image (spec 5; issue 16 vendor settings). The check needs the image and the
 * complete bank data (services/sourcing/sourcing.vendorbank.ts).
 */
export const vendorStates: StateMachineDef = {
  ...partnerStates,
  transitions: [
    ...partnerStates.transitions,
    {
      action: 'check_bank',
      label: { zh: '核对银行信息', en: 'Check bank data' },
      from: ['active'],
      to: 'active',
      confirm: { zh: '已对照开户许可证图片逐项核对开户银行、联行号、银行账号和账户名称，确认一致？', en: 'Bank, branch code, account no. and account name compared one by one with the permit image: do they match?' },
    },
  ],
};

/**
 * The platform company a partner (vendor or customer) is linked to: its code, checked by the server
 * against the companies on the platform, and that company's name, which the server fills in.
 */
export const platformCompanyField: FieldDef = { key: 'platform_company', label: { zh: '平台企业', en: 'Platform company' }, type: 'text', readonly: true, maxLength: 200 };
const vendorPlatformCode: FieldDef = {
  key: 'platform_client_code',
  label: { zh: '平台企业编码', en: 'Platform company code' },
  type: 'code',
  rules: ['english'],
  upperCase: true,
  maxLength: 40,
  help: {
    zh: '供应商已加入平台时填写其企业在平台上的编码：发给该供应商的订单将直接送到该企业，由其接单、拒绝或完成',
    en: "The platform code of the vendor's own company, once it has joined: orders sent to this vendor are routed to that company, which accepts, rejects or finishes them",
  },
};

/**
 * Vendor (supplier) master data, spec 3: code, name, type, grade, scale, owner, contact person and
 * address, valid from and to, status; plus bank data checked by spec 5 ("domestic bank branch code
 * must be numeric").
 */
export const vendor = defineEntity({
  name: 'vendor',
  table: 'md_vendor',
  prefix: 'mdapi',
  menuCode: 'md.vendor',
  label: { zh: '供应商', en: 'Vendor' },
  titleField: 'name',
  pickerDetail: 'platform_company',
  codeField: 'code',
  numbering: { field: 'code', prefix: 'V', datePrefix: 'YYMM', length: 4 },
  states: vendorStates,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '供应商编码', en: 'Vendor code' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '供应商名称', en: 'Vendor name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'short_name', label: { zh: '简称', en: 'Short name' }, type: 'text', maxLength: 60 },
    { key: 'vendor_type', label: { zh: '供应商类型', en: 'Vendor type' }, type: 'dict', dict: 'vendor_type', required: true },
    { key: 'grade', label: { zh: '等级', en: 'Grade' }, type: 'dict', dict: 'vendor_grade' },
    { key: 'scale', label: { zh: '规模', en: 'Scale' }, type: 'dict', dict: 'vendor_scale' },
    { key: 'owner', label: { zh: '负责人', en: 'Owner' }, type: 'text', maxLength: 60 },
    { key: 'contact_person', label: { zh: '联系人', en: 'Contact person' }, type: 'text', maxLength: 60 },
    { key: 'contact_mobile', label: { zh: '联系电话', en: 'Contact mobile' }, type: 'mobile' },
    { key: 'email', label: { zh: '邮箱', en: 'E-mail' }, type: 'email', lowerCase: true },
    { key: 'address', label: { zh: '地址', en: 'Address' }, type: 'textarea', maxLength: 500 },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', default: 'CNY' },
    { key: 'valid_from', label: { zh: '有效期从', en: 'Valid from' }, type: 'date', default: '$$NOW$$' },
    { key: 'valid_to', label: { zh: '有效期至', en: 'Valid to' }, type: 'date' },
    { key: 'bank_name', label: { zh: '开户银行', en: 'Bank name' }, type: 'text', maxLength: 120 },
    {
      key: 'bank_branch_code',
      label: { zh: '联行号', en: 'Bank branch code' },
      type: 'code',
      maxLength: 20,
      help: { zh: '国内银行联行号须为数字，且与开户许可证一致', en: 'A domestic bank branch code is numeric and must match the account-opening permit' },
    },
    { key: 'bank_account_no', label: { zh: '银行账号', en: 'Account no.' }, type: 'code', maxLength: 40 },
    { key: 'bank_account_name', label: { zh: '账户名称', en: 'Account name' }, type: 'text', maxLength: 200 },
    // Spec 5 "bank data must match the account-opening permit" (issue 16, vendor settings): the permit's
    // image, and the reviewer's check that the bank data above matches it (services/sourcing,
    // sourcing.vendorbank.ts). Any change of the bank data or the image clears the check.
    { key: 'permit_image', label: { zh: '开户许可证', en: 'Account-opening permit' }, type: 'image', maxLength: 500, help: { zh: '开户许可证（或基本存款账户信息）的图片，银行信息须与之一致', en: 'Image of the account-opening permit (or basic deposit account record); the bank data must match it' } },
    { key: 'bank_checked', label: { zh: '银行信息已核对', en: 'Bank data checked' }, type: 'boolean', readonly: true },
    { key: 'bank_checked_by', label: { zh: '核对人', en: 'Checked by' }, type: 'text', readonly: true, maxLength: 100 },
    { key: 'bank_checked_at', label: { zh: '核对时间', en: 'Checked at' }, type: 'datetime', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
    // Issue 6: the vendor's own company on the platform (its client code), when it has joined; orders are sent there.
    vendorPlatformCode,
    // Issue 21: the name of that company, set by the server from the code (lists and pickers tell a linked vendor apart).
    platformCompanyField,
  ],
  // The texts of this entity's document checks (registered with the catalogues by defineEntity).
  messages: {
    'zh-CN': {
      ...errorTexts(vendorErrors, 'zh-CN'),
      'md.vendor.branchCodeNumeric': '国内银行联行号必须为数字',
      'md.platform.unknownCompany': '平台上没有编码为 {{code}} 的企业，请向对方确认其平台企业编码',
      'md.platform.ownCompany': '不能关联本企业自己',
      'md.vendor.bankChecked': '银行信息已与开户许可证核对一致',
    },
    en: {
      ...errorTexts(vendorErrors, 'en'),
      'md.vendor.branchCodeNumeric': 'A domestic bank branch code must be numeric',
      'md.platform.unknownCompany': 'No company on the platform has the code {{code}}; ask the other company for its platform code',
      'md.platform.ownCompany': 'A company cannot be linked to itself',
      'md.vendor.bankChecked': 'The bank data was checked against the account-opening permit',
    },
  },
  checks: [
    // Spec 5: "Domestic bank branch code must be numeric". Kept as text so leading zeros survive.
    (doc): FieldErrors => {
      const code = doc.bank_branch_code;
      return typeof code === 'string' && code !== '' && !/^\d+$/.test(code) ? { bank_branch_code: 'md.vendor.branchCodeNumeric' } : {};
    },
    (doc) => validRange(doc, 'valid_from', 'valid_to'),
  ],
});

/** A date range whose end is not before its start ('YYYY-MM-DD' compares as text). */
export function validRange(doc: Record<string, unknown>, from: string, to: string): Record<string, string> {
  const a = doc[from];
  const b = doc[to];
  return typeof a === 'string' && typeof b === 'string' && a && b && b < a ? { [to]: 'md.validToBeforeFrom' } : {};
}
