import { requireEntity, translate, type EntityDef, type Language } from '../../../model';
import { dynamicEntity } from '../../../model/dynamic-form';
import type { TokenContext } from '../../../model/default-tokens';
import { rowChecker, sheetLayout } from '../../../model/import-row-check';
import type { FixRow, FixView } from '../../engine/upload-api';
import { currentOrderSheet, orderFieldsOf, recheckOrderRows, type OrderSheet } from './fix-order-blocks';

/**
 * The fixing grid's rows and their checks, without React (issue 33): a row of the sheet as the grid
 * edits it, re-checked in the browser with the import's own rules (model/import-row-check.ts), the
 * same wrong value found in other rows of its column, and the figures above the grid.
 */

/** Rows the grid shows at most besides those with an error or an edit (the server's GRID_MAX_ROWS). */
export const GRID_MAX_ROWS_SHOWN = 10_000;

/** One issue of a row: its sheet column (-1: the row as a whole) and the message as shown. */
export type FixIssue = { col: number; message: string };

/** A row of the grid (AG Grid edits `cells` in place through the columns' value setters). */
export type FixRowData = { row: number; cells: Array<string | null>; excluded: boolean; edited: boolean; issues: FixIssue[] };

export const toRowData = (r: FixRow): FixRowData => ({ row: r.row, cells: [...r.cells], excluded: r.excluded, edited: r.edited, issues: r.errors.map((e) => ({ col: e.col, message: e.message })) });

/** The entity a view's rows are read as: a registry entity, or a dynamic form's built from its design (issue 33). */
export function viewEntity(view: FixView): EntityDef {
  return view.form ? dynamicEntity(view.form, view.form.definition) : requireEntity(view.entity);
}

/** The row checker of a view: the cells of a row to its issues, messages in the user's language (an order field's issue at its cell past the sheet's own, see fix-order-blocks.ts). */
export function fixChecker(view: FixView, language: Language, defaults: TokenContext): (cells: ReadonlyArray<unknown>, continuation: boolean) => FixIssue[] {
  const entity = viewEntity(view);
  const base = sheetLayout(entity, view.headers, view.mapping);
  const order = orderFieldsOf(view);
  // A sheet of order blocks: the order fields are read past the sheet's own cells, as the import reads them (orderLineCells).
  const layout = order ? { ...base, mapping: [...base.mapping, ...Array<null>(Math.max(0, order.base - base.mapping.length)).fill(null), ...order.fields.map((f) => f.column)] } : base;
  const check = rowChecker(layout, {
    defaults,
    partial: view.mode === 'update',
    dictItems: new Map(Object.entries(view.dictItems)),
    knownCodes: new Map(Object.entries(view.knownCodes).map(([id, k]) => [id, { codes: new Set(k.codes), complete: k.complete }])),
  });
  return (cells, continuation) => check(cells, continuation).map((i) => ({ col: i.col, message: translate(language, i.message.key, i.message.params) }));
}

/**
 * Re-checks `targets` among `rows` (a later row of a document skips the header's rules; on a sheet
 * with an order's fields in `key: value` rows, a line takes its block's values and an edited header
 * row re-checks its block). Returns every row whose issues were set (the targets and such a block).
 */
export function recheckRows(view: FixView, check: ReturnType<typeof fixChecker>, rows: readonly FixRowData[], targets: readonly FixRowData[]): FixRowData[] {
  const continued = continuationRows(view, rows);
  const sheet = currentOrderSheet(view, rows, targets);
  if (sheet) return recheckOrderRows(sheet, check, rows, targets, continued);
  for (const r of targets) r.issues = check(r.cells, continued.has(r.row));
  return [...targets];
}

/**
 * Which rows continue a document started above (a master-detail sheet: a later row of the same
 * document number), by sheet row: their header cells are not checked again, as the import does.
 */
export function continuationRows(view: FixView, rows: readonly FixRowData[]): Set<number> {
  const entity = viewEntity(view);
  const out = new Set<number>();
  if (!entity.children?.length || !entity.codeField) return out;
  const codeCol = view.targets.indexOf(entity.codeField);
  if (codeCol < 0) return out;
  const seen = new Set<string>();
  for (const r of [...rows].sort((a, b) => a.row - b.row)) {
    const key = (r.cells[codeCol] ?? '').trim().toUpperCase();
    if (!key || r.excluded) continue;
    if (seen.has(key)) out.add(r.row);
    seen.add(key);
  }
  return out;
}

/** Other rows (not left out) holding the same wrong value in a column: what "apply to all" changes. */
export function sameWrongValue(rows: readonly FixRowData[], col: number, value: string, except: number): FixRowData[] {
  return rows.filter((r) => r.row !== except && !r.excluded && r.cells[col] === value && r.issues.some((i) => i.col === col));
}

/**
 * The figures above the grid: rows with an issue, rows left out, rows ready to commit. On a sheet
 * with an order's fields in `key: value` rows (`sheet`), an order header row or a copy of the
 * headings is no row to commit, nor is a line whose order has an issue on a header row or another line.
 */
export function fixCounts(rows: readonly FixRowData[], sheet?: OrderSheet) {
  let invalid = 0;
  let excluded = 0;
  let waiting = 0;
  // A block is one order: a bad header row or line holds its other lines too (the commit holds them with it).
  const bad = new Set(sheet ? rows.filter((r) => r.issues.length && !r.excluded && sheet.blockOf.has(r.row)).map((r) => sheet.blockOf.get(r.row)) : []);
  for (const r of rows) {
    if (r.excluded) excluded++;
    else if (r.issues.length) invalid++;
    else if (sheet && (sheet.lineCells.get(r.row) === null || bad.has(sheet.blockOf.get(r.row)))) waiting++;
  }
  return { total: rows.length, invalid, excluded, valid: rows.length - invalid - excluded - waiting };
}

/** A typed cell as stored: blank is no value. */
export const cellOf = (v: unknown): string | null => (v === null || v === undefined || String(v).trim() === '' ? null : String(v));
