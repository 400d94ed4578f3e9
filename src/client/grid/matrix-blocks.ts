import { largestRemainder } from '../../model/allocation';
import type { ChildMatrix } from '../../model/entity';
import { validateQty } from './matrix';
import { parseTsv } from './spreadsheet';

/**
 * A document's colour x size lines as the buyer sees them (issue 6, grown for purchase orders in issue
 * 17; DOMAIN "Orders and the colour-size matrix"): one block per style, each a matrix with colours as
 * rows and sizes as columns, a unit price and a name. Stored as one line per colour and size with a
 * quantity (spec 3). Which fields of the child hold the style, name, price, colour, size, quantity and
 * amount is the layout, from the child's matrix declaration (ChildMatrix); by default a requirement
 * order's entries. Pure functions: the matrix editor renders them, tests check them.
 */
export type EntryRow = Record<string, unknown> & { __key: string };

/** The child's fields in the roles of a style block (null: the child has no such field). */
export type MatrixLayout = { block: string; name: string | null; price: string | null; row: string; col: string; cell: string; amount: string | null };

/** A requirement order's entries: style no., name and unit price per style, colour x size of quantities. */
export const ORDER_ENTRIES_LAYOUT: MatrixLayout = { block: 'style_no', name: 'style_name', price: 'unit_price', row: 'colour', col: 'size', cell: 'qty', amount: 'amount' };

/**
 * The layout of a declared matrix over a child's fields: the block field (default `style_no`), of the
 * block fields (default name and unit price) a price field (`unit_price`) and a name (the other one),
 * the amount when the child has `amount`.
 */
export function matrixLayout(decl: ChildMatrix, childFields: readonly string[]): MatrixLayout {
  const has = (f: string) => childFields.includes(f);
  const blockFields = (decl.blockFields ?? ['style_name', 'unit_price']).filter(has);
  return {
    block: decl.blockField ?? 'style_no',
    name: blockFields.find((f) => f !== 'unit_price') ?? null,
    price: blockFields.includes('unit_price') ? 'unit_price' : null,
    row: decl.rowField,
    col: decl.colField,
    cell: decl.cellField,
    amount: has('amount') ? 'amount' : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The matrix of one block: totals, amounts, a prepack row, a pasted block

/** A size ratio typed by a buyer, "1:2:2:1" or "1 2 2 1" or "1,2,2,1". Null when it is not one. */
export function parseSizeRatio(text: string): number[] | null {
  const parts = text.trim().split(/[\s:,/，：]+/).filter(Boolean);
  if (!parts.length) return null;
  const nums = parts.map(Number);
  return nums.every((n) => Number.isFinite(n) && n >= 0) && nums.some((n) => n > 0) ? nums : null;
}

/**
 * Fills one colour row from a total and a size ratio (a prepack: 12 pieces at 1:2:2:1 and so on),
 * rounding by largest remainder so the row adds up to the total.
 */
export function prepackRow(total: number, sizes: string[], ratio: number[]): Record<string, number> {
  const r = sizes.map((_, i) => ratio[i] ?? 0);
  const parts = largestRemainder(total, r);
  return Object.fromEntries(sizes.map((s, i) => [s, parts[i]]));
}

/** The matrix a colour x size entry list is shown as: colours as rows, sizes as columns. */
export type SizeMatrix = { colours: string[]; sizes: string[]; qty: Record<string, Record<string, number>> };

/** Spec 9: amounts stop at 4 decimals. */
export function round4(n: number): number {
  return Math.round(n * 10000) / 10000;
}

export function lineAmount(qty: number, unitPrice: number | null | undefined): number | null {
  return unitPrice === null || unitPrice === undefined || !Number.isFinite(unitPrice) ? null : round4(qty * unitPrice);
}

export type MatrixTotals = { rows: Record<string, number>; cols: Record<string, number>; total: number; amount: number | null };

/** Row totals (per colour), column totals (per size), the grand total and the amount at a unit price. */
export function matrixTotals(m: SizeMatrix, unitPrice?: number | null): MatrixTotals {
  const rows: Record<string, number> = {};
  const cols: Record<string, number> = Object.fromEntries(m.sizes.map((s) => [s, 0]));
  let total = 0;
  for (const c of m.colours) {
    let r = 0;
    for (const s of m.sizes) {
      const q = m.qty[c]?.[s] ?? 0;
      r += q;
      cols[s] += q;
    }
    rows[c] = r;
    total += r;
  }
  return { rows, cols, total, amount: lineAmount(total, unitPrice) };
}

/**
 * Pastes a block into the matrix starting at a cell. With `header` the block's first row names the
 * sizes and its first column the colours (the whole table copied from a buyer's sheet): new colours
 * and sizes are added. Without, numbers land from the start cell on, new colours are added below.
 * A cell that is not a quantity (validateQty: a whole number >= 0) is reported, not pasted.
 */
export function pasteIntoMatrix(m: SizeMatrix, block: string[][], start: { colour: number; size: number }, header = false): { matrix: SizeMatrix; rejected: Array<{ row: number; col: number; text: string }> } {
  const next: SizeMatrix = { colours: [...m.colours], sizes: [...m.sizes], qty: Object.fromEntries(Object.entries(m.qty).map(([k, v]) => [k, { ...v }])) };
  const rejected: Array<{ row: number; col: number; text: string }> = [];
  const put = (colour: string, size: string, text: string, row: number, col: number) => {
    if (text === '') return;
    const n = validateQty(text).value;
    if (n === null) {
      rejected.push({ row, col, text });
      return;
    }
    next.qty[colour] = next.qty[colour] ?? {};
    next.qty[colour][size] = n;
  };
  if (header && block.length > 1) {
    const sizes = block[0].slice(1);
    for (const s of sizes) if (s && !next.sizes.includes(s)) next.sizes.push(s);
    block.slice(1).forEach((r, ri) => {
      const colour = r[0];
      if (!colour) return;
      if (!next.colours.includes(colour)) next.colours.push(colour);
      r.slice(1).forEach((text, ci) => sizes[ci] && put(colour, sizes[ci], text, ri + 1, ci + 1));
    });
    return { matrix: next, rejected };
  }
  block.forEach((r, ri) => {
    const ciRow = start.colour + ri;
    while (next.colours.length <= ciRow) next.colours.push(`#${next.colours.length + 1}`);
    r.forEach((text, cj) => {
      const sj = start.size + cj;
      if (sj >= next.sizes.length) {
        if (text !== '') rejected.push({ row: ri, col: cj, text });
        return;
      }
      put(next.colours[ciRow], next.sizes[sj], text, ri, cj);
    });
  });
  return { matrix: next, rejected };
}

/** Whether a block's first row looks like size headers (text in every cell after the first). */
export function blockHasHeader(block: string[][]): boolean {
  if (block.length < 2 || block[0].length < 2) return false;
  return block[0].slice(1).every((c) => c !== '' && !/^\d+$/.test(c.replace(/,/g, '')));
}

// ---------------------------------------------------------------------------------------------
// Style blocks over a document's lines

export type StyleBlock = {
  key: string;
  style_no: string;
  style_name: string;
  /** As typed (the rules check it when the order is saved). */
  unit_price: string;
  colours: string[];
  sizes: string[];
};

/** Size runs a buyer picks from (letters, numeric kids, waist sizes). */
export const SIZE_RUNS: Record<string, string[]> = {
  letters: ['S', 'M', 'L', 'XL'],
  wide: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  waist: ['28', '29', '30', '31', '32', '33', '34', '36'],
  kids: ['100', '110', '120', '130', '140', '150'],
};

const LETTER_ORDER = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', 'XXXL', '3XL', '4XL', '5XL'];

/** Sizes in wearing order: letter sizes by the letter run, numbers ascending, the rest as first seen. */
export function sortSizes(sizes: string[]): string[] {
  const rank = (s: string): [number, number] => {
    const li = LETTER_ORDER.indexOf(s.toUpperCase());
    if (li >= 0) return [0, li];
    const n = Number(s);
    return Number.isFinite(n) ? [1, n] : [2, 0];
  };
  return sizes
    .map((s, i) => ({ s, i, r: rank(s) }))
    .sort((a, b) => a.r[0] - b.r[0] || (a.r[0] === 2 ? a.i - b.i : a.r[1] - b.r[1]))
    .map((x) => x.s);
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * Whether a line belongs to the matrix: it has a colour or a size. A line without either (a raw
 * material line of a purchase order switched to goods) is no cell of any block: the blocks leave it
 * as it is, for the form to point out (nothing typed is dropped by editing another block).
 */
export const isMatrixRow = (r: EntryRow, L: MatrixLayout = ORDER_ENTRIES_LAYOUT): boolean => text(r[L.row]) !== '' || text(r[L.col]) !== '';

let blockSeq = 0;
export const newBlockKey = () => `style-${++blockSeq}`;

/** Blocks of stored entry rows, one per style number in first-seen order (an empty order gets one empty block). */
export function blocksFromRows(rows: readonly EntryRow[], layout: MatrixLayout = ORDER_ENTRIES_LAYOUT, startSizes?: string[]): StyleBlock[] {
  const L = layout;
  const blocks: StyleBlock[] = [];
  for (const r of rows) {
    if (!isMatrixRow(r, L) && !text(r[L.block])) continue;
    const style = text(r[L.block]);
    let b = blocks.find((x) => x.style_no === style);
    if (!b) {
      b = { key: newBlockKey(), style_no: style, style_name: L.name ? text(r[L.name]) : '', unit_price: L.price ? text(r[L.price]) : '', colours: [], sizes: [] };
      blocks.push(b);
    }
    const colour = text(r[L.row]);
    const size = text(r[L.col]);
    if (colour && !b.colours.includes(colour)) b.colours.push(colour);
    if (size && !b.sizes.includes(size)) b.sizes.push(size);
  }
  for (const b of blocks) b.sizes = sortSizes(b.sizes);
  return blocks.length ? blocks : [emptyBlock(startSizes)];
}

/** A new block: no style yet, the declared start sizes or the letter run. */
export function emptyBlock(sizes: string[] = SIZE_RUNS.letters): StyleBlock {
  return { key: newBlockKey(), style_no: '', style_name: '', unit_price: '', colours: [], sizes: [...sizes] };
}

/** The rows of one block (by its style number). */
export function rowsOfBlock(rows: readonly EntryRow[], block: Pick<StyleBlock, 'style_no'>, layout: MatrixLayout = ORDER_ENTRIES_LAYOUT): EntryRow[] {
  return rows.filter((r) => inBlock(r, block.style_no, layout));
}

/** A line of the block of that style no.; a block without a style no. holds only matrix lines. */
const inBlock = (r: EntryRow, styleNo: string, L: MatrixLayout) => text(r[L.block]) === styleNo && (styleNo !== '' || isMatrixRow(r, L));

/** A block's quantities as a matrix (colours x sizes). */
export function blockMatrix(rows: readonly EntryRow[], block: StyleBlock, layout: MatrixLayout = ORDER_ENTRIES_LAYOUT): SizeMatrix {
  const qty: SizeMatrix['qty'] = {};
  for (const r of rowsOfBlock(rows, block, layout)) {
    const c = text(r[layout.row]);
    qty[c] = qty[c] ?? {};
    qty[c][text(r[layout.col])] = Number(r[layout.cell]) || 0;
  }
  return { colours: [...block.colours], sizes: [...block.sizes], qty };
}

/**
 * Writes a block's matrix back into the order's rows: one row per colour and size with a quantity
 * above 0; an existing row keeps its id (the server updates it rather than replacing it); the other
 * blocks' rows stay as they are; `seq` numbers every row in matrix order.
 */
export function writeBlock(rows: readonly EntryRow[], block: StyleBlock, previousStyleNo: string, matrix: SizeMatrix, newKey: () => string, layout: MatrixLayout = ORDER_ENTRIES_LAYOUT): EntryRow[] {
  const L = layout;
  const isMine = (r: EntryRow) => inBlock(r, previousStyleNo, L);
  const mine = rows.filter(isMine);
  const others = rows.filter((r) => !isMine(r));
  const price = block.unit_price.trim() === '' ? null : block.unit_price.trim();
  const written: EntryRow[] = [];
  for (const c of matrix.colours)
    for (const s of matrix.sizes) {
      const q = matrix.qty[c]?.[s] ?? 0;
      if (!(q > 0)) continue;
      const old = mine.find((r) => text(r[L.row]) === c && text(r[L.col]) === s);
      const amount = price === null || !Number.isFinite(Number(price)) ? null : lineAmount(q, Number(price));
      const line: EntryRow = { ...(old ?? { __key: newKey() }), [L.block]: block.style_no, [L.row]: c, [L.col]: s, [L.cell]: q };
      if (L.name) line[L.name] = block.style_name || null;
      if (L.price) line[L.price] = price;
      if (L.amount) line[L.amount] = L.price ? amount : null;
      written.push(line);
    }
  // Keep the block where it was among the others.
  const firstIndex = rows.findIndex(isMine);
  const at = firstIndex < 0 ? others.length : rows.slice(0, firstIndex).filter((r) => !isMine(r)).length;
  const next = [...others.slice(0, at), ...written, ...others.slice(at)];
  return next.map((r, i) => ({ ...r, seq: i + 1 }));
}

/** The matrix with a pasted block applied: a whole table (sizes in the first row, colours in the first column) or numbers from a cell on. */
export function pasteIntoBlock(matrix: SizeMatrix, clipboard: string, start: { colour: number; size: number } = { colour: 0, size: 0 }) {
  // Excel's tab-separated text (a trailing line break is no extra row), cells trimmed.
  const block = parseTsv(clipboard).map((r) => r.map((c) => c.trim()));
  const header = blockHasHeader(block);
  const r = pasteIntoMatrix(matrix, block, start, header);
  return { ...r, header };
}

/**
 * Prepack fill (DOMAIN: a total spread over sizes by a ratio, largest-remainder rounding so the row
 * adds up exactly): each chosen colour gets `total` pieces over the block's sizes at `ratio`.
 */
export function prepackFill(matrix: SizeMatrix, colours: string[], total: number, ratio: number[]): SizeMatrix {
  const qty = Object.fromEntries(Object.entries(matrix.qty).map(([k, v]) => [k, { ...v }]));
  for (const c of colours) qty[c] = prepackRow(total, matrix.sizes, ratio);
  const all = [...matrix.colours];
  for (const c of colours) if (!all.includes(c)) all.push(c);
  return { colours: all, sizes: matrix.sizes, qty };
}

/** A block's totals: pieces per colour and size, grand total, amount at the unit price (4 decimals). */
export function blockTotals(matrix: SizeMatrix, unitPrice: string) {
  const price = unitPrice.trim() === '' ? null : Number(unitPrice);
  return matrixTotals(matrix, price !== null && Number.isFinite(price) ? price : null);
}

/** The whole order: pieces and amount over every entry row. */
export function orderTotals(rows: readonly EntryRow[], layout: MatrixLayout = ORDER_ENTRIES_LAYOUT): { qty: number; amount: number | null } {
  let qty = 0;
  let amount = 0;
  let priced = false;
  for (const r of rows) {
    const q = Number(r[layout.cell]) || 0;
    qty += q;
    const v = layout.price ? r[layout.price] : null;
    const p = v === null || v === undefined || v === '' ? NaN : Number(v);
    if (Number.isFinite(p)) {
      amount += q * p;
      priced = true;
    }
  }
  return { qty, amount: priced ? round4(amount) : null };
}
