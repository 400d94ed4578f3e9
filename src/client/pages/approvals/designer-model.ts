import { makeStyles, tokens } from '@fluentui/react-components';
import { FIELD_TYPE_TABLE } from '../../../model/field-types';
import { DYNAMIC_TYPE_TABLE, type DynamicField, type DynamicFieldType, type DynamicFormDefinition } from '../../../model/dynamic-form';
import type { RuleType } from '../../../model/rules';

/** The rules a designer offers (spec 5's catalogue; `required` is its own checkbox, passwords are not form data). */
export const OFFERED_RULES: RuleType[] = ['english', 'capitalEnglish', 'chinese', 'naturalNumber', 'interger', 'positiveNumber', 'gt0Number', 'maxDecimals4', 'telephone', 'email'];
export const RULE_LABEL: Record<string, { zh: string; en: string }> = {
  english: { zh: '英文数字', en: 'Letters and digits' },
  capitalEnglish: { zh: '大写英文', en: 'Capitals' },
  chinese: { zh: '不含中文', en: 'No Chinese' },
  naturalNumber: { zh: '非负整数', en: 'Whole number >= 0' },
  interger: { zh: '正整数', en: 'Positive whole number' },
  positiveNumber: { zh: '不小于0', en: 'Not below 0' },
  gt0Number: { zh: '大于0', en: 'Above 0' },
  maxDecimals4: { zh: '最多4位小数', en: 'At most 4 decimals' },
  telephone: { zh: '手机号', en: 'Mobile number' },
  email: { zh: '邮箱', en: 'E-mail' },
};
/** What each part of the field editor gets: the field, its setter, and its errors by property. */
export type FieldPart = { field: DynamicField; set: (patch: Partial<DynamicField>) => void; err: (prop: string) => string | undefined };

/** Sizes a new matrix starts with (the designer edits them). */
export const STARTING_SIZES = ['S', 'M', 'L', 'XL'];

/**
 * The patch that turns a field into another type (DYNAMIC_TYPE_TABLE): options kept or one started
 * for types that take them, sizes for a matrix, the picked entity for a reference or a tree, and what
 * the new type refuses dropped (required and rules of a location, the default of a structure).
 */
export function fieldOfType(field: DynamicField, type: DynamicFieldType, optionLabel: string): Partial<DynamicField> {
  const spec = DYNAMIC_TYPE_TABLE[type];
  const patch: Partial<DynamicField> = {
    type,
    // A choice starts with one option; a suggestion is its own value (the designer edits its text only).
    options: spec.options !== 'none' ? (field.options?.length ? field.options : [{ value: spec.options === 'suggest' ? optionLabel : '1', label: optionLabel }]) : undefined,
    ref_entity: type === 'reference' ? 'vendor' : type === 'tree' ? 'org' : undefined,
    sizes: spec.sizes ? (field.sizes?.length ? field.sizes : STARTING_SIZES) : undefined,
  };
  if (spec.unvalidated) patch.required = false;
  if (spec.unvalidated || FIELD_TYPE_TABLE[spec.fieldType].nature === 'structure') patch.rules = undefined;
  if (spec.noDefault) patch.default = undefined;
  return patch;
}

/** The selected field: section and field index. */
export type Selection = { s: number; f: number } | null;

export const emptyDefinition = (): DynamicFormDefinition => ({ sections: [{ key: 'base', title: '基本信息', title_en: 'Basics', fields: [] }] });

/** A key not yet used in the form: field_1, field_2, ... */
export function freeKey(def: DynamicFormDefinition, stem: string): string {
  const used = new Set(def.sections.flatMap((s) => [s.key, ...s.fields.map((f) => f.key)]));
  for (let i = 1; ; i++) if (!used.has(`${stem}_${i}`)) return `${stem}_${i}`;
}

/** The list with item i moved one place up or down (unchanged at an end). */
export function move<T>(list: T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/** A comma (or space) separated list as its items, or undefined when empty. */
export function listOf(text: string): string[] | undefined {
  const items = text.split(/[,，\s]+/).map((x) => x.trim()).filter(Boolean);
  return items.length ? items : undefined;
}

export const useDesignerStyles = makeStyles({
  page: { padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: '12px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  body: { display: 'grid', gridTemplateColumns: 'minmax(300px, 26%) minmax(340px, 30%) 1fr', gap: '14px', alignItems: 'start' },
  panel: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '10px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    minWidth: 0,
    // Inputs fill their field and never push past the panel (Fluent's inputs carry a minimum width).
    '& .fui-Field': { minWidth: 0 },
    '& .fui-Input, & .fui-Select': { minWidth: 0, width: '100%' },
  },
  section: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '8px', display: 'flex', flexDirection: 'column', gap: '6px' },
  row: { display: 'flex', gap: '6px', alignItems: 'center' },
  fieldRow: { display: 'flex', gap: '6px', alignItems: 'center', padding: '4px 6px', borderRadius: tokens.borderRadiusSmall, cursor: 'pointer', ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  grow: { flex: '1 1 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  hint: { color: tokens.colorNeutralForeground3 },
  rules: { display: 'flex', flexWrap: 'wrap', columnGap: '4px' },
});
