import type { FieldType, FormWidget } from './field-types';
import { registerCatalogPart } from './i18n';
import { isEmptyValue, RULE_TYPES } from './rules';

/**
 * The field types a form designer offers (spec 2 Admin "dynamic forms"; issue 35 "field types"), as
 * one table (STYLE habit 2): each designer type names the registry field type its values are stored,
 * coerced and listed as, the drawer widget when it is not that type's own (spec 3 `autocomplete`,
 * `runtimeLocation`), what the designer asks of it (options, the matrix's sizes) and how a filled
 * value is checked beyond its field type (a document check: the browser's drawer and the server's
 * `validateRecord` run the same function).
 *
 * Example: `DYNAMIC_TYPE_TABLE.autocomplete` is a text field drawn as `autocomplete` whose options
 * are only suggestions; `DYNAMIC_TYPE_TABLE.transfer` a list whose values must be among its options.
 */
export const DYNAMIC_FIELD_TYPES = [
  'text',
  'textarea',
  'integer',
  'decimal',
  'money',
  'date',
  'month',
  'datetime',
  'boolean',
  'dict',
  'multidict',
  'transfer',
  'autocomplete',
  'email',
  'mobile',
  'markdown',
  'image',
  'reference',
  'tree',
  'matrix',
  'rules',
  'location',
] as const;
export type DynamicFieldType = (typeof DYNAMIC_FIELD_TYPES)[number];

/** What a value check reads of its field: the options the designer gave and the matrix's sizes. */
export type CheckedField = { options?: Array<{ value: string }>; sizes?: string[] };

/** A filled value's check beyond its field type: a message key, or null when the value passes. */
export type DynamicValueCheck = (value: unknown, field: CheckedField) => string | null;

export type DynamicTypeSpec = {
  /** The registry field type its values are stored, coerced, listed and exported as. */
  fieldType: FieldType;
  /** The drawer's widget when it is not the field type's own. */
  widget?: FormWidget;
  /**
   * Options the designer gives: `choice` (the value must be among them), `suggest` (free text, the
   * options are suggestions), `none`. `optionsRequired` is the message when none are given.
   */
  options: 'choice' | 'suggest' | 'none';
  optionsRequired?: string;
  /** The designer declares the size columns of a colour x size matrix. */
  sizes?: true;
  /** Never validated (spec 5: runtime location): neither required nor rules. */
  unvalidated?: true;
  /** No default typed in the designer (a structure is filled in its own widget). */
  noDefault?: true;
  value?: DynamicValueCheck;
};

/** The matrix's record keys (spec 3 matrixinputtable: one record per filled cell, colours as rows, sizes as columns). */
export const DYNAMIC_MATRIX = { rowField: 'color', colField: 'size', cellField: 'qty' } as const;
export const MAX_MATRIX_SIZES = 30;
export const MAX_MATRIX_CELLS = 2000;
export const MAX_RULE_ROWS = 50;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A choice among the field's own options (one value or a list). */
const amongOptions: DynamicValueCheck = (v, f) => {
  if (isEmptyValue(v)) return null;
  const allowed = new Set((f.options ?? []).map((o) => String(o.value).trim()));
  const values = Array.isArray(v) ? v : [v];
  return values.some((x) => !allowed.has(String(x))) ? 'rule.notInDictionary' : null;
};

const MATRIX_KEYS: ReadonlySet<string> = new Set(Object.values(DYNAMIC_MATRIX));

/**
 * A colour x size matrix: a list of `{ color, size, qty }`, each colour named (at most 50 characters),
 * each size one the designer declared, each quantity a number of 0 or more, one record per cell.
 */
const matrixCells: DynamicValueCheck = (v, f) => {
  if (v === null || v === undefined) return null;
  if (!Array.isArray(v) || v.length > MAX_MATRIX_CELLS) return 'dynform.matrixBad';
  const sizes = new Set(f.sizes ?? []);
  const seen = new Set<string>();
  for (const r of v) {
    if (!isObject(r) || Object.keys(r).some((k) => !MATRIX_KEYS.has(k))) return 'dynform.matrixBad';
    const color = r[DYNAMIC_MATRIX.rowField];
    if (typeof color !== 'string' || !color.trim() || color.length > 50) return 'dynform.matrixBadColor';
    const size = r[DYNAMIC_MATRIX.colField];
    if (typeof size !== 'string' || !sizes.has(size)) return 'dynform.matrixBadSize';
    const qty = r[DYNAMIC_MATRIX.cellField];
    if (typeof qty !== 'number' || !Number.isFinite(qty) || qty < 0 || qty >= 1e9) return 'dynform.matrixBadQty';
    const cell = `${color.trim()}\u0000${size}`;
    if (seen.has(cell)) return 'dynform.matrixDuplicateCell';
    seen.add(cell);
  }
  return null;
};

const RULE_ROW_KEYS: ReadonlySet<string> = new Set(['type', 'message', 'field']);

/** A rules table: rows of `{ type, message? }`, each type one of the rule catalogue (spec 5). */
const ruleRows: DynamicValueCheck = (v) => {
  if (v === null || v === undefined) return null;
  if (!Array.isArray(v) || v.length > MAX_RULE_ROWS) return 'dynform.rulesBad';
  for (const r of v) {
    if (!isObject(r) || Object.keys(r).some((k) => !RULE_ROW_KEYS.has(k))) return 'dynform.rulesBad';
    if (!(RULE_TYPES as readonly unknown[]).includes(r.type)) return 'dynform.rulesBadType';
    for (const k of ['message', 'field'] as const) if (r[k] !== undefined && r[k] !== null && (typeof r[k] !== 'string' || (r[k] as string).length > 200)) return 'dynform.rulesBad';
  }
  return null;
};

const plain = (fieldType: FieldType): DynamicTypeSpec => ({ fieldType, options: 'none' });

export const DYNAMIC_TYPE_TABLE: Record<DynamicFieldType, DynamicTypeSpec> = {
  text: plain('text'),
  textarea: plain('textarea'),
  integer: plain('integer'),
  decimal: plain('decimal'),
  money: plain('money'),
  date: plain('date'),
  month: plain('month'),
  datetime: plain('datetime'),
  boolean: plain('boolean'),
  dict: { fieldType: 'dict', options: 'choice', optionsRequired: 'dynform.optionsRequired', value: amongOptions },
  multidict: { fieldType: 'multidict', options: 'choice', optionsRequired: 'dynform.optionsRequired', value: amongOptions },
  // Spec 3 transfer: options moved between "available" and "chosen"; the value is the chosen list.
  transfer: { fieldType: 'transfer', options: 'choice', optionsRequired: 'dynform.transferOptionsRequired', noDefault: true, value: amongOptions },
  // Spec 3 autocomplete: free text, the options are suggestions only (any text is kept).
  autocomplete: { fieldType: 'text', widget: 'autocomplete', options: 'suggest', optionsRequired: 'dynform.suggestionsRequired' },
  email: plain('email'),
  mobile: plain('mobile'),
  markdown: plain('markdown'),
  image: plain('image'),
  reference: plain('reference'),
  tree: plain('tree'),
  matrix: { fieldType: 'matrix', options: 'none', sizes: true, noDefault: true, value: matrixCells },
  rules: { fieldType: 'rules', options: 'none', noDefault: true, value: ruleRows },
  // Spec 5: a runtime location ("lat,lng" of the device, which may refuse to give it) is never validated.
  location: { fieldType: 'text', widget: 'runtimeLocation', options: 'none', unvalidated: true, noDefault: true },
};

registerCatalogPart({
  'zh-CN': {
    'dynform.transferOptionsRequired': '穿梭框字段至少需要一个可选项',
    'dynform.suggestionsRequired': '自动完成字段至少需要一个候选项',
    'dynform.sizesRequired': '颜色尺码矩阵请至少声明一个尺码',
    'dynform.tooManySizes': '尺码最多{{max}}个',
    'dynform.badSize': '尺码须为1到20个字符',
    'dynform.duplicateSize': '尺码“{{size}}”重复',
    'dynform.sizesNotAllowed': '只有颜色尺码矩阵可以声明尺码',
    'dynform.notValidated': '定位字段不做校验（取不到位置时也能提交），不能设为必填或设置校验规则',
    'dynform.noDefault': '该类型的字段不能设置默认值',
    'dynform.rulesNotAllowed': '该类型的字段不能设置校验规则（由字段类型自己校验）',
    'dynform.matrixBad': '颜色尺码矩阵的内容格式有误',
    'dynform.matrixBadColor': '矩阵的每一行须填写颜色（最多50个字符）',
    'dynform.matrixBadSize': '矩阵中有表单未声明的尺码',
    'dynform.matrixBadQty': '矩阵的数量须为不小于0的数字',
    'dynform.matrixDuplicateCell': '矩阵中同一颜色和尺码出现了两次',
    'dynform.rulesBad': '规则表的内容格式有误',
    'dynform.rulesBadType': '规则表中有不在规则目录中的规则类型',
  },
  en: {
    'dynform.transferOptionsRequired': 'A transfer field needs at least one option',
    'dynform.suggestionsRequired': 'An autocomplete field needs at least one suggestion',
    'dynform.sizesRequired': 'Declare at least one size of the colour x size matrix',
    'dynform.tooManySizes': 'At most {{max}} sizes',
    'dynform.badSize': 'A size is 1 to 20 characters',
    'dynform.duplicateSize': 'Size "{{size}}" is declared twice',
    'dynform.sizesNotAllowed': 'Only a colour x size matrix declares sizes',
    'dynform.notValidated': 'A location field is never validated (a form without a position can still be saved): it cannot be required or take rules',
    'dynform.noDefault': 'A field of this type takes no default',
    'dynform.rulesNotAllowed': 'A field of this type takes no rules (its type checks it)',
    'dynform.matrixBad': 'The colour x size matrix is malformed',
    'dynform.matrixBadColor': 'Every row of the matrix names a colour (at most 50 characters)',
    'dynform.matrixBadSize': 'The matrix holds a size the form does not declare',
    'dynform.matrixBadQty': 'Quantities of the matrix are numbers of 0 or more',
    'dynform.matrixDuplicateCell': 'The matrix holds one colour and size twice',
    'dynform.rulesBad': 'The rules table is malformed',
    'dynform.rulesBadType': 'The rules table holds a rule type that is not in the rule catalogue',
  },
});
