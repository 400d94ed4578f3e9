import type { FieldDef, ItemsDef, ListMax } from './entity';
import { FIELD_TYPE_TABLE } from './field-types';
import { isEmptyValue } from './rules';
import { validateField, type MessageRef } from './validate';

/**
 * A JSON record of declared fields checked item by item, each error at its path
 * (`sections[0].fields[2].key`): a field's own rules (required, pattern, range, allowed and
 * refused values, FieldDef), what it must hold by another field of its item (`when`), its lists
 * (`items`: records, `values`: plain values) with their longest length, and values used once in a
 * list or across the record (`distinct`). A value is stored as its type stores it: a number as a
 * number, a text as a text, a list as a list; a JSON field without a declared shape holds any value.
 * Keys the declaration does not name are left as they are. The first error at a path is kept.
 *
 * Example: `recordPathErrors({ fields: [{ key: 'sections', ..., items: { fields: [{ key: 'key', ..., distinct: { message: 'x.duplicate' } }] } }] }, { sections: [{ key: 'a' }, { key: 'a' }] })`
 * gives `{ 'sections[1].key': { key: 'x.duplicate', params: { key: 'a' } } }`.
 */
export function recordPathErrors(shape: ItemsDef, value: unknown, prefix = ''): Record<string, MessageRef> {
  const walk: Walk = { errors: {}, across: new Map() };
  recordAt(walk, shape.fields, isRecord(value) ? value : {}, prefix);
  return walk.errors;
}

/** The errors found so far, and the values a `distinct.across` field has taken (value to its first holder's title). */
type Walk = { errors: Record<string, MessageRef>; across: Map<FieldDef, Map<string, string>> };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A value counts as given unless empty (an empty text or list) or false. */
const given = (v: unknown) => v !== false && !isEmptyValue(v);

function put(walk: Walk, path: string, error: MessageRef): void {
  if (!walk.errors[path]) walk.errors[path] = error;
}

/** A field's own words for a value it cannot read: its required, pattern, allowed-values or range message. */
const ownWords = (f: FieldDef): string | undefined => f.requiredMessage ?? f.pattern?.message ?? f.oneOf?.message ?? f.range?.message;

/** Whether a given value is stored as the field's type stores it (a JSON field without a shape holds anything). */
function storedAsTyped(f: FieldDef, raw: unknown): boolean {
  const spec = FIELD_TYPE_TABLE[f.type];
  if (f.items || f.values || spec.multi) return Array.isArray(raw);
  if (f.record) return isRecord(raw);
  if (spec.nature === 'text' || spec.dictionary) return typeof raw === 'string';
  if (spec.nature === 'number') return typeof raw === 'number';
  if (spec.nature === 'boolean') return typeof raw === 'boolean';
  return true;
}

function recordAt(walk: Walk, fields: readonly FieldDef[], record: Record<string, unknown>, prefix: string): void {
  for (const f of fields) fieldAt(walk, f, record, `${prefix}${f.key}`);
}

/** One field of an item: what its sibling asks, its shape, its rules or its list. */
function fieldAt(walk: Walk, f: FieldDef, item: Record<string, unknown>, path: string): void {
  const raw = item[f.key];
  const by = f.when ? String(item[f.when.field] ?? '') : '';
  const needed = f.when?.require?.[by];
  const need = typeof needed === 'string' ? { message: needed, among: null } : needed;
  if (!given(raw)) {
    if (need) put(walk, path, { key: need.message });
    else if (f.required) put(walk, path, f.requiredMessage ? { key: f.requiredMessage, params: { [f.key]: '' } } : { key: 'rule.required' });
    return;
  }
  const refused = f.when?.refuse?.[by];
  if (refused) return put(walk, path, { key: refused });
  if (!storedAsTyped(f, raw)) {
    const words = ownWords(f);
    return put(walk, path, need ? { key: need.message } : words ? { key: words, params: { [f.key]: '' } } : { key: 'rule.entriesShape' });
  }
  if (f.items) return listAt(walk, f.items, raw as unknown[], path);
  if (f.values) return valuesAt(walk, f.values, raw as unknown[], path);
  if (f.record) return recordAt(walk, f.record.fields, raw as Record<string, unknown>, `${path}.`);
  if (f.type === 'json') return;
  const { value, error } = validateField(f, raw);
  if (error) return put(walk, path, error);
  if (need?.among && !need.among.includes(String(value))) put(walk, path, { key: need.message });
}

const tooLong = (max: ListMax | undefined, list: readonly unknown[]): MessageRef | null => (max && list.length > max.count ? { key: max.message, params: { max: max.count } } : null);

/** A list of records: its length, then each item's fields at `<path>[i].<key>`, then the values each must use once. */
function listAt(walk: Walk, def: ItemsDef, list: readonly unknown[], path: string): void {
  const long = tooLong(def.max, list);
  if (long) return put(walk, path, long);
  const seen = new Map<FieldDef, Map<string, string>>();
  list.forEach((raw, i) => {
    if (!isRecord(raw) && def.shape) return put(walk, `${path}[${i}]`, { key: def.shape });
    const item = isRecord(raw) ? raw : {};
    for (const f of def.fields) {
      const at = `${path}[${i}].${f.key}`;
      fieldAt(walk, f, item, at);
      if (!f.distinct || walk.errors[at] || !given(item[f.key])) continue;
      const title = def.titleField ? String(item[def.titleField] ?? '').trim() : undefined;
      once(walk, f, seenOf(walk, seen, f), String(item[f.key]).trim(), at, title);
    }
  });
}

/** The values a distinct field has taken: across the whole record, or in this list. */
function seenOf(walk: Walk, list: Map<FieldDef, Map<string, string>>, f: FieldDef): Map<string, string> {
  const where = f.distinct?.across ? walk.across : list;
  let seen = where.get(f);
  if (!seen) where.set(f, (seen = new Map()));
  return seen;
}

/** A value used a second time is refused, naming the first holder (`other`) when the list names its items. */
function once(walk: Walk, f: FieldDef, seen: Map<string, string>, value: string, path: string, title: string | undefined): void {
  const first = seen.get(value);
  if (first === undefined) {
    seen.set(value, title || value);
    return;
  }
  put(walk, path, { key: f.distinct!.message, params: title === undefined ? { [f.key]: value } : { [f.key]: value, other: first } });
}

/** A list of plain values, one input: its length, then the first value its item field refuses or repeats, at the list's path. */
function valuesAt(walk: Walk, def: NonNullable<FieldDef['values']>, list: readonly unknown[], path: string): void {
  const long = tooLong(def.max, list);
  if (long) return put(walk, path, long);
  const seen = new Map<string, string>();
  for (const value of list) {
    const one: Walk = { errors: {}, across: walk.across };
    fieldAt(one, def.item, { [def.item.key]: value }, path);
    if (one.errors[path]) return put(walk, path, one.errors[path]);
    if (def.item.distinct && seen.has(String(value))) return once(walk, def.item, seen, String(value), path, undefined);
    seen.set(String(value), String(value));
  }
}
