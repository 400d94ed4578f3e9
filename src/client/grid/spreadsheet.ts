/**
 * Spreadsheet keys for editable grids (issue 21), the pure half: cell ranges, tab-separated text as
 * Excel writes and reads it, paste planning with validation cell by cell, fill down, clearing, and
 * the undo stack. No React, no AG Grid: the grid wiring reads and writes cells through the
 * `SheetAccess` callbacks, so the same rules serve every editable grid.
 *
 * Coordinates are display positions: `row` is the row's index in the displayed order, `col` the
 * index in the displayed (visible) columns.
 */
import type { MessageRef } from '../../model/validate';

export type CellPos = { row: number; col: number };
/** A range as the user made it: `anchor` where Shift/drag started, `focus` the moving end. */
export type CellRange = { anchor: CellPos; focus: CellPos };
export type RangeBounds = { top: number; left: number; bottom: number; right: number };

export function bounds(r: CellRange): RangeBounds {
  return {
    top: Math.min(r.anchor.row, r.focus.row),
    bottom: Math.max(r.anchor.row, r.focus.row),
    left: Math.min(r.anchor.col, r.focus.col),
    right: Math.max(r.anchor.col, r.focus.col),
  };
}

export function inRange(r: CellRange | null, row: number, col: number): boolean {
  if (!r) return false;
  const b = bounds(r);
  return row >= b.top && row <= b.bottom && col >= b.left && col <= b.right;
}

export function rangeSize(r: CellRange): { rows: number; cols: number } {
  const b = bounds(r);
  return { rows: b.bottom - b.top + 1, cols: b.right - b.left + 1 };
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

/** Shift+arrow: moves the focus end by (dr, dc), kept inside a grid of `rows` x `cols`. */
export function extend(r: CellRange, dr: number, dc: number, rows: number, cols: number): CellRange {
  return { anchor: r.anchor, focus: { row: clamp(r.focus.row + dr, 0, rows - 1), col: clamp(r.focus.col + dc, 0, cols - 1) } };
}

export function single(pos: CellPos): CellRange {
  return { anchor: pos, focus: pos };
}

/** The positions of a range, row by row. */
export function cellsOf(r: CellRange): CellPos[] {
  const b = bounds(r);
  const out: CellPos[] = [];
  for (let row = b.top; row <= b.bottom; row++) for (let col = b.left; col <= b.right; col++) out.push({ row, col });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tab-separated text (what Excel puts on the clipboard): a cell holding a tab, a newline or a
// quote is written in double quotes with quotes doubled; rows end with CRLF or LF; Excel adds a
// final line break, which is not an extra empty row.

function quoteCell(s: string): string {
  return /[\t\n\r"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function formatTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(quoteCell).join('\t')).join('\r\n');
}

export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let atCellStart = true;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (atCellStart && ch === '"') {
      // Quoted cell: up to the closing quote; "" is one quote.
      let j = i + 1;
      let buf = '';
      let closed = false;
      while (j < n) {
        if (text[j] === '"') {
          if (text[j + 1] === '"') {
            buf += '"';
            j += 2;
            continue;
          }
          closed = true;
          j++;
          break;
        }
        buf += text[j++];
      }
      const next = text[j];
      if (closed && (j >= n || next === '\t' || next === '\n' || next === '\r')) {
        cell = buf;
        i = j;
        atCellStart = false;
        continue;
      }
      // Not a well-formed quoted cell: the quote is plain text.
      cell += ch;
      i++;
      atCellStart = false;
      continue;
    }
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
      i++;
    } else if (ch === '\r' || ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += ch;
      atCellStart = false;
      i++;
    }
  }
  if (!atCellStart || row.length > 0 || cell !== '') {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Reading and writing cells through the grid.

export type SheetAccess = {
  rowCount: number;
  colCount: number;
  /** The text a cell shows (for copy). */
  text(pos: CellPos): string;
  /** The stored value (for undo and fill). */
  value(pos: CellPos): unknown;
  editable(pos: CellPos): boolean;
  /** Checks a typed text against the field's rules; returns the value to store or the message. */
  validate(pos: CellPos, raw: string): { value: unknown; error: MessageRef | null };
};

export type CellWrite = { pos: CellPos; before: unknown; after: unknown };
export type CellRefusal = { pos: CellPos; text: string; error: MessageRef };
export type EditPlan = { writes: CellWrite[]; refused: CellRefusal[] };

export function copyText(range: CellRange, sheet: Pick<SheetAccess, 'text'>): string {
  const b = bounds(range);
  const rows: string[][] = [];
  for (let row = b.top; row <= b.bottom; row++) {
    const r: string[] = [];
    for (let col = b.left; col <= b.right; col++) r.push(sheet.text({ row, col }));
    rows.push(r);
  }
  return formatTsv(rows);
}

/**
 * Paste a block at the top-left of the range. A single value pasted onto a bigger range fills it
 * (as Excel does); a block that runs past the grid's edge is cut there. Read-only cells are skipped;
 * each editable cell is validated on its own and refused cells are listed, not written.
 */
export function planPaste(range: CellRange, text: string, sheet: SheetAccess): EditPlan {
  const block = parseTsv(text);
  if (block.length === 0) return { writes: [], refused: [] };
  const b = bounds(range);
  const isSingle = block.length === 1 && block[0].length === 1;
  const height = isSingle ? b.bottom - b.top + 1 : block.length;
  const width = isSingle ? b.right - b.left + 1 : Math.max(...block.map((r) => r.length));
  const writes: CellWrite[] = [];
  const refused: CellRefusal[] = [];
  for (let i = 0; i < height; i++) {
    for (let j = 0; j < width; j++) {
      const pos = { row: b.top + i, col: b.left + j };
      if (pos.row >= sheet.rowCount || pos.col >= sheet.colCount) continue;
      const raw = isSingle ? block[0][0] : block[i]?.[j];
      if (raw === undefined || !sheet.editable(pos)) continue;
      const checked = sheet.validate(pos, raw);
      if (checked.error) refused.push({ pos, text: raw, error: checked.error });
      else writes.push({ pos, before: sheet.value(pos), after: checked.value });
    }
  }
  return { writes, refused };
}

/** Ctrl+D: the top row of the range copied into the rows below it, checked like a paste. */
export function planFillDown(range: CellRange, sheet: SheetAccess): EditPlan {
  const b = bounds(range);
  return planFill({ ...b, bottom: b.top }, b.bottom, sheet);
}

/**
 * The fill handle: the source rows (the range the handle was dragged from) repeated down to row
 * `toRow`, as Excel repeats a block it does not read as a series; each cell checked like a paste.
 */
export function planFill(source: RangeBounds, toRow: number, sheet: SheetAccess): EditPlan {
  const writes: CellWrite[] = [];
  const refused: CellRefusal[] = [];
  const height = source.bottom - source.top + 1;
  const last = Math.min(toRow, sheet.rowCount - 1);
  for (let col = source.left; col <= source.right; col++) {
    const texts = Array.from({ length: height }, (_, i) => sheet.text({ row: source.top + i, col }));
    for (let row = source.bottom + 1; row <= last; row++) {
      const pos = { row, col };
      if (!sheet.editable(pos)) continue;
      const text = texts[(row - source.top) % height];
      const checked = sheet.validate(pos, text);
      if (checked.error) refused.push({ pos, text, error: checked.error });
      else writes.push({ pos, before: sheet.value(pos), after: checked.value });
    }
  }
  return { writes, refused };
}

/**
 * Nothing typed is lost: in a grid whose cells keep text until the save checks them (document
 * lines), a refused cell is written with the text as it came and stays marked with its message.
 */
export function keepRefusedText(plan: EditPlan, value: (pos: CellPos) => unknown): CellWrite[] {
  return [...plan.writes, ...plan.refused.map((r) => ({ pos: r.pos, before: value(r.pos), after: r.text === '' ? null : r.text }))];
}

/** Delete: empties the editable cells of the range (a required field refuses, with its message). */
export function planClear(range: CellRange, sheet: SheetAccess): EditPlan {
  const writes: CellWrite[] = [];
  const refused: CellRefusal[] = [];
  for (const pos of cellsOf(range)) {
    if (!sheet.editable(pos)) continue;
    const checked = sheet.validate(pos, '');
    if (checked.error) refused.push({ pos, text: '', error: checked.error });
    else writes.push({ pos, before: sheet.value(pos), after: checked.value });
  }
  return { writes, refused };
}

// ---------------------------------------------------------------------------------------------
// The keys, once for every grid that has them (AG Grid grids and the colour x size matrix).

export type SheetCommand =
  | { kind: 'fillDown' | 'undo' | 'redo' | 'clear' | 'copy' }
  | { kind: 'extend'; dr: number; dc: number };

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * What a key does in a sheet: Ctrl+D fill down, Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo,
 * Delete/Backspace clear, Ctrl+C copy, Shift+arrows move the range's end; anything else is the
 * grid's own (plain arrows, Enter, Tab, typing). Ctrl+V is the browser's `paste` event.
 */
export function sheetCommand(ev: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey?: boolean }): SheetCommand | null {
  if (ev.altKey) return null;
  const ctrl = ev.ctrlKey || ev.metaKey;
  const key = ev.key.toLowerCase();
  if (ctrl && key === 'd') return { kind: 'fillDown' };
  if (ctrl && key === 'z') return { kind: ev.shiftKey ? 'redo' : 'undo' };
  if (ctrl && key === 'y') return { kind: 'redo' };
  if (ctrl && key === 'c') return { kind: 'copy' };
  if (!ctrl && (ev.key === 'Delete' || ev.key === 'Backspace')) return { kind: 'clear' };
  if (!ctrl && ev.shiftKey && ev.key in ARROWS) {
    const [dr, dc] = ARROWS[ev.key];
    return { kind: 'extend', dr, dc };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Undo: one entry per user action (a whole paste is one entry).

export type UndoStack = { done: CellWrite[][]; undone: CellWrite[][]; limit: number };

export function emptyUndo(limit = 100): UndoStack {
  return { done: [], undone: [], limit };
}

export function record(stack: UndoStack, writes: CellWrite[]): UndoStack {
  if (writes.length === 0) return stack;
  const done = [...stack.done, writes];
  return { ...stack, done: done.slice(Math.max(0, done.length - stack.limit)), undone: [] };
}

/**
 * A typed edit: one undo step, except that further typing in the same cell right after it
 * (`sameCell`) amends that step, so an undo takes the whole typed text back.
 */
export function recordTyped(stack: UndoStack, write: CellWrite, sameCell: boolean): UndoStack {
  const last = stack.done[stack.done.length - 1];
  if (sameCell && last?.length === 1 && last[0].pos.row === write.pos.row && last[0].pos.col === write.pos.col) {
    return { ...stack, done: [...stack.done.slice(0, -1), [{ ...last[0], after: write.after }]], undone: [] };
  }
  return record(stack, [write]);
}

/** The writes that undo the last action (each cell back to its `before`), and the new stack. */
export function undo(stack: UndoStack): { stack: UndoStack; writes: CellWrite[] } | null {
  const last = stack.done[stack.done.length - 1];
  if (!last) return null;
  const writes = [...last].reverse().map((w) => ({ pos: w.pos, before: w.after, after: w.before }));
  return { stack: { ...stack, done: stack.done.slice(0, -1), undone: [...stack.undone, last] }, writes };
}

export function redo(stack: UndoStack): { stack: UndoStack; writes: CellWrite[] } | null {
  const last = stack.undone[stack.undone.length - 1];
  if (!last) return null;
  return { stack: { ...stack, undone: stack.undone.slice(0, -1), done: [...stack.done, last] }, writes: last };
}

// ---------------------------------------------------------------------------------------------
// Keeping the selection across a save: rows are remembered by id, not by position.

export type KeptSelection = { anchorId: string; focusId: string; anchorCol: number; focusCol: number };

export function keepSelection(r: CellRange, idAt: (row: number) => string | undefined): KeptSelection | null {
  const anchorId = idAt(r.anchor.row);
  const focusId = idAt(r.focus.row);
  if (anchorId === undefined || focusId === undefined) return null;
  return { anchorId, focusId, anchorCol: r.anchor.col, focusCol: r.focus.col };
}

export function restoreSelection(k: KeptSelection | null, rowOf: (id: string) => number | undefined): CellRange | null {
  if (!k) return null;
  const a = rowOf(k.anchorId);
  const f = rowOf(k.focusId);
  if (a === undefined || f === undefined) return null;
  return { anchor: { row: a, col: k.anchorCol }, focus: { row: f, col: k.focusCol } };
}
