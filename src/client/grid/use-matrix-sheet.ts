/**
 * The colour x size matrix's spreadsheet keys, through the grids' one layer (./spreadsheet: the
 * same range, paste, fill-down, clear and undo rules as the workbench and document lines): a range
 * by mouse drag, Shift+click or Shift+arrows; Ctrl+C copies it as Excel's tab-separated text, Ctrl+V
 * pastes a block (a single value fills the range), Ctrl+D fills down, Delete clears a range,
 * Ctrl+Z / Ctrl+Y undo and redo a whole action (typing in one cell is one step). A refused cell is
 * named by its colour and size ("黑色 / M：数量必须是非负整数") and not written.
 *
 * The matrix is a table of inputs, so the hook gives the table's handlers (`containerProps`), each
 * cell's (`cellProps`) and `typed` for an input's change.
 */import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf, type MatrixGrid } from './matrix';
import { emptyUndo, inRange, type CellPos, type CellRange, type CellRefusal } from './spreadsheet';
import { isMulti, matrixCellHandlers, matrixClipboard, matrixEdits, matrixKeyHandler, type MatrixSheetRefs } from './matrix-sheet-handlers';

export function useMatrixSheet(grid: MatrixGrid, commit: (g: MatrixGrid) => void, focusCell: (row: number, col: number) => void) {
  const { t } = useTranslation();
  const [range, setRangeState] = useState<CellRange | null>(null);
  const [refused, setRefused] = useState<CellRefusal[]>([]);
  const live = useRef({ grid, commit, focusCell, range });
  live.current = { grid, commit, focusCell, range };
  const stack = useRef(emptyUndo());
  // Undo positions are cells of one layout: adding or removing a colour or size starts afresh.
  const shape = `${grid.rows.join('\u0001')}\u0002${grid.cols.join('\u0001')}`;
  const shapeRef = useRef(shape);
  if (shapeRef.current !== shape) {
    shapeRef.current = shape;
    stack.current = emptyUndo();
  }
  const dragging = useRef(false);
  const moving = useRef(false);
  const typedAt = useRef<CellPos | null>(null);

  useEffect(() => {
    const up = () => {
      dragging.current = false;
    };
    window.addEventListener('mouseup', up);
    return () => window.removeEventListener('mouseup', up);
  }, []);

  const handlers = useMemo(() => {
    const refs: MatrixSheetRefs = { live, stack, dragging, moving, typedAt, setRangeState, setRefused };
    const edits = matrixEdits(refs);
    return { containerProps: { onKeyDownCapture: matrixKeyHandler(refs, edits), ...matrixClipboard(refs, edits) }, ...matrixCellHandlers(refs, edits) };
  }, []);

  const messages = refused.map((r) => {
    const f = refusalOf(grid, r);
    return t('engine.matrixBadCell', { row: f.row, col: f.col, message: t(f.key), text: f.text });
  });
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
  return { ...handlers, messages, isRefused, rangeOf };
}
