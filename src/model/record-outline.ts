import type { ItemsDef, Label } from './entity';
import { labelIn } from './label-text';

/**
 * An outline of a JSON record's two-level list (a form design: its sections, each with its
 * fields), drawn and edited in place by `RecordOutline` (src/client/engine/RecordOutline.tsx): a
 * top item's `inline` fields as inputs, each nested item as a row (its `title` field, its `detail`
 * fields in their dictionary's words, its `flag` field as a mark) that is selected by a click,
 * moves up and down, removal, and adding (a new item holds `fresh`, its `named` field the
 * declared words and its key field an unused `<noun>_<n>`). The fields, their labels and the
 * words of the add buttons are the record's declaration (`FieldDef.record`, `ItemsDef.add`); a
 * row is marked when an error lies under its path. Test ids: `<testId>-structure`,
 * `<testId>-<top noun>-<i>`, `<testId>-add-<row noun>-<i>`, `<testId>-<row noun>-row`.
 *
 * Example: `designOutline` (grids/approvals/dynfield.grid.ts), the form designer's left panel.
 */
export type OutlineDecl = {
  title: Label;
  testId: string;
  /** The record's list of top items (sections), the fields edited in place, with a width when fixed. */
  top: OutlineLevel & { inline: Array<{ field: string; width?: number }> };
  /** Each top item's list of rows (fields). */
  rows: OutlineLevel & { title: string; detail: string[]; flag?: string };
};

/** A level of the outline: its list field, the noun of its items, their key field, what a new one holds, the words of removing one. */
export type OutlineLevel = { list: string; noun: string; key: string; fresh: Record<string, unknown>; named: { field: string; label: Label }; remove: Label };

/** The selected row: top item and row index. */
export type OutlineSelection = { s: number; f: number } | null;

type Item = Record<string, unknown>;
const listOf = (v: unknown, key: string): Item[] => (typeof v === 'object' && v !== null && Array.isArray((v as Item)[key]) ? ((v as Item)[key] as Item[]) : []);

/** The top items of a record, and the rows of a top item. */
export const outlineTops = (o: OutlineDecl, record: unknown): Item[] => listOf(record, o.top.list);
export const outlineRows = (o: OutlineDecl, top: unknown): Item[] => listOf(top, o.rows.list);

/** A key no item of either level uses yet: `<stem>_1`, `<stem>_2`, ... */
export function unusedKey(o: OutlineDecl, record: unknown, stem: string): string {
  const used = new Set(outlineTops(o, record).flatMap((t) => [t[o.top.key], ...outlineRows(o, t).map((r) => r[o.rows.key])]));
  for (let i = 1; ; i++) if (!used.has(`${stem}_${i}`)) return `${stem}_${i}`;
}

/** The list with item i moved one place up or down (unchanged at an end). */
export function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (i < 0 || i >= list.length || j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/** The items declaration of an outline's level within the record's (for the add button's words and the fields' labels). */
export function outlineItems(o: OutlineDecl, shape: ItemsDef): { top: ItemsDef | undefined; rows: ItemsDef | undefined } {
  const top = shape.fields.find((f) => f.key === o.top.list)?.items;
  return { top, rows: top?.fields.find((f) => f.key === o.rows.list)?.items };
}

/** An edit of the outline, as its buttons and inputs make it. */
export type OutlineEdit =
  | { op: 'setTop'; s: number; patch: Item }
  | { op: 'moveTop' | 'moveRow'; s: number; f?: number; by: -1 | 1 }
  | { op: 'removeTop' | 'removeRow' | 'addRow'; s: number; f?: number }
  | { op: 'addTop' };

/**
 * The record after an edit, and the selected row after it: a moved row stays selected, a removed
 * one (or its top item) leaves nothing selected, a new row is selected; a new item is `fresh`, named
 * in `language`, with an unused key.
 */
export function applyOutlineEdit(o: OutlineDecl, record: Item, edit: OutlineEdit, selection: OutlineSelection, language: string): { record: Item; selection: OutlineSelection } {
  const tops = outlineTops(o, record);
  const withTops = (next: Item[]) => ({ ...record, [o.top.list]: next });
  const withRows = (s: number, rows: Item[]) => withTops(tops.map((t, i) => (i === s ? { ...t, [o.rows.list]: rows } : t)));
  const fresh = (level: OutlineLevel) => ({ ...level.fresh, [level.key]: unusedKey(o, record, level.noun), [level.named.field]: labelIn(level.named.label, language) });
  const rows = edit.op === 'addTop' ? [] : outlineRows(o, tops[edit.s]);
  const f = 'f' in edit ? (edit.f ?? 0) : 0;
  switch (edit.op) {
    case 'setTop':
      return { record: withTops(tops.map((t, i) => (i === edit.s ? { ...t, ...edit.patch } : t))), selection };
    case 'moveTop':
      return { record: withTops(moved(tops, edit.s, edit.by)), selection };
    case 'removeTop':
      return { record: withTops(tops.filter((_, i) => i !== edit.s)), selection: null };
    case 'addTop':
      return { record: withTops([...tops, fresh(o.top)]), selection };
    case 'moveRow':
      return { record: withRows(edit.s, moved(rows, f, edit.by)), selection: { s: edit.s, f: Math.min(rows.length - 1, Math.max(0, f + edit.by)) } };
    case 'removeRow':
      return { record: withRows(edit.s, rows.filter((_, i) => i !== f)), selection: null };
    case 'addRow':
      return { record: withRows(edit.s, [...rows, fresh(o.rows)]), selection: { s: edit.s, f: rows.length } };
  }
}
