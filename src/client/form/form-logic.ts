import { evaluate, evaluateCondition, type ExprScope } from '../../model/expression';
import { runCalcItems } from '../../model/calc';
import { resolveDefault, type TokenContext } from '../../model/default-tokens';
import { getEntity, type EntityDef, type FieldDef } from '../../model/entity';
import { FIELD_TYPE_TABLE, type FormWidget } from '../../model/field-types';
import type { VisibilityCondition } from '../../model/page';
import type { ResolvedField } from '../../model/page-resolve';
import { validateValue } from '../../model/rules';
import { validateField } from '../../model/validate';
import { renderMarkdown } from './markdown';

/**
 * The behaviour of the config-driven form as pure functions (the drawer component only wires them
 * to react-hook-form): conditions (spec 3 "Visibility or disable condition", spec 6), the choice of
 * fields to validate and the validation itself (spec 5 "Behaviour on submit"), the body sent
 * (spec 3: markdown `_DISPLAY`, JSON text for transfer and matrix; spec 5 upper/lower/trim), and
 * the reset values (spec 4 "Form reset").
 */

export type FormValues = Record<string, unknown>;

/** The route action a form is opened in (routeactionin reads it). */
export type RouteAction = 'add' | 'edit' | 'view' | 'copy';

export type FormContext = {
  values: FormValues;
  /** Spec 6: the session's dashroles is the set of the user's role codes. */
  session: { dashroles: string[]; userId?: number | null; fullname?: string; clientId?: number | null; [k: string]: unknown };
  action: RouteAction;
};

export function scopeOf(ctx: FormContext): ExprScope {
  return { form: ctx.values, session: ctx.session, route: { action: ctx.action } };
}

/** Whether every part of a condition holds; an empty condition holds. */
export function conditionHolds(cond: VisibilityCondition, ctx: FormContext): boolean {
  // Spec 6: a field may require ALL listed role codes; the check fails if the user lacks any.
  if (cond.dashrolesLimits && !cond.dashrolesLimits.every((r) => ctx.session.dashroles.includes(r))) return false;
  if (cond.relatedStateFields) {
    for (const [field, allowed] of Object.entries(cond.relatedStateFields)) {
      const v = ctx.values[field];
      const blank = v === null || v === undefined || v === '';
      const ok = allowed.some((a) => (a === null ? blank : !blank && (a === v || String(a) === String(v))));
      if (!ok) return false;
    }
  }
  if (cond.routeactionin && !cond.routeactionin.includes(ctx.action)) return false;
  if (cond.selfFormExpression && !evaluateCondition(cond.selfFormExpression, scopeOf(ctx), false)) return false;
  return true;
}

/** `visible`: absent or true shows the field; a condition shows it while the condition holds. */
export function isFieldVisible(field: Pick<ResolvedField, 'visible'>, ctx: FormContext): boolean {
  if (field.visible === undefined || field.visible === true) return true;
  if (field.visible === false) return false;
  return conditionHolds(field.visible, ctx);
}

/** `disable`: true, or a condition that holds, disables the field; a view form disables all. */
export function isFieldDisabled(field: Pick<ResolvedField, 'disable' | 'readonly'>, ctx: FormContext): boolean {
  if (ctx.action === 'view' || field.readonly) return true;
  if (field.disable === undefined || field.disable === false) return false;
  if (field.disable === true) return true;
  return conditionHolds(field.disable, ctx);
}

/** Style classes that hide a field without removing it ("hidden by style", spec 5). */
const HIDDEN_CLASSES = ['hidden', 'd-none', 'hide'];

export function isHiddenByStyle(field: Pick<ResolvedField, 'spanClass'>): boolean {
  return (field.spanClass ?? '').split(/\s+/).some((c) => HIDDEN_CLASSES.includes(c));
}

/**
 * Spec 5: "Only fields that are visible, enabled, not hidden by style, not in the not-posted list,
 * not upload-disabled and not runtime-location are validated."
 */
export function fieldsToValidate(fields: readonly ResolvedField[], ctx: FormContext): ResolvedField[] {
  return fields.filter(
    (f) =>
      isFieldVisible(f, ctx) &&
      !isFieldDisabled(f, ctx) &&
      !isHiddenByStyle(f) &&
      !f.isNotPost &&
      !f.disableupload &&
      f.type !== 'runtimeLocation',
  );
}

/**
 * One field's message, or null. Spec 5: the LAST failing rule's message is shown; then the type
 * check the server also runs (a number that is not a number, too long a text), so the drawer says
 * what the save would say.
 */
export function fieldError(field: ResolvedField, value: unknown, translate: (key: string, params?: Record<string, unknown>) => string): string | null {
  const prepared = normaliseValue(field, value);
  const ruleMessage = validateValue(field.validations, prepared, translate);
  if (ruleMessage) return ruleMessage;
  if (field.def && !JSON_WIDGETS.has(field.type)) {
    // Rules already ran above (the page may have changed their messages); this adds coercion only.
    const bare: FieldDef = { ...field.def, required: false, rules: [] };
    const { error } = validateField(bare, prepared);
    if (error) return translate(error.key, error.params);
  }
  return null;
}

/**
 * A field's own error state (spec 3 `error`: hasError, errorMsg, noTranslate), as text: the message
 * is a catalogue key shown in the user's language, unless `noTranslate` says it is already the text
 * to show (a message the server wrote, a page's literal). Null when the field carries no error.
 *
 * Example: `{ hasError: true, errorMsg: 'rule.required' }` shows 请填写 / Required;
 * `{ hasError: true, errorMsg: '编码已存在', noTranslate: true }` shows 编码已存在 in either language.
 */
export function declaredError(field: Pick<ResolvedField, 'error'>, translate: (key: string, params?: Record<string, unknown>) => string): string | null {
  const e = field.error;
  if (!e?.hasError || !e.errorMsg) return null;
  return e.noTranslate ? e.errorMsg : translate(e.errorMsg);
}

export type ValidationOutcome = { valid: boolean; errors: Record<string, string> };

/**
 * Validates the selected fields. A field that already carries an error (the server's 11000, a
 * widget's own error) stays invalid until its value changes (spec 5: "A field with an existing
 * error is invalid"). When all fields pass, the entity's document checks run (spec 5: a material
 * belongs to exactly one of a vendor or a customer).
 */
export function validateForm(
  fields: readonly ResolvedField[],
  ctx: FormContext,
  translate: (key: string, params?: Record<string, unknown>) => string,
  existing: Record<string, string> = {},
  entity?: EntityDef,
): ValidationOutcome {
  const errors: Record<string, string> = {};
  const selected = fieldsToValidate(fields, ctx);
  for (const f of selected) {
    const message = fieldError(f, ctx.values[f.field], translate) ?? existing[f.field] ?? declaredError(f, translate);
    if (message) errors[f.field] = message;
  }
  if (Object.keys(errors).length === 0 && entity?.checks) {
    const selectedKeys = new Set(selected.map((f) => f.field));
    const doc = preparedValues(fields, ctx.values);
    for (const check of entity.checks) {
      for (const [k, key] of Object.entries(check(doc))) if (selectedKeys.has(k) && !errors[k]) errors[k] = translate(key);
    }
  }
  return { valid: Object.keys(errors).length === 0, errors };
}

/** Values as the server will read them (numbers as numbers), for the document checks. */
function preparedValues(fields: readonly ResolvedField[], values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const f of fields) {
    const v = normaliseValue(f, values[f.field]);
    const nature = FIELD_TYPE_TABLE[f.fieldType].nature;
    if (f.def && typeof v === 'string' && v.trim() !== '' && (nature === 'number' || nature === 'reference')) {
      const n = Number(v);
      out[f.field] = Number.isFinite(n) ? n : v;
    } else out[f.field] = v === '' ? null : v;
  }
  return out;
}

const TEXT_WIDGETS = new Set<FormWidget>(['', 'textarea', 'autocomplete', 'markdown', 'datetime']);
const JSON_WIDGETS = new Set<FormWidget>(['transfer', 'matrixinputtable', 'rulestable', 'fmsfiltermapping', 'checkboxlist', 'files']);

/**
 * Spec 5: upper-case, lower-case and trim flags are applied to string values before submit. Text
 * inputs are trimmed unless the field says `trim: false`; `cutIndexRange` keeps a slice.
 */
export function normaliseValue(field: Pick<ResolvedField, 'type' | 'trim' | 'upperCase' | 'lowerCase' | 'cutIndexRange' | 'inputType'>, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  let v = value;
  if (field.trim !== false && TEXT_WIDGETS.has(field.type) && field.inputType !== 'password') v = v.trim();
  if (field.upperCase) v = v.toUpperCase();
  if (field.lowerCase) v = v.toLowerCase();
  if (field.cutIndexRange) v = v.slice(field.cutIndexRange[0], field.cutIndexRange[1]);
  return v;
}

/**
 * The body of a save: every posted field's normalised value; a markdown field also sends
 * `{field}_DISPLAY` with its rendered HTML; transfer and matrix values go as JSON text (spec 3);
 * empty lists become empty strings (spec 7 "empty arrays become empty strings"). Keys that are
 * not form fields (id, version, child lines) pass through unchanged.
 */
export function submitBody(fields: readonly ResolvedField[], values: FormValues): FormValues {
  const byKey = new Map(fields.map((f) => [f.field, f]));
  const body: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    const f = byKey.get(key);
    if (!f) {
      body[key] = value;
      continue;
    }
    if (f.isNotPost) continue;
    let v = normaliseValue(f, value);
    if (f.type === 'transfer' || f.type === 'matrixinputtable' || f.type === 'recordlist') v = Array.isArray(v) && v.length === 0 ? '' : v === null || v === undefined || v === '' ? '' : JSON.stringify(v);
    else if (Array.isArray(v) && v.length === 0) v = '';
    body[key] = v === undefined ? null : v;
    if (f.type === 'markdown') body[`${key}_DISPLAY`] = renderMarkdown(typeof v === 'string' ? v : '');
  }
  return body;
}

/** Spec 4: the empty value of a field when it has no default: empty, zero (switch off), empty list or null per type. */
export function emptyValueOf(field: Pick<ResolvedField, 'type' | 'inputType' | 'isMulti' | 'fieldType'>): unknown {
  const multi = field.isMulti || field.type === 'checkboxlist' || field.type === 'transfer' || field.type === 'matrixinputtable' || field.type === 'rulestable';
  if (multi) return [];
  return EMPTY_BY_WIDGET[field.type];
}

const EMPTY_BY_WIDGET: Record<FormWidget, unknown> = {
  '': '',
  textarea: '',
  markdown: '',
  autocomplete: '',
  datetime: '',
  runtimeLocation: '',
  // A switch resets to off (the "zero" of spec 4).
  switch: false,
  number: null,
  dropdownbox: null,
  dropdowntable: null,
  imgdropdownbox: null,
  treeselect: null,
  checkboxlist: [],
  transfer: [],
  matrixinputtable: [],
  rulestable: [],
  fmsfiltermapping: null,
  keyedtable: null,
  recordlist: [],
  files: [],
};

/** Resolves a declared default (spec 7 tokens) for a field; undefined when there is none. */
export function defaultValueOf(field: Pick<ResolvedField, 'defaultValue'>, ctx: TokenContext): unknown {
  if (field.defaultValue === undefined || field.defaultValue === null || field.defaultValue === '') return undefined;
  return resolveDefault(field.defaultValue, ctx);
}

/**
 * Spec 4 "Form reset": all values return to defaults, or to empty, zero, empty list or null per
 * type. (Errors are cleared by the caller.) Values of keys that are not fields (id, version,
 * child lines) are kept so a reset edit form still saves the same document.
 */
export function resetValues(fields: readonly ResolvedField[], ctx: TokenContext, keep: FormValues = {}): FormValues {
  const out: FormValues = { ...keep };
  for (const f of fields) {
    const d = defaultValueOf(f, ctx);
    out[f.field] = d === undefined ? emptyValueOf(f) : d;
  }
  return calcAll(fields, out, {});
}

/** A record from the server as form values: nulls become each widget's empty value. */
export function recordToValues(fields: readonly ResolvedField[], record: FormValues): FormValues {
  const out: FormValues = { ...record };
  for (const f of fields) {
    let v = record[f.field];
    if ((f.type === 'transfer' || f.type === 'matrixinputtable') && typeof v === 'string' && v.trim().startsWith('[')) {
      try {
        v = JSON.parse(v);
      } catch {
        /* kept as text; the widget shows it */
      }
    }
    if (f.type === 'number' && typeof v === 'number') v = String(v);
    out[f.field] = v === null || v === undefined ? emptyValueOf(f) : v;
  }
  return calcAll(fields, out, {});
}

/** Runs every field's calcConfig once (on open and after a reset) so computed fields show. */
export function calcAll(fields: readonly ResolvedField[], values: FormValues, session: Record<string, unknown>): FormValues {
  let out = values;
  for (const f of fields) {
    if (!f.calcConfig?.length) continue;
    const patch = runCalcItems(f.calcConfig, out, { session });
    if (Object.keys(patch).length) out = { ...out, ...patch };
  }
  return out;
}

/**
 * What else changes when `field` changes: its calculation items and its clearFormFields
 * (spec 3 "clearFormFields (condition plus fields)"), plus a cascade target that must be cleared.
 */
export function changeEffects(field: ResolvedField, all: readonly ResolvedField[], ctx: FormContext): FormValues {
  let patch: FormValues = {};
  const next = () => ({ ...ctx.values, ...patch });
  for (const clear of field.clearFormFields ?? []) {
    if (!evaluateCondition(clear.condition, { ...scopeOf(ctx), form: next() })) continue;
    for (const key of clear.fields) {
      const target = all.find((f) => f.field === key);
      patch[key] = target ? emptyValueOf(target) : null;
    }
  }
  if (field.cascadeTargetField) {
    const target = all.find((f) => f.field === field.cascadeTargetField);
    patch[field.cascadeTargetField] = target ? emptyValueOf(target) : null;
  }
  if (field.calcConfig?.length) patch = { ...patch, ...runCalcItems(field.calcConfig, next(), { session: ctx.session, route: { action: ctx.action } }) };
  return patch;
}

/** A picked record as the form reads it (a row of the reference's source list). */
export type PickedRow = Record<string, unknown>;

/** The key a reference's picked rows are labelled by: the declared label field, else the target entity's title. */
export function pickLabelField(field: Pick<ResolvedField, 'matinTableConfig' | 'optionConfig' | 'source' | 'optionsCall'>): string {
  const target = field.source ? getEntity(field.source.entity) : undefined;
  return field.matinTableConfig?.tableConfig.labelField ?? field.optionConfig?.labelField ?? field.optionsCall?.labelField ?? target?.titleField ?? 'name';
}

/** One `splitFields` entry: `target` takes the picked record's value of the same key, `target:source` its `source`. */
function splitEntry(entry: string): { target: string; source: string } {
  const at = entry.indexOf(':');
  return at < 0 ? { target: entry, source: entry } : { target: entry.slice(0, at), source: entry.slice(at + 1) };
}

/**
 * The text a reference shows for its chosen record before any list is read: the record's label in
 * its `displayfield`, else the form's `defaultdisplayfield` (spec 3: a label kept elsewhere on the
 * record, e.g. a name stored beside an id), else nothing (the widget shows the id).
 */
export function referenceDisplayText(field: Pick<ResolvedField, 'displayfield' | 'defaultdisplayfield'>, values: FormValues): string {
  const label = field.displayfield ? values[field.displayfield] : undefined;
  const fallback = field.defaultdisplayfield ? values[field.defaultdisplayfield] : undefined;
  const text = label === null || label === undefined || label === '' ? fallback : label;
  return text === null || text === undefined ? '' : String(text);
}

/** A `defaultfield` (`<reference field>.<key of its picked record>`) split in two; null when it names no reference. */
export function defaultFieldSource(defaultfield: string | undefined): { reference: string; key: string } | null {
  const at = defaultfield ? defaultfield.indexOf('.') : -1;
  if (!defaultfield || at <= 0 || at === defaultfield.length - 1) return null;
  return { reference: defaultfield.slice(0, at), key: defaultfield.slice(at + 1) };
}

const blankValue = (v: unknown) => v === null || v === undefined || v === '';

/**
 * What a pick of one record in a reference (spec 3, a dropdowntable) sets besides the reference:
 * - `displayfield`: the record's label;
 * - `splitFields`: the picked record split over several fields (a supplier into its name, contact
 *   and phone; a material into its code and name), each entry `target` or `target:source`; clearing
 *   the pick empties them, as they were the pick's parts;
 * - `defaultfield` of any other field naming this reference (`vendor_id.currency`): that field takes
 *   the picked record's value as its default, which the user may still change; a record without
 *   that value, or a cleared pick, leaves the field as it is.
 *
 * Example: picking vendor 7 `{ id: 7, name: '华纺', contact_person: '王敏', currency: 'USD' }` in
 * `vendor_id` with `splitFields: ['supplier_name:name', 'contact_person']`, while `currency`
 * declares `defaultfield: 'vendor_id.currency'`, gives `{ supplier_name: '华纺', contact_person: '王敏', currency: 'USD' }`.
 */
export function pickEffects(field: ResolvedField, row: PickedRow | null, all: readonly ResolvedField[]): FormValues {
  const patch: FormValues = {};
  if (field.displayfield) {
    const labelField = pickLabelField(field);
    // Spec 8: a dropdown reply without the display field is only a console warning (the label stays empty).
    if (row && !(labelField in row)) console.warn(`dropdown reply of "${field.field}" has no display field "${labelField}"`);
    patch[field.displayfield] = row ? String(row[labelField] ?? '') : null;
  }
  for (const entry of field.splitFields ?? []) {
    const { target, source } = splitEntry(entry);
    const f = all.find((x) => x.field === target);
    const v = row ? row[source] : undefined;
    patch[target] = blankValue(v) ? (f ? emptyValueOf(f) : null) : v;
  }
  if (!row) return patch;
  for (const f of all) {
    const src = defaultFieldSource(f.defaultfield);
    if (!src || src.reference !== field.field || f.field === field.field) continue;
    const v = row[src.key];
    if (!blankValue(v)) patch[f.field] = f.type === 'number' && typeof v === 'number' ? String(v) : v;
  }
  return patch;
}

/** Help texts aimed at a field (spec 3 helpConfig.targetFields), from any field's helpConfig. */
export function helpFor(fieldKey: string, all: readonly ResolvedField[], language: 'zh-CN' | 'en'): string[] {
  const out: string[] = [];
  for (const f of all) {
    const h = f.helpConfig;
    if (!h || !h.targetFields.some((t) => t.target === fieldKey)) continue;
    const text = language === 'en' ? (h.textEn ?? h.text) : h.text;
    if (text) out.push(text);
  }
  return out;
}

/** `formatExp`: an expression over the form with `value` bound to the field's own value, run on blur. */
export function formatWithExpression(formatExp: string | undefined, value: unknown, ctx: FormContext): unknown {
  if (!formatExp || value === '' || value === null || value === undefined) return value;
  const scope = scopeOf(ctx);
  const result = evaluateExpressionSafe(formatExp, { ...scope, form: { ...ctx.values, value } });
  return result === undefined ? value : result;
}

function evaluateExpressionSafe(src: string, scope: ExprScope): unknown {
  const r = evaluate(src, scope);
  return r.ok ? r.value : undefined;
}

/** A child grid's rows checked like forms, one per row; errors keyed `index.field`. */
export function childRowErrors(
  fields: readonly ResolvedField[],
  rows: readonly FormValues[],
  ctx: Omit<FormContext, 'values'>,
  translate: (key: string, params?: Record<string, unknown>) => string,
  entity?: EntityDef,
): Record<string, string> {
  const out: Record<string, string> = {};
  rows.forEach((row, i) => {
    const r = validateForm(fields, { ...ctx, values: row }, translate, {}, entity);
    for (const [k, m] of Object.entries(r.errors)) out[`${i}.${k}`] = m;
  });
  return out;
}

/** A child row as sent: its own posted fields, its id when stored; the grid's row key is dropped. */
export function childRowBody(fields: readonly ResolvedField[], row: FormValues): FormValues {
  const { __key: _key, ...rest } = row;
  const body = submitBody(fields, rest);
  for (const [k, v] of Object.entries(body)) if (v === '') body[k] = null;
  return body;
}

/** A child grid's error about the whole collection (not one row's cell); row errors are `<row>.<field>`. */
export const COLLECTION_ERROR = '*';

/**
 * Splits a 11000 reply's field errors between the header form and the child grids: the server
 * names a child cell `members[2].member_name` (spec 8: a table gets per-row errors), and the
 * collection itself by its key (`levels`: a material on two lines), kept under the child's
 * COLLECTION_ERROR key and shown below its grid.
 */
export function splitServerErrors(errors: Record<string, string>, childKeys: readonly string[]): { header: Record<string, string>; children: Record<string, Record<string, string>> } {
  const header: Record<string, string> = {};
  const children: Record<string, Record<string, string>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const m = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(key);
    if (m && childKeys.includes(m[1])) (children[m[1]] ??= {})[`${m[2]}.${m[3]}`] = message;
    else if (childKeys.includes(key)) (children[key] ??= {})[COLLECTION_ERROR] = message;
    else header[key] = message;
  }
  return { header, children };
}
