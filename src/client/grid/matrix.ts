/**
 * The colour-size matrix (DOMAIN "Orders and the colour-size matrix": colours as rows, sizes as
 * columns, a quantity in each cell). The value a form stores is a list of records
 * `{ [rowField]: colour, [colField]: size, [cellField]: qty }` (spec 3 matrixinputtable, sent as
 * JSON text); the component edits it as a grid. Pure functions, shared with the orders area.
 */
import type { MessageRef } from '../../model/validate';
import type { CellRefusal, CellWrite, SheetAccess } from './spreadsheet';

export type MatrixConfig = { rowField: string; colField: string; cellField: string };
export type MatrixRecord = Record<string, unknown>;
export type MatrixGrid = { rows: string[]; cols: string[]; cells: Array<Array<number | null>> };

export const DEFAULT_MATRIX: MatrixConfig = { rowField: 'color', colField: 'size', cellField: 'qty' };

function num(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, '').trim());
  return Number.isFinite(n) ? n : null;
}

/** Builds the grid from stored records; `rows`/`cols` add headings that have no cell yet, in order. */
export function toGrid(records: readonly MatrixRecord[] | null | undefined, cfg: MatrixConfig, rows: readonly string[] = [], cols: readonly string[] = []): MatrixGrid {
  const r = [...rows];
  const c = [...cols];
  for (const rec of records ?? []) {
    const rk = String(rec[cfg.rowField] ?? '');
    const ck = String(rec[cfg.colField] ?? '');
    if (rk && !r.includes(rk)) r.push(rk);
    if (ck && !c.includes(ck)) c.push(ck);
  }
  const cells = r.map(() => c.map(() => null as number | null));
  for (const rec of records ?? []) {
    const i = r.indexOf(String(rec[cfg.rowField] ?? ''));
    const j = c.indexOf(String(rec[cfg.colField] ?? ''));
    // Two records of one cell (a plan of several styles shown as one matrix) add up.
    const n = num(rec[cfg.cellField]);
    if (i >= 0 && j >= 0) cells[i][j] = n === null ? cells[i][j] : (cells[i][j] ?? 0) + n;
  }
  return { rows: r, cols: c, cells };
}

/** The records of a grid: one per filled cell (empty cells are not stored). */
export function fromGrid(grid: MatrixGrid, cfg: MatrixConfig): MatrixRecord[] {
  const out: MatrixRecord[] = [];
  grid.rows.forEach((row, i) =>
    grid.cols.forEach((col, j) => {
      const v = grid.cells[i]?.[j];
      if (v !== null && v !== undefined) out.push({ [cfg.rowField]: row, [cfg.colField]: col, [cfg.cellField]: v });
    }),
  );
  return out;
}

const add = (a: number, b: number | null) => a + (b ?? 0);
/** Sums at 4 decimals (spec 9) so 0.1 + 0.2 shows 0.3. */
const tidy = (n: number) => Math.round(n * 10000) / 10000;

export function rowTotals(grid: MatrixGrid): number[] {
  return grid.cells.map((row) => tidy(row.reduce(add, 0)));
}

export function columnTotals(grid: MatrixGrid): number[] {
  return grid.cols.map((_, j) => tidy(grid.cells.reduce((s, row) => add(s, row[j]), 0)));
}

export function grandTotal(grid: MatrixGrid): number {
  return tidy(rowTotals(grid).reduce((a, b) => a + b, 0));
}

// ---------------------------------------------------------------------------------------------
// The matrix as a sheet of the grids' spreadsheet keys (./spreadsheet): ranges, paste of Excel
// blocks, fill down, clear and undo run the same rules as in the workbench and document lines.

/** Digits typed with a Chinese input method (full width) read as digits. */
const halfWidth = (s: string) => s.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));

/**
 * A cell's quantity: pieces, a whole number of 0 or more (Excel's thousands separators and a
 * trailing ".0" accepted); empty text empties the cell.
 */
export function validateQty(raw: string): { value: number | null; error: MessageRef | null } {
  const t = halfWidth(raw).trim().replace(/[,\s]/g, '');
  if (t === '') return { value: null, error: null };
  if (!/^\d+(\.0*)?$/.test(t)) return { value: null, error: { key: 'engine.matrixQty' } };
  return { value: Number(t), error: null };
}

/** The sheet over a matrix: every cell editable, checked by `validateQty`. */
export function matrixSheet(grid: MatrixGrid): SheetAccess {
  return {
    rowCount: grid.rows.length,
    colCount: grid.cols.length,
    text: (p) => {
      const v = grid.cells[p.row]?.[p.col];
      return v === null || v === undefined ? '' : String(v);
    },
    value: (p) => grid.cells[p.row]?.[p.col] ?? null,
    editable: (p) => p.row < grid.rows.length && p.col < grid.cols.length,
    validate: (_p, raw) => validateQty(raw),
  };
}

/** The grid with a plan's (or an undo's) writes made. */
export function applyWrites(grid: MatrixGrid, writes: readonly CellWrite[]): MatrixGrid {
  const cells = grid.cells.map((r) => [...r]);
  for (const w of writes) {
    if (cells[w.pos.row] && w.pos.col < grid.cols.length) cells[w.pos.row][w.pos.col] = num(w.after);
  }
  return { ...grid, cells };
}

/** A refused cell named by its colour and size, for the message under the matrix. */
export function refusalOf(grid: Pick<MatrixGrid, 'rows' | 'cols'>, r: CellRefusal): { row: string; col: string; text: string; key: string } {
  return { row: grid.rows[r.pos.row] ?? '', col: grid.cols[r.pos.col] ?? '', text: r.text, key: r.error.key };
}

export function setCell(grid: MatrixGrid, row: number, col: number, value: unknown): MatrixGrid {
  const cells = grid.cells.map((r) => [...r]);
  if (cells[row] && col < grid.cols.length) cells[row][col] = num(value);
  return { ...grid, cells };
}

export function addRow(grid: MatrixGrid, name: string): MatrixGrid {
  const key = name.trim();
  if (!key || grid.rows.includes(key)) return grid;
  return { rows: [...grid.rows, key], cols: grid.cols, cells: [...grid.cells.map((r) => [...r]), grid.cols.map(() => null)] };
}

export function addColumn(grid: MatrixGrid, name: string): MatrixGrid {
  const key = name.trim();
  if (!key || grid.cols.includes(key)) return grid;
  return { rows: grid.rows, cols: [...grid.cols, key], cells: grid.cells.map((r) => [...r, null]) };
}

export function removeRow(grid: MatrixGrid, index: number): MatrixGrid {
  return { rows: grid.rows.filter((_, i) => i !== index), cols: grid.cols, cells: grid.cells.filter((_, i) => i !== index) };
}

/** Keyboard movement like a spreadsheet: arrows, Enter down, Tab right (wrapping to the next row). */
export function moveFocus(grid: Pick<MatrixGrid, 'rows' | 'cols'>, at: { row: number; col: number }, key: string, shift = false): { row: number; col: number } {
  const maxR = grid.rows.length - 1;
  const maxC = grid.cols.length - 1;
  let { row, col } = at;
  switch (key) {
    case 'ArrowUp':
      row = Math.max(0, row - 1);
      break;
    case 'ArrowDown':
      row = Math.min(maxR, row + 1);
      break;
    case 'ArrowLeft':
      col = Math.max(0, col - 1);
      break;
    case 'ArrowRight':
      col = Math.min(maxC, col + 1);
      break;
    case 'Enter':
      row = shift ? Math.max(0, row - 1) : Math.min(maxR, row + 1);
      break;
    case 'Tab':
      if (shift) {
        if (col > 0) col--;
        else if (row > 0) {
          row--;
          col = maxC;
        }
      } else if (col < maxC) col++;
      else if (row < maxR) {
        row++;
        col = 0;
      }
      break;
  }
  return { row, col };
}
