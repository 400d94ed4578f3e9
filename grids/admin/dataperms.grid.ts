import { definePage } from '../../src/model';
import { ROLES } from '../../src/model/roles';

/**
 * Data permissions (spec 6, `/admin/page/dataperms`, the client administrator's `admin.dataperm`):
 * the company's rules, each bound to a role per menu code with field, operator and value; every rule
 * that applies to a user narrows their rows, on the server, in SQL. Opened from a role's drawer the
 * list holds that role's rules (`?role_id=`). The drawer's role, menu, field and value are drawn by
 * the page (src/client/pages/admin/data-rule-widgets.tsx): the fields follow the menu's entity and the
 * values the field's dictionary.
 */
export const dataPermsPage = definePage({
  opt: 'dataperms',
  cata: 'admin',
  kind: 'page',
  entity: 'data_permission',
  menu: { group: 'admin', order: 30, roles: [ROLES.clientAdmin] },
  title: { zh: '数据权限', en: 'Data permissions' },
  purpose: {
    zh: '按角色和菜单限定可见的数据：字段、运算符、值。同一用户适用的多条规则需同时满足。值可使用 $$USER_ID$$ 等变量。',
    en: 'Limit the rows a role sees per menu: field, operator, value. All rules that apply to a user must hold. Values may use tokens such as $$USER_ID$$.',
  },
  columns: [
    { field: 'role_id', width: 160, pinned: 'left' },
    { field: 'menu_code', width: 180 },
    { field: 'field', width: 140 },
    { field: 'operator', width: 110 },
    { field: 'value', width: 200 },
    { field: 'remark', width: 220 },
    { field: 'updated_at', width: 170 },
    { field: 'user_id', hide: true },
  ],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }],
  quickSearch: ['menu_code', 'field', 'value'],
  form: [
    {
      modelName: 'base',
      title: { zh: '规则', en: 'Rule' },
      form: [{ field: 'role_id', spanClass: 'half' }, { field: 'menu_code', spanClass: 'half' }, { field: 'field', spanClass: 'half' }, { field: 'operator', spanClass: 'half', defaultValue: 'eq' }, { field: 'value', spanClass: 'full' }, { field: 'remark', spanClass: 'full' }],
    },
  ],
});
