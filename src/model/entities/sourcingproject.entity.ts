import { defineDictionary } from '../dictionaries';
import { defineEntity, type FieldErrors } from '../entity';
import { errorTexts } from '../errors/define';
import { sourcingprojectErrors } from '../errors/sourcingproject';

/**
 * Supplier sourcing, the buyer's side (spec 1 "Supplier sourcing: request for information, then
 * request for quotation, then evaluation"; spec 3 "sourcing project", "RFQ item"; spec 4 "sourcing
 * project publishing", "sourcing record", "RFQ items"; spec 8 "Sourcing pre-checks"; issue 16).
 * A brand (or a maker buying) runs a project in its own company; suppliers answer in theirs
 * (sourcingsupplier.entity.ts) and reach the project only through an order share. Server logic:
 * src/server/services/sourcing; design: docs/architecture-sourcing.md.
 */
export const SOURCING_MENU = 'srm.sourcing';

export const sourcingType = defineDictionary({
  code: 'src_type',
  label: { zh: '寻源类型', en: 'Sourcing type' },
  items: [
    { value: 'fabric', label: { zh: '面料', en: 'Fabric' } },
    { value: 'trim', label: { zh: '辅料', en: 'Trims' } },
    { value: 'garment', label: { zh: '成衣加工', en: 'Garment making' } },
    { value: 'process', label: { zh: '外发工序', en: 'Outsourced process' } },
    { value: 'other', label: { zh: '其他', en: 'Other' } },
  ],
});

export const sourcingPriority = defineDictionary({
  code: 'src_priority',
  label: { zh: '优先级', en: 'Priority' },
  items: [
    { value: 'high', label: { zh: '高', en: 'High' } },
    { value: 'medium', label: { zh: '中', en: 'Medium' } },
    { value: 'low', label: { zh: '低', en: 'Low' } },
  ],
});

/** Spec 4, the three state groups of a sourcing project: information, sourcing (RFQ), evaluation. */
export const sourcingInfoState = defineDictionary({
  code: 'src_info_state',
  label: { zh: '信息状态', en: 'Information' },
  items: [
    { value: 'not_prepared', label: { zh: '未准备', en: 'Not prepared' } },
    { value: 'preparing', label: { zh: '准备中', en: 'Preparing' } },
    { value: 'delivered', label: { zh: '信息已发布', en: 'Info delivered' } },
  ],
});
export const sourcingRfqState = defineDictionary({
  code: 'src_rfq_state',
  label: { zh: '寻源状态', en: 'Sourcing' },
  items: [
    { value: 'not_published', label: { zh: '未发布', en: 'Not published' } },
    { value: 'publishing', label: { zh: '发布中', en: 'Publishing' } },
    { value: 'ended', label: { zh: '寻源结束', en: 'Sourcing ended' } },
    { value: 'cancelled', label: { zh: '已取消', en: 'Cancelled' } },
  ],
});
export const sourcingEvalState = defineDictionary({
  code: 'src_eval_state',
  label: { zh: '评估状态', en: 'Evaluation' },
  items: [
    { value: 'not_evaluated', label: { zh: '未评估', en: 'Not evaluated' } },
    { value: 'evaluating', label: { zh: '评估中', en: 'Evaluating' } },
    { value: 'ended', label: { zh: '评估结束', en: 'Evaluation ended' } },
    { value: 'cancelled', label: { zh: '已取消', en: 'Cancelled' } },
  ],
});
/** Spec 4 "RFQ items: inquiry open, then closed". */
export const sourcingInquiryState = defineDictionary({
  code: 'src_inquiry_state',
  label: { zh: '询价状态', en: 'Inquiry' },
  items: [
    { value: 'open', label: { zh: '询价中', en: 'Inquiry open' } },
    { value: 'closed', label: { zh: '询价已关闭', en: 'Inquiry closed' } },
  ],
});

/** The state of the project (one machine) and the three spec 4 groups it shows (derived, readonly). */
export const PROJECT_STATE_GROUPS: Record<string, { info_state: string; rfq_state: string; eval_state: string }> = {
  not_prepared: { info_state: 'not_prepared', rfq_state: 'not_published', eval_state: 'not_evaluated' },
  preparing: { info_state: 'preparing', rfq_state: 'not_published', eval_state: 'not_evaluated' },
  info_delivered: { info_state: 'delivered', rfq_state: 'not_published', eval_state: 'not_evaluated' },
  publishing: { info_state: 'delivered', rfq_state: 'publishing', eval_state: 'not_evaluated' },
  sourcing_ended: { info_state: 'delivered', rfq_state: 'ended', eval_state: 'not_evaluated' },
  evaluating: { info_state: 'delivered', rfq_state: 'ended', eval_state: 'evaluating' },
  evaluation_ended: { info_state: 'delivered', rfq_state: 'ended', eval_state: 'ended' },
};
/**
 * A cancelled project (issue 35) keeps how far its information went; its sourcing and evaluation
 * read "cancelled", so it leaves the in-progress lists and shows in the history.
 */
export const cancelledGroups = (infoState: string) => ({ info_state: infoState, rfq_state: 'cancelled', eval_state: 'cancelled' });
/** States from which a project may be cancelled: any before its award. */
export const PROJECT_CANCELLABLE_STATES = ['not_prepared', 'preparing', 'info_delivered', 'publishing', 'sourcing_ended', 'evaluating'];
/** States in which the project shows to suppliers (opportunities, applications, quotations). */
export const PROJECT_OPEN_STATES = ['info_delivered', 'publishing'];

export const sourcingInvite = defineEntity({
  name: 'srcproject_invite',
  table: 'srm_src_project_invite',
  prefix: 'srmapi',
  menuCode: SOURCING_MENU,
  label: { zh: '邀请供应商', en: 'Invited supplier' },
  titleField: 'vendor_id',
  childOnly: true,
  fields: [
    { key: 'vendor_id', label: { zh: '供应商', en: 'Vendor' }, type: 'reference', required: true, ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    { key: 'invited_client', label: { zh: '平台企业', en: 'Platform company' }, type: 'integer', readonly: true },
    { key: 'invited_at', label: { zh: '邀请时间', en: 'Invited at' }, type: 'datetime', readonly: true },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
});

/** Spec 6 "evaluation members": the users of the buyer's company who score the suppliers. */
export const sourcingMember = defineEntity({
  name: 'srcproject_member',
  table: 'srm_src_project_member',
  prefix: 'srmapi',
  menuCode: SOURCING_MENU,
  label: { zh: '评估成员', en: 'Evaluation member' },
  titleField: 'user_id',
  childOnly: true,
  fields: [{ key: 'user_id', label: { zh: '成员', en: 'Member' }, type: 'reference', required: true, ref: { entity: 'user', labelField: 'fullname', codeField: 'username' } }],
});

/** Exchange rates of the comparison: one unit of `currency` is `rate` units of the project's currency. */
export const sourcingRate = defineEntity({
  name: 'srcproject_rate',
  table: 'srm_src_project_rate',
  prefix: 'srmapi',
  menuCode: SOURCING_MENU,
  label: { zh: '比价汇率', en: 'Comparison rate' },
  titleField: 'currency',
  childOnly: true,
  checks: [
    (doc) => {
      const errors: FieldErrors = {};
      if (doc.rate !== null && doc.rate !== undefined && doc.rate !== '' && !(Number(doc.rate) > 0)) errors.rate = 'src.rate.positive';
      return errors;
    },
  ],
  fields: [
    { key: 'currency', label: { zh: '报价币种', en: 'Quoted currency' }, type: 'dict', dict: 'currency', required: true },
    { key: 'rate', label: { zh: '折算汇率', en: 'Rate to project currency' }, type: 'decimal', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
  ],
});

const contactChecks = (doc: Record<string, unknown>): FieldErrors => {
  const errors: FieldErrors = {};
  const d = doc.duration_days;
  if (d !== null && d !== undefined && d !== '' && Number(d) > 3650) errors.duration_days = 'src.project.durationTooLong';
  return errors;
};

export const sourcingProject = defineEntity({
  name: 'srcproject',
  table: 'srm_src_project',
  prefix: 'srmapi',
  menuCode: SOURCING_MENU,
  label: { zh: '寻源项目', en: 'Sourcing project' },
  titleField: 'name',
  codeField: 'code',
  numbering: { field: 'code', prefix: 'XY', datePrefix: 'YYMMDD', length: 3 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [
    { key: 'invites', label: { zh: '邀请供应商', en: 'Invited suppliers' }, entity: 'srcproject_invite', foreignKey: 'project_id' },
    { key: 'members', label: { zh: '评估成员', en: 'Evaluation members' }, entity: 'srcproject_member', foreignKey: 'project_id' },
    { key: 'rates', label: { zh: '比价汇率', en: 'Comparison rates' }, entity: 'srcproject_rate', foreignKey: 'project_id' },
  ],
  checks: [contactChecks],
  // Spec 2 "sourcing requests: pending approval": a project is approved through the company's
  // SRC_PROJECT flow before its information goes out (services/approvals); while the flow runs its
  // fields are read-only, and delivering the information waits for the approval.
  approval: { process: 'SRC_PROJECT', submitFrom: ['not_prepared', 'preparing'], before: ['deliver_info'] },
  fields: [
    { key: 'code', label: { zh: '寻源编号', en: 'Project code' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'src_type', label: { zh: '寻源类型', en: 'Type' }, type: 'dict', dict: 'src_type', required: true },
    { key: 'name', label: { zh: '项目名称', en: 'Project name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'description', label: { zh: '项目描述', en: 'Description' }, type: 'textarea', maxLength: 2000 },
    { key: 'reason', label: { zh: '寻源原因', en: 'Reason' }, type: 'textarea', maxLength: 1000 },
    { key: 'duration_days', label: { zh: '寻源周期(天)', en: 'Duration (days)' }, type: 'integer', rules: ['naturalNumber'] },
    { key: 'deadline', label: { zh: '截止日期', en: 'Deadline' }, type: 'date' },
    { key: 'priority', label: { zh: '优先级', en: 'Priority' }, type: 'dict', dict: 'src_priority', default: 'medium' },
    { key: 'applicant_id', label: { zh: '申请人', en: 'Applicant' }, type: 'reference', help: { zh: '留空则为创建人', en: 'Left empty: the author' }, ref: { entity: 'user', labelField: 'fullname', codeField: 'username' } },
    { key: 'is_public', label: { zh: '公开寻源', en: 'Public' }, type: 'boolean', default: false, help: { zh: '公开的项目在发布信息后作为项目机会展示给平台上的其他企业', en: 'Once its information is delivered, a public project shows to the other companies of the platform as an opportunity' } },
    { key: 'tags', label: { zh: '标签', en: 'Tags' }, type: 'text', maxLength: 200 },
    { key: 'contact_person', label: { zh: '联系人', en: 'Contact' }, type: 'text', maxLength: 60 },
    { key: 'contact_phone', label: { zh: '联系电话', en: 'Contact phone' }, type: 'text', maxLength: 40 },
    { key: 'currency', label: { zh: '比价币种', en: 'Comparison currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    { key: 'eval_config_id', label: { zh: '评估方案', en: 'Evaluation scheme' }, type: 'reference', ref: { entity: 'srcevalconfig', labelField: 'name' } },
    // Supplier admission (sourcingadmission.entity.ts): the form every applicant fills in; a new project takes its type's default.
    { key: 'access_form_id', label: { zh: '准入评估表', en: 'Access evaluation form' }, type: 'reference', ref: { entity: 'srcaccessform', labelField: 'name', codeField: 'code' } },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'info_state', label: { zh: '信息状态', en: 'Information' }, type: 'dict', dict: 'src_info_state', readonly: true, default: 'not_prepared' },
    { key: 'rfq_state', label: { zh: '寻源状态', en: 'Sourcing' }, type: 'dict', dict: 'src_rfq_state', readonly: true, default: 'not_published' },
    { key: 'eval_state', label: { zh: '评估状态', en: 'Evaluation' }, type: 'dict', dict: 'src_eval_state', readonly: true, default: 'not_evaluated' },
    { key: 'inquiry_state', label: { zh: '询价状态', en: 'Inquiry' }, type: 'dict', dict: 'src_inquiry_state', readonly: true },
    { key: 'delivered_at', label: { zh: '信息发布时间', en: 'Delivered at' }, type: 'datetime', readonly: true },
    { key: 'awarded_vendor_id', label: { zh: '中标供应商', en: 'Awarded vendor' }, type: 'reference', readonly: true, ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    { key: 'awarded_at', label: { zh: '定标时间', en: 'Awarded at' }, type: 'datetime', readonly: true },
    { key: 'cancel_reason', label: { zh: '取消原因', en: 'Cancellation reason' }, type: 'text', readonly: true, maxLength: 500 },
    { key: 'cancelled_at', label: { zh: '取消时间', en: 'Cancelled at' }, type: 'datetime', readonly: true },
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(sourcingprojectErrors, 'zh-CN'),
      'src.rate.positive': '汇率须大于0',
      'src.project.durationTooLong': '寻源周期不能超过3650天',
      'src.award.done': '已定标：{{supplier}}',
      'src.award.contract': '已定标：{{supplier}}，采购合同草稿 {{no}}',
      'src.award.contractName': '{{project}} 定标合同',
      'src.notify.invited.title': '寻源邀请：{{name}}',
      'src.notify.invited.body': '{{buyer}} 邀请贵司参与寻源项目 {{code}}“{{name}}”，请在“项目机会”中申请参与。',
      'src.notify.published.title': '询价已发布：{{name}}',
      'src.notify.published.body': '{{buyer}} 的寻源项目 {{code}}“{{name}}”已发布询价，请在“我的报价”中按物料报价。',
      'src.notify.quoted.title': '收到报价：{{supplier}}',
      'src.notify.quoted.body': '{{supplier}} 对寻源项目 {{code}} 的物料“{{item}}”提交了报价。',
      'src.notify.evaluate.title': '评估待办：{{name}}',
      'src.notify.evaluate.body': '寻源项目 {{code}}“{{name}}”已进入评估，请为入围供应商评分。',
      'src.notify.reopened.title': '询价已重新开启：{{name}}',
      'src.notify.reopened.body': '{{buyer}} 的寻源项目 {{code}}“{{name}}”已重新开启询价，可在“我的报价”中报价或撤回后修改报价。',
      'src.notify.quoteWithdrawn.title': '报价已撤回：{{supplier}}',
      'src.notify.quoteWithdrawn.body': '{{supplier}} 撤回了寻源项目 {{code}} 物料“{{item}}”的报价，该报价已移出比价。',
    },
    en: {
      ...errorTexts(sourcingprojectErrors, 'en'),
      'src.rate.positive': 'The rate must be above 0',
      'src.project.durationTooLong': 'The duration cannot exceed 3650 days',
      'src.award.done': 'Awarded to {{supplier}}',
      'src.award.contract': 'Awarded to {{supplier}}; draft purchase contract {{no}}',
      'src.award.contractName': '{{project}} award contract',
      'src.notify.invited.title': 'Sourcing invitation: {{name}}',
      'src.notify.invited.body': '{{buyer}} invites your company to sourcing project {{code}} "{{name}}"; apply from Project opportunities.',
      'src.notify.published.title': 'RFQ published: {{name}}',
      'src.notify.published.body': 'The RFQ of {{buyer}}\'s sourcing project {{code}} "{{name}}" is published; quote per item in My quotations.',
      'src.notify.quoted.title': 'Quotation received: {{supplier}}',
      'src.notify.quoted.body': '{{supplier}} quoted item "{{item}}" of sourcing project {{code}}.',
      'src.notify.evaluate.title': 'To evaluate: {{name}}',
      'src.notify.evaluate.body': 'Sourcing project {{code}} "{{name}}" is in evaluation: score its shortlisted suppliers.',
      'src.notify.reopened.title': 'Inquiry reopened: {{name}}',
      'src.notify.reopened.body': 'The inquiry of {{buyer}}\'s sourcing project {{code}} "{{name}}" is open again: quote in My quotations, or withdraw a quotation to change it.',
      'src.notify.quoteWithdrawn.title': 'Quotation withdrawn: {{supplier}}',
      'src.notify.quoteWithdrawn.body': '{{supplier}} withdrew its quotation for item "{{item}}" of sourcing project {{code}}; it has left the comparison.',
    },
  },
  states: {
    field: 'status',
    initial: 'not_prepared',
    states: [
      { code: 'not_prepared', label: { zh: '未准备', en: 'Not prepared' }, color: 'subtle' },
      { code: 'preparing', label: { zh: '信息准备中', en: 'Preparing' }, color: 'informative' },
      { code: 'info_delivered', label: { zh: '信息已发布', en: 'Info delivered' }, color: 'brand' },
      { code: 'publishing', label: { zh: '询价发布中', en: 'Publishing' }, color: 'warning' },
      { code: 'sourcing_ended', label: { zh: '寻源结束', en: 'Sourcing ended' }, color: 'brand' },
      { code: 'evaluating', label: { zh: '评估中', en: 'Evaluating' }, color: 'warning' },
      { code: 'evaluation_ended', label: { zh: '评估结束', en: 'Evaluation ended' }, color: 'success' },
      { code: 'cancelled', label: { zh: '已取消', en: 'Cancelled' }, color: 'danger', notice: { intent: 'warning', textField: 'cancel_reason' } },
    ],
    transitions: [
      { action: 'prepare', label: { zh: '开始准备', en: 'Start preparing' }, from: ['not_prepared'], to: 'preparing' },
      // Handlers (services/sourcing): each pre-check of spec 8 refuses with its own message.
      { action: 'deliver_info', label: { zh: '发布信息', en: 'Deliver information' }, from: ['preparing'], to: 'info_delivered', confirm: { zh: '发布寻源信息并通知受邀供应商？公开项目将展示为项目机会。', en: 'Deliver the information and notify the invited suppliers? A public project shows as an opportunity.' } },
      { action: 'publish', label: { zh: '发布询价', en: 'Publish RFQ' }, from: ['info_delivered'], to: 'publishing', confirm: { zh: '发布询价后供应商可按物料报价，确定发布？', en: 'Publish the RFQ so that suppliers quote per item?' } },
      { action: 'close_inquiry', label: { zh: '关闭询价', en: 'Close inquiry' }, from: ['publishing'], to: 'publishing', confirm: { zh: '关闭询价后供应商不能再报价，确定关闭？', en: 'Close the inquiry? Suppliers can no longer quote.' } },
      // Issue 35: the inquiry opens again (the deadline not past); suppliers may quote or withdraw again.
      { action: 'reopen_inquiry', label: { zh: '重新开启询价', en: 'Reopen inquiry' }, from: ['publishing'], to: 'publishing', confirm: { zh: '重新开启询价后供应商可再次报价或撤回报价，确定开启？', en: 'Reopen the inquiry so that suppliers can quote or withdraw quotations again?' } },
      { action: 'end_sourcing', label: { zh: '结束寻源', en: 'End sourcing' }, from: ['publishing'], to: 'sourcing_ended' },
      // Declared from publishing too, so that an open sourcing is refused with spec 8's own message.
      { action: 'start_evaluation', label: { zh: '开始评估', en: 'Start evaluation' }, from: ['publishing', 'sourcing_ended'], to: 'evaluating' },
      { action: 'end_evaluation', label: { zh: '结束评估', en: 'End evaluation' }, from: ['evaluating'], to: 'evaluation_ended' },
      {
        action: 'award',
        label: { zh: '定标', en: 'Award' },
        from: ['evaluating', 'evaluation_ended'],
        to: 'evaluation_ended',
        confirm: { zh: '不填写时授予综合排名第一的供应商。', en: 'Left empty, the award goes to the first of the weighted ranking.' },
        params: [
          { key: 'award_record_id', label: { zh: '中标供应商（寻源记录ID）', en: 'Awarded supplier (record id)' }, type: 'integer', rules: ['naturalNumber'] },
          { key: 'make_contract', label: { zh: '同时生成采购合同草稿', en: 'Also draft a purchase contract' }, type: 'boolean' },
        ],
      },
      // Issue 35: a project is cancelled before its award, with a reason the suppliers read.
      {
        action: 'cancel',
        label: { zh: '取消项目', en: 'Cancel project' },
        from: PROJECT_CANCELLABLE_STATES,
        to: 'cancelled',
        confirm: { zh: '取消后项目不可恢复，参与的供应商的填报与报价将终止并收到通知。确定取消？', en: 'A cancelled project cannot be restored; the suppliers\' applications and quotations are stopped and they are told. Cancel it?' },
        params: [{ key: 'cancel_reason', label: { zh: '取消原因', en: 'Cancellation reason' }, type: 'text', required: true, maxLength: 500 }],
      },
    ],
    locked: ['evaluation_ended', 'cancelled'],
  },
});

/** Spec 3 "RFQ item: name, expected unit price, currency, unit, reference material". */
export const sourcingItem = defineEntity({
  name: 'srcitem',
  table: 'srm_src_item',
  prefix: 'srmapi',
  menuCode: SOURCING_MENU,
  label: { zh: '询价物料', en: 'RFQ item' },
  titleField: 'name',
  defaultSort: { field: 'id', dir: 'asc' },
  fields: [
    { key: 'project_id', label: { zh: '寻源项目', en: 'Sourcing project' }, type: 'reference', required: true, ref: { entity: 'srcproject', labelField: 'name', codeField: 'code' } },
    { key: 'name', label: { zh: '物料名称', en: 'Item name' }, type: 'text', required: true, maxLength: 200 },
    { key: 'material_id', label: { zh: '参考物料', en: 'Reference material' }, type: 'reference', ref: { entity: 'material', labelField: 'name', codeField: 'code' } },
    { key: 'spec', label: { zh: '规格要求', en: 'Specification' }, type: 'text', maxLength: 500 },
    { key: 'qty', label: { zh: '需求数量', en: 'Quantity' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'unit', label: { zh: '单位', en: 'Unit' }, type: 'text', maxLength: 20 },
    { key: 'expected_price', label: { zh: '期望单价', en: 'Expected unit price' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'currency', label: { zh: '币种', en: 'Currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    { key: 'inquiry_state', label: { zh: '询价状态', en: 'Inquiry' }, type: 'dict', dict: 'src_inquiry_state', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'inactive',
    states: [
      { code: 'inactive', label: { zh: '未激活', en: 'Inactive' }, color: 'subtle' },
      { code: 'active', label: { zh: '已激活', en: 'Active' }, color: 'success' },
    ],
    // Spec 4: inactive, then active, no edits after.
    transitions: [{ action: 'activate', label: { zh: '激活', en: 'Activate' }, from: ['inactive'], to: 'active', confirm: { zh: '激活后不能再修改，确定激活？', en: 'Once active the item cannot be edited. Activate?' } }],
    locked: ['active'],
  },
});

/**
 * Spec 4 "sourcing record: submitted, shortlisted, eliminated": one supplier in one project, in the
 * buyer's company. A platform supplier's record is written by its posted application (share_id set)
 * and holds the quotations it posted (`offers`, by RFQ item id) and the members' scores (`scores`, by
 * member user id then evaluation item id), both written only by the sourcing service. A record
 * entered by hand is a supplier not on the platform.
 */
export const sourcingRecord = defineEntity({
  name: 'srcrecord',
  table: 'srm_src_record',
  prefix: 'srmapi',
  menuCode: SOURCING_MENU,
  label: { zh: '寻源记录', en: 'Sourcing record' },
  titleField: 'supplier_name',
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    { key: 'project_id', label: { zh: '寻源项目', en: 'Sourcing project' }, type: 'reference', required: true, ref: { entity: 'srcproject', labelField: 'name', codeField: 'code' } },
    { key: 'supplier_name', label: { zh: '供应商', en: 'Supplier' }, type: 'text', required: true, maxLength: 200 },
    { key: 'vendor_id', label: { zh: '供应商档案', en: 'Vendor record' }, type: 'reference', ref: { entity: 'vendor', labelField: 'name', codeField: 'code' } },
    { key: 'contact_person', label: { zh: '联系人', en: 'Contact' }, type: 'text', maxLength: 60 },
    { key: 'contact_phone', label: { zh: '联系电话', en: 'Phone' }, type: 'text', maxLength: 40 },
    { key: 'company_profile', label: { zh: '企业介绍与能力', en: 'Company and capability' }, type: 'textarea', maxLength: 2000 },
    { key: 'certificates', label: { zh: '资质证书', en: 'Certificates' }, type: 'textarea', maxLength: 1000 },
    { key: 'application_no', label: { zh: '填报单号', en: 'Application no.' }, type: 'code', readonly: true, maxLength: 40 },
    { key: 'supplier_client_id', label: { zh: '平台企业', en: 'Platform company' }, type: 'integer', readonly: true },
    { key: 'share_id', label: { zh: '共享记录', en: 'Share record' }, type: 'integer', readonly: true },
    { key: 'offers', label: { zh: '报价', en: 'Quotations' }, type: 'json', readonly: true },
    { key: 'quoted_items', label: { zh: '已报价物料数', en: 'Items quoted' }, type: 'integer', readonly: true },
    { key: 'scores', label: { zh: '评分', en: 'Scores' }, type: 'json', readonly: true },
    { key: 'weighted_score', label: { zh: '综合得分', en: 'Weighted score' }, type: 'decimal', readonly: true },
    { key: 'rank_no', label: { zh: '排名', en: 'Rank' }, type: 'integer', readonly: true },
    { key: 'awarded', label: { zh: '中标', en: 'Awarded' }, type: 'boolean', readonly: true },
    { key: 'eliminate_reason', label: { zh: '淘汰原因', en: 'Reason' }, type: 'text', readonly: true },
    // Supplier admission (sourcingadmission.entity.ts): the posted access form and answers, the certificates, the review.
    { key: 'access_form', label: { zh: '准入评估表', en: 'Access evaluation form' }, type: 'json', readonly: true },
    { key: 'access_data', label: { zh: '准入评估内容', en: 'Access evaluation answers' }, type: 'json', readonly: true },
    { key: 'access_review', label: { zh: '准入审核', en: 'Access review' }, type: 'dict', dict: 'src_access_review', readonly: true },
    { key: 'access_review_remark', label: { zh: '审核意见', en: 'Review remark' }, type: 'text', readonly: true, maxLength: 500 },
    { key: 'access_reviewed_by', label: { zh: '审核人', en: 'Reviewed by' }, type: 'text', readonly: true, maxLength: 100 },
    { key: 'access_reviewed_at', label: { zh: '审核时间', en: 'Reviewed at' }, type: 'datetime', readonly: true },
    { key: 'cert_files', label: { zh: '资质证书文件', en: 'Certificate files' }, type: 'json', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'submitted',
    states: [
      { code: 'submitted', label: { zh: '已提交', en: 'Submitted' }, color: 'informative' },
      { code: 'shortlisted', label: { zh: '已入围', en: 'Shortlisted' }, color: 'success' },
      { code: 'eliminated', label: { zh: '已淘汰', en: 'Eliminated' }, color: 'subtle', notice: { intent: 'warning', textField: 'eliminate_reason' } },
      // Issue 35: the supplier withdrew its application (services/sourcing); it posts again before the deadline or stays out.
      { code: 'withdrawn', label: { zh: '已撤回', en: 'Withdrawn' }, color: 'subtle' },
    ],
    transitions: [
      { action: 'shortlist', label: { zh: '入围', en: 'Shortlist' }, from: ['submitted'], to: 'shortlisted' },
      // Supplier admission: the buyer's verdict on the posted access evaluation form (needed before shortlisting).
      {
        action: 'review_access',
        label: { zh: '准入审核', en: 'Review access' },
        from: ['submitted'],
        to: 'submitted',
        params: [
          { key: 'access_verdict', label: { zh: '审核结论', en: 'Verdict' }, type: 'dict', dict: 'src_access_verdict', required: true },
          { key: 'access_review_remark', label: { zh: '审核意见', en: 'Review remark' }, type: 'text', maxLength: 500 },
        ],
      },
      {
        action: 'eliminate',
        label: { zh: '淘汰', en: 'Eliminate' },
        from: ['submitted', 'shortlisted'],
        to: 'eliminated',
        params: [{ key: 'eliminate_reason', label: { zh: '淘汰原因', en: 'Reason' }, type: 'text', required: true, maxLength: 500 }],
      },
    ],
    locked: ['eliminated'],
  },
});
