import { defineDictionary } from '../dictionaries';
import { defineViewEntity } from '../entity';

/** The rules a new password may follow (spec 5 `pwd`, `pwdstrong`). */
defineDictionary({
  code: 'password_rule',
  label: { zh: '密码规则', en: 'Password rule' },
  items: [
    { value: 'pwd', label: { zh: '字母和数字，6-20位', en: 'Letters and digits, 6 to 20' } },
    { value: 'pwdstrong', label: { zh: '大写、小写字母和数字，6-20位', en: 'Upper and lower case and digits, 6 to 20' } },
  ],
});

/**
 * The platform's system configuration (spec 6 "system config", the super administrator's
 * `admin.sys.config`): one record whose fields are the settings, each typed by its declaration (a
 * choice is a dictionary field, a bounded count an integer), read over the environment's defaults and
 * saved setting by setting into `sys_config` (src/server/services/admin/sysconfig.views.ts); the code
 * that uses a setting reads it from there (sys-settings.service.ts).
 */
export const sysConfig = defineViewEntity({
  name: 'sys_config',
  table: 'sys_config',
  prefix: 'adminapi',
  menuCode: 'admin.sys.config',
  label: { zh: '系统配置', en: 'System configuration' },
  titleField: 'name',
  editable: true,
  fields: [
    { key: 'name', label: { zh: '名称', en: 'Name' }, type: 'text', readonly: true },
    {
      key: 'password_rule',
      label: { zh: '密码规则', en: 'Password rule' },
      type: 'dict',
      dict: 'password_rule',
      required: true,
      help: { zh: '新密码须满足的规则（注册、重置、修改密码）；未设置时取环境变量 PASSWORD_RULE', en: 'The rule new passwords must meet (sign-up, reset, change); unset, the environment\'s PASSWORD_RULE' },
    },
    {
      key: 'import_max_rows',
      label: { zh: 'Excel 导入最大行数', en: 'Excel import maximum rows' },
      type: 'integer',
      required: true,
      help: { zh: '超过此行数的导入文件将被拒绝（1 到 1000000）；未设置时取环境变量 IMPORT_MAX_ROWS', en: 'Import files with more rows are refused (1 to 1,000,000); unset, the environment\'s IMPORT_MAX_ROWS' },
    },
    { key: 'updated_by_name', label: { zh: '修改人', en: 'Changed by' }, type: 'text', readonly: true },
    { key: 'updated_at', label: { zh: '修改时间', en: 'Changed at' }, type: 'datetime', readonly: true },
  ],
});
