import { defineDictionary } from '../dictionaries';
import { defineEntity, getEntity } from '../entity';

/**
 * Tenant settings of the administration area (spec 2 "Admin", spec 6), declared in the registry so
 * that their tables, API, lists, forms, Excel and generated isolation suites come for free:
 * data dictionary items and categories, sequence-number rules, notification settings, project
 * types and the node-tracking configuration. (The cycle calendar is the orders area's entity.)
 */

defineDictionary({
  code: 'sn_date_prefix',
  label: { zh: '日期前缀', en: 'Date prefix' },
  items: [
    { value: 'YYYY', label: { zh: '年（YYYY）', en: 'Year (YYYY)' } },
    { value: 'YYYYMM', label: { zh: '年月（YYYYMM）', en: 'Year month (YYYYMM)' } },
    { value: 'YYYYMMDD', label: { zh: '年月日（YYYYMMDD）', en: 'Date (YYYYMMDD)' } },
    { value: 'YYMM', label: { zh: '短年月（YYMM）', en: 'Short year month (YYMM)' } },
    { value: 'YYMMDD', label: { zh: '短日期（YYMMDD）', en: 'Short date (YYMMDD)' } },
  ],
});

// The channels and events of notices (src/model/notice-events.ts): a company's setting here is the
// default of each of its people, who may choose their own in the notification centre.
defineDictionary({
  code: 'notify_channel',
  label: { zh: '通知渠道', en: 'Notification channel' },
  items: [
    { value: 'site', label: { zh: '站内消息', en: 'In-app notice' } },
    { value: 'email', label: { zh: '邮件', en: 'E-mail' } },
    { value: 'workchat', label: { zh: '企业微信/钉钉', en: 'Workplace chat (WeCom/DingTalk)' } },
  ],
});

defineDictionary({
  code: 'notify_event',
  label: { zh: '通知事件', en: 'Notification event' },
  items: [
    { value: 'order', label: { zh: '订单（收到、接单、拒绝、完成、取消）', en: 'Orders (received, accepted, rejected, finished, cancelled)' } },
    { value: 'purchase', label: { zh: '采购订单（供应商确认、拒绝、发货）', en: 'Purchase orders (confirmed, rejected, dispatched by the supplier)' } },
    { value: 'allocation', label: { zh: '分配版本发布', en: 'Allocation versions published' } },
    { value: 'approval', label: { zh: '待我审批', en: 'Approvals waiting for me' } },
    { value: 'node', label: { zh: '节点（逾期、风险、下发）', en: 'Nodes (late, at risk, sent)' } },
    { value: 'outsource', label: { zh: '外发单（收到、接单、拒绝、发货、收货、取消）', en: 'Outsourced orders (received, accepted, rejected, dispatched, received, cancelled)' } },
    { value: 'sourcing', label: { zh: '寻源（邀请、填报、报价、评估、入围、淘汰、中标）', en: 'Sourcing (invited, applied, quoted, evaluation, shortlisted, eliminated, awarded)' } },
    { value: 'sample', label: { zh: '样衣（申请、接单、提交、批准、驳回、评语）', en: 'Samples (requested, accepted, submitted, approved, rejected, comments)' } },
    { value: 'finance', label: { zh: '对账单（发来、重新对账、确认、锁定、取消）', en: 'Statements (sent, re-matched, confirmed, locked, cancelled)' } },
    { value: 'ticket', label: { zh: '异常单', en: 'Exception tickets' } },
    { value: 'announcement', label: { zh: '公告', en: 'Announcements' } },
    { value: 'friend', label: { zh: '好友请求', en: 'Friend requests' } },
    { value: 'alert', label: { zh: '指标预警（控制塔）', en: 'Figure alerts (control tower)' } },
  ],
});

defineDictionary({
  code: 'enable_status',
  label: { zh: '启用状态', en: 'Enabled status' },
  items: [
    { value: 'active', label: { zh: '启用', en: 'Active' } },
    { value: 'inactive', label: { zh: '停用', en: 'Inactive' } },
  ],
});

/**
 * Licence types of a client (spec 3 "client: licence type"; spec 6: the super administrator manages
 * licence types). `platform` is the platform operator's own and is never given to a client.
 */
export const LICENCE_TYPES = ['trial', 'standard', 'professional', 'enterprise'] as const;
defineDictionary({
  code: 'licence_type',
  label: { zh: '许可类型', en: 'Licence type' },
  items: [
    { value: 'trial', label: { zh: '试用版', en: 'Trial' } },
    { value: 'standard', label: { zh: '标准版', en: 'Standard' } },
    { value: 'professional', label: { zh: '专业版', en: 'Professional' } },
    { value: 'enterprise', label: { zh: '企业版', en: 'Enterprise' } },
    { value: 'platform', label: { zh: '平台', en: 'Platform' } },
  ],
});

/** Kinds of company that sign up (spec 3 "client: type"; the access area's COMPANY_TYPES). */
defineDictionary({
  code: 'company_type',
  label: { zh: '企业类型', en: 'Company type' },
  items: [
    { value: 'brand', label: { zh: '品牌/客户', en: 'Brand / customer' } },
    { value: 'maker', label: { zh: '成衣工厂', en: 'Garment maker' } },
    { value: 'supplier', label: { zh: '面辅料供应商', en: 'Fabric and trim supplier' } },
    { value: 'platform', label: { zh: '平台', en: 'Platform' } },
  ],
});

/** Data dictionary categories: a tenant's own dictionaries (spec 2 "data dictionary and categories"). */
export const adminDictCategory = defineEntity({
  name: 'admin_dict_category',
  table: 'adm_dict_category',
  prefix: 'adminapi',
  menuCode: 'admin.dictcategory',
  label: { zh: '字典分类', en: 'Dictionary category' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '分类编码', en: 'Category code' }, type: 'code', required: true, rules: ['english'], maxLength: 60 },
    { key: 'name', label: { zh: '分类名称', en: 'Category name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'name_en', label: { zh: '英文名称', en: 'English name' }, type: 'text', maxLength: 100 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
});

/**
 * Data dictionary items. `dict_code` names a system dictionary (src/model/dictionaries.ts), whose
 * items the tenant's extend, or one of the tenant's own categories.
 */
export const adminDictItem = defineEntity({
  name: 'admin_dict_item',
  table: 'adm_dict_item',
  prefix: 'adminapi',
  menuCode: 'admin.dict',
  label: { zh: '数据字典', en: 'Data dictionary' },
  titleField: 'label_zh',
  defaultSort: { field: 'sort', dir: 'asc' },
  fields: [
    { key: 'dict_code', label: { zh: '字典编码', en: 'Dictionary code' }, type: 'code', required: true, rules: ['english'], maxLength: 60 },
    { key: 'value', label: { zh: '字典值', en: 'Value' }, type: 'code', required: true, maxLength: 60 },
    { key: 'label_zh', label: { zh: '中文名称', en: 'Chinese label' }, type: 'text', required: true, maxLength: 100 },
    { key: 'label_en', label: { zh: '英文名称', en: 'English label' }, type: 'text', maxLength: 100 },
    { key: 'sort', label: { zh: '排序', en: 'Order' }, type: 'integer', rules: ['naturalNumber'], default: 0 },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'enable_status', default: 'active' },
  ],
});

/** Sequence-number rules: a tenant's override of an entity's declared NumberingDef (spec 3 "sequence config"). */
export const adminSnRule = defineEntity({
  name: 'admin_sn_rule',
  table: 'adm_sn_rule',
  prefix: 'adminapi',
  menuCode: 'admin.snrule',
  label: { zh: '单号规则', en: 'Sequence-number rule' },
  titleField: 'rule_key',
  codeField: 'rule_key',
  fields: [
    { key: 'rule_key', label: { zh: '规则键（实体名）', en: 'Rule key (entity)' }, type: 'code', required: true, maxLength: 60 },
    { key: 'prefix', label: { zh: '前缀', en: 'Prefix' }, type: 'code', rules: ['capitalEnglish'], upperCase: true, maxLength: 10 },
    { key: 'date_prefix', label: { zh: '日期前缀', en: 'Date prefix' }, type: 'dict', dict: 'sn_date_prefix' },
    { key: 'length', label: { zh: '流水号长度', en: 'Counter length' }, type: 'integer', required: true, rules: ['interger'], default: 4 },
    { key: 'suffix', label: { zh: '后缀', en: 'Suffix' }, type: 'code', rules: ['capitalEnglish'], upperCase: true, maxLength: 10 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
  checks: [
    // A counter of more than 12 digits cannot be shown in the fixed-width number columns.
    (doc): Record<string, string> => (typeof doc.length === 'number' && doc.length > 12 ? { length: 'admin.snLengthMax' } : {}),
    // A rule numbers the documents of the entity its key names; a key of nothing numbered would be
    // saved and never used (issue 10: a saved setting must take effect).
    (doc): Record<string, string> => (typeof doc.rule_key === 'string' && doc.rule_key && !getEntity(doc.rule_key)?.numbering ? { rule_key: 'admin.snRuleKeyUnknown' } : {}),
  ],
});

/** Notification settings: which event reaches whom through which channels. */
export const adminNotifySetting = defineEntity({
  name: 'admin_notify_setting',
  table: 'adm_notify_setting',
  prefix: 'adminapi',
  menuCode: 'admin.notify',
  label: { zh: '通知设置', en: 'Notification setting' },
  titleField: 'event',
  codeField: 'event',
  fields: [
    { key: 'event', label: { zh: '通知事件', en: 'Event' }, type: 'dict', dict: 'notify_event', required: true },
    { key: 'channels', label: { zh: '通知渠道', en: 'Channels' }, type: 'multidict', dict: 'notify_channel', required: true },
    // Users with these roles receive the event's notices too, besides those the event names. Issue 35:
    // a list of role codes chosen in a transfer (migration 20261204_2210 turned the comma text into it);
    // each must be a role of the company (checked on save: services/notify/notify-setting.hooks.ts).
    { key: 'recipient_roles', label: { zh: '接收角色', en: 'Recipient roles' }, type: 'transfer' },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'enable_status', default: 'active' },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
});

/** Project types (used by sourcing projects and product development). */
export const adminProjectType = defineEntity({
  name: 'admin_project_type',
  table: 'adm_project_type',
  prefix: 'adminapi',
  menuCode: 'admin.projecttype',
  label: { zh: '项目类型', en: 'Project type' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '类型编码', en: 'Type code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '类型名称', en: 'Type name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'name_en', label: { zh: '英文名称', en: 'English name' }, type: 'text', maxLength: 100 },
    // Issue 14: the form scenario a project of this type fills in (its dynamic form, through cpm-ot/scenario).
    { key: 'form_scenario_id', label: { zh: '表单场景', en: 'Form scenario' }, type: 'reference', ref: { entity: 'formscenario', labelField: 'name', codeField: 'code' } },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'enable_status', default: 'active' },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
});
