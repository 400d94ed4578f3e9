import { definePage, stateTabs } from '../../src/model';
import { sysService } from '../../src/model/entities/admin-service.entity';

/**
 * Services (spec 2 "Admin", `/admin/page/services`, the super administrator's `admin.sys.service`):
 * one row per business API module with its state, note and last change; put under maintenance
 * (asked first: every company's calls to it are then refused with 503) or back in service from the
 * toolbar on the selected rows, each with its note; the note alone is edited in the drawer.
 */
export const servicesPage = definePage({
  opt: 'services',
  cata: 'admin',
  kind: 'page',
  entity: 'sys_service',
  menu: { group: 'sysadmin', order: 50, superOnly: true },
  title: { zh: '服务管理', en: 'Services' },
  purpose: { zh: '业务接口模块的运行状态：置为维护后，所有企业对该模块的调用都返回 503，直到恢复服务。', en: "The business API modules' state: under maintenance, every company's calls to a module answer 503 until it is back in service." },
  columns: [
    { field: 'label_zh', width: 180, pinned: 'left' },
    { field: 'prefix', width: 130 },
    { field: 'status', width: 110 },
    { field: 'note', width: 320 },
    { field: 'updated_by_name', width: 130 },
    { field: 'updated_at', width: 170 },
    { field: 'label_en', hide: true },
  ],
  statusTabs: stateTabs(sysService.states!),
  actions: [{ kind: 'edit' }, { kind: 'transition', action: 'maintenance' }, { kind: 'transition', action: 'resume' }],
  quickSearch: ['prefix', 'label_zh', 'label_en'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'label_zh', spanClass: 'half' },
        { field: 'prefix', spanClass: 'half' },
        { field: 'status', spanClass: 'half' },
        { field: 'label_en', spanClass: 'half' },
        { field: 'note', spanClass: 'full' },
        { field: 'updated_by_name', spanClass: 'half' },
        { field: 'updated_at', spanClass: 'half' },
      ],
    },
  ],
});
