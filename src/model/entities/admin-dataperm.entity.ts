import { defineDictionary } from '../dictionaries';
import { defineViewEntity } from '../entity';

/** The operators of a data rule (spec 6), with the words the rule reads in. */
defineDictionary({
  code: 'data_operator',
  label: { zh: '运算符', en: 'Operator' },
  items: [
    { value: 'eq', label: { zh: '等于', en: 'equals' } },
    { value: 'ne', label: { zh: '不等于', en: 'is not' } },
    { value: 'lt', label: { zh: '小于', en: 'is less than' } },
    { value: 'lte', label: { zh: '小于等于', en: 'is at most' } },
    { value: 'gt', label: { zh: '大于', en: 'is greater than' } },
    { value: 'gte', label: { zh: '大于等于', en: 'is at least' } },
    { value: 'like', label: { zh: '包含', en: 'contains' } },
    { value: 'in', label: { zh: '在列表中', en: 'is one of' } },
    { value: 'notin', label: { zh: '不在列表中', en: 'is none of' } },
    { value: 'null', label: { zh: '为空', en: 'is empty' } },
    { value: 'notnull', label: { zh: '不为空', en: 'is not empty' } },
  ],
});

/**
 * A company's data permissions (spec 6: a rule bound per menu code to a role, or a user, with field,
 * operator and value; every rule that applies to a user narrows their rows, in SQL). An editable
 * view entity over `data_permissions` (under the company's row-level security): created, edited at
 * the version read and removed through the view writer; the checks (a menu that lists an entity, a
 * field of it, a value that fits the field, the company's own role or user) are
 * src/server/services/admin/dataperms.views.ts. Named as its audit rows always were.
 */
export const adminDataPermission = defineViewEntity({
  name: 'data_permission',
  table: 'data_permissions',
  prefix: 'adminapi',
  menuCode: 'admin.dataperm',
  label: { zh: '数据权限', en: 'Data permission' },
  titleField: 'menu_code',
  defaultSort: { field: 'menu_code', dir: 'asc' },
  editable: true,
  fields: [
    { key: 'role_id', label: { zh: '角色', en: 'Role' }, type: 'reference', ref: { entity: 'role', labelField: 'name_zh' } },
    { key: 'user_id', label: { zh: '用户', en: 'User' }, type: 'reference', ref: { entity: 'user', labelField: 'fullname', codeField: 'username' } },
    { key: 'menu_code', label: { zh: '菜单', en: 'Menu' }, type: 'text', required: true, maxLength: 100 },
    { key: 'field', label: { zh: '字段', en: 'Field' }, type: 'text', required: true, maxLength: 60 },
    { key: 'operator', label: { zh: '运算符', en: 'Operator' }, type: 'dict', dict: 'data_operator', required: true },
    {
      key: 'value',
      label: { zh: '值', en: 'Value' },
      type: 'text',
      maxLength: 1000,
      help: { zh: '“在列表中”可填多个值，用逗号分隔；可使用 $$USER_ID$$ 等变量。', en: 'For "is one of" enter several values separated by commas; tokens such as $$USER_ID$$ may be used.' },
    },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 500 },
    { key: 'updated_at', label: { zh: '修改时间', en: 'Updated' }, type: 'datetime', readonly: true },
  ],
});
