import { calcItemValue } from './calc';
import type { DocumentCheck, EntityDef, FieldDef } from './entity';
import { getEntity } from './entity';
import type { DictItem } from './dictionaries';
import { compileExpression, evaluateCondition, referencedFields } from './expression';
import { FIELD_TYPE_TABLE, type FieldTypeSpec } from './field-types';
import { registerCatalogPart } from './i18n';
import type { CalcItem, FormFieldDecl, FormOption, PageDef } from './page';
import { resolvePage, type ResolvedPage } from './page-resolve';
import { isEmptyValue, type RuleType } from './rules';
import { recordPathErrors } from './item-paths';
import { errorTexts } from './errors/define';
import { dynformErrors } from './errors/dynamic-form';
import { DYNAMIC_MATRIX, DYNAMIC_TYPE_TABLE, type DynamicFieldType, type DynamicTypeSpec } from './dynamic-form-types';

/**
 * Dynamic forms (spec 2 Admin "form scenarios, dynamic forms"; spec 5 "Form designer: duplicate
 * option values and duplicate field keys are rejected"; issue 14). A company's administrator builds
 * a form in the designer; its definition is stored as JSON, versioned per company. At run time the
 * definition is turned into an entity declaration (`dynamicEntity`: fields with their rules, and
 * document checks for the options, conditional requiredness and calculations) and a page
 * declaration (`dynamicPage`), so the drawer and the list of the registry render it and
 * `validateRecord` (browser and server alike) checks it: a filled form is refused for the same
 * reasons, with the same messages, as any registry document.
 *
 * A definition as the designer stores it:
 * ```json
 * { "sections": [ { "key": "base", "title": "基本信息", "fields": [
 *   { "key": "qty", "label": "数量", "type": "integer", "required": true, "rules": ["naturalNumber"] },
 *   { "key": "kind", "label": "类别", "type": "dict", "options": [{ "value": "a", "label": "甲" }] },
 *   { "key": "note", "label": "说明", "type": "text", "visible_when": "kind == 'a'" },
 *   { "key": "amount", "label": "金额", "type": "money", "calc": "qty * 2", "decimals": 2 } ] } ] }
 * ```
 * Field keys are identifiers (they become JSON keys and list filter names, never SQL text).
 */

export { DYNAMIC_FIELD_TYPES, DYNAMIC_TYPE_TABLE, DYNAMIC_MATRIX, type DynamicFieldType } from './dynamic-form-types';

/** Registry entities a reference field of a dynamic form may pick from (within the company). */
export const DYNAMIC_REF_ENTITIES = ['vendor', 'customer', 'material'] as const;
/** Tree entities a tree field picks a node of (within the company). */
export const DYNAMIC_TREE_ENTITIES = ['org', 'process'] as const;

/** Keys a field may not take: the record's own columns and the calls' parameters. */
export const RESERVED_FIELD_KEYS = ['id', 'version', 'client_id', 'created_by', 'created_at', 'updated_by', 'updated_at', 'form_id', 'form_version', 'data', 'ids', 'versions', 'approval_status', 'approval_editable', 'approval_approver'];

export const DYNAMIC_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
/** A role code a field may be limited to. */
export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,39}$/;
/** A form's code names its records' API path (`/api/crossapi/dynformdata/<code>/...`). */
export const DYNAMIC_FORM_CODE_PATTERN = /^[A-Z][A-Z0-9_]{1,39}$/;

export const MAX_DYNAMIC_SECTIONS = 30;
export const MAX_DYNAMIC_FIELDS = 200;
export const MAX_DYNAMIC_OPTIONS = 200;

export type DynamicOption = { value: string; label: string; label_en?: string };

export type DynamicField = {
  key: string;
  label: string;
  label_en?: string;
  type: DynamicFieldType;
  required?: boolean;
  rules?: RuleType[];
  max_length?: number;
  options?: DynamicOption[];
  /** For a reference or a tree: the registry entity it picks from. */
  ref_entity?: (typeof DYNAMIC_REF_ENTITIES)[number] | (typeof DYNAMIC_TREE_ENTITIES)[number];
  default?: string | number | boolean;
  help?: string;
  /** Half (default) or whole width in the form. */
  span?: 'half' | 'full';
  /** Shown only while this expression holds over the form's values; required only then. */
  visible_when?: string;
  /** Read-only while this expression holds. */
  disable_when?: string;
  /** Role codes a user must all hold to see and fill the field (spec 6 dashrolesLimits); others keep its value. */
  roles?: string[];
  /** Fields emptied when this one changes (spec 3 clearFormFields), while `clears_when` holds (always when empty). */
  clears?: string[];
  clears_when?: string;
  /** Computed: the value of this expression over the other fields (read-only in the form, recomputed by the server). */
  calc?: string;
  /** Decimals of a computed number (spec 9: default 4). */
  decimals?: number;
  /** A colour x size matrix: its size columns, in order (colours are the rows the filler adds). */
  sizes?: string[];
};

export type DynamicSection = { key: string; title: string; title_en?: string; fields: DynamicField[] };
export type DynamicFormDefinition = { sections: DynamicSection[] };

/** A designer's error: a message key with parameters, at a path of the definition (`sections[0].fields[2].key`). */
export type DynamicFormError = { key: string; params?: Record<string, unknown> };

const TEXT_MAX: Partial<Record<DynamicFieldType, number>> = { text: 200, textarea: 2000, markdown: 20000, email: 200, mobile: 20, image: 1000, autocomplete: 200, location: 60 };

/** The designer type's row of the table, and the row of the registry field type it is stored as. */
const specOf = (type: DynamicFieldType): DynamicTypeSpec => DYNAMIC_TYPE_TABLE[type];
const storedAs = (type: DynamicFieldType): FieldTypeSpec => FIELD_TYPE_TABLE[DYNAMIC_TYPE_TABLE[type].fieldType];
/** A choice whose values must be among the field's own options (dict, multidict, transfer). */
const isChoice = (f: DynamicField) => specOf(f.type).options === 'choice';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Every rule of the designer (spec 5 and the form's own consistency), keyed by the path of the
 * definition part it is about; empty when the definition can be stored. The design's declaration
 * (`definition` of the dynform entity, `storedDesign` in src/model/entities/dynamic-form.entity.ts)
 * says what each section, field and option must hold; `dynamicFormNamesErrors` what reads the whole form.
 *
 * Example: two fields keyed `qty` give `{ 'sections[0].fields[1].key': { key: 'dynform.duplicateKey', params: { key: 'qty', other: 'A' } } }`.
 */
export function dynamicFormErrors(raw: unknown): Record<string, DynamicFormError> {
  const design = getEntity('dynform')?.fields.find((f) => f.key === 'definition')?.record;
  if (!design) throw new Error('dynamicFormErrors: the dynform entity is not registered (import src/model/entities)');
  return dynamicFormNamesErrors(raw, recordPathErrors(design, isObject(raw) ? raw : {}));
}

const EXPRESSIONS = ['visible_when', 'disable_when', 'calc', 'clears_when'] as const;

/**
 * What reads the whole form, added to `errors` where a path has none yet: the field count, the
 * fields the clear lists and expressions name (a computed field does not name itself), that the
 * expressions compile, and a calculation's decimals.
 */
export function dynamicFormNamesErrors(raw: unknown, errors: Record<string, DynamicFormError> = {}): Record<string, DynamicFormError> {
  const put = (path: string, key: string, params?: Record<string, unknown>) => void (errors[path] ??= params ? { key, params } : { key });
  const sections = isObject(raw) && Array.isArray(raw.sections) ? raw.sections : [];
  const fields = sections.flatMap((s, si) => (isObject(s) && Array.isArray(s.fields) ? s.fields.map((f, fi) => ({ f: isObject(f) ? f : {}, path: `sections[${si}].fields[${fi}]` })) : []));
  if (fields.length > MAX_DYNAMIC_FIELDS) put('sections', 'dynform.tooManyFields', { max: MAX_DYNAMIC_FIELDS });
  const keys = new Set(fields.map(({ f }) => str(f.key)).filter((k) => DYNAMIC_KEY_PATTERN.test(k) && !RESERVED_FIELD_KEYS.includes(k)));
  for (const { f, path } of fields) {
    const self = str(f.key);
    const cleared = Array.isArray(f.clears) ? f.clears.find((x) => !keys.has(x) || x === self) : undefined;
    if (cleared !== undefined) put(`${path}.clears`, 'dynform.unknownField', { field: cleared });
    for (const part of EXPRESSIONS) {
      const src = f[part];
      if (src === undefined || src === null || src === '') continue;
      const compiled = typeof src === 'string' ? compileExpression(src) : { ok: false as const, error: 'text' };
      if (!compiled.ok) put(`${path}.${part}`, 'dynform.badExpression', { error: compiled.error });
      const unknown = compiled.ok ? referencedFields(src as string).find((name) => !keys.has(name) || (part === 'calc' && name === self)) : undefined;
      if (unknown !== undefined) put(`${path}.${part}`, keys.has(unknown) ? 'dynform.calcSelf' : 'dynform.unknownField', keys.has(unknown) ? undefined : { field: unknown });
    }
    if (f.calc && f.decimals !== undefined && f.decimals !== null && (!Number.isSafeInteger(f.decimals) || (f.decimals as number) < 0 || (f.decimals as number) > 4)) put(`${path}.decimals`, 'dynform.badDecimals');
  }
  return errors;
}

/** The definition as stored (JSON text read as the json field type reads it), or null when it does not pass `dynamicFormErrors`. */
export function parseDynamicForm(raw: unknown): DynamicFormDefinition | null {
  const read = FIELD_TYPE_TABLE.json.coerce(raw);
  const value = read.ok ? read.value : null;
  return Object.keys(dynamicFormErrors(value)).length ? null : (value as DynamicFormDefinition);
}

export function dynamicFields(def: DynamicFormDefinition): DynamicField[] {
  return def.sections.flatMap((s) => s.fields);
}

/** The form whose records an entity of `dynamicEntity` stores (its identity and current version). */
export type DynamicFormRef = { id: number; code: string; name: string; name_en?: string | null; version: number };

/** The API base of a form's records: the generic list, drawer and export call it like a registry entity's. */
export const dynamicApiBase = (code: string) => `/api/crossapi/dynformdata/${code}`;

const DERIVED = new WeakMap<DynamicFormDefinition, EntityDef>();

/**
 * The entity declaration of a stored form: its fields with their rules, and document checks that
 * hold what plain field rules cannot (a choice among the form's own options, a field required only
 * while it is shown, a computed value). Not registered: each company's form lives in its request.
 */
export function dynamicEntity(form: DynamicFormRef, def: DynamicFormDefinition): EntityDef {
  const hit = DERIVED.get(def);
  if (hit && hit.name === form.code) return hit;
  const all = dynamicFields(def);
  const fields: FieldDef[] = all.map((f) => fieldDefOf(f, form.code));
  const checks: DocumentCheck[] = [];
  // A value its field type cannot judge alone: a choice among the form's options, a matrix's sizes
  // and quantities, a rules table's rule types (DYNAMIC_TYPE_TABLE: the same function in the drawer).
  const valued = all.filter((f) => specOf(f.type).value);
  if (valued.length)
    checks.push((doc) => {
      const out: Record<string, string> = {};
      for (const f of valued) {
        const key = specOf(f.type).value!(doc[f.key], f);
        if (key) out[f.key] = key;
      }
      return out;
    });
  // A role-limited field's requiredness depends on who fills it: the server's record writer checks it.
  const conditional = all.filter((f) => f.required && (f.visible_when || f.calc) && !f.roles?.length);
  if (conditional.length)
    checks.push((doc) => {
      const out: Record<string, string> = {};
      for (const f of conditional) if (dynamicFieldShown(f, doc) && isEmptyValue(doc[f.key])) out[f.key] = 'rule.required';
      return out;
    });
  const entity: EntityDef = {
    name: form.code,
    table: 'dyn_form_record',
    prefix: 'crossapi/dynformdata',
    menuCode: 'dyn.data',
    label: { zh: form.name, en: form.name_en || form.name },
    titleField: fields[0]?.key ?? 'id',
    fields,
    checks,
    defaultSort: undefined,
  };
  DERIVED.set(def, entity);
  return entity;
}

/**
 * The dictionary code a choice of a form names. It is never registered (a company's options must not
 * reach another company's screens): the drawer and the list take the options from the page, the
 * checks from the definition, and the Excel export its labels from `dynamicDictItems`.
 */
export const dynamicDictCode = (formCode: string, key: string) => `dynform.${formCode}.${key}`;

/** A form's choices as dictionary items by `dynamicDictCode` (the export writes their labels). */
export function dynamicDictItems(formCode: string, def: DynamicFormDefinition): Map<string, DictItem[]> {
  const out = new Map<string, DictItem[]>();
  for (const f of dynamicFields(def))
    if (isChoice(f)) out.set(dynamicDictCode(formCode, f.key), (f.options ?? []).map((o) => ({ value: String(o.value).trim(), label: { zh: o.label, en: o.label_en || o.label } })));
  return out;
}

function fieldDefOf(f: DynamicField, formCode: string): FieldDef {
  const spec = specOf(f.type);
  // spec 5: a runtime location is never validated (neither required nor rules).
  const validated = !spec.unvalidated;
  const out: FieldDef = {
    key: f.key,
    label: { zh: f.label, en: f.label_en || f.label },
    type: spec.fieldType,
    // A field shown only under a condition (or computed) is required by a check, only while shown.
    required: validated && Boolean(f.required) && !f.visible_when && !f.calc && !f.roles?.length,
    rules: validated ? f.rules?.filter((r) => r !== 'required') : undefined,
    maxLength: f.max_length ?? TEXT_MAX[f.type],
  };
  if (f.default !== undefined && f.default !== '' && !spec.noDefault) out.default = f.default;
  if (isChoice(f)) out.dict = dynamicDictCode(formCode, f.key);
  if (f.help) out.help = { zh: f.help, en: f.help };
  if (storedAs(f.type).reference && f.ref_entity) {
    const target = getEntity(f.ref_entity);
    out.ref = { entity: f.ref_entity, labelField: target?.titleField ?? 'name', codeField: target?.codeField };
  }
  return out;
}

/** Fields a user lacking any of their roles neither sees nor changes (spec 6: all listed roles are needed). */
export function fieldsHiddenByRole(def: DynamicFormDefinition, roles: readonly string[]): DynamicField[] {
  return dynamicFields(def).filter((f) => f.roles?.length && !f.roles.every((r) => roles.includes(r)));
}

/** Whether a field is shown for these values (a field without a condition always is). */
export function dynamicFieldShown(f: DynamicField, values: Record<string, unknown>): boolean {
  return evaluateCondition(f.visible_when, { form: values }, true);
}

/**
 * What the server does to a filled form before validating it, as the drawer does while it is
 * filled: computed fields take their expression's value; a hidden field keeps no value.
 */
export function prepareDynamicValues(def: DynamicFormDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values };
  for (const f of dynamicFields(def)) {
    if (!f.calc) continue;
    const v = calcItemValue(calcItemOf(f), out);
    if (v !== undefined) out[f.key] = v;
  }
  for (const f of dynamicFields(def)) if (!dynamicFieldShown(f, out)) out[f.key] = null;
  return out;
}

function calcItemOf(f: DynamicField): CalcItem {
  const numeric = storedAs(f.type).nature === 'number';
  return { targetFieldIdx: f.key, expression: f.calc, type: numeric ? 'NUMBER' : 'TEXT', ...(numeric ? { fixed: f.decimals ?? 4 } : {}), clearValue: true };
}

const options = (f: DynamicField): FormOption[] | undefined =>
  f.options?.map((o) => ({ value: String(o.value).trim(), label: o.label, labelEn: o.label_en || o.label }));

/** A matrix's drawer config: colours as rows the filler adds, the designer's sizes as fixed columns. */
const matrixConfigOf = (f: DynamicField): FormFieldDecl['matinTableConfig'] => ({
  tableConfig: {
    valueField: DYNAMIC_MATRIX.cellField,
    labelField: DYNAMIC_MATRIX.rowField,
    ...DYNAMIC_MATRIX,
    columns: (f.sizes ?? []).map((size) => ({ field: size, label: size, type: 'number' as const })),
    fixedColumns: true,
  },
});

/**
 * The page of a stored form: its list (the first columns of the form, then the last change) and
 * its drawer (the designer's sections, conditions and calculations in the spec 3 shape).
 */
export function dynamicPage(form: DynamicFormRef, def: DynamicFormDefinition): ResolvedPage {
  const entity = dynamicEntity(form, def);
  const all = dynamicFields(def);
  // A calculation runs when a field it reads changes (spec 3 calcConfig sits on the owning field).
  const calcOf = new Map<string, CalcItem[]>();
  for (const f of all) {
    if (!f.calc) continue;
    for (const src of referencedFields(f.calc)) calcOf.set(src, [...(calcOf.get(src) ?? []), calcItemOf(f)]);
  }
  const page: PageDef = {
    opt: `dynform-${form.code}`,
    cata: 'approvals',
    kind: 'index',
    entity: entity.name,
    title: entity.label,
    menuCode: entity.menuCode,
    columns: [
      ...all.filter((f) => storedAs(f.type).storage === 'scalar' && f.type !== 'markdown').slice(0, 12).map((f) => f.key),
      ...all.filter((f) => f.type === 'multidict').slice(0, 2).map((f) => f.key),
      'updated_at',
    ],
    // Records are imported through the import centre by the form's code (issue 33), written by the form's record writer.
    actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }],
    quickSearch: all.filter((f) => storedAs(f.type).nature === 'text' && f.type !== 'location').slice(0, 3).map((f) => f.key),
    form: def.sections.map((s) => ({
      modelName: s.key,
      title: { zh: s.title, en: s.title_en || s.title },
      form: s.fields.map((f): FormFieldDecl => {
        const spec = specOf(f.type);
        const decl: FormFieldDecl = { field: f.key, spanClass: f.span ?? storedAs(f.type).formSpan };
        if (spec.widget) decl.type = spec.widget;
        if (spec.options !== 'none') decl.options = options(f);
        if (spec.sizes) decl.matinTableConfig = matrixConfigOf(f);
        if (f.roles?.length) decl.visible = { dashrolesLimits: f.roles, ...(f.visible_when ? { selfFormExpression: f.visible_when } : {}) };
        else if (f.visible_when) decl.visible = { selfFormExpression: f.visible_when };
        if (f.calc) decl.disable = true;
        else if (f.disable_when) decl.disable = { selfFormExpression: f.disable_when };
        const calc = calcOf.get(f.key);
        if (calc) decl.calcConfig = calc;
        if (f.clears?.length) decl.clearFormFields = [{ ...(f.clears_when ? { condition: f.clears_when } : {}), fields: f.clears }];
        if (f.required && !spec.unvalidated && (f.visible_when || f.calc || f.roles?.length)) decl.validations = [{ type: 'required' }];
        return decl;
      }),
    })),
  };
  const resolved = resolvePage(page, (n) => (n === entity.name ? entity : getEntity(n)));
  // The grid's cells and set filters show a choice's label from the form's own options.
  const byKey = new Map(all.map((f) => [f.key, f]));
  return {
    ...resolved,
    apiBase: dynamicApiBase(form.code),
    route: `/approvals/forms/${form.code}`,
    columns: resolved.columns.map((c) => {
      const f = byKey.get(c.field);
      return f && isChoice(f) ? { ...c, options: options(f) } : c;
    }),
  };
}

registerCatalogPart({
  'zh-CN': {
    ...errorTexts(dynformErrors, 'zh-CN'),
    'dynform.noSections': '请至少添加一个分组',
    'dynform.tooManySections': '分组最多{{max}}个',
    'dynform.tooManyFields': '字段最多{{max}}个',
    'dynform.badSection': '分组格式有误',
    'dynform.badField': '字段格式有误',
    'dynform.badKey': '编码须以小写字母开头，只含小写字母、数字和下划线，最多40个字符',
    'dynform.duplicateSection': '分组编码“{{key}}”重复',
    'dynform.titleRequired': '请填写分组标题',
    'dynform.noFields': '分组至少需要一个字段',
    'dynform.reservedKey': '字段编码“{{key}}”是系统保留字段，请换一个',
    'dynform.duplicateKey': '字段编码“{{key}}”重复',
    'dynform.labelRequired': '请填写字段名称',
    'dynform.badType': '不支持的字段类型“{{type}}”',
    'dynform.badRule': '校验规则不在规则目录中',
    'dynform.badMaxLength': '最大长度须为1到20000的整数',
    'dynform.badSpan': '宽度只能是半行或整行',
    'dynform.optionsRequired': '下拉字段至少需要一个选项',
    'dynform.tooManyOptions': '选项最多{{max}}个',
    'dynform.optionValueRequired': '请填写选项值',
    'dynform.optionLabelRequired': '请填写选项名称',
    'dynform.duplicateOption': '选项值“{{value}}”重复',
    'dynform.optionsNotAllowed': '只有下拉、多选、穿梭框和自动完成字段可以设置选项',
    'dynform.badRefEntity': '请选择引用的数据（供应商、客户或物料）',
    'dynform.badTreeEntity': '请选择引用的树形数据（组织或工序）',
    'dynform.badRoles': '角色须为角色编码列表（最多20个）',
    'dynform.badClears': '联动清空须为字段编码列表',
    'dynform.badExpression': '表达式有误：{{error}}',
    'dynform.unknownField': '表达式引用了不存在的字段“{{field}}”',
    'dynform.calcSelf': '计算公式不能引用字段自身',
    'dynform.calcType': '只有数字或文本字段可以设置计算公式',
    'dynform.badDecimals': '小数位须为0到4',
    'dynform.typeChanged': '字段“{{key}}”已在之前的版本中定义为{{from}}，不能改为{{to}}；请使用新的字段编码',
    'dynform.badCode': '表单编码须以大写字母开头，只含大写字母、数字和下划线（2到40个字符）',
  },
  en: {
    ...errorTexts(dynformErrors, 'en'),
    'dynform.noSections': 'Add at least one section',
    'dynform.tooManySections': 'At most {{max}} sections',
    'dynform.tooManyFields': 'At most {{max}} fields',
    'dynform.badSection': 'The section is malformed',
    'dynform.badField': 'The field is malformed',
    'dynform.badKey': 'A key starts with a lower-case letter and holds only lower-case letters, digits and underscores, at most 40',
    'dynform.duplicateSection': 'Section key "{{key}}" is used twice',
    'dynform.titleRequired': 'Enter the section title',
    'dynform.noFields': 'A section needs at least one field',
    'dynform.reservedKey': 'Field key "{{key}}" is reserved by the system; choose another',
    'dynform.duplicateKey': 'Field key "{{key}}" is used twice',
    'dynform.labelRequired': 'Enter the field name',
    'dynform.badType': 'Field type "{{type}}" is not supported',
    'dynform.badRule': 'A rule is not in the rule catalogue',
    'dynform.badMaxLength': 'Maximum length is a whole number from 1 to 20000',
    'dynform.badSpan': 'Width is half or full',
    'dynform.optionsRequired': 'A choice field needs at least one option',
    'dynform.tooManyOptions': 'At most {{max}} options',
    'dynform.optionValueRequired': 'Enter the option value',
    'dynform.optionLabelRequired': 'Enter the option name',
    'dynform.duplicateOption': 'Option value "{{value}}" is used twice',
    'dynform.optionsNotAllowed': 'Only choice, multiple choice, transfer and autocomplete fields take options',
    'dynform.badRefEntity': 'Choose what the reference picks (vendor, customer or material)',
    'dynform.badTreeEntity': 'Choose the tree the field picks from (org or process)',
    'dynform.badRoles': 'Roles are a list of role codes (at most 20)',
    'dynform.badClears': 'Fields to clear are a list of field keys',
    'dynform.badExpression': 'The expression is invalid: {{error}}',
    'dynform.unknownField': 'The expression names field "{{field}}", which the form does not have',
    'dynform.calcSelf': 'A calculation cannot read its own field',
    'dynform.calcType': 'Only number or text fields can be calculated',
    'dynform.badDecimals': 'Decimals are 0 to 4',
    'dynform.typeChanged': 'Field "{{key}}" was a {{from}} in an earlier version and cannot become a {{to}}; use a new field key',
    'dynform.badCode': 'A form code starts with a capital letter and holds only capitals, digits and underscores (2 to 40)',
  },
});
