import { definePage } from '../../src/model';
import { sysConfig } from '../../src/model/entities/admin-sysconfig.entity';

/**
 * System configuration (spec 6, `/admin/page/sysconfig`, the super administrator's
 * `admin.sys.config`): the one record of the platform's settings, each in its column, edited in the
 * drawer (a choice from its dictionary, a count within its range) and applied at once.
 */
export const sysConfigPage = definePage({
  opt: 'sysconfig',
  cata: 'admin',
  kind: 'page',
  entity: sysConfig.name,
  menu: { group: 'sysadmin', order: 40, superOnly: true },
  title: { zh: '系统配置', en: 'System configuration' },
  purpose: { zh: '平台级的设置：保存后本进程立即生效，其他进程在 30 秒内生效。', en: 'Platform-wide settings: applied at once by the saving process, by the others within 30 seconds.' },
  columns: [
    { field: 'name', width: 140, pinned: 'left' },
    { field: 'password_rule', width: 260 },
    { field: 'import_max_rows', width: 170 },
    { field: 'updated_by_name', width: 130 },
    { field: 'updated_at', width: 170 },
  ],
  actions: [{ kind: 'edit' }],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'password_rule', spanClass: 'full' },
        { field: 'import_max_rows', spanClass: 'half' },
        { field: 'updated_by_name', spanClass: 'half', visible: { routeactionin: ['edit', 'view'] } },
      ],
    },
  ],
});
