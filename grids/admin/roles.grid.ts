import { definePage, stateTabs } from '../../src/model';
import { adminRole } from '../../src/model/entities/admin-role.entity';
import { ROLES } from '../../src/model/roles';

/**
 * Roles and permissions (spec 6, `/admin/page/roles`, the client administrator's `admin.role`): the
 * company's menu and dashboard roles beside the system roles, with their number of users, a tab per
 * kind; the drawer edits code, names, kind and remark and the menu x verb grants (the page draws the
 * `grants` field as the grant matrix, src/client/pages/admin/RolesPage.tsx); a role no user holds is
 * removed with its grants and data rules. System roles open read-only with what they grant by rule.
 */
export const rolesPage = definePage({
  opt: 'roles',
  cata: 'admin',
  kind: 'page',
  entity: 'role',
  menu: { group: 'admin', order: 20, roles: [ROLES.clientAdmin] },
  title: { zh: '角色权限', en: 'Roles and permissions' },
  purpose: {
    zh: '菜单角色决定用户能看到哪些菜单、能做哪些操作；看板角色用于表单与看板的条件。服务器对每个操作单独校验。',
    en: 'Menu roles decide which menus a user sees and what they may do; dashboard roles feed form and dashboard conditions. The server checks every action on its own.',
  },
  columns: [
    { field: 'code', width: 160, pinned: 'left' },
    { field: 'name_zh', width: 180 },
    { field: 'name_en', width: 180 },
    { field: 'kind', width: 110 },
    { field: 'users', width: 90 },
    { field: 'data_rules', width: 120 },
    { field: 'remark', width: 240 },
    { field: 'updated_at', width: 170 },
  ],
  statusTabs: stateTabs(adminRole.states!),
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }],
  quickSearch: ['code', 'name_zh', 'name_en'],
  form: [
    {
      modelName: 'base',
      title: { zh: '角色', en: 'Role' },
      form: [{ field: 'code', spanClass: 'half' }, { field: 'kind', spanClass: 'half' }, { field: 'name_zh', spanClass: 'half' }, { field: 'name_en', spanClass: 'half' }, { field: 'remark', spanClass: 'full' }],
    },
    { modelName: 'grants', form: [{ field: 'grants', spanClass: 'full' }] },
  ],
});
