import { defineViewEntity } from '../entity';
import './admin-settings.entity';

/**
 * The companies on the platform (spec 2 "client management", spec 3 "client: licence type"): the
 * super administrator's list of the `clients` table (the platform's own row left out), its licence
 * type changed in the drawer at the version read, and the company frozen (every user signed out at
 * once, sign-in refused) or activated again. An editable view entity: the table is the platform's
 * identity table, read before a company is known, so not the registry's; the scope, the licence
 * rule and the sessions ended on a freeze are src/server/services/admin/clients.views.ts.
 * A company that signed up waits as `pending` until the super administrator approves it (its
 * access opens and its administrator is mailed) or rejects it with a reason that is mailed and shown
 * at sign-in (spec 4, spec 6: system-wide sign-up approval; grids/admin/signups.grid.ts, the
 * decision in src/server/services/admin/signups.views.ts).
 */
export const adminClient = defineViewEntity({
  name: 'client',
  table: 'clients',
  prefix: 'adminapi',
  menuCode: 'admin.sys.client',
  label: { zh: '客户', en: 'Client' },
  titleField: 'name',
  codeField: 'code',
  editable: true,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '客户编码', en: 'Code' }, type: 'code', readonly: true },
    { key: 'name', label: { zh: '企业名称', en: 'Company' }, type: 'text', readonly: true },
    { key: 'full_name', label: { zh: '企业全称', en: 'Full name' }, type: 'text', readonly: true },
    { key: 'type', label: { zh: '企业类型', en: 'Type' }, type: 'dict', dict: 'company_type', readonly: true },
    { key: 'licence_type', label: { zh: '许可类型', en: 'Licence type' }, type: 'dict', dict: 'licence_type', required: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'users', label: { zh: '用户数', en: 'Users' }, type: 'integer', readonly: true },
    { key: 'admin_username', label: { zh: '管理员账号', en: 'Administrator' }, type: 'text', readonly: true },
    { key: 'contact_name', label: { zh: '联系人', en: 'Contact' }, type: 'text', readonly: true },
    { key: 'contact_email', label: { zh: '联系邮箱', en: 'Contact e-mail' }, type: 'text', readonly: true },
    { key: 'contact_mobile', label: { zh: '联系电话', en: 'Contact phone' }, type: 'text', readonly: true },
    { key: 'created_at', label: { zh: '注册时间', en: 'Registered' }, type: 'datetime', readonly: true },
    { key: 'reviewed_at', label: { zh: '审核时间', en: 'Reviewed' }, type: 'datetime', readonly: true },
    { key: 'review_note', label: { zh: '审核意见', en: 'Review note' }, type: 'text', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'pending',
    states: [
      { code: 'pending', label: { zh: '待审核', en: 'Pending review' }, color: 'informative' },
      { code: 'active', label: { zh: '正常', en: 'Active' }, color: 'success' },
      { code: 'frozen', label: { zh: '已冻结', en: 'Frozen' }, color: 'danger' },
      { code: 'rejected', label: { zh: '已驳回', en: 'Rejected' }, color: 'subtle' },
    ],
    transitions: [
      {
        action: 'freeze',
        label: { zh: '冻结', en: 'Freeze' },
        from: ['active'],
        to: 'frozen',
        confirm: { zh: '确定冻结所选企业？该企业所有用户将立即退出并无法登录。', en: 'Freeze the selected companies? All their users are signed out at once and cannot sign in.' },
      },
      { action: 'activate', label: { zh: '激活', en: 'Activate' }, from: ['frozen'], to: 'active', confirm: { zh: '确定重新启用所选企业？', en: 'Activate the selected companies again?' } },
      {
        action: 'approve',
        label: { zh: '通过', en: 'Approve' },
        from: ['pending'],
        to: 'active',
        confirm: { zh: '确定通过所选企业的注册申请？其账号将被启用并收到通知邮件。', en: 'Approve the selected sign-ups? Their accounts are enabled and they are told by e-mail.' },
      },
      {
        action: 'reject',
        label: { zh: '驳回', en: 'Reject' },
        from: ['pending'],
        to: 'rejected',
        // The reason is mailed to the applicant and shown when they try to sign in.
        params: [{ key: 'reason', label: { zh: '驳回原因', en: 'Reason' }, type: 'textarea', required: true, maxLength: 500 }],
      },
    ],
  },
});
