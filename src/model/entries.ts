import type { EntriesDef, FieldDef, ItemsDef } from './entity';
import { FIELD_TYPE_TABLE } from './field-types';
import { validateField } from './validate';

/** A record's id as an object key: a positive whole number. */
const ID_KEY = /^[1-9]\d{0,17}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The message key of the first bad entry of a keyed JSON value (`{ "<id>": { field: value } }`), or
 * null when every entry is keyed by an id and holds only declared fields with valid values, stored
 * as their type stores them (a number as a number). Shared by the save API, the import and the
 * form (the entity check that defineEntity adds for each field with `entries`).
 *
 * Example: `entriesError(settings, { '7': { kpi: 'high' } }) === 'rule.number'`.
 */
export function entriesError(def: EntriesDef, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) return 'rule.entriesShape';
  for (const [key, entry] of Object.entries(value)) {
    if (!ID_KEY.test(key)) return 'rule.entriesKey';
    const error = smallRecordError(def.fields, entry);
    if (error) return error;
  }
  return null;
}

/** The message key of a small record's first bad field, or of its shape (an object of declared fields only, numbers stored as numbers). */
function smallRecordError(fields: readonly FieldDef[], entry: unknown): string | null {
  if (!isRecord(entry) || Object.keys(entry).some((k) => !fields.some((f) => f.key === k))) return 'rule.entriesShape';
  for (const field of fields) {
    const raw = entry[field.key];
    const { value: coerced, error } = validateField(field, raw);
    if (error) return error.key;
    // Stored as typed: 90, not "90" (the services read the values without coercing them again).
    if (raw !== undefined && raw !== null && coerced !== raw && FIELD_TYPE_TABLE[field.type].nature === 'number') return 'rule.entriesShape';
  }
  return null;
}

/**
 * The message key of the first bad item of a JSON list of small records (`[{ value: 'a', label: '甲' }]`,
 * FieldDef.items), or null when the value is a list whose items hold only declared fields with valid
 * values (the same item check as an entry's).
 *
 * Example: `itemsError({ fields: [{ key: 'label', label, type: 'text', required: true }] }, [{ label: '' }]) === 'rule.required'`.
 */
export function itemsError(def: ItemsDef, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) return 'rule.entriesShape';
  for (const item of value) {
    const error = smallRecordError(def.fields, item);
    if (error) return error;
  }
  return null;
}
