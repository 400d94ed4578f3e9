import { definePage } from '../../src/model';
import { ROLES } from '../../src/model/roles';

/**
 * The audit log (spec 6, `/admin/page/audit`, `admin.audit`): who changed what, when and from where,
 * newest first, read-only. The columns read in words; the quick search and the column filters read
 * the stored codes (a record type's code, a user name, a field key or value inside the changes). The
 * super administrator sees every company's rows, with the company's name beside them.
 */
export const auditPage = definePage({
  opt: 'audit',
  cata: 'admin',
  kind: 'page',
  entity: 'audit',
  menu: { group: 'admin', order: 110, roles: [ROLES.clientAdmin] },
  title: { zh: '操作日志', en: 'Audit log' },
  purpose: { zh: '谁在何时、从哪里改了什么：按记录类型、用户和时间筛选。', en: 'Who changed what, when and from where: filter by record type, user and time.' },
  columns: [
    { field: 'at', width: 165 },
    { field: 'username', width: 110 },
    { field: 'ip', width: 110 },
    { field: 'entity_label', width: 110 },
    { field: 'record_title', width: 170 },
    { field: 'record_id', width: 80 },
    { field: 'action_label', width: 100 },
    { field: 'changes_text', width: 520 },
    { field: 'company', width: 160 },
    { field: 'entity', hide: true },
    { field: 'action', hide: true },
  ],
  actions: [{ kind: 'view' }],
  quickSearch: ['username', 'entity', 'changes_text'],
  form: [
    {
      modelName: 'base',
      form: [
        { field: 'at', spanClass: 'half' },
        { field: 'username', spanClass: 'half' },
        { field: 'ip', spanClass: 'half' },
        { field: 'company', spanClass: 'half' },
        { field: 'entity_label', spanClass: 'half' },
        { field: 'record_title', spanClass: 'half' },
        { field: 'action_label', spanClass: 'half' },
        { field: 'record_id', spanClass: 'half' },
        { field: 'changes_text', spanClass: 'full' },
      ],
    },
  ],
});
