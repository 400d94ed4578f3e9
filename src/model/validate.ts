import type { EntityDef, FieldDef } from './entity';
import { FIELD_TYPE_TABLE, type Coerced } from './field-types';
import { getDictionary } from './dictionaries';
import { recordPathErrors } from './item-paths';
import { checkRule, RULE_MESSAGE_KEYS, type RuleType } from './rules';

/** A message key with parameters; translated by whoever shows it (form, API reply, import report). */
export type MessageRef = { key: string; params?: Record<string, unknown> };

export type RecordValidation = {
  /** Coerced values of the fields present in the input (or all fields when not partial). */
  values: Record<string, unknown>;
  /** Field key to the message of its last failing rule. */
  errors: Record<string, MessageRef>;
};

export type ValidateOptions = {
  /** Only validate the fields present in the input (an update of a few fields, an import by key). */
  partial?: boolean;
  /** Fields a caller fills itself (a numbered code the server assigns): not required from the input. */
  skipRequired?: string[];
  /**
   * A company's own dictionary items by dictionary code (spec 6 data dictionary): they extend the
   * system dictionary, so a value in either is allowed. The server loads them; the browser too.
   */
  dictExtras?: ReadonlyMap<string, ReadonlySet<string>>;
};

/**
 * What validation derives from a field declaration, computed once per declaration: an import
 * validates 100,000 rows of the same fields (benchmark B2), a form one row.
 */
const RULES = new WeakMap<FieldDef, RuleType[]>();
const ALLOWED = new WeakMap<FieldDef, Set<string> | null>();
const OPTIONAL = new WeakMap<FieldDef, FieldDef>();
const WRITABLE = new WeakMap<EntityDef, FieldDef[]>();

/** The fields a record validation runs (not the read-only ones). */
function writableOf(entity: EntityDef): FieldDef[] {
  let list = WRITABLE.get(entity);
  if (!list) WRITABLE.set(entity, (list = entity.fields.filter((f) => !f.readonly)));
  return list;
}

function rulesOf(field: FieldDef): RuleType[] {
  let rules = RULES.get(field);
  if (!rules) RULES.set(field, (rules = fieldRules(field)));
  return rules;
}

/** The values a closed system dictionary allows (null: not checked here). */
function allowedOf(field: FieldDef): Set<string> | null {
  let allowed = ALLOWED.get(field);
  if (allowed === undefined) {
    const dict = field.dict ? getDictionary(field.dict) : undefined;
    // Only closed system dictionaries are checked here; tenant dictionaries are checked by the server.
    allowed = dict && dict.items.length ? new Set(dict.items.map((i) => i.value)) : null;
    ALLOWED.set(field, allowed);
  }
  return allowed;
}

/** The field without its required flag (a value the caller fills itself). */
function optionalOf(field: FieldDef): FieldDef {
  let f = OPTIONAL.get(field);
  if (!f) OPTIONAL.set(field, (f = { ...field, required: false }));
  return f;
}

/** The rules a field runs, in order: required first, then the type's implied rule, then declared ones. */
export function fieldRules(field: FieldDef): RuleType[] {
  const rules: RuleType[] = [];
  if (field.required) rules.push('required');
  for (const r of FIELD_TYPE_TABLE[field.type].impliedRules) rules.push(r);
  for (const r of field.rules ?? []) if (!rules.includes(r)) rules.push(r);
  return rules;
}

/** Applies the form's string flags (spec 5: upper case, lower case and trim before submit). */
export function normaliseText(field: FieldDef, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  let v = raw;
  // Text keeps its spaces only when the field says trim: false; a number, date or id typed with
  // spaces means the same value without them (the rules read the text, so trim before them).
  if (FIELD_TYPE_TABLE[field.type].nature !== 'text' || field.trim !== false) v = v.trim();
  if (field.upperCase) v = v.toUpperCase();
  if (field.lowerCase) v = v.toLowerCase();
  return v;
}

/**
 * Validates one field's raw value: flags, type coercion, then the rule list; the LAST failing rule
 * wins (spec 5). Returns the coerced value or the error.
 */
export function validateField(field: FieldDef, raw: unknown): { value: unknown; error: MessageRef | null } {
  return runPlan(planOf(field), raw);
}

/** What validating one field needs, looked up once per declaration instead of once per value. */
type FieldPlan = {
  field: FieldDef;
  rules: RuleType[];
  coerce: (raw: unknown) => Coerced;
  /** Closed dictionary values (null: not checked here). */
  allowed: Set<string> | null;
  /** normaliseText's flags of the field: trim, upper case, lower case. */
  trim: boolean;
  upper: boolean;
  lower: boolean;
  /** A number field (its text must be a number before any rule's message says more). */
  numeric: boolean;
  /** The message of a value outside the allowed ones (oneOf's, else the dictionary's). */
  notAllowed: string;
};
/** The result of one field's check, written into an object the caller owns (one per record, not one per field). */
type PlanResult = { value: unknown; error: MessageRef | null };
const PLANS = new WeakMap<FieldDef, FieldPlan>();

function planOf(field: FieldDef): FieldPlan {
  let plan = PLANS.get(field);
  if (!plan) {
    const dictType = (field.type === 'dict' || field.type === 'multidict') && Boolean(field.dict);
    plan = {
      field,
      rules: rulesOf(field),
      coerce: FIELD_TYPE_TABLE[field.type].coerce,
      allowed: field.oneOf?.values ? new Set(field.oneOf.values) : dictType ? allowedOf(field) : null,
      trim: FIELD_TYPE_TABLE[field.type].nature !== 'text' || field.trim !== false,
      upper: Boolean(field.upperCase),
      lower: Boolean(field.lowerCase),
      numeric: FIELD_TYPE_TABLE[field.type].nature === 'number',
      notAllowed: field.oneOf?.message ?? 'rule.notInDictionary',
    };
    PLANS.set(field, plan);
  }
  return plan;
}

function runPlan(plan: FieldPlan, raw: unknown): { value: unknown; error: MessageRef | null } {
  const out: PlanResult = { value: undefined, error: null };
  runPlanInto(plan, raw, out);
  return out;
}

/** runPlan into `out` (no result object per field: an import checks 20 fields of 100,000 rows). */
function runPlanInto(plan: FieldPlan, raw: unknown, out: PlanResult): void {
  const field = plan.field;
  // normaliseText, with the field's flags read once per declaration.
  let normalised = raw;
  if (typeof raw === 'string') {
    let v = plan.trim ? raw.trim() : raw;
    if (plan.upper) v = v.toUpperCase();
    if (plan.lower) v = v.toLowerCase();
    normalised = v;
  }
  let error: MessageRef | null = null;
  // Rules read the text as typed (leading zeros, decimals), so they run before coercion.
  for (const rule of plan.rules) if (!checkRule(rule, normalised)) error = { key: RULE_MESSAGE_KEYS[rule] };
  // An empty required field says the field's own words when it declares them.
  if (field.requiredMessage && error?.key === RULE_MESSAGE_KEYS.required) error = { key: field.requiredMessage };
  // A word in a number field (a quantity typed as 二十) is not a number: said so, rather than the last
  // rule's "at most four decimals". A number that breaks a rule keeps the rule's message (spec 5).
  if (error && plan.numeric) {
    const coerced = plan.coerce(normalised);
    if (!coerced.ok && coerced.messageKey === 'rule.number') error = { key: 'rule.number' };
  }
  out.value = normalised;
  out.error = error;
  if (error) return;
  const coerced = plan.coerce(normalised);
  if (!coerced.ok) {
    // A whole number given a range says the range's words for anything else (a word, a fraction).
    out.error = field.range ? { key: field.range.message } : { key: coerced.messageKey, params: coerced.params };
    return;
  }
  const value = coerced.value;
  out.value = value;
  if (typeof value === 'string' && field.maxLength && value.length > field.maxLength) {
    out.error = { key: 'rule.maxLength', params: { max: field.maxLength } };
    return;
  }
  if (value !== null) out.error = declaredValueError(plan, value);
}

/** What a value breaks of its field's declared pattern, range, allowed and refused values (null: none). */
function declaredValueError(plan: FieldPlan, value: unknown): MessageRef | null {
  const field = plan.field;
  if (field.pattern && typeof value === 'string' && !field.pattern.test.test(value)) return { key: field.pattern.message };
  if (field.range && (!Number.isSafeInteger(value) || (value as number) < field.range.min || (value as number) > field.range.max)) return { key: field.range.message };
  const allowed = plan.allowed;
  const bad = allowed ? (Array.isArray(value) ? value.find((g) => !allowed.has(String(g))) : allowed.has(String(value)) ? undefined : value) : undefined;
  if (bad !== undefined) return field.oneOf ? { key: plan.notAllowed, params: { [field.key]: String(bad) } } : { key: plan.notAllowed };
  if (field.refused?.values.includes(String(value))) return { key: field.refused.message, params: { [field.key]: String(value) } };
  return null;
}

/**
 * A JSON record field's errors at their paths (`definition.sections[0].fields[2].key`), added to
 * the record's; none for no value or an empty object (nothing entered yet). Returns their count.
 */
function recordErrorsInto(field: FieldDef, value: unknown, errors: Record<string, MessageRef>): number {
  if (value === null || value === undefined || (typeof value === 'object' && !Array.isArray(value) && !Object.keys(value).length)) return 0;
  const found = recordPathErrors(field.record!, value, `${field.key}.`);
  Object.assign(errors, found);
  return Object.keys(found).length;
}

/** Whether every value of a dictionary field is one of the company's own items of its dictionary. */
function inTenantDictionary(field: FieldDef, value: unknown, extras: ValidateOptions['dictExtras']): boolean {
  const own = field.dict ? extras?.get(field.dict) : undefined;
  if (!own || value === null || value === undefined) return false;
  const allowed = allowedOf(field);
  const ok = (v: unknown) => own.has(String(v)) || Boolean(allowed?.has(String(v)));
  return Array.isArray(value) ? value.every(ok) : ok(value);
}

/**
 * Validates a record against its entity: every writable field, then the entity's document checks.
 * Shared by the form drawer, the save API and the Excel import, so all three say the same thing.
 *
 * Example: `validateRecord(vendor, { code: 'V001', name: '' }).errors.name.key === 'rule.required'`.
 */
export function validateRecord(entity: EntityDef, input: Record<string, unknown>, options: ValidateOptions = {}): RecordValidation {
  const values: Record<string, unknown> = {};
  const errors: Record<string, MessageRef> = {};
  let failed = 0;
  const skip = options.skipRequired?.length ? options.skipRequired : null;
  const r: PlanResult = { value: undefined, error: null };
  for (const field of writableOf(entity)) {
    const present = Object.prototype.hasOwnProperty.call(input, field.key);
    if (options.partial && !present) continue;
    const f = skip?.includes(field.key) ? optionalOf(field) : field;
    runPlanInto(planOf(f), input[field.key], r);
    const { value, error } = r;
    if (error && error.key === 'rule.notInDictionary' && inTenantDictionary(field, value, options.dictExtras)) values[field.key] = value;
    else if (error) {
      errors[field.key] = error;
      failed++;
    } else if (present || !options.partial) {
      values[field.key] = value;
      if (field.record) failed += recordErrorsInto(field, value, errors);
    }
  }
  if (entity.checks?.length && failed === 0) {
    // One view for all document checks: the coerced values over the input. When the input holds
    // no key beyond the values (an import's row), the values are that view, with no copy.
    let merged = values;
    for (const k in input) {
      if (!(k in values)) {
        merged = { ...input, ...values };
        break;
      }
    }
    for (const check of entity.checks) {
      const found = check(merged);
      for (const k in found) if (!errors[k]) errors[k] = { key: found[k] };
    }
  }
  return { values, errors };
}
