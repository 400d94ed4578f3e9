import { applyMapping, confirmedOrderKeys } from '../../../model/import-mapping';
import { OrderBlocks, orderHeaderPairs, orderKey, repeatsHeader } from '../../../model/order-header-rows';
import type { FixView } from '../../engine/upload-api';
import type { FixIssue, FixRowData } from './fix-rows';
import { viewEntity } from './fix-rows';

/**
 * The fixing grid on a sheet with an order's fields in `key: value` rows (issue 33): above the
 * headings of a sheet of one order, or above each block of a sheet of order blocks. Each line is
 * checked with its block's values after its own cells, as the import reads it (ImportOrderBlocks);
 * a block's values are checked once, on the header rows where they are written, in the cell that
 * holds each value, with the messages the import gives them; a copy of the headings is no line.
 */

/** A block of the grid's rows: its order header rows, its lines, and per key (as `orderKey`) its value and the cell that holds it. */
export type FixBlock = { headerRows: number[]; lines: number[]; values: Map<string, { value: unknown; row: number; col: number }> };

export type OrderSheet = {
  /** The first index past the sheet's own cells: the order fields' cells start there. */
  base: number;
  fields: ReturnType<typeof applyMapping>['orderFields'];
  /** Per sheet row: a line's cells with its block's values after them; null: an order header row or a copy of the headings. */
  lineCells: Map<number, unknown[] | null>;
  blockOf: Map<number, FixBlock>;
  headerRows: Set<number>;
};

/** A view's confirmed order fields, every key the mapping names, and where the fields' cells start; null: no order fields. */
export function orderFieldsOf(view: FixView) {
  if (!view.mapping?.orderFields?.length) return null;
  const fields = applyMapping(viewEntity(view), view.mapping).orderFields;
  return fields.length ? { fields, keys: confirmedOrderKeys(view.mapping), base: Math.max(view.headers.length, ...view.mapping.columns.map((c) => c.index + 1)) } : null;
}

/** The grid's rows read as the import reads them (rows left out are not read); undefined: not a sheet with order fields. */
export function orderSheetOf(view: FixView, rows: readonly FixRowData[]): OrderSheet | undefined {
  const order = orderFieldsOf(view);
  if (!order) return undefined;
  const reader = new OrderBlocks(order.keys);
  const blocks = new Map<object, FixBlock & { lines: number[]; headerRows: number[] }>();
  const sheet: OrderSheet = { base: order.base, fields: order.fields, lineCells: new Map(), blockOf: new Map(), headerRows: new Set() };
  const blockNow = () => {
    const cur = reader.current;
    if (!cur) return null;
    if (!blocks.has(cur)) blocks.set(cur, { headerRows: [], lines: [], values: cur.values });
    return blocks.get(cur)!;
  };
  for (const r of [...rows].sort((a, b) => a.row - b.row)) {
    if (r.excluded) continue;
    if (reader.take(r.row, r.cells)) {
      const b = blockNow()!;
      b.headerRows.push(r.row);
      sheet.blockOf.set(r.row, b);
      sheet.headerRows.add(r.row);
      sheet.lineCells.set(r.row, null);
      continue;
    }
    if (repeatsHeader(r.cells, view.headers)) {
      sheet.lineCells.set(r.row, null);
      continue;
    }
    const cells: unknown[] = r.cells.slice(0, order.base);
    cells.length = order.base;
    for (const f of order.fields) cells.push(reader.current?.values.get(f.key)?.value ?? null);
    sheet.lineCells.set(r.row, cells);
    const b = blockNow();
    if (b) {
      b.lines.push(r.row);
      sheet.blockOf.set(r.row, b);
    }
  }
  return sheet;
}

/** The sheet last read per grid's rows, with the view and the rows left out it was read with. */
const readSheets = new WeakMap<readonly FixRowData[], { view: FixView; excluded: string; sheet: OrderSheet | undefined }>();

/**
 * `orderSheetOf`, read again only when it may have changed: another view, other rows left out, or an
 * edit that may move the blocks (a row becoming or ceasing to be an order header row or a copy of the
 * headings, a header row's keys changed). Otherwise only the edited rows are taken again, so an edit
 * on a grid of 10,000 rows does not read every row's pairs again (bench B12b).
 */
export function currentOrderSheet(view: FixView, rows: readonly FixRowData[], edited: readonly FixRowData[] = []): OrderSheet | undefined {
  const excluded = rows.filter((r) => r.excluded).map((r) => r.row).join(',');
  const last = readSheets.get(rows);
  if (last && last.view === view && last.excluded === excluded && (!last.sheet || linesTakenAgain(last.sheet, view, edited))) return last.sheet;
  const sheet = orderSheetOf(view, rows);
  readSheets.set(rows, { view, excluded, sheet });
  return sheet;
}

/**
 * Takes the edited rows again where the sheet's blocks stay as they are: a line that stays a line (its
 * cells), an order header row that stays one with the same keys (its values, into its block's lines);
 * false (read the sheet again) for any other edit.
 */
function linesTakenAgain(sheet: OrderSheet, view: FixView, edited: readonly FixRowData[]): boolean {
  const keys = confirmedOrderKeys(view.mapping);
  const pairs = edited.map((r) => orderHeaderPairs(r.cells, keys));
  const same = edited.every((r, i) => (sheet.headerRows.has(r.row) ? sameKeys(sheet.blockOf.get(r.row)!, r.row, pairs[i]) : Array.isArray(sheet.lineCells.get(r.row)) && !pairs[i] && !repeatsHeader(r.cells, view.headers)));
  if (!same) return false;
  edited.forEach((r, i) => {
    const block = sheet.blockOf.get(r.row)!;
    if (!sheet.headerRows.has(r.row)) {
      const cells = sheet.lineCells.get(r.row)!;
      for (let c = 0; c < sheet.base; c++) cells[c] = r.cells[c];
      return;
    }
    for (const p of pairs[i]!) block.values.set(orderKey(p.key), { value: p.value, row: r.row, col: p.valueCol });
    for (const n of block.lines) sheet.fields.forEach((f, k) => (sheet.lineCells.get(n)![sheet.base + k] = block.values.get(f.key)?.value ?? null));
  });
  return true;
}

/** Whether a header row's pairs name the keys it gave its block before, each once. */
function sameKeys(block: FixBlock, row: number, pairs: ReturnType<typeof orderHeaderPairs>): boolean {
  if (!pairs) return false;
  const had = [...block.values].filter(([, v]) => v.row === row).map(([k]) => k);
  const now = new Set(pairs.map((p) => orderKey(p.key)));
  return now.size === pairs.length && now.size === had.length && had.every((k) => now.has(k));
}

/**
 * A block's issues on its own values, per header row: its first line checked with them (a block
 * without lines: its values alone), each issue of an order field put on the cell that holds the
 * value (the block's first header row as a whole when it gives no such key).
 */
export function blockIssues(sheet: OrderSheet, block: FixBlock, check: (cells: ReadonlyArray<unknown>, continuation: boolean) => FixIssue[]): Map<number, FixIssue[]> {
  const first = block.lines.length ? sheet.lineCells.get(block.lines[0]) : null;
  const cells = first ?? [...Array<null>(sheet.base).fill(null), ...sheet.fields.map((f) => block.values.get(f.key)?.value ?? null)];
  const out = new Map<number, FixIssue[]>(block.headerRows.map((n) => [n, []]));
  for (const issue of check(cells, false)) {
    const field = sheet.fields[issue.col - sheet.base];
    if (!field) continue;
    const at = block.values.get(field.key);
    out.get(at?.row ?? block.headerRows[0])?.push({ col: at ? at.col : -1, message: issue.message });
  }
  return out;
}

/**
 * Re-checks `targets` on such a sheet; an edited header row re-checks its whole block (its values
 * and its lines). A line's issue on an order field is its header row's (shown there); a line above
 * the first block keeps it as the row's as a whole. Returns every row whose issues were set.
 */
export function recheckOrderRows(sheet: OrderSheet, check: (cells: ReadonlyArray<unknown>, continuation: boolean) => FixIssue[], rows: readonly FixRowData[], targets: readonly FixRowData[], continued: ReadonlySet<number>): FixRowData[] {
  const byRow = new Map(targets.some((r) => sheet.headerRows.has(r.row)) ? rows.map((r) => [r.row, r]) : []);
  const all = new Set(targets);
  for (const r of targets) {
    const b = sheet.headerRows.has(r.row) ? sheet.blockOf.get(r.row) : undefined;
    for (const n of b ? [...b.headerRows, ...b.lines] : []) all.add(byRow.get(n)!);
  }
  const done = new Set<FixBlock>();
  for (const r of all) {
    const cells = sheet.lineCells.get(r.row);
    if (sheet.headerRows.has(r.row)) {
      const b = sheet.blockOf.get(r.row)!;
      if (done.has(b)) continue;
      done.add(b);
      for (const [n, issues] of blockIssues(sheet, b, check)) byRow.get(n)!.issues = issues;
      continue;
    }
    if (cells === null) {
      r.issues = [];
      continue;
    }
    const inBlock = sheet.blockOf.has(r.row);
    r.issues = check(cells ?? r.cells, continued.has(r.row))
      .filter((i) => i.col < sheet.base || !inBlock)
      .map((i) => (i.col >= sheet.base ? { ...i, col: -1 } : i));
  }
  return [...all];
}
