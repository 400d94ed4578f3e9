import { cellContent } from './excel';

/**
 * A header row per order (issue 33): sheets laid out as order blocks, each order's own fields
 * written as `key: value` above its line rows and repeated per order:
 *
 *   订单号: PO-2026-001   客户: 杭州某品牌   交期: 2026-03-15      (one cell, pairs apart)
 *   PO#: 123 | Buyer: X | Ship Date: 2026-03-15                  (one cell, `|` or `;` between)
 *   PO#: | 123 | Buyer: | X                                      (across cells: a key cell ending in a colon, its value in the next filled cell)
 *   订单号 | PO-2026-001 | 客户 | 杭州某品牌                          (a key without a colon: its value in the next cell or the one after)
 *
 * A sheet of one order writes them above its headings only; a sheet of order blocks above each block.
 * Pure: the mapper proposes a field per key, the import gives each block's values to the lines
 * below it until the next such row, and the browser shows them.
 */

/** One `key: value` pair of a row: the cell it stands in (the key's cell when across cells), its key as written, its value and the cell that holds it (the pair's own when in one cell). */
export type OrderPair = { col: number; key: string; value: unknown; valueCol: number };

/**
 * How keys written without a colon (`订单号` | `PO-1`) are read: not at all; any text that names
 * something (above a sheet's headings, where no line stands); or only the keys given (as `orderKey`:
 * the keys a confirmed mapping names, so a line below the headings is never taken for one).
 */
export type BareKeys = 'none' | 'any' | ReadonlySet<string>;

/** Between the pairs of one cell: `|`, `;`, a tab, two or more spaces, an ideographic space. */
const PAIR_SEPARATOR = /\s*[|;；¦]\s*|\t+|\s{2,}|\u3000+/;
/** A pair in a cell: a key of up to 30 characters (not starting with a digit: 10:30 is a time), a colon, the value. */
const PAIR = /^([^:：\d][^:：]{0,29}?)\s*[:：]\s*(.*)$/s;
/** A key cell alone: its text ends with a colon. */
const KEY_CELL = /^([^:：\d][^:：]{0,29}?)\s*[:：]$/;
/** A key names something: it has a letter or a CJK character. */
const NAMES = /[a-z\u3400-\u9fff]/i;

const textOf = (raw: unknown): string | null => {
  const v = cellContent(raw);
  return typeof v === 'string' ? v : null;
};

/** The pairs written in one cell's text ("订单号: PO-1   客户: X"), or null when any part is not a pair. */
function cellPairs(text: string): Array<{ key: string; value: string }> | null {
  const parts = text.split(PAIR_SEPARATOR).filter((p) => p.trim() !== '');
  const out: Array<{ key: string; value: string }> = [];
  for (const part of parts) {
    const m = PAIR.exec(part.trim());
    if (!m || !NAMES.test(m[1])) return null;
    // A part without a value ("Buyer:") is a key whose value is blank; a value with a colon (10:30) stays whole.
    out.push({ key: m[1].trim(), value: m[2].trim() });
  }
  return out.length ? out : null;
}

/** A key written without a colon: a short text naming something (not a number, a date or a sentence), one of `bare` when a set is given. */
function bareKeyOf(text: string, bare: BareKeys): string | null {
  const t = text.trim();
  if (bare === 'none' || !t || t.length > 30 || /[:：]|\s{2,}|\t/.test(t) || !NAMES.test(t)) return null;
  if (typeof bare === 'object' && !bare.has(orderKey(t))) return null;
  return t;
}

/** A key cell written with a colon or, as `bare` allows, without one: a cell whose own text is no pair. */
const isKeyText = (text: string, bare: BareKeys) => KEY_CELL.test(text) || cellPairs(text) !== null || (typeof bare === 'object' && bareKeyOf(text, bare) !== null);

/**
 * The `key: value` pairs of a row when the row is an order header row: every filled cell is part
 * of a pair (a cell of pairs, a key cell ending in a colon followed by its value's cell, or, as
 * `bare` allows, a key cell without a colon and its value in the next cell or the one after), and at
 * least one pair has a value. Null: the row is something else (a heading row, a line, a title).
 */
export function orderHeaderPairs(cells: readonly unknown[], bare: BareKeys = 'none'): OrderPair[] | null {
  const out: OrderPair[] = [];
  let withValue = 0;
  for (let i = 0; i < cells.length; i++) {
    const v = cellContent(cells[i]);
    if (v === null) continue;
    const text = textOf(cells[i]);
    if (text === null) return null;
    const key = KEY_CELL.exec(text);
    const named = key && NAMES.test(key[1]) ? key[1].trim() : null;
    const pairs = named ? null : cellPairs(text);
    if (pairs) {
      for (const p of pairs) {
        out.push({ col: i, key: p.key, value: p.value === '' ? null : p.value, valueCol: i });
        if (p.value !== '') withValue++;
      }
      continue;
    }
    const k = named ?? bareKeyOf(text, bare);
    if (k === null) return null;
    // Its value is the next filled cell (without a colon: at most two cells on), unless that is a key itself (then this key's value is blank).
    let j = i + 1;
    while (j < cells.length && cellContent(cells[j]) === null) j++;
    const next = j < cells.length && (named || j <= i + 2) ? cellContent(cells[j]) : null;
    if (next !== null && !(typeof next === 'string' && isKeyText(next, bare))) {
      out.push({ col: i, key: k, value: next, valueCol: j });
      withValue++;
      i = j;
      continue;
    }
    // A key without a colon and without its value is only a key the mapping named.
    if (!named && typeof bare !== 'object') return null;
    out.push({ col: i, key: k, value: null, valueCol: i });
  }
  return withValue > 0 ? out : null;
}

/** Whether a row is an order header row (its cells all `key: value`; keys without a colon as `bare` allows). */
export const isOrderHeaderRow = (cells: readonly unknown[], bare: BareKeys = 'none'): boolean => orderHeaderPairs(cells, bare) !== null;

/** A key compared: full-width folded, punctuation and `#` kept apart, lower case, single spaces (as a heading is). */
export function orderKey(key: string): string {
  return key
    .replace(/[\uff01-\uff5e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Whether a row repeats the header row (each block's own copy of the headings): not a line. */
export function repeatsHeader(cells: readonly unknown[], header: readonly unknown[]): boolean {
  let same = 0;
  const n = Math.max(cells.length, header.length);
  for (let i = 0; i < n; i++) {
    const a = cellContent(cells[i]);
    const b = cellContent(header[i]);
    if ((a === null) !== (b === null)) return false;
    if (a === null) continue;
    if (String(a).trim().toLowerCase() !== String(b).trim().toLowerCase()) return false;
    same++;
  }
  return same >= 2;
}

/**
 * The order blocks of a sheet as it is read, row by row: `take(number, cells)` says whether the row
 * is an order header row. Such a row starts a block, unless the last filled row was a header row
 * too and gives none of its keys (an order's fields may take two rows); `current` is the block the
 * next lines belong to (null: lines above the first header row have none).
 */
export class OrderBlocks {
  /** The block the lines read now belong to: its first header row, and per key (as `orderKey`) its value and the cell that holds it. */
  current: { row: number; values: Map<string, { value: unknown; row: number; col: number }> } | null = null;
  count = 0;
  private lastWasHeader = false;

  /** `bare`: the keys written without a colon that count (those a confirmed mapping names). */
  constructor(private readonly bare: BareKeys = 'none') {}

  take(number: number, cells: readonly unknown[]): boolean {
    const pairs = orderHeaderPairs(cells, this.bare);
    if (!pairs) {
      this.lastWasHeader = false;
      return false;
    }
    if (!this.lastWasHeader || !this.current || pairs.some((p) => this.current!.values.has(orderKey(p.key)))) {
      this.current = { row: number, values: new Map() };
      this.count++;
    }
    for (const p of pairs) if (!this.current.values.has(orderKey(p.key))) this.current.values.set(orderKey(p.key), { value: p.value, row: number, col: p.valueCol });
    this.lastWasHeader = true;
    return true;
  }
}
