import { defineEntity, defineViewEntity } from '../entity';
import { DYNAMIC_FORM_CODE_PATTERN } from '../dynamic-form';

/**
 * Dynamic forms (spec 2 Admin "dynamic forms", issue 14): a company's form, designed in the form
 * designer (`/approvals/formdesigner?id=`). The definition is JSON (sections, fields, options,
 * conditions, calculations; src/model/dynamic-form.ts), checked on every save by the designer's
 * rules (duplicate field keys and option values refused, spec 5); each change of the definition is
 * kept as a new version (`dyn_form_version`), and filled records name the version they were filled
 * with. Filled records live in `dyn_form_record` (one jsonb row each, tenant column).
 */
export const dynamicForm = defineEntity({
  name: 'dynform',
  table: 'dyn_form',
  prefix: 'crossapi',
  menuCode: 'admin.dynform',
  label: { zh: '动态表单', en: 'Dynamic form' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '表单编码', en: 'Form code' }, type: 'code', required: true, upperCase: true, maxLength: 40, help: { zh: '大写字母开头，只含大写字母、数字和下划线', en: 'Starts with a capital; capitals, digits and underscores only' } },
    { key: 'name', label: { zh: '表单名称', en: 'Form name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'name_en', label: { zh: '英文名称', en: 'English name' }, type: 'text', maxLength: 100 },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'enable_status', default: 'active' },
    { key: 'definition', label: { zh: '表单设计', en: 'Design' }, type: 'json', omitFromForm: 'edited in the form designer (/approvals/formdesigner)' },
    { key: 'form_version', label: { zh: '设计版本', en: 'Design version' }, type: 'integer', readonly: true, grouping: false },
    // Issue 35: the company's process definition the form's records are approved through (none: not approved).
    {
      key: 'process_id', label: { zh: '审批流程', en: 'Approval process' }, type: 'reference', ref: { entity: 'processdef', labelField: 'name', codeField: 'code' },
      help: { zh: '选择后，填报的记录可提交审批；审批中的记录不能修改', en: 'Once chosen, filled records can be submitted for approval; a record in approval cannot be changed' },
    },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
  checks: [(doc): Record<string, string> => (typeof doc.code === 'string' && doc.code && !DYNAMIC_FORM_CODE_PATTERN.test(doc.code) ? { code: 'dynform.badCode' } : {})],
});

/**
 * 表单填报 (`/approvals/forms`, menu code `dyn.data`): the company's enabled forms that have a design,
 * as the members who fill them in see them; a row opens the form's filled records. A read-only view
 * of `dyn_form` whose rows src/server/services/approvals/dynamic-form.views.ts gives.
 */
export const formToFill = defineViewEntity({
  name: 'dynformfill',
  table: 'dyn_form',
  prefix: 'crossapi',
  menuCode: 'dyn.data',
  label: { zh: '可填报表单', en: 'Form to fill in' },
  titleField: 'name',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '表单编码', en: 'Form code' }, type: 'text' },
    { key: 'name', label: { zh: '表单名称', en: 'Form name' }, type: 'text' },
    { key: 'name_en', label: { zh: '英文名称', en: 'English name' }, type: 'text' },
    { key: 'form_version', label: { zh: '设计版本', en: 'Design version' }, type: 'integer' },
  ],
});

/**
 * A form scenario (spec 2 Admin "form scenarios"; the process bus's `cpm-ot/scenario`): a named use of
 * a dynamic form, such as "the extra data a sampling project collects". Project types attach a
 * scenario to a kind of project; the browser asks `cpm-ot/scenario` which form to show.
 */
export const formScenario = defineEntity({
  name: 'formscenario',
  table: 'dyn_form_scenario',
  prefix: 'crossapi',
  menuCode: 'admin.formscenario',
  label: { zh: '表单场景', en: 'Form scenario' },
  titleField: 'name',
  codeField: 'code',
  defaultSort: { field: 'code', dir: 'asc' },
  fields: [
    { key: 'code', label: { zh: '场景编码', en: 'Scenario code' }, type: 'code', required: true, rules: ['english'], upperCase: true, maxLength: 40 },
    { key: 'name', label: { zh: '场景名称', en: 'Scenario name' }, type: 'text', required: true, maxLength: 100 },
    { key: 'form_id', label: { zh: '动态表单', en: 'Dynamic form' }, type: 'reference', ref: { entity: 'dynform', labelField: 'name', codeField: 'code' }, required: true },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', dict: 'enable_status', default: 'active' },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'textarea', maxLength: 500 },
  ],
});
