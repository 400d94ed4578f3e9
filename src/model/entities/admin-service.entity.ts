import { defineViewEntity } from '../entity';

const note = { key: 'note', label: { zh: '维护说明', en: 'Maintenance note' }, type: 'text', maxLength: 200 } as const;

/**
 * The platform's switchable business API modules (spec 2 "Admin": services, the super administrator's
 * `admin.sys.service`): one row per module the build declares (`/api/{prefix}/`), in service or under
 * maintenance with a note. While one is under maintenance every call of every company to it is
 * refused with 503 (the gate in src/server/services/admin/sys-services.service.ts). An editable view
 * whose rows are the declarations beside the stored switches (`sys_services`); its actions and a saved
 * note keep their change there (src/server/services/admin/services.views.ts).
 */
export const sysService = defineViewEntity({
  name: 'sys_service',
  table: 'sys_services',
  prefix: 'adminapi',
  menuCode: 'admin.sys.service',
  label: { zh: '服务', en: 'Service' },
  titleField: 'label_zh',
  editable: true,
  defaultSort: { field: 'prefix', dir: 'asc' },
  fields: [
    { key: 'label_zh', label: { zh: '模块', en: 'Module' }, type: 'text', readonly: true },
    { key: 'label_en', label: { zh: '模块（英文）', en: 'Module (English)' }, type: 'text', readonly: true },
    { key: 'prefix', label: { zh: '接口前缀', en: 'Address prefix' }, type: 'code', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'State' }, type: 'dict', readonly: true },
    note,
    { key: 'updated_by_name', label: { zh: '修改人', en: 'Changed by' }, type: 'text', readonly: true },
    { key: 'updated_at', label: { zh: '修改时间', en: 'Changed at' }, type: 'datetime', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'in_service',
    states: [
      { code: 'in_service', label: { zh: '服务中', en: 'In service' }, color: 'success' },
      { code: 'maintenance', label: { zh: '维护中', en: 'Under maintenance' }, color: 'warning' },
    ],
    transitions: [
      {
        action: 'maintenance',
        label: { zh: '停用维护', en: 'Put under maintenance' },
        from: ['in_service'],
        to: 'maintenance',
        params: [note],
        defaults: { note: 'note' },
        confirm: { zh: '确定将所选模块置为维护？所有企业对它的调用将被拒绝（503），直到恢复服务。', en: 'Put the selected modules under maintenance? Every call of every company to them is refused (503) until they are back in service.' },
      },
      { action: 'resume', label: { zh: '恢复服务', en: 'Back in service' }, from: ['maintenance'], to: 'in_service', params: [note], defaults: { note: 'note' } },
    ],
  },
});
