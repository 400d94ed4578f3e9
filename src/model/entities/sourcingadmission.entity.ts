import { defineDictionary } from '../dictionaries';
import { defineEntity } from '../entity';
import { SOURCING_MENU } from './sourcingproject.entity';
import { SOURCING_APPLY_MENU } from './sourcingsupplier.entity';
import { errorTexts } from '../errors/define';
import { sourcingadmissionErrors } from '../errors/sourcingadmission';

/**
 * Supplier admission (spec 1 "supplier admission (access evaluation)"; spec 2 "access-evaluation form
 * configuration"; issue 16). The buyer names, per kind of sourcing, the dynamic form (issue 14's form
 * designer) a supplier fills in to be admitted; a project chooses one. A supplier's application carries
 * a copy of that form's design, filled in the supplier's own company, and its certificate files with
 * type and expiry date; both reach the buyer's sourcing record when the application is posted, where
 * the buyer reviews the form (passed / failed) before shortlisting. Server logic:
 * src/server/services/sourcing/sourcing.admission.ts; design: docs/architecture-sourcing.md.
 */
export const sourcingCertType = defineDictionary({
  code: 'src_cert_type',
  label: { zh: '证书类型', en: 'Certificate type' },
  items: [
    { value: 'license', label: { zh: '营业执照', en: 'Business licence' } },
    { value: 'iso9001', label: { zh: 'ISO 9001 质量管理体系', en: 'ISO 9001 quality management' } },
    { value: 'iso14001', label: { zh: 'ISO 14001 环境管理体系', en: 'ISO 14001 environmental management' } },
    { value: 'oekotex', label: { zh: 'OEKO-TEX Standard 100', en: 'OEKO-TEX Standard 100' } },
    { value: 'grs', label: { zh: 'GRS 全球回收标准', en: 'GRS Global Recycled Standard' } },
    { value: 'bsci', label: { zh: 'BSCI 社会责任审核', en: 'BSCI social audit' } },
    { value: 'other', label: { zh: '其他', en: 'Other' } },
  ],
});

/** The buyer's review of a supplier's access evaluation form. */
export const sourcingAccessReview = defineDictionary({
  code: 'src_access_review',
  label: { zh: '准入审核', en: 'Access review' },
  items: [
    { value: 'to_fill', label: { zh: '待供应商填写', en: 'To be filled' } },
    { value: 'pending', label: { zh: '待审核', en: 'To review' } },
    { value: 'passed', label: { zh: '准入通过', en: 'Admitted' } },
    { value: 'failed', label: { zh: '准入不通过', en: 'Not admitted' } },
  ],
});
export const sourcingAccessVerdict = defineDictionary({
  code: 'src_access_verdict',
  label: { zh: '审核结论', en: 'Verdict' },
  items: [
    { value: 'passed', label: { zh: '准入通过', en: 'Admitted' } },
    { value: 'failed', label: { zh: '准入不通过', en: 'Not admitted' } },
  ],
});

/** Spec 2 "access-evaluation form configuration": which dynamic form admits suppliers of a kind of sourcing. */
export const sourcingAccessForm = defineEntity({
  name: 'srcaccessform',
  table: 'srm_src_access_form',
  prefix: 'srmapi',
  menuCode: SOURCING_MENU,
  label: { zh: '准入评估表', en: 'Access evaluation form' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '编码', en: 'Code' }, type: 'code', required: true, unique: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '名称', en: 'Name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'form_id', label: { zh: '动态表单', en: 'Dynamic form' }, type: 'reference', required: true, ref: { entity: 'dynform', labelField: 'name', codeField: 'code' }, help: { zh: '在“动态表单”中设计的表单；供应商填报时使用其当前版本', en: 'A form designed in Dynamic forms; a supplier fills in its current version' } },
    { key: 'src_type', label: { zh: '适用寻源类型', en: 'For sourcing type' }, type: 'dict', dict: 'src_type', help: { zh: '该表用于哪类寻源（寻源项目的“准入评估表”中选用）；留空则适用于所有类型', en: 'The kind of sourcing the form is for (projects choose it in their Access evaluation form); empty: every kind' } },
    { key: 'enabled', label: { zh: '启用', en: 'Enabled' }, type: 'boolean', default: true },
    { key: 'remark', label: { zh: '说明', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(sourcingadmissionErrors, 'zh-CN'),
      'src.access.formDisabled': '所选动态表单已停用',
      'src.access.saved': '准入评估表已保存',
      'src.cert.expired': '已过期',
      'src.cert.notice.title': '资质证书即将到期：{{cert}}',
      'src.cert.notice.body': '{{supplier}} 的资质证书“{{cert}}”（{{no}}）将于 {{date}} 到期，还剩 {{days}} 天；填报单 {{app}}，寻源项目 {{project}}。请及时更新证书。',
      'src.cert.todo.subject': '资质证书即将到期：{{supplier}} · {{cert}}（{{date}}）',
      'src.cert.todo.remark': '填报单 {{app}}（寻源项目 {{project}}）的资质证书“{{cert}}”将于 {{date}} 到期，还剩 {{days}} 天。',
      'src.notify.reviewed.title': '准入审核结果：{{code}}',
      'src.notify.reviewed.passed': '{{buyer}} 审核了贵司在寻源项目 {{code}}“{{name}}”中的准入评估表：准入通过。{{remark}}',
      'src.notify.reviewed.failed': '{{buyer}} 审核了贵司在寻源项目 {{code}}“{{name}}”中的准入评估表：准入不通过。{{remark}}',
    },
    en: {
      ...errorTexts(sourcingadmissionErrors, 'en'),
      'src.access.formDisabled': 'The dynamic form chosen is disabled',
      'src.access.saved': 'Access evaluation form saved',
      'src.cert.expired': 'Expired',
      'src.cert.notice.title': 'Certificate expiring: {{cert}}',
      'src.cert.notice.body': 'The certificate "{{cert}}" ({{no}}) of {{supplier}} expires on {{date}}, in {{days}} days; application {{app}}, sourcing project {{project}}. Renew it in time.',
      'src.cert.todo.subject': 'Certificate expiring: {{supplier}} · {{cert}} ({{date}})',
      'src.cert.todo.remark': 'The certificate "{{cert}}" of application {{app}} (sourcing project {{project}}) expires on {{date}}, in {{days}} days.',
      'src.notify.reviewed.title': 'Access review: {{code}}',
      'src.notify.reviewed.passed': '{{buyer}} reviewed your access evaluation form for sourcing project {{code}} "{{name}}": admitted. {{remark}}',
      'src.notify.reviewed.failed': '{{buyer}} reviewed your access evaluation form for sourcing project {{code}} "{{name}}": not admitted. {{remark}}',
    },
  },
});

/**
 * A certificate of the supplier's application (its own company): type, number, expiry date and the
 * uploaded file (a stored file of the supplier's company). A certificate past its expiry date is
 * flagged wherever it is shown; a copy goes to the buyer's record when the application is posted.
 */
export const sourcingApplicationCert = defineEntity({
  name: 'srcapplication_cert',
  table: 'srm_src_application_cert',
  prefix: 'srmapi',
  menuCode: SOURCING_APPLY_MENU,
  label: { zh: '资质证书', en: 'Certificate' },
  titleField: 'cert_name',
  childOnly: true,
  omitFromForm: "Kept by the certificates panel of the application's drawer (src/client/pages/sourcing/AdmissionPanels.tsx): the file is uploaded there with its type, number and expiry date.",
  defaultSort: { field: 'id', dir: 'asc' },
  fields: [
    { key: 'cert_type', label: { zh: '证书类型', en: 'Type' }, type: 'dict', dict: 'src_cert_type', required: true },
    { key: 'cert_name', label: { zh: '证书名称', en: 'Certificate' }, type: 'text', required: true, maxLength: 200 },
    { key: 'cert_no', label: { zh: '证书编号', en: 'Number' }, type: 'text', maxLength: 100 },
    { key: 'valid_to', label: { zh: '有效期至', en: 'Valid to' }, type: 'date', required: true },
    { key: 'file_id', label: { zh: '文件', en: 'File' }, type: 'integer', rules: ['naturalNumber'] },
    { key: 'file_name', label: { zh: '文件名', en: 'File name' }, type: 'text', maxLength: 200 },
    // Issue 35: the expiry date and window last warned of (services/sourcing/sourcing.certexpiry.ts), so each warns once.
    { key: 'expiry_warned_for', label: { zh: '已提醒的有效期', en: 'Expiry warned for' }, type: 'date', readonly: true },
    { key: 'expiry_warned_days', label: { zh: '已提醒的提前天数', en: 'Warned days ahead' }, type: 'integer', readonly: true },
  ],
});

/**
 * Issue 35, certificates warned ahead of their expiry: 30 days before it, and again 7 days before
 * (the warning windows, widest first). A certificate of an application posted to a buyer (posted,
 * candidate or selected) raises, once per window and expiry date, a to-do task and a bell notice for
 * the users who opened and posted the application and for the buyer's project owner.
 */
export const CERT_EXPIRY_WINDOWS = [30, 7] as const;
export const CERT_EXPIRY_LEAD_DAYS = CERT_EXPIRY_WINDOWS[0];

/** The warning window a certificate is in `daysLeft` days before its expiry (0: it expires today): the narrowest holding it; null before the first window or once expired. */
export function certExpiryWindow(daysLeft: number): number | null {
  if (!Number.isInteger(daysLeft) || daysLeft < 0) return null;
  const holding = CERT_EXPIRY_WINDOWS.filter((w) => daysLeft <= w);
  return holding.length ? Math.min(...holding) : null;
}

/** Whether a certificate in window `window` for expiry `validTo` is still to be warned, given what was warned last. */
export function certExpiryDue(window: number | null, validTo: string, warnedFor: string | null, warnedDays: number | null): boolean {
  if (window === null) return false;
  return warnedFor !== validTo || warnedDays === null || warnedDays > window;
}
