import { ALL_TAB, definePage } from '../../src/model';
import { ROLES } from '../../src/model/roles';

/**
 * Users (spec 2 "Admin", `/admin/page/users`, the client administrator's `admin.user`): the company's
 * users with their roles, status and last sign-in, a tab for the active and the frozen; the drawer
 * edits contact, organisation, position, workplace-chat ids and roles (picked from the company's
 * roles); freeze, activate and reset the password from the toolbar, each asked first. The invitation
 * (a mail with the company's invite code, not a record) is the page's own button
 * (src/client/pages/admin/UsersPage.tsx).
 */
export const usersPage = definePage({
  opt: 'users',
  cata: 'admin',
  kind: 'page',
  entity: 'user',
  menu: { group: 'admin', order: 10, roles: [ROLES.clientAdmin] },
  title: { zh: '用户管理', en: 'Users' },
  purpose: { zh: '本企业的用户：邀请、分配角色与岗位、绑定企业微信/钉钉、激活、冻结与重置密码。', en: 'Your company\'s users: invite, assign roles and positions, bind WeCom or DingTalk, activate, freeze and reset passwords.' },
  columns: [
    { field: 'username', width: 150, pinned: 'left' },
    { field: 'fullname', width: 130 },
    { field: 'roles', width: 220 },
    { field: 'status', width: 90 },
    { field: 'last_login_at', width: 170 },
    { field: 'last_login_ip', width: 140 },
    { field: 'email', width: 200 },
    { field: 'mobile', width: 130 },
    { field: 'org_id', width: 140 },
    { field: 'position_id', width: 140 },
    { field: 'is_manager', hide: true },
    { field: 'wecom_id', hide: true },
    { field: 'dingtalk_id', hide: true },
    { field: 'created_at', hide: true },
  ],
  statusTabs: [
    ALL_TAB,
    { key: 'active', label: { zh: '正常', en: 'Active' }, filter: { status: 'active' } },
    { key: 'frozen', label: { zh: '已冻结', en: 'Frozen' }, filter: { status: 'frozen' } },
  ],
  actions: [{ kind: 'edit' }, { kind: 'transition', action: 'freeze' }, { kind: 'transition', action: 'activate' }, { kind: 'transition', action: 'reset-password' }],
  quickSearch: ['username', 'fullname', 'email'],
  form: [
    {
      modelName: 'base',
      title: { zh: '账号与联系方式', en: 'Account and contact' },
      form: [{ field: 'username', spanClass: 'half' }, { field: 'status', spanClass: 'half' }, { field: 'fullname', spanClass: 'half' }, { field: 'email', spanClass: 'half' }, { field: 'mobile', spanClass: 'half' }, { field: 'last_login_at', spanClass: 'half' }],
    },
    {
      modelName: 'org',
      title: { zh: '组织与角色', en: 'Organisation and roles' },
      form: [{ field: 'org_id', spanClass: 'half' }, { field: 'position_id', spanClass: 'half' }, { field: 'is_manager', spanClass: 'half' }, { field: 'roles', spanClass: 'full', source: { entity: 'role' }, optionConfig: { valueField: 'code', labelField: 'name' } }],
    },
    { modelName: 'chat', title: { zh: '企业微信与钉钉', en: 'WeCom and DingTalk' }, form: [{ field: 'wecom_id', spanClass: 'half' }, { field: 'dingtalk_id', spanClass: 'half' }] },
  ],
});
