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
 */
import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { applyWrites, matrixSheet, refusalOf, validateQty, type MatrixGrid } from './matrix';
import {
  copyText, emptyUndo, extend, inRange, planClear, planFillDown, planPaste, record, recordTyped, redo, sheetCommand, single, undo,
  type CellPos, type CellRange, type CellRefusal, type EditPlan,
} from './spreadsheet';

const isMulti = (r: CellRange | null) => Boolean(r && (r.anchor.row !== r.focus.row || r.anchor.col !== r.focus.col));

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

    const onKeyDownCapture = (ev: KeyboardEvent) => {
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

    const cellProps = (row: number, col: number) => ({
      onMouseDown: (ev: React.MouseEvent) => {
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

    return { containerProps: { onKeyDownCapture, onCopy, onPaste }, cellProps, typed };
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
