import { definePage, ROLES } from '../../src/model';

/** Data dictionary items: tenant items extending the system dictionaries (spec 2 "Admin"). */
export const dictItemPage = definePage({
  opt: 'dictitem',
  cata: 'admin',
  kind: 'index',
  entity: 'admin_dict_item',
  menu: { group: 'admin', order: 40, roles: [ROLES.clientAdmin] },
  title: { zh: '数据字典', en: 'Data dictionary' },
  columns: [{ field: 'dict_code', width: 160, pinned: 'left' }, 'value', { field: 'label_zh', width: 180 }, { field: 'label_en', width: 180 }, 'sort', 'status'],
  quickSearch: ['dict_code', 'value', 'label_zh'],
  form: [{ modelName: 'base', form: [{ field: 'dict_code', spanClass: 'half' }, { field: 'value', spanClass: 'half' }, { field: 'label_zh', spanClass: 'half' }, { field: 'label_en', spanClass: 'half' }, { field: 'sort', spanClass: 'half' }, { field: 'status', spanClass: 'half' }] }],
});

export const dictCategoryPage = definePage({
  opt: 'dictcategory',
  cata: 'admin',
  kind: 'index',
  entity: 'admin_dict_category',
  menu: { group: 'admin', order: 50, roles: [ROLES.clientAdmin] },
  title: { zh: '字典分类', en: 'Dictionary categories' },
  columns: [{ field: 'code', width: 160, pinned: 'left' }, { field: 'name', width: 200 }, { field: 'name_en', width: 200 }, 'remark'],
  form: [{ modelName: 'base', form: [{ field: 'code', spanClass: 'half' }, { field: 'name', spanClass: 'half' }, { field: 'name_en', spanClass: 'half' }, { field: 'remark', spanClass: 'full' }] }],
});

export const snRulePage = definePage({
  opt: 'snrule',
  cata: 'admin',
  kind: 'index',
  entity: 'admin_sn_rule',
  menu: { group: 'admin', order: 60, roles: [ROLES.clientAdmin] },
  title: { zh: '单号规则', en: 'Sequence-number rules' },
  columns: [{ field: 'rule_key', width: 180, pinned: 'left' }, 'prefix', 'date_prefix', 'length', 'suffix', 'remark'],
  form: [{ modelName: 'base', form: [{ field: 'rule_key', spanClass: 'half' }, { field: 'prefix', spanClass: 'half' }, { field: 'date_prefix', spanClass: 'half' }, { field: 'length', spanClass: 'half' }, { field: 'suffix', spanClass: 'half' }, { field: 'remark', spanClass: 'full' }] }],
});

export const notifySettingPage = definePage({
  opt: 'notifysetting',
  cata: 'admin',
  kind: 'index',
  entity: 'admin_notify_setting',
  menu: { group: 'admin', order: 70, roles: [ROLES.clientAdmin] },
  title: { zh: '通知设置', en: 'Notification settings' },
  columns: [{ field: 'event', width: 180, pinned: 'left' }, { field: 'channels', width: 200 }, { field: 'recipient_roles', width: 220 }, 'status'],
  form: [{ modelName: 'base', form: [{ field: 'event', spanClass: 'half' }, { field: 'status', spanClass: 'half' }, { field: 'channels', spanClass: 'full' }, { field: 'recipient_roles', spanClass: 'full', source: { entity: 'role' }, optionConfig: { valueField: 'code', labelField: 'name' } }, { field: 'remark', spanClass: 'full' }] }],
});

export const projectTypePage = definePage({
  opt: 'projecttype',
  cata: 'admin',
  kind: 'index',
  entity: 'admin_project_type',
  menu: { group: 'admin', order: 80, roles: [ROLES.clientAdmin] },
  title: { zh: '项目类型', en: 'Project types' },
  columns: [{ field: 'code', width: 140, pinned: 'left' }, { field: 'name', width: 200 }, { field: 'name_en', width: 200 }, { field: 'form_scenario_id', width: 180 }, 'status'],
  form: [{ modelName: 'base', form: [{ field: 'code', spanClass: 'half' }, { field: 'name', spanClass: 'half' }, { field: 'name_en', spanClass: 'half' }, { field: 'status', spanClass: 'half' }, { field: 'form_scenario_id', spanClass: 'half' }, { field: 'remark', spanClass: 'full' }] }],
});
