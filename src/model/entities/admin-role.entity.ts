import { defineViewEntity } from '../entity';

/**
 * A company's roles (spec 6: menu roles per company, dashboard roles) with their grants, a matrix of
 * menu x verb (`grants`: `[{ menu_code, verbs }]`, stored in `role_grants`, read as a computed
 * column). The company's own roles are created, edited at the version read and removed while no
 * user holds them; the system roles (`kind` = `system`, the platform's rows of `roles`) are listed
 * beside them read-only, with what they grant by rule. An editable view entity: `roles` is an
 * identity table read before a company is known (sign-in), so not the registry's; the scope, the
 * grants, the checks and the removal are src/server/services/admin/roles.views.ts.
 */
export const adminRole = defineViewEntity({
  name: 'role',
  table: 'roles',
  prefix: 'adminapi',
  menuCode: 'admin.role',
  label: { zh: '角色', en: 'Role' },
  titleField: 'name_zh',
  // No codeField: the role pickers of other forms (a user's roles, a notice's recipients) read the
  // company's roles by code and show their names alone, as they did before roles were a view.
  editable: true,
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '角色编码', en: 'Role code' }, type: 'code', required: true, maxLength: 60 },
    { key: 'name_zh', label: { zh: '角色名称', en: 'Role name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'name_en', label: { zh: '英文名称', en: 'English name' }, type: 'text', maxLength: 100 },
    {
      key: 'kind',
      label: { zh: '角色类型', en: 'Kind' },
      type: 'dict',
      help: { zh: '看板角色会出现在会话的 dashroles 中；系统角色由平台按规则授权。', en: "Dashboard roles appear in the session's dashroles; system roles grant by the platform's rules." },
    },
    { key: 'users', label: { zh: '用户数', en: 'Users' }, type: 'integer', readonly: true },
    { key: 'data_rules', label: { zh: '数据权限规则', en: 'Data rules' }, type: 'integer', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
    // The menu x verb grants (role_grants; a system role's by rule), drawn by the page as the grant matrix.
    { key: 'grants', label: { zh: '菜单权限', en: 'Menu permissions' }, type: 'json' },
    { key: 'updated_at', label: { zh: '修改时间', en: 'Updated' }, type: 'datetime', readonly: true },
  ],
  states: {
    field: 'kind',
    initial: 'menu',
    states: [
      { code: 'menu', label: { zh: '菜单角色', en: 'Menu role' }, color: 'brand' },
      { code: 'dashboard', label: { zh: '看板角色', en: 'Dashboard role' }, color: 'warning' },
      { code: 'system', label: { zh: '系统角色', en: 'System role' }, color: 'informative', notice: { intent: 'info', text: 'adminui.role.systemReadonly' } },
    ],
    transitions: [],
    // A system role is the platform's: neither saved nor removed (the writer refuses it, the drawer shows it read-only).
    locked: ['system'],
  },
});
