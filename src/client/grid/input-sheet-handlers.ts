import type { ClipboardEvent, KeyboardEvent, MouseEvent, MutableRefObject } from 'react';
import {
  bounds, copyText, emptyUndo, extend, filledRange, fillTarget, pastedRange, planClear, planFill, planFillDown, planFillRight, planPaste, record, recordTyped, redo, sheetCommand, single, undo,
  type CellPos, type CellRange, type CellRefusal, type CellWrite, type EditPlan, type FillTarget, type RangeBounds, type SheetAccess,
} from './spreadsheet';

/**
 * The handlers of the spreadsheet keys of a table of inputs (useInputSheet: the colour x size
 * matrix, a shipment's or a receipt's quantities), by concern: the range and the writes, the
 * keyboard, the clipboard, each cell's mouse, focus and typing, and the fill handle.
 */
export type InputSheetLive = {
  /** The cells as they are now. */
  sheet: () => SheetAccess;
  /** One action's writes, given to the table's owner at once. */
  apply: (writes: CellWrite[]) => void;
  focusCell: (row: number, col: number) => void;
  range: CellRange | null;
  /** Cells that hold text until a save checks them: a refused cell keeps its text (marked); otherwise it is not written. */
  keepRefused: boolean;
};
export type FillDrag = { source: RangeBounds; target: FillTarget | null };
export type InputSheetRefs = {
  live: MutableRefObject<InputSheetLive>;
  stack: MutableRefObject<ReturnType<typeof emptyUndo>>;
  dragging: MutableRefObject<boolean>;
  moving: MutableRefObject<boolean>;
  typedAt: MutableRefObject<CellPos | null>;
  filling: MutableRefObject<FillDrag | null>;
  setRangeState: (r: CellRange | null) => void;
  setRefused: (r: CellRefusal[]) => void;
  setFill: (f: FillDrag | null) => void;
};

export const isMulti = (r: CellRange | null) => Boolean(r && (r.anchor.row !== r.focus.row || r.anchor.col !== r.focus.col));

/** The range as it moves, and an action's writes (one undo step, refused cells said). */
export function inputEdits({ live, stack, typedAt, setRangeState, setRefused }: InputSheetRefs) {
  const setRange = (r: CellRange | null) => {
    live.current.range = r;
    setRangeState(r);
  };
  const run = (plan: EditPlan) => {
    typedAt.current = null;
    setRefused(plan.refused);
    const kept = live.current.keepRefused ? plan.refused.map((r) => ({ pos: r.pos, before: live.current.sheet().value(r.pos), after: r.text })) : [];
    const writes = [...plan.writes, ...kept];
    if (!writes.length) return;
    stack.current = record(stack.current, writes);
    live.current.apply(writes);
  };
  return { setRange, run };
}

type Edits = ReturnType<typeof inputEdits>;

/** Shift+arrows, Ctrl+D, Ctrl+R, Delete on a range, Ctrl+Z / Ctrl+Y (copy is the browser's copy event). */
export function inputKeyHandler({ live, stack, typedAt, moving, setRefused }: InputSheetRefs, { setRange, run }: Edits) {
  return (ev: KeyboardEvent) => {
    const cmd = sheetCommand(ev);
    const r = live.current.range;
    if (!cmd || !r || cmd.kind === 'copy') return; // copy is the browser's copy event, below
    if (cmd.kind === 'clear' && !isMulti(r)) return; // in one cell, Delete edits its text
    ev.preventDefault();
    ev.stopPropagation();
    const sheet = live.current.sheet();
    if (cmd.kind === 'fillDown') run(planFillDown(r, sheet));
    else if (cmd.kind === 'fillRight') run(planFillRight(r, sheet));
    else if (cmd.kind === 'clear') run(planClear(r, sheet));
    else if (cmd.kind === 'undo' || cmd.kind === 'redo') {
      const u = cmd.kind === 'undo' ? undo(stack.current) : redo(stack.current);
      typedAt.current = null;
      if (!u) return;
      stack.current = u.stack;
      setRefused([]);
      live.current.apply(u.writes);
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
export function inputClipboard({ live }: InputSheetRefs, { run, setRange }: Edits) {
  const onCopy = (ev: ClipboardEvent) => {
    const r = live.current.range;
    if (!r) return;
    // Text selected inside one cell copies as the browser does it.
    const input = ev.target as HTMLInputElement;
    if (!isMulti(r) && typeof input.selectionStart === 'number' && input.selectionStart !== input.selectionEnd) return;
    ev.clipboardData.setData('text/plain', copyText(r, live.current.sheet()));
    ev.preventDefault();
  };
  const onPaste = (ev: ClipboardEvent) => {
    const r = live.current.range;
    if (!r) return;
    ev.preventDefault();
    const text = ev.clipboardData.getData('text/plain');
    const sheet = live.current.sheet();
    run(planPaste(r, text, sheet));
    setRange(pastedRange(r, text, sheet.rowCount, sheet.colCount));
  };
  return { onCopy, onPaste };
}

/**
 * The fill handle (the square at the range's bottom-right corner): pressed, dragged down or right
 * over the cells, released anywhere: the range repeated that way, one undo step.
 */
export function inputFill({ live, filling, setFill }: InputSheetRefs, { setRange, run }: Edits) {
  const startFill = (ev: MouseEvent) => {
    const r = live.current.range;
    if (!r) return;
    ev.preventDefault();
    ev.stopPropagation();
    filling.current = { source: bounds(r), target: null };
    setFill(filling.current);
  };
  const overFill = (pos: CellPos) => {
    const f = filling.current;
    if (!f) return false;
    const target = fillTarget(f.source, pos);
    if (target?.dir !== f.target?.dir || target?.to !== f.target?.to) {
      filling.current = { ...f, target };
      setFill(filling.current);
    }
    return true;
  };
  const endFill = () => {
    const f = filling.current;
    if (!f) return;
    filling.current = null;
    setFill(null);
    if (!f.target) return;
    run(planFill(f.source, f.target, live.current.sheet()));
    setRange(filledRange(f.source, f.target));
  };
  return { startFill, overFill, endFill };
}

/** Each cell's mouse and focus (they move the range, or the fill handle's reach) and its typed text. */
export function inputCellHandlers(refs: InputSheetRefs, edits: Edits, overFill: (pos: CellPos) => boolean) {
  const { live, stack, typedAt, dragging, moving, setRefused } = refs;
  const { setRange } = edits;
  const cellProps = (row: number, col: number) => ({
    onMouseDown: (ev: MouseEvent) => {
      const r = live.current.range;
      dragging.current = true;
      setRange(ev.shiftKey && r ? { anchor: r.anchor, focus: { row, col } } : single({ row, col }));
    },
    onMouseEnter: () => {
      if (overFill({ row, col })) return;
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
    const sheet = live.current.sheet();
    const pos = { row, col };
    const checked = sheet.validate(pos, text);
    if (checked.error && !live.current.keepRefused) {
      setRefused([{ pos, text, error: checked.error }]);
      return;
    }
    setRefused(checked.error ? [{ pos, text, error: checked.error }] : []);
    const after = checked.error ? text : checked.value;
    const last = typedAt.current;
    stack.current = recordTyped(stack.current, { pos, before: sheet.value(pos), after }, Boolean(last && last.row === row && last.col === col));
    typedAt.current = pos;
    live.current.apply([{ pos, before: null, after }]);
  };
  return { cellProps, typed };
}
