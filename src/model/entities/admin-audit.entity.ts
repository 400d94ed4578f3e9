import { defineViewEntity } from '../entity';

/**
 * The audit journal (spec 6, `admin.audit`): who changed what, when and from where, one row per
 * change the writers recorded in `audit_log`. Read-only. The stored codes (record type, action,
 * field changes as JSON) are kept and filter as they are; the columns beside them read in words
 * (the record type's name, the record's number or title, the action's name, each field and value by
 * its label), filled after the read by src/server/services/admin/audit.views.ts, which also gives
 * the scope: a company administrator their company's rows, the super administrator every company's.
 */
export const auditEntry = defineViewEntity({
  name: 'audit',
  table: 'audit_log',
  prefix: 'adminapi',
  menuCode: 'admin.audit',
  label: { zh: '操作日志', en: 'Audit log' },
  titleField: 'record_title',
  defaultSort: { field: 'at', dir: 'desc' },
  fields: [
    { key: 'at', label: { zh: '时间', en: 'Time' }, type: 'datetime' },
    { key: 'username', label: { zh: '用户', en: 'User' }, type: 'text' },
    { key: 'ip', label: { zh: '来源 IP', en: 'From (IP)' }, type: 'text' },
    { key: 'entity_label', label: { zh: '记录类型', en: 'Record type' }, type: 'text' },
    { key: 'record_title', label: { zh: '记录', en: 'Record' }, type: 'text' },
    { key: 'action_label', label: { zh: '操作', en: 'Action' }, type: 'text' },
    { key: 'changes_text', label: { zh: '变更内容', en: 'Changes' }, type: 'textarea' },
    { key: 'company', label: { zh: '企业', en: 'Company' }, type: 'text' },
    { key: 'entity', label: { zh: '记录类型代码', en: 'Record type code' }, type: 'code' },
    { key: 'record_id', label: { zh: '记录 ID', en: 'Record id' }, type: 'integer', grouping: false },
    { key: 'action', label: { zh: '操作代码', en: 'Action code' }, type: 'code' },
    { key: 'user_id', label: { zh: '用户 ID', en: 'User id' }, type: 'integer', grouping: false },
    { key: 'company_id', label: { zh: '企业 ID', en: 'Company id' }, type: 'integer', grouping: false },
    { key: 'changes', label: { zh: '变更（原始）', en: 'Changes (stored)' }, type: 'json' },
  ],
});
