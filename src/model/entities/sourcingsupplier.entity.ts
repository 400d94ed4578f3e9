import { defineEntity, type FieldErrors } from '../entity';
import { errorTexts } from '../errors/define';
import { sourcingsupplierErrors } from '../errors/sourcingsupplier';

/**
 * Supplier sourcing, the supplier's side (spec 1 "quotations; supplier fill-in data"; spec 4
 * "supplier fill-in data (application): draft, posted (to be reviewed), candidate, selected, closed,
 * stopped", "quotation: draft, posted (to evaluate), selected, not selected, stopped"; issue 16). Both
 * live in the supplier's own company: an application is opened from a project opportunity (a public
 * project, or one the buyer invited the company to) and linked to the buyer's project by an order share
 * in the buyer's company; its quotations, one per RFQ item with price breaks by quantity, are seen by
 * no other supplier (tenant filter) and reach the buyer as a copy in its sourcing record when posted.
 * Server logic: src/server/services/sourcing.
 */
export const SOURCING_APPLY_MENU = 'srm.sourcingapply';

const LINKED = 'Copied from the buyer\'s project through the share when the application is opened (services/sourcing); the supplier does not type it.';

export const sourcingApplication = defineEntity({
  name: 'srcapplication',
  table: 'srm_src_application',
  prefix: 'srmapi',
  menuCode: SOURCING_APPLY_MENU,
  label: { zh: '供应商填报', en: 'Supplier application' },
  // Quick search: the application number and the project's name.
  titleField: 'project_name',
  codeField: 'app_no',
  numbering: { field: 'app_no', prefix: 'SQ', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  // Issue 16 "certificates": uploaded files with type and expiry (sourcingadmission.entity.ts), kept
  // by the application drawer's certificates panel, not by the form.
  children: [{ key: 'certs', label: { zh: '资质证书', en: 'Certificates' }, entity: 'srcapplication_cert', foreignKey: 'application_id' }],
  fields: [
    { key: 'app_no', label: { zh: '填报单号', en: 'Application no.' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'buyer_name', label: { zh: '采购方', en: 'Buyer' }, type: 'text', readonly: true, maxLength: 200, omitFromForm: LINKED },
    { key: 'project_code', label: { zh: '寻源编号', en: 'Project code' }, type: 'code', readonly: true, maxLength: 40, omitFromForm: LINKED },
    { key: 'project_name', label: { zh: '寻源项目', en: 'Project' }, type: 'text', readonly: true, maxLength: 200, omitFromForm: LINKED },
    { key: 'project_desc', label: { zh: '项目描述', en: 'Project description' }, type: 'textarea', readonly: true, maxLength: 2000, omitFromForm: LINKED },
    { key: 'deadline', label: { zh: '截止日期', en: 'Deadline' }, type: 'date', readonly: true, omitFromForm: LINKED },
    { key: 'contact_person', label: { zh: '联系人', en: 'Contact' }, type: 'text', maxLength: 60 },
    { key: 'contact_phone', label: { zh: '联系电话', en: 'Phone' }, type: 'text', maxLength: 40 },
    { key: 'company_profile', label: { zh: '企业介绍与能力', en: 'Company and capability' }, type: 'textarea', maxLength: 2000 },
    { key: 'certificates', label: { zh: '资质证书', en: 'Certificates' }, type: 'textarea', maxLength: 1000 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
    { key: 'source_client_id', label: { zh: '采购方企业', en: 'Buyer company' }, type: 'integer', readonly: true },
    { key: 'source_project_id', label: { zh: '采购方项目', en: 'Buyer project' }, type: 'integer', readonly: true },
    { key: 'share_id', label: { zh: '共享记录', en: 'Share record' }, type: 'integer', readonly: true },
    { key: 'posted_at', label: { zh: '提交时间', en: 'Posted at' }, type: 'datetime', readonly: true },
    // The buyer's access evaluation form (design copied when the application is opened), the
    // supplier's answers and the buyer's review of them (services/sourcing/sourcing.admission.ts).
    { key: 'access_form', label: { zh: '准入评估表', en: 'Access evaluation form' }, type: 'json', readonly: true },
    { key: 'access_data', label: { zh: '准入评估内容', en: 'Access evaluation answers' }, type: 'json', readonly: true },
    { key: 'access_filled_at', label: { zh: '准入表填写时间', en: 'Access form filled at' }, type: 'datetime', readonly: true },
    { key: 'access_review', label: { zh: '准入审核', en: 'Access review' }, type: 'dict', dict: 'src_access_review', readonly: true },
    { key: 'access_review_remark', label: { zh: '审核意见', en: 'Review remark' }, type: 'text', readonly: true, maxLength: 500 },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(sourcingsupplierErrors, 'zh-CN'),
      'src.apply.ownProject': '不能参与本企业发起的寻源项目',
      'src.apply.opened': '已生成填报单 {{no}}，请完善资料后提交',
    },
    en: {
      ...errorTexts(sourcingsupplierErrors, 'en'),
      'src.apply.ownProject': 'A company cannot apply to its own sourcing project',
      'src.apply.opened': 'Application {{no}} opened: complete it and post it',
    },
  },
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'posted', label: { zh: '已提交待审核', en: 'Posted (to review)' }, color: 'warning' },
      { code: 'candidate', label: { zh: '候选', en: 'Candidate' }, color: 'brand' },
      { code: 'selected', label: { zh: '已中标', en: 'Selected' }, color: 'success' },
      { code: 'closed', label: { zh: '已结束', en: 'Closed' }, color: 'subtle' },
      { code: 'stopped', label: { zh: '已终止', en: 'Stopped' }, color: 'danger' },
    ],
    transitions: [
      { action: 'post', label: { zh: '提交', en: 'Post' }, from: ['draft'], to: 'posted', confirm: { zh: '提交填报资料给采购方审核？提交后不可修改。', en: 'Post the application to the buyer for review? It cannot be edited afterwards.' } },
      // Issue 35: before the project's deadline and its evaluation, back to a draft the supplier may change and post again.
      {
        action: 'withdraw',
        label: { zh: '撤回', en: 'Withdraw' },
        from: ['posted', 'candidate'],
        to: 'draft',
        confirm: { zh: '撤回后采购方的寻源记录将标记为已撤回，已提交的报价一并撤回并移出比价；可在截止日期前修改后重新提交。确定撤回？', en: 'The buyer\'s record shows the application as withdrawn and your posted quotations leave the comparison with it; change and post again before the deadline. Withdraw?' },
      },
    ],
    locked: ['posted', 'candidate', 'selected', 'closed', 'stopped'],
  },
});

/** Spec 3 quotation: price breaks by quantity, each with its lead time. */
export const sourcingQuotationBreak = defineEntity({
  name: 'srcquotation_break',
  table: 'srm_src_quotation_break',
  prefix: 'srmapi',
  menuCode: SOURCING_APPLY_MENU,
  label: { zh: '阶梯报价', en: 'Price break' },
  titleField: 'min_qty',
  childOnly: true,
  defaultSort: { field: 'min_qty', dir: 'asc' },
  fields: [
    { key: 'min_qty', label: { zh: '起订数量', en: 'From quantity' }, type: 'decimal', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'unit_price', label: { zh: '单价', en: 'Unit price' }, type: 'money', required: true, rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'lead_time_days', label: { zh: '交期(天)', en: 'Lead time (days)' }, type: 'integer', rules: ['naturalNumber'] },
  ],
});

/** Price-break quantities are above 0 and unique (checked when the quotation is posted). */
export function quotationBreakErrors(breaks: Array<Record<string, unknown>>): FieldErrors {
  const qtys = breaks.map((r) => Number(r.min_qty));
  if (qtys.some((q) => !(q > 0)) || new Set(qtys).size !== qtys.length) return { breaks: 'src.quote.breaksOrder' };
  return {};
}

export const sourcingQuotation = defineEntity({
  name: 'srcquotation',
  table: 'srm_src_quotation',
  prefix: 'srmapi',
  menuCode: SOURCING_APPLY_MENU,
  label: { zh: '报价单', en: 'Quotation' },
  // Quick search: the quotation number and the item quoted.
  titleField: 'item_name',
  codeField: 'quote_no',
  numbering: { field: 'quote_no', prefix: 'BJ', datePrefix: 'YYMMDD', length: 4 },
  defaultSort: { field: 'created_at', dir: 'desc' },
  children: [{ key: 'breaks', label: { zh: '阶梯报价', en: 'Price breaks' }, entity: 'srcquotation_break', foreignKey: 'quotation_id' }],
  fields: [
    { key: 'quote_no', label: { zh: '报价单号', en: 'Quotation no.' }, type: 'code', rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'application_id', label: { zh: '填报单', en: 'Application' }, type: 'reference', required: true, ref: { entity: 'srcapplication', labelField: 'app_no', codeField: 'app_no' } },
    { key: 'buyer_name', label: { zh: '采购方', en: 'Buyer' }, type: 'text', readonly: true, maxLength: 200, omitFromForm: LINKED },
    { key: 'project_code', label: { zh: '寻源编号', en: 'Project code' }, type: 'code', readonly: true, maxLength: 40, omitFromForm: LINKED },
    { key: 'source_item_id', label: { zh: '询价物料ID', en: 'RFQ item id' }, type: 'integer', readonly: true },
    { key: 'item_name', label: { zh: '询价物料', en: 'RFQ item' }, type: 'text', readonly: true, maxLength: 200, omitFromForm: LINKED },
    { key: 'item_spec', label: { zh: '规格要求', en: 'Specification' }, type: 'text', readonly: true, maxLength: 500, omitFromForm: LINKED },
    { key: 'qty', label: { zh: '需求数量', en: 'Quantity' }, type: 'decimal', readonly: true, omitFromForm: LINKED },
    { key: 'unit', label: { zh: '单位', en: 'Unit' }, type: 'text', readonly: true, maxLength: 20, omitFromForm: LINKED },
    { key: 'currency', label: { zh: '报价币种', en: 'Currency' }, type: 'dict', dict: 'currency', required: true, default: 'CNY' },
    { key: 'unit_price', label: { zh: '单价', en: 'Unit price' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'lead_time_days', label: { zh: '交期(天)', en: 'Lead time (days)' }, type: 'integer', rules: ['naturalNumber'] },
    { key: 'valid_to', label: { zh: '报价有效期至', en: 'Valid to' }, type: 'date' },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 1000 },
    { key: 'posted_at', label: { zh: '提交时间', en: 'Posted at' }, type: 'datetime', readonly: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
  ],
  states: {
    field: 'status',
    initial: 'draft',
    states: [
      { code: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'informative' },
      { code: 'posted', label: { zh: '已提交待评估', en: 'Posted (to evaluate)' }, color: 'warning' },
      { code: 'selected', label: { zh: '已选中', en: 'Selected' }, color: 'success' },
      { code: 'not_selected', label: { zh: '未选中', en: 'Not selected' }, color: 'subtle' },
      { code: 'stopped', label: { zh: '已终止', en: 'Stopped' }, color: 'danger' },
    ],
    transitions: [
      { action: 'post', label: { zh: '提交报价', en: 'Post' }, from: ['draft'], to: 'posted', confirm: { zh: '提交报价给采购方？提交后不可修改。', en: 'Post this quotation to the buyer? It cannot be edited afterwards.' } },
      // Issue 35: while the inquiry is open and before the deadline, back to a draft (it leaves the buyer's comparison).
      {
        action: 'withdraw',
        label: { zh: '撤回报价', en: 'Withdraw' },
        from: ['posted'],
        to: 'draft',
        confirm: { zh: '撤回后该报价将移出采购方的比价，可修改后在询价关闭和截止日期前重新提交。确定撤回？', en: 'The quotation leaves the buyer\'s comparison; change it and post it again before the inquiry closes and the deadline. Withdraw?' },
      },
    ],
    locked: ['posted', 'selected', 'not_selected', 'stopped'],
  },
});
