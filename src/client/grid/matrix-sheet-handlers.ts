import type { ClipboardEvent, KeyboardEvent, MouseEvent, MutableRefObject } from 'react';
import { applyWrites, matrixSheet, validateQty, type MatrixGrid } from './matrix';
import {
  copyText, emptyUndo, extend, planClear, planFillDown, planPaste, record, recordTyped, redo, sheetCommand, single, undo,
  type CellPos, type CellRange, type CellRefusal, type EditPlan,
} from './spreadsheet';

/**
 * The handlers of the matrix's spreadsheet keys (useMatrixSheet), by concern: the range and the
 * writes, the keyboard, the clipboard, and each cell's mouse, focus and typing.
 */
export type MatrixLive = { grid: MatrixGrid; commit: (g: MatrixGrid) => void; focusCell: (row: number, col: number) => void; range: CellRange | null };
export type MatrixSheetRefs = {
  live: MutableRefObject<MatrixLive>;
  stack: MutableRefObject<ReturnType<typeof emptyUndo>>;
  dragging: MutableRefObject<boolean>;
  moving: MutableRefObject<boolean>;
  typedAt: MutableRefObject<CellPos | null>;
  setRangeState: (r: CellRange | null) => void;
  setRefused: (r: CellRefusal[]) => void;
};

export const isMulti = (r: CellRange | null) => Boolean(r && (r.anchor.row !== r.focus.row || r.anchor.col !== r.focus.col));

/** The range as it moves, and an action's writes (one undo step, refused cells said). */
export function matrixEdits({ live, stack, typedAt, setRangeState, setRefused }: MatrixSheetRefs) {
  const setRange = (r: CellRange | null) => {
    live.current.range = r;
    setRangeState(r);
  };
  const apply = (g: MatrixGrid) => live.current.commit(g);
  const run = (plan: EditPlan) => {
    typedAt.current = null;
    setRefused(plan.refused);
    if (!plan.writes.length) return;
    stack.current = record(stack.current, plan.writes);
    apply(applyWrites(live.current.grid, plan.writes));
  };
  return { setRange, apply, run };
}

type Edits = ReturnType<typeof matrixEdits>;

/** Shift+arrows, Ctrl+D, Delete on a range, Ctrl+Z / Ctrl+Y (copy is the browser's copy event). */
export function matrixKeyHandler({ live, stack, typedAt, moving, setRefused }: MatrixSheetRefs, { setRange, apply, run }: Edits) {
  return (ev: KeyboardEvent) => {
    const cmd = sheetCommand(ev);
    const r = live.current.range;
    if (!cmd || !r || cmd.kind === 'copy') return; // copy is the browser's copy event, below
    if (cmd.kind === 'clear' && !isMulti(r)) return; // in one cell, Delete edits its text
    ev.preventDefault();
    ev.stopPropagation();
    const sheet = matrixSheet(live.current.grid);
    if (cmd.kind === 'fillDown') run(planFillDown(r, sheet));
    else if (cmd.kind === 'clear') run(planClear(r, sheet));
    else if (cmd.kind === 'undo' || cmd.kind === 'redo') {
      const u = cmd.kind === 'undo' ? undo(stack.current) : redo(stack.current);
      typedAt.current = null;
      if (!u) return;
      stack.current = u.stack;
      setRefused([]);
      apply(applyWrites(live.current.grid, u.writes));
    } else if (cmd.kind === 'extend') {
      const next = extend(r, cmd.dr, cmd.dc, sheet.rowCount, sheet.colCount);
      setRange(next);
      moving.current = true;
      live.current.focusCell(next.focus.row, next.focus.col);
      moving.current = false;
    }
  };
}

/** Ctrl+C copies the range as Excel's tab-separated text; Ctrl+V pastes a block. */
export function matrixClipboard({ live }: MatrixSheetRefs, { run }: Edits) {
  const onCopy = (ev: ClipboardEvent) => {
    const r = live.current.range;
    if (!r) return;
    // Text selected inside one cell copies as the browser does it.
    const input = ev.target as HTMLInputElement;
    if (!isMulti(r) && typeof input.selectionStart === 'number' && input.selectionStart !== input.selectionEnd) return;
    ev.clipboardData.setData('text/plain', copyText(r, matrixSheet(live.current.grid)));
    ev.preventDefault();
  };
  const onPaste = (ev: ClipboardEvent) => {
    const r = live.current.range;
    if (!r) return;
    ev.preventDefault();
    run(planPaste(r, ev.clipboardData.getData('text/plain'), matrixSheet(live.current.grid)));
  };
  return { onCopy, onPaste };
}

/** Each cell's mouse and focus (they move the range) and its typed text. */
export function matrixCellHandlers({ live, stack, typedAt, dragging, moving, setRefused }: MatrixSheetRefs, { setRange, apply }: Edits) {
  const cellProps = (row: number, col: number) => ({
    onMouseDown: (ev: MouseEvent) => {
      const r = live.current.range;
      dragging.current = true;
      setRange(ev.shiftKey && r ? { anchor: r.anchor, focus: { row, col } } : single({ row, col }));
    },
    onMouseEnter: () => {
      const r = live.current.range;
      if (dragging.current && r && (r.focus.row !== row || r.focus.col !== col)) setRange({ anchor: r.anchor, focus: { row, col } });
    },
    onFocus: () => {
      if (typedAt.current && (typedAt.current.row !== row || typedAt.current.col !== col)) typedAt.current = null;
      if (!moving.current && !dragging.current) setRange(single({ row, col }));
    },
  });

  /** A cell's text typed: checked like a pasted one; one undo step per cell typed in. */
  const typed = (row: number, col: number, text: string) => {
    const g = live.current.grid;
    const checked = validateQty(text);
    const pos = { row, col };
    if (checked.error) {
      setRefused([{ pos, text, error: checked.error }]);
      return;
    }
    setRefused([]);
    const last = typedAt.current;
    stack.current = recordTyped(stack.current, { pos, before: g.cells[row]?.[col] ?? null, after: checked.value }, Boolean(last && last.row === row && last.col === col));
    typedAt.current = pos;
    apply(applyWrites(g, [{ pos, before: null, after: checked.value }]));
  };
  return { cellProps, typed };
}
