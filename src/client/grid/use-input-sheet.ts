import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { moveFocus } from './matrix';
import { emptyUndo, fillArea, inRange, type CellPos, type CellRange, type CellRefusal, type CellWrite, type SheetAccess } from './spreadsheet';
import { inputCellHandlers, inputClipboard, inputEdits, inputFill, inputKeyHandler, isMulti, type FillDrag, type InputSheetRefs } from './input-sheet-handlers';

/**
 * The grids' spreadsheet keys on a table of inputs (the colour x size matrix, a shipment's or a
 * receipt's quantities), through the one layer (./spreadsheet: the same range, paste, fill, clear
 * and undo rules as the AG Grid grids): a range by mouse drag, Shift+click or Shift+arrows; Ctrl+C
 * copies it as Excel's tab-separated text, Ctrl+V pastes a block (a single value fills the range),
 * the fill handle fills down or right, Ctrl+D / Ctrl+R too, Delete clears a range, Ctrl+Z / Ctrl+Y
 * undo and redo a whole action (typing in one cell is one step); arrows and Enter move between
 * cells. The table gives its cells as a `SheetAccess` and takes an action's writes in `apply`.
 *
 * The hook gives the table's handlers (`containerProps`), each cell's (`cellProps`, `onKey`), `typed`
 * for an input's change, and each cell's look (`rangeOf`, `isRefused`, `hasHandle`, `isFillTarget`).
 */
export type InputSheetSource = {
  sheet: () => SheetAccess;
  apply: (writes: CellWrite[]) => void;
  focusCell: (row: number, col: number) => void;
  /** Changes when rows or columns are added or removed: the undo stack starts afresh (its positions are cells of one layout). */
  shape: string;
  keepRefused?: boolean;
};

export function useInputSheet(src: InputSheetSource) {
  const [range, setRangeState] = useState<CellRange | null>(null);
  const [refused, setRefused] = useState<CellRefusal[]>([]);
  const [fill, setFill] = useState<FillDrag | null>(null);
  const live = useRef({ sheet: src.sheet, apply: src.apply, focusCell: src.focusCell, range, keepRefused: Boolean(src.keepRefused) });
  live.current = { sheet: src.sheet, apply: src.apply, focusCell: src.focusCell, range: live.current.range, keepRefused: Boolean(src.keepRefused) };
  const stack = useRef(emptyUndo());
  const shapeRef = useRef(src.shape);
  if (shapeRef.current !== src.shape) {
    shapeRef.current = src.shape;
    stack.current = emptyUndo();
  }
  const dragging = useRef(false);
  const moving = useRef(false);
  const typedAt = useRef<CellPos | null>(null);
  const filling = useRef<FillDrag | null>(null);

  const handlers = useMemo(() => {
    const refs: InputSheetRefs = { live, stack, dragging, moving, typedAt, filling, setRangeState, setRefused, setFill };
    const edits = inputEdits(refs);
    const fillHandle = inputFill(refs, edits);
    return {
      containerProps: { onKeyDownCapture: inputKeyHandler(refs, edits), ...inputClipboard(refs, edits) },
      ...inputCellHandlers(refs, edits, fillHandle.overFill),
      ...fillHandle,
    };
  }, []);
  const { endFill } = handlers;
  useEffect(() => {
    const up = () => {
      dragging.current = false;
      endFill();
    };
    window.addEventListener('mouseup', up);
    return () => window.removeEventListener('mouseup', up);
  }, [endFill]);

  /** Arrows, Enter and Tab move between cells like a spreadsheet (left/right only at the text's edge). */
  const onKey = (e: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    if (!['ArrowUp', 'ArrowDown', 'Enter', 'Tab', 'ArrowLeft', 'ArrowRight'].includes(e.key) || e.ctrlKey || e.altKey || (e.shiftKey && e.key.startsWith('Arrow'))) return;
    const input = e.currentTarget;
    if (e.key === 'ArrowLeft' && input.selectionStart !== 0) return;
    if (e.key === 'ArrowRight' && input.selectionEnd !== input.value.length) return;
    const s = live.current.sheet();
    const next = moveFocus({ rows: Array.from({ length: s.rowCount }, String), cols: Array.from({ length: s.colCount }, String) }, { row, col }, e.key, e.shiftKey);
    if (next.row === row && next.col === col && e.key === 'Tab') return;
    e.preventDefault();
    live.current.focusCell(next.row, next.col);
  };

  const isRefused = (row: number, col: number) => refused.some((r) => r.pos.row === row && r.pos.col === col);
  /** The range's look of a cell: inside it, and which outer edges it is on. */
  const rangeOf = (row: number, col: number) => {
    if (!range || !isMulti(range) || !inRange(range, row, col)) return null;
    const top = Math.min(range.anchor.row, range.focus.row);
    const bottom = Math.max(range.anchor.row, range.focus.row);
    const left = Math.min(range.anchor.col, range.focus.col);
    const right = Math.max(range.anchor.col, range.focus.col);
    return { top: row === top, bottom: row === bottom, left: col === left, right: col === right };
  };
  /** The fill handle sits on the range's bottom-right cell (a single focused cell has one too). */
  const hasHandle = (row: number, col: number) =>
    Boolean(range && !fill && Math.max(range.anchor.row, range.focus.row) === row && Math.max(range.anchor.col, range.focus.col) === col);
  const isFillTarget = (row: number, col: number) => {
    if (!fill?.target) return false;
    const a = fillArea(fill.source, fill.target);
    return row >= a.top && row <= a.bottom && col >= a.left && col <= a.right;
  };
  return { ...handlers, onKey, refused, isRefused, rangeOf, hasHandle, isFillTarget };
}

export type InputSheet = ReturnType<typeof useInputSheet>;
