import type { EntriesDef } from '../../../model/entity';
import { validateField } from '../../../model/validate';
import type { CellWrite, SheetAccess } from '../../grid/spreadsheet';

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

/**
 * The rows' value cells as a sheet of the spreadsheet keys (useInputSheet): a row per entry, a
 * column per declared field (the key column is a dropdown, not a cell of the sheet). A cell holds
 * its text as typed or pasted, as the inputs always did: a bad cell is kept and shown with its
 * message (entryCellError), and the entity's check refuses it on save. No cell past the last row:
 * a pasted block is cut there, it never invents a record.
 */
export function entrySheet(def: EntriesDef, rows: readonly EntryRow[], editable: boolean): SheetAccess {
  const textAt = (row: number, col: number) => {
    const f = def.fields[col];
    return f ? (rows[row]?.cells[f.key] ?? '') : '';
  };
  return {
    rowCount: rows.length,
    colCount: def.fields.length,
    text: (pos) => textAt(pos.row, pos.col),
    value: (pos) => textAt(pos.row, pos.col),
    editable: () => editable,
    validate: (_pos, raw) => ({ value: raw, error: null }),
  };
}

/** One action's writes (a paste, a fill, a clear, an undo) in the rows, as new rows; writes off the rows are dropped. */
export function writeEntryCells(def: EntriesDef, rows: readonly EntryRow[], writes: readonly CellWrite[]): EntryRow[] {
  const next = rows.map((r) => ({ ...r, cells: { ...r.cells } }));
  for (const w of writes) {
    const f = def.fields[w.pos.col];
    const row = next[w.pos.row];
    if (f && row) row.cells[f.key] = w.after === null || w.after === undefined ? '' : String(w.after);
  }
  return next;
}
