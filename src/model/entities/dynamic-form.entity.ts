import { defineDictionary } from '../dictionaries';
import { defineEntity, defineViewEntity, type EntityDef, type FieldDef, type ItemsDef, type Label } from '../entity';
import {
  DYNAMIC_FIELD_TYPES,
  DYNAMIC_FORM_CODE_PATTERN,
  DYNAMIC_KEY_PATTERN,
  DYNAMIC_REF_ENTITIES,
  DYNAMIC_TREE_ENTITIES,
  MAX_DYNAMIC_OPTIONS,
  MAX_DYNAMIC_SECTIONS,
  RESERVED_FIELD_KEYS,
  ROLE_CODE_PATTERN,
  type DynamicFieldType,
} from '../dynamic-form';
import { DYNAMIC_TYPE_TABLE, MAX_MATRIX_SIZES, type DynamicTypeSpec } from '../dynamic-form-types';
import { FIELD_TYPE_TABLE, type ValueNature } from '../field-types';
import { RULE_TYPES, type RuleType } from '../rules';
import { customer } from './customer.entity';
import { material } from './material.entity';
import { org } from './org.entity';
import { processInfo } from './process.entity';
import { vendor } from './vendor.entity';

const TYPE_LABEL: Record<DynamicFieldType, Label> = {
  text: { zh: '单行文本', en: 'Text' },
  textarea: { zh: '多行文本', en: 'Long text' },
  integer: { zh: '整数', en: 'Whole number' },
  decimal: { zh: '小数', en: 'Decimal' },
  money: { zh: '金额', en: 'Amount' },
  date: { zh: '日期', en: 'Date' },
  month: { zh: '月份', en: 'Month' },
  datetime: { zh: '日期时间', en: 'Date and time' },
  boolean: { zh: '开关', en: 'Switch' },
  dict: { zh: '下拉单选', en: 'Choice' },
  multidict: { zh: '多选', en: 'Multiple choice' },
  transfer: { zh: '穿梭框（从选项中选多个）', en: 'Transfer (several of the options)' },
  autocomplete: { zh: '自动完成（文本+候选项）', en: 'Autocomplete (text with suggestions)' },
  email: { zh: '邮箱', en: 'E-mail' },
  mobile: { zh: '手机号', en: 'Mobile number' },
  markdown: { zh: '富文本（Markdown）', en: 'Rich text (Markdown)' },
  image: { zh: '图片（地址与预览）', en: 'Image (address and preview)' },
  reference: { zh: '引用（供应商/客户/物料）', en: 'Reference (vendor/customer/material)' },
  tree: { zh: '树形选择（组织/工序）', en: 'Tree choice (org/process)' },
  matrix: { zh: '颜色尺码矩阵', en: 'Colour x size matrix' },
  rules: { zh: '规则表', en: 'Rules table' },
  location: { zh: '定位（纬度,经度）', en: 'Location (latitude,longitude)' },
};

/** The field types the designer offers (DYNAMIC_TYPE_TABLE), as the designer names them. */
export const dynamicFieldType = defineDictionary({ code: 'dyn_field_type', label: { zh: '字段类型', en: 'Field type' }, items: DYNAMIC_FIELD_TYPES.map((value) => ({ value, label: TYPE_LABEL[value] })) });

/** The rules a designer offers (spec 5's catalogue; `required` is its own flag, passwords are not form data). */
export const dynamicFieldRule = defineDictionary({
  code: 'dyn_field_rule',
  label: { zh: '校验规则', en: 'Rules' },
  items: (
    [
      ['english', '英文数字', 'Letters and digits'],
      ['capitalEnglish', '大写英文', 'Capitals'],
      ['chinese', '不含中文', 'No Chinese'],
      ['naturalNumber', '非负整数', 'Whole number >= 0'],
      ['interger', '正整数', 'Positive whole number'],
      ['positiveNumber', '不小于0', 'Not below 0'],
      ['gt0Number', '大于0', 'Above 0'],
      ['maxDecimals4', '最多4位小数', 'At most 4 decimals'],
      ['telephone', '手机号', 'Mobile number'],
      ['email', '邮箱', 'E-mail'],
    ] satisfies Array<[RuleType, string, string]>
  ).map(([value, zh, en]) => ({ value, label: { zh, en } })),
});

const entityChoices = (code: string, entities: readonly EntityDef[]) => defineDictionary({ code, label: { zh: '引用数据', en: 'Picks from' }, items: entities.map((e) => ({ value: e.name, label: e.label })) });
/** What a reference picks from, and the tree a tree field picks a node of (DYNAMIC_REF_ENTITIES, DYNAMIC_TREE_ENTITIES). */
export const dynamicRefEntity = entityChoices('dyn_ref_entity', [vendor, customer, material]);
export const dynamicTreeEntity = entityChoices('dyn_tree_entity', [org, processInfo]);
if (dynamicRefEntity.items.some((i, n) => i.value !== DYNAMIC_REF_ENTITIES[n]) || dynamicTreeEntity.items.some((i, n) => i.value !== DYNAMIC_TREE_ENTITIES[n])) throw new Error('dyn_ref_entity / dyn_tree_entity: not the entities dynamic-form.ts allows');

const text = (key: string, zh: string, en: string, help?: Label): EntityDef['fields'][number] => ({ key, label: { zh, en }, type: 'text', ...(help ? { help } : {}) });
const ADD_OPTION: Label = { zh: '添加选项', en: 'Add option' };
const flag = (key: string, zh: string, en: string): EntityDef['fields'][number] => ({ key, label: { zh, en }, type: 'boolean', readonly: true });

/**
 * A designed field (issue 30): one field of a dynamic form's definition (DynamicField,
 * src/model/dynamic-form.ts) as the designer's middle panel edits it, through the engine's form over
 * values in memory (ValueForm). Not registered and never stored on its own: its values are a
 * property of the form being designed, checked by `dynamicFormErrors`. Besides the properties, a
 * reference's and a tree's entity are two fields (their choices differ, the property is one:
 * `ref_entity`), as are a choice's options and an autocomplete's suggestions (a suggestion is its
 * text alone); the flags are what the type's row of DYNAMIC_TYPE_TABLE asks, which the form's
 * conditions read (src/client/pages/approvals/designer-model.ts computes them).
 */
export const designedField: EntityDef = {
  name: 'dynfield',
  table: 'dyn_form',
  prefix: 'crossapi',
  menuCode: 'admin.dynform',
  label: { zh: '表单字段', en: 'Form field' },
  titleField: 'label',
  fields: [
    { key: 'label', label: { zh: '字段名称', en: 'Field name' }, type: 'text', required: true },
    text('label_en', '英文名称', 'English name'),
    { key: 'key', label: { zh: '字段编码', en: 'Field key' }, type: 'text', required: true },
    { key: 'type', label: { zh: '字段类型', en: 'Field type' }, type: 'dict', dict: dynamicFieldType.code, required: true },
    { key: 'required', label: { zh: '必填', en: 'Required' }, type: 'boolean' },
    {
      key: 'span', label: { zh: '宽度', en: 'Width' }, type: 'dict',
      dict: defineDictionary({ code: 'dyn_field_span', label: { zh: '宽度', en: 'Width' }, items: [{ value: 'half', label: { zh: '半行', en: 'Half' } }, { value: 'full', label: { zh: '整行', en: 'Full' } }] }).code,
    },
    { key: 'max_length', label: { zh: '最大长度', en: 'Maximum length' }, type: 'integer', grouping: false },
    { key: 'rules', label: { zh: '校验规则', en: 'Rules' }, type: 'multidict', dict: dynamicFieldRule.code },
    { key: 'options', label: { zh: '选项（值 / 名称）', en: 'Options (value / name)' }, type: 'json', items: { fields: [text('value', '选项值', 'Value'), text('label', '选项名称', 'Name')], add: ADD_OPTION } },
    // A suggestion is its text alone (its value the text: designer-model).
    {
      key: 'suggestions', label: { zh: '候选项', en: 'Suggestions' }, type: 'json', help: { zh: '填写时可输入任意文本，这些文字作为候选提示', en: 'Any text may be typed; these texts are suggested' },
      items: { fields: [text('label', '候选文字', 'Suggested text')], add: ADD_OPTION },
    },
    { key: 'ref_entity', label: { zh: '引用数据', en: 'Picks from' }, type: 'dict', dict: dynamicRefEntity.code },
    { key: 'tree_entity', label: { zh: '引用数据', en: 'Picks from' }, type: 'dict', dict: dynamicTreeEntity.code },
    text('sizes', '尺码列（逗号分隔）', 'Size columns (comma separated)', { zh: '矩阵的列；填写时每行添加一个颜色，在格子里填数量', en: "The matrix's columns; whoever fills the form adds a colour per row and types quantities in the cells" }),
    text('default', '默认值', 'Default'),
    text('help', '帮助说明', 'Help text'),
    text('visible_when', '显示条件（表达式）', 'Shown when (expression)', { zh: "例如 kind == 'fabric'、qty * price；字段用编码表示", en: "For example kind == 'fabric', qty * price; fields by their keys" }),
    text('roles', '可见角色（角色编码，逗号分隔）', 'Visible to roles (role codes, comma separated)', { zh: '留空则所有人可见；填写后只有同时拥有这些角色的用户能看到并填写该字段', en: 'Empty: everyone; otherwise only users holding all these roles see and fill the field' }),
    text('clears', '改变时清空字段（编码，逗号分隔）', 'Fields cleared when it changes (keys, comma separated)'),
    text('clears_when', '清空条件（表达式，空=总是）', 'Clear when (expression; empty: always)'),
    text('disable_when', '只读条件（表达式）', 'Read-only when (expression)'),
    text('calc', '计算公式（表达式）', 'Calculation (expression)'),
    { key: 'decimals', label: { zh: '小数位', en: 'Decimals' }, type: 'integer', grouping: false },
    // What the type's row of DYNAMIC_TYPE_TABLE asks (computed, never edited): the form's conditions read them.
    { key: 'option_kind', label: { zh: '选项种类', en: 'Options kind' }, type: 'text', readonly: true },
    flag('takes_sizes', '声明尺码', 'Declares sizes'),
    flag('takes_rules', '可设规则', 'Takes rules'),
    flag('unvalidated', '不做校验', 'Never validated'),
    flag('no_default', '无默认值', 'No default'),
  ],
};

/** By designer type (DYNAMIC_TYPE_TABLE): the message its row gives a stored field's property, for the types it gives one. */
const byType = (message: (spec: DynamicTypeSpec, nature: ValueNature) => string | undefined): Record<string, string> =>
  Object.fromEntries(DYNAMIC_FIELD_TYPES.flatMap((t) => [[t, message(DYNAMIC_TYPE_TABLE[t], FIELD_TYPE_TABLE[DYNAMIC_TYPE_TABLE[t].fieldType].nature)]]).filter(([, m]) => m));
/** A property of a stored field: the designed field's (its label, type and dictionary), with what the stored design asks of it. */
const prop = (key: string, asks: Partial<FieldDef>): FieldDef => ({ ...designedField.fields.find((f) => f.key === key)!, ...asks });
const KEY_WORDS = { required: true, requiredMessage: 'dynform.badKey', pattern: { test: DYNAMIC_KEY_PATTERN, message: 'dynform.badKey' } } as const;
/** A value of a plain list (never shown on its own: its errors are the list's). */
const plainItem = (key: string, message: string, more: Partial<FieldDef> = {}): FieldDef => ({ key, label: { zh: key, en: key }, type: 'text', required: true, requiredMessage: message, ...more });

const storedOption: ItemsDef = {
  max: { count: MAX_DYNAMIC_OPTIONS, message: 'dynform.tooManyOptions' },
  fields: [
    { key: 'value', label: { zh: '选项值', en: 'Value' }, type: 'text', required: true, requiredMessage: 'dynform.optionValueRequired', maxLength: 100, distinct: { message: 'dynform.duplicateOption' } },
    { key: 'label', label: { zh: '选项名称', en: 'Name' }, type: 'text', required: true, requiredMessage: 'dynform.optionLabelRequired' },
  ],
};
const storedField: ItemsDef = {
  add: { zh: '添加字段', en: 'Add field' },
  shape: 'dynform.badField',
  titleField: 'label',
  fields: [
    prop('key', { ...KEY_WORDS, refused: { values: RESERVED_FIELD_KEYS, message: 'dynform.reservedKey' }, distinct: { message: 'dynform.duplicateKey', across: true } }),
    prop('label', { requiredMessage: 'dynform.labelRequired', maxLength: 100 }),
    prop('type', { requiredMessage: 'dynform.badType', oneOf: { message: 'dynform.badType' } }),
    prop('required', { when: { field: 'type', refuse: byType((s) => (s.unvalidated ? 'dynform.notValidated' : undefined)) } }),
    prop('rules', {
      dict: undefined, oneOf: { values: RULE_TYPES, message: 'dynform.badRule' },
      // A location is never validated (spec 5); a list or a matrix is checked by its type.
      when: { field: 'type', refuse: byType((s, nature) => (s.unvalidated ? 'dynform.notValidated' : nature === 'structure' ? 'dynform.rulesNotAllowed' : undefined)) },
    }),
    prop('max_length', { range: { min: 1, max: 20000, message: 'dynform.badMaxLength' } }),
    prop('span', { oneOf: { message: 'dynform.badSpan' } }),
    prop('options', { items: storedOption, when: { field: 'type', require: byType((s) => s.optionsRequired), refuse: byType((s) => (s.options === 'none' ? 'dynform.optionsNotAllowed' : undefined)) } }),
    prop('sizes', {
      type: 'json', values: { item: plainItem('size', 'dynform.badSize', { trim: false, pattern: { test: /^\S(?:[\s\S]{0,18}\S)?$/, message: 'dynform.badSize' }, distinct: { message: 'dynform.duplicateSize' } }), max: { count: MAX_MATRIX_SIZES, message: 'dynform.tooManySizes' } },
      when: { field: 'type', require: byType((s) => (s.sizes ? 'dynform.sizesRequired' : undefined)), refuse: byType((s) => (s.sizes ? undefined : 'dynform.sizesNotAllowed')) },
    }),
    prop('ref_entity', { type: 'text', dict: undefined, when: { field: 'type', require: { reference: { message: 'dynform.badRefEntity', among: DYNAMIC_REF_ENTITIES }, tree: { message: 'dynform.badTreeEntity', among: DYNAMIC_TREE_ENTITIES } } } }),
    prop('default', { type: 'json', when: { field: 'type', refuse: byType((s) => (s.noDefault ? 'dynform.noDefault' : undefined)) } }),
    prop('roles', { type: 'json', values: { item: plainItem('role', 'dynform.badRoles', { pattern: { test: ROLE_CODE_PATTERN, message: 'dynform.badRoles' } }), max: { count: 20, message: 'dynform.badRoles' } } }),
    prop('clears', { type: 'json', values: { item: plainItem('clear', 'dynform.badClears') } }),
    // Its text is an expression (dynamicFormErrors); only a number or a text is computed.
    prop('calc', { type: 'json', when: { field: 'type', refuse: byType((_, nature) => (nature === 'number' || nature === 'text' ? undefined : 'dynform.calcType')) } }),
  ],
};
const storedSection: ItemsDef = {
  add: { zh: '添加分组', en: 'Add section' },
  shape: 'dynform.badSection',
  max: { count: MAX_DYNAMIC_SECTIONS, message: 'dynform.tooManySections' },
  fields: [
    { key: 'key', label: { zh: '分组编码', en: 'Section key' }, type: 'text', ...KEY_WORDS, distinct: { message: 'dynform.duplicateSection' } },
    { key: 'title', label: { zh: '分组标题', en: 'Section title' }, type: 'text', required: true, requiredMessage: 'dynform.titleRequired' },
    { key: 'fields', label: { zh: '字段', en: 'Fields' }, type: 'json', required: true, requiredMessage: 'dynform.noFields', items: storedField },
  ],
};
/**
 * A dynamic form's design as it is stored (DynamicFormDefinition): sections of fields, a field's
 * properties and a choice's options, each checked at its path (`sections[0].fields[2].key`) on
 * every save of the form and in the designer as it is typed (spec 5: duplicate field keys, across
 * sections, and duplicate option values are refused). What a property asks by the field's type is
 * the type's row of DYNAMIC_TYPE_TABLE. The expressions, the fields they and the clear lists name,
 * and the field count are checked by `dynamicFormErrors` (src/model/dynamic-form.ts).
 */
export const storedDesign: ItemsDef = { fields: [{ key: 'sections', label: { zh: '分组', en: 'Sections' }, type: 'json', required: true, requiredMessage: 'dynform.noSections', items: storedSection }] };
/**
 * Dynamic forms (spec 2 Admin "dynamic forms", issue 14): a company's form, designed in the form
 * designer (`/approvals/formdesigner?id=`). The definition is JSON (sections, fields, options,
 * conditions, calculations; src/model/dynamic-form.ts), checked on every save by the designer's
 * rules (`storedDesign` above, and the names its expressions use; duplicate field keys and option
 * values refused, spec 5); each change of the definition is
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
    { key: 'definition', label: { zh: '表单设计', en: 'Design' }, type: 'json', record: storedDesign, omitFromForm: 'edited in the form designer (/approvals/formdesigner)' },
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
