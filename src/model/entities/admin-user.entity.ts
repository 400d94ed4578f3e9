import { defineViewEntity } from '../entity';

/**
 * A company's users (spec 2 "Admin: users"): the client administrator's list of the `users` table
 * (the caller's company only), edited in the drawer at the version read (name, contact, org,
 * position, manager flag, workplace-chat ids, roles), frozen (sessions end at once) or activated,
 * and given a new temporary password by mail. An editable view entity: the table is the platform's
 * identity table, read before a company is known (sign-in), so not the registry's. The scope, the
 * roles (stored in `user_roles`), the checks and the effects are
 * src/server/services/admin/users.views.ts.
 */
export const adminUser = defineViewEntity({
  name: 'user',
  table: 'users',
  prefix: 'adminapi',
  menuCode: 'admin.user',
  label: { zh: '用户', en: 'User' },
  titleField: 'fullname',
  codeField: 'username',
  editable: true,
  defaultSort: { field: 'username', dir: 'asc' },
  fields: [
    { key: 'username', label: { zh: '账号', en: 'Account' }, type: 'code', readonly: true },
    { key: 'fullname', label: { zh: '姓名', en: 'Name' }, type: 'text', maxLength: 100 },
    { key: 'email', label: { zh: '邮箱', en: 'E-mail' }, type: 'email', maxLength: 200 },
    { key: 'mobile', label: { zh: '手机号', en: 'Mobile' }, type: 'mobile', maxLength: 20 },
    { key: 'org_id', label: { zh: '组织', en: 'Organisation' }, type: 'reference', ref: { entity: 'org', labelField: 'name', codeField: 'code' } },
    { key: 'position_id', label: { zh: '岗位', en: 'Position' }, type: 'reference', ref: { entity: 'position', labelField: 'name', codeField: 'code' } },
    { key: 'is_manager', label: { zh: '是否主管', en: 'Manager' }, type: 'boolean' },
    // The role codes the user holds (stored in user_roles; read as a computed column).
    { key: 'roles', label: { zh: '角色', en: 'Roles' }, type: 'transfer' },
    { key: 'wecom_id', label: { zh: '企业微信账号', en: 'WeCom account' }, type: 'text', maxLength: 100 },
    { key: 'dingtalk_id', label: { zh: '钉钉账号', en: 'DingTalk account' }, type: 'text', maxLength: 100 },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'last_login_at', label: { zh: '最近登录', en: 'Last sign-in' }, type: 'datetime', readonly: true },
    { key: 'last_login_ip', label: { zh: '登录地址', en: 'Sign-in address' }, type: 'text', readonly: true },
    { key: 'created_at', label: { zh: '创建时间', en: 'Created' }, type: 'datetime', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'active',
    states: [
      { code: 'active', label: { zh: '正常', en: 'Active' }, color: 'success' },
      { code: 'frozen', label: { zh: '已冻结', en: 'Frozen' }, color: 'danger' },
      { code: 'pending', label: { zh: '待审核', en: 'Pending review' }, color: 'informative' },
    ],
    transitions: [
      {
        action: 'freeze',
        label: { zh: '冻结', en: 'Freeze' },
        from: ['active'],
        to: 'frozen',
        confirm: { zh: '确定冻结所选用户？其当前登录将立即失效，且无法再登录。', en: 'Freeze the selected users? They are signed out at once and cannot sign in.' },
      },
      { action: 'activate', label: { zh: '激活', en: 'Activate' }, from: ['frozen'], to: 'active', confirm: { zh: '确定激活所选用户？', en: 'Activate the selected users?' } },
      {
        // A step that keeps the state: a temporary password by mail, the user's sessions ended.
        action: 'reset-password',
        label: { zh: '重置密码', en: 'Reset password' },
        from: ['active'],
        to: 'active',
        confirm: { zh: '确定重置所选用户的密码？临时密码将发送到其邮箱，其当前登录将失效。', en: 'Reset the selected users\' passwords? A temporary one is mailed to each and their sessions end.' },
      },
    ],
  },
});
