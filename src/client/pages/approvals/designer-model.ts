import { makeStyles, tokens } from '@fluentui/react-components';
import { designedFieldForm } from '../../../../grids/approvals/dynfield.grid';
import { FIELD_TYPE_TABLE } from '../../../model/field-types';
import { DYNAMIC_TYPE_TABLE, type DynamicField, type DynamicOption, type DynamicFieldType, type DynamicFormDefinition } from '../../../model/dynamic-form';
import { designedField } from '../../../model/entities/dynamic-form.entity';
import { getEntity } from '../../../model/entity';
import { resolvePage } from '../../../model/page-resolve';
import type { FormValues } from '../../form/form-logic';

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

/** The designer's field editor: the designed field's form (grids/approvals/dynfield.grid.ts) over its entity. */
export const designedFieldPage = resolvePage(designedFieldForm, (n) => (n === designedField.name ? designedField : getEntity(n)));

/** What the type's row of DYNAMIC_TYPE_TABLE asks of the designer: the designed field's computed flags its form's conditions read. */
export function typeFlags(type: DynamicFieldType): FormValues {
  const spec = DYNAMIC_TYPE_TABLE[type];
  // A location is never validated (spec 5) and a structure is checked by its type: no rules to offer.
  const takesRules = !spec.unvalidated && FIELD_TYPE_TABLE[spec.fieldType].nature !== 'structure';
  return { option_kind: spec.options, takes_sizes: Boolean(spec.sizes), takes_rules: takesRules, unvalidated: Boolean(spec.unvalidated), no_default: Boolean(spec.noDefault) };
}

/**
 * Properties typed as a list (separator shown), those typed as numbers (the designed field's number
 * fields), two fields editing one property (the form's field to the property), and the computed
 * flags (the designed field's read-only fields), which are never the design's.
 */
const LISTS: Record<string, string> = { roles: ',', clears: ',', sizes: ', ' };
const NUMBERS = new Set(designedField.fields.filter((f) => FIELD_TYPE_TABLE[f.type].nature === 'number').map((f) => f.key));
const ALIASES: Record<string, keyof DynamicField> = { suggestions: 'options', tree_entity: 'ref_entity' };
const FLAGS = new Set(designedField.fields.filter((f) => f.readonly).map((f) => f.key));

/** The designed field's form values: its properties (lists and numbers as typed text), both fields of a shared property, its type's flags. */
export function designedFieldValues(field: Partial<DynamicField>): FormValues {
  const out: FormValues = { ...field, required: Boolean(field.required), default: field.default === undefined ? '' : String(field.default), suggestions: field.options, tree_entity: field.ref_entity };
  for (const [k, sep] of Object.entries(LISTS)) out[k] = ((field[k as keyof DynamicField] as string[] | undefined) ?? []).join(sep);
  for (const k of NUMBERS) out[k] = field[k as keyof DynamicField] === undefined ? '' : String(field[k as keyof DynamicField]);
  return field.type ? { ...out, ...typeFlags(field.type) } : out;
}

/** A change of the form as a patch of the designed field: texts back to lists and numbers, an empty text to no value, a suggestion's value its text, the flags left out. */
export function designedFieldPatch(patch: FormValues): Partial<DynamicField> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) {
    if (FLAGS.has(k)) continue;
    const text = typeof v === 'string' ? v : undefined;
    const value = k in LISTS ? (listOf(text ?? '') ?? (k === 'sizes' ? [] : undefined)) : NUMBERS.has(k) ? (text === '' || v === null ? undefined : Number(v)) : k === 'key' ? (text ?? '').trim() : v === null || (text === '' && k !== 'label') ? undefined : v;
    // A suggestion is its own value: its text, trimmed.
    out[ALIASES[k] ?? k] = k === 'suggestions' && Array.isArray(value) ? (value as DynamicOption[]).map((o) => ({ ...o, value: String(o.label ?? '').trim() })) : value;
  }
  return out as Partial<DynamicField>;
}

/** A type change as the form's values: what `fieldOfType` patches and the new type's flags. */
export function typeChangeValues(field: DynamicField, type: DynamicFieldType, optionLabel: string): FormValues {
  const patch = fieldOfType(field, type, optionLabel);
  const all = designedFieldValues({ ...field, ...patch });
  return Object.fromEntries(Object.keys(all).filter((k) => k in patch || FLAGS.has(k) || (k === 'suggestions' && 'options' in patch) || (k === 'tree_entity' && 'ref_entity' in patch)).map((k) => [k, all[k]]));
}

/** The designer's errors of one field (`sections[0].fields[2].key`) by property, also under the second field of a shared property. */
export function designedFieldErrors(errors: Record<string, string>, path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, m] of Object.entries(errors)) {
    if (!k.startsWith(`${path}.`)) continue;
    const prop = k.slice(path.length + 1);
    out[prop] = m;
    for (const [alias, of] of Object.entries(ALIASES)) if (prop === of || prop.startsWith(`${of}[`)) out[alias + prop.slice(of.length)] = m;
  }
  return out;
}

export const emptyDefinition = (): DynamicFormDefinition => ({ sections: [{ key: 'base', title: '基本信息', title_en: 'Basics', fields: [] }] });

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
    '& .fui-Input, & .fui-Select, & .fui-Dropdown': { minWidth: 0, width: '100%', boxSizing: 'border-box' },
  },
  hint: { color: tokens.colorNeutralForeground3 },
});
