import { defineErrors } from './define';

/** The errors of vendor (fed into the vendor catalogue part; see ./index). */
export const vendorErrors = defineErrors({
  'md.vendor.bankIncomplete': { kind: 'precheck', zh: '银行信息不完整：开户银行、联行号、银行账号和账户名称都须填写', en: 'The bank data is incomplete: bank, branch code, account no. and account name are all needed' },
  'md.vendor.permitMissing': { kind: 'precheck', zh: '请先上传开户许可证图片，再核对银行信息', en: 'Upload the account-opening permit image before checking the bank data' },
});
