import { requireEntity, translate, type EntityDef, type Language } from '../../../model';
import { dynamicEntity } from '../../../model/dynamic-form';
import type { TokenContext } from '../../../model/default-tokens';
import { applyMapping } from '../../../model/import-mapping';
import { rowChecker, sheetLayout } from '../../../model/import-row-check';
import { OrderBlocks, repeatsHeader } from '../../../model/order-header-rows';
import type { FixRow, FixView } from '../../engine/upload-api';

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

/** The row checker of a view: the cells of a row to its issues, messages in the user's language. */
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
  // An order field's issue is the row's as a whole here (the value stands on its order's header row).
  return (cells, continuation) => check(cells, continuation).map((i) => ({ col: order && i.col >= order.base ? -1 : i.col, message: translate(language, i.message.key, i.message.params) }));
}

/** A view's confirmed order fields (a sheet of order blocks, issue 33) and where their cells start; null: none. */
function orderFieldsOf(view: FixView) {
  if (!view.mapping?.orderFields?.length) return null;
  const fields = applyMapping(viewEntity(view), view.mapping).orderFields;
  return fields.length ? { fields, base: Math.max(view.headers.length, ...view.mapping.columns.map((c) => c.index + 1)) } : null;
}

/**
 * A sheet of order blocks: each line's cells with its block's values after them (as the import's
 * ImportOrderBlocks.extend), by sheet row; an order header row or a copy of the headings is no line
 * (null: not checked as one, the server checks its values with its block). Undefined: not such a sheet.
 */
export function orderLineCells(view: FixView, rows: readonly FixRowData[]): Map<number, unknown[] | null> | undefined {
  const order = orderFieldsOf(view);
  if (!order) return undefined;
  const blocks = new OrderBlocks();
  const out = new Map<number, unknown[] | null>();
  for (const r of [...rows].sort((a, b) => a.row - b.row)) {
    if (r.excluded) continue;
    if (blocks.take(r.row, r.cells) || repeatsHeader(r.cells, view.headers)) {
      out.set(r.row, null);
      continue;
    }
    const cells: unknown[] = r.cells.slice(0, order.base);
    cells.length = order.base;
    for (const f of order.fields) cells.push(blocks.current?.values.get(f.key)?.value ?? null);
    out.set(r.row, cells);
  }
  return out;
}

/** Re-checks `targets` among `rows` (a later row of a document skips the header's rules; a line of an order block takes its block's values). */
export function recheckRows(view: FixView, check: ReturnType<typeof fixChecker>, rows: readonly FixRowData[], targets: readonly FixRowData[]): void {
  const continued = continuationRows(view, rows);
  const lines = orderLineCells(view, rows);
  for (const r of targets) {
    const cells = lines ? lines.get(r.row) : r.cells;
    r.issues = cells === null ? [] : check(cells ?? r.cells, continued.has(r.row));
  }
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

/** The figures above the grid: rows with an issue, rows left out, rows ready to commit. */
export function fixCounts(rows: readonly FixRowData[]) {
  let invalid = 0;
  let excluded = 0;
  for (const r of rows) {
    if (r.excluded) excluded++;
    else if (r.issues.length) invalid++;
  }
  return { total: rows.length, invalid, excluded, valid: rows.length - invalid - excluded };
}

/** A typed cell as stored: blank is no value. */
export const cellOf = (v: unknown): string | null => (v === null || v === undefined || String(v).trim() === '' ? null : String(v));
