import type { EntriesDef } from '../../../model/entity';
import { validateField } from '../../../model/validate';

/** One row of a keyed table as edited: the record picked (its id as text, '' while none) and the cells as typed. */
export type EntryRow = { key: string; cells: Record<string, string> };

const cellText = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The rows a stored value `{ "<id>": { field: value } }` shows, in key order. */
export function entryRowsOf(def: EntriesDef, value: unknown): EntryRow[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).map(([key, entry]) => {
    const e = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
    return { key, cells: Object.fromEntries(def.fields.map((f) => [f.key, cellText(e[f.key])])) };
  });
}

/**
 * The value a keyed table saves: each picked record's cells, coerced by their field types (a
 * number as a number), empty cells left out; null when no row is left. A cell that does not
 * coerce is kept as typed so the entity's check refuses it with its message.
 */
export function entriesValueOf(def: EntriesDef, rows: readonly EntryRow[]): Record<string, Record<string, unknown>> | null {
  const out: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    if (!row.key) continue;
    const entry: Record<string, unknown> = {};
    for (const f of def.fields) {
      const text = (row.cells[f.key] ?? '').trim();
      if (!text) continue;
      const { value, error } = validateField(f, text);
      entry[f.key] = error ? text : value;
    }
    out[row.key] = entry;
  }
  return Object.keys(out).length ? out : null;
}

/** A cell's message key (its field's rules and type), or null. */
export function entryCellError(def: EntriesDef, field: string, text: string): string | null {
  const f = def.fields.find((x) => x.key === field);
  if (!f || !text.trim()) return null;
  return validateField(f, text.trim()).error?.key ?? null;
}
