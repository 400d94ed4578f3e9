/**
 * Spreadsheet keys for editable grids (issue 21), the pure half: cell ranges, tab-separated text as
 * Excel writes and reads it, paste planning with validation cell by cell (and the lines a paste
 * needs past the last one), fill down and right, clearing, and the undo stack. No React, no AG
 * Grid: the grid wiring reads and writes cells through the `SheetAccess` callbacks, so the same
 * rules serve every editable grid.
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

/**
 * The range after a paste: the block as it landed (cut at the sheet's edge), as Excel selects what
 * it pasted; a single value keeps the range it filled.
 */
export function pastedRange(range: CellRange, text: string, rowCount: number, colCount: number): CellRange {
  const block = parseTsv(text);
  if (block.length === 0 || (block.length === 1 && block[0].length === 1)) return range;
  const b = bounds(range);
  const width = Math.max(...block.map((r) => r.length));
  return { anchor: { row: b.top, col: b.left }, focus: { row: Math.min(b.top + block.length, rowCount) - 1, col: Math.min(b.left + width, colCount) - 1 } };
}

/** Ctrl+D: the top row of the range copied into the rows below it, checked like a paste. */
export function planFillDown(range: CellRange, sheet: SheetAccess): EditPlan {
  const b = bounds(range);
  return planFill({ ...b, bottom: b.top }, { dir: 'down', to: b.bottom }, sheet);
}

/** Ctrl+R: the left column of the range copied into the columns right of it, checked like a paste. */
export function planFillRight(range: CellRange, sheet: SheetAccess): EditPlan {
  const b = bounds(range);
  return planFill({ ...b, right: b.left }, { dir: 'right', to: b.right }, sheet);
}

/** Where the fill handle fills: down to row `to`, or right to column `to`. */
export type FillTarget = { dir: 'down' | 'right'; to: number };

/**
 * The fill handle dragged from `source` to the cell `pos`: down or right, whichever way the pointer
 * went further past the source's edge (as Excel picks); null while it is still over the source.
 */
export function fillTarget(source: RangeBounds, pos: CellPos): FillTarget | null {
  const down = pos.row - source.bottom;
  const right = pos.col - source.right;
  if (down <= 0 && right <= 0) return null;
  return down >= right ? { dir: 'down', to: pos.row } : { dir: 'right', to: pos.col };
}

/** The cells a fill writes (outlined while the handle is dragged), the source left out. */
export function fillArea(source: RangeBounds, target: FillTarget): RangeBounds {
  return target.dir === 'down' ? { ...source, top: source.bottom + 1, bottom: target.to } : { ...source, left: source.right + 1, right: target.to };
}

/** The source and what the fill wrote, as one range (the range after the fill). */
export function filledRange(source: RangeBounds, target: FillTarget): CellRange {
  const bottom = target.dir === 'down' ? Math.max(source.bottom, target.to) : source.bottom;
  const right = target.dir === 'right' ? Math.max(source.right, target.to) : source.right;
  return { anchor: { row: source.top, col: source.left }, focus: { row: bottom, col: right } };
}

/**
 * The fill handle: the source (the range the handle was dragged from) repeated down to row
 * `target.to`, or right to column `target.to`, as Excel repeats a block it does not read as a
 * series; stops at the sheet's edge; read-only cells skipped, each cell checked like a paste.
 */
export function planFill(source: RangeBounds, target: FillTarget, sheet: SheetAccess): EditPlan {
  const writes: CellWrite[] = [];
  const refused: CellRefusal[] = [];
  const down = target.dir === 'down';
  const area = fillArea(source, { ...target, to: Math.min(target.to, (down ? sheet.rowCount : sheet.colCount) - 1) });
  const height = source.bottom - source.top + 1;
  const width = source.right - source.left + 1;
  for (let col = area.left; col <= area.right; col++) {
    for (let row = area.top; row <= area.bottom; row++) {
      const pos = { row, col };
      if (!sheet.editable(pos)) continue;
      const from = down ? { row: source.top + ((row - source.top) % height), col } : { row, col: source.left + ((col - source.left) % width) };
      const text = sheet.text(from);
      const checked = sheet.validate(pos, text);
      if (checked.error) refused.push({ pos, text, error: checked.error });
      else writes.push({ pos, before: sheet.value(pos), after: checked.value });
    }
  }
  return { writes, refused };
}

/**
 * How many lines a paste at the range needs past the sheet's last row (a grid that grows, as a
 * document's lines do: Excel users paste a longer block and expect the lines to be there). A single
 * value fills the range and never grows it.
 */
export function pasteGrowth(range: CellRange, text: string, rowCount: number): number {
  const block = parseTsv(text);
  if (block.length === 0 || (block.length === 1 && block[0].length === 1)) return 0;
  return Math.max(0, bounds(range).top + block.length - rowCount);
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
  | { kind: 'fillDown' | 'fillRight' | 'undo' | 'redo' | 'clear' | 'copy' }
  | { kind: 'extend'; dr: number; dc: number };

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * What a key does in a sheet: Ctrl+D fill down, Ctrl+R fill right, Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo,
 * Delete/Backspace clear, Ctrl+C copy, Shift+arrows move the range's end; anything else is the
 * grid's own (plain arrows, Enter, Tab, typing). Ctrl+V is the browser's `paste` event.
 */
export function sheetCommand(ev: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey?: boolean }): SheetCommand | null {
  if (ev.altKey) return null;
  const ctrl = ev.ctrlKey || ev.metaKey;
  const key = ev.key.toLowerCase();
  if (ctrl && key === 'd' && !ev.shiftKey) return { kind: 'fillDown' };
  if (ctrl && key === 'r' && !ev.shiftKey) return { kind: 'fillRight' };
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

/**
 * One action: its cell writes and, when it added lines to a grid that grows (a paste past the last
 * line), the ids of the lines it added: undone, the cells go back and those lines go away.
 */
export type UndoStep = { writes: CellWrite[]; rows?: string[] };
export type UndoStack = { done: UndoStep[]; undone: UndoStep[]; limit: number };

export function emptyUndo(limit = 100): UndoStack {
  return { done: [], undone: [], limit };
}

export function record(stack: UndoStack, writes: CellWrite[], rows?: string[]): UndoStack {
  if (writes.length === 0 && !rows?.length) return stack;
  const step: UndoStep = rows?.length ? { writes, rows } : { writes };
  const done = [...stack.done, step];
  return { ...stack, done: done.slice(Math.max(0, done.length - stack.limit)), undone: [] };
}

/**
 * A typed edit: one undo step, except that further typing in the same cell right after it
 * (`sameCell`) amends that step, so an undo takes the whole typed text back.
 */
export function recordTyped(stack: UndoStack, write: CellWrite, sameCell: boolean): UndoStack {
  const last = stack.done[stack.done.length - 1];
  const w = last && !last.rows && last.writes.length === 1 ? last.writes[0] : null;
  if (sameCell && w && w.pos.row === write.pos.row && w.pos.col === write.pos.col) {
    return { ...stack, done: [...stack.done.slice(0, -1), { writes: [{ ...w, after: write.after }] }], undone: [] };
  }
  return record(stack, [write]);
}

/**
 * What an undo or a redo does: the cells written (each back to its `before` for an undo), and the
 * lines to remove (undo of a paste that added them, after the writes) or to add again with the
 * same ids (its redo, before the writes).
 */
export type UndoMove = { stack: UndoStack; writes: CellWrite[]; removeRows?: string[]; addRows?: string[] };

export function undo(stack: UndoStack): UndoMove | null {
  const last = stack.done[stack.done.length - 1];
  if (!last) return null;
  const writes = [...last.writes].reverse().map((w) => ({ pos: w.pos, before: w.after, after: w.before }));
  return { stack: { ...stack, done: stack.done.slice(0, -1), undone: [...stack.undone, last] }, writes, ...(last.rows ? { removeRows: last.rows } : {}) };
}

export function redo(stack: UndoStack): UndoMove | null {
  const last = stack.undone[stack.undone.length - 1];
  if (!last) return null;
  return { stack: { ...stack, undone: stack.undone.slice(0, -1), done: [...stack.done, last] }, writes: last.writes, ...(last.rows ? { addRows: last.rows } : {}) };
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
