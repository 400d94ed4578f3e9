import type { CellFocusedEvent, CellMouseDownEvent, CellMouseOverEvent, CellValueChangedEvent, Column } from 'ag-grid-community';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { writeClipboard } from './clipboard';
import {
  bounds, copyText, extend, filledRange, fillTarget, pastedRange, pasteGrowth, planClear, planFill, planFillDown, planFillRight, planPaste, record, redo, sheetCommand, single, undo,
  type CellPos, type UndoMove,
} from './spreadsheet';
import type { SheetGrid, SheetRefs, SheetWrites } from './spreadsheet-grid';

/**
 * The event handlers of the spreadsheet keys (useSpreadsheetKeys), by concern: the keyboard
 * (arrows with Shift, Ctrl+C, Ctrl+D, Delete, Ctrl+Z/Y), the clipboard, and the mouse and focus
 * that move the range.
 */

/** Keys are read on the container before the grid sees them (capture phase), so the grid's own
 * navigation does not run for the keys handled here. */
export function keyHandler(refs: SheetRefs, grid: SheetGrid, writes: SheetWrites) {
  const { api, opts, stack, shiftNav } = refs;
  const { sheet, current, editing, columns } = grid;
  const { run, write, setRange } = writes;
  return (ev: KeyboardEvent) => {
    const g = api.current;
    if (!g || editing()) return;
    const cmd = sheetCommand(ev);
    const r = current();
    if (!cmd || !r) return;
    const readOnly = Boolean(opts.current.readOnly);
    if (readOnly && cmd.kind !== 'copy' && cmd.kind !== 'extend') return;
    ev.preventDefault();
    ev.stopPropagation();
    if (cmd.kind === 'copy') writeClipboard(copyText(r, sheet()));
    else if (cmd.kind === 'fillDown') run(planFillDown(r, sheet()));
    else if (cmd.kind === 'fillRight') run(planFillRight(r, sheet()));
    else if (cmd.kind === 'clear') run(planClear(r, sheet()));
    else if (cmd.kind === 'undo' || cmd.kind === 'redo') {
      const u = cmd.kind === 'undo' ? undo(stack.current) : redo(stack.current);
      if (u) {
        stack.current = u.stack;
        replay(refs, u, write);
      }
    } else if (cmd.kind === 'extend') {
      const s = sheet();
      const next = extend(r, cmd.dr, cmd.dc, s.rowCount, s.colCount);
      shiftNav.current = true;
      g.setFocusedCell(next.focus.row, columns()[next.focus.col]);
      shiftNav.current = false;
      setRange(next);
    }
  };
}

/** An undo or a redo: a redo adds back the lines its paste added (same ids) before writing; an undo removes them after. */
function replay(refs: SheetRefs, u: UndoMove, write: SheetWrites['write']) {
  const grow = refs.opts.current.grow;
  if (u.addRows && grow) grow.add(u.addRows.length, u.addRows);
  write(u.writes);
  if (u.removeRows && grow) grow.remove(u.removeRows);
}

/** Copy and paste through the container's DOM events (they work without a secure context). */
export function clipboardHandlers(refs: SheetRefs, grid: SheetGrid, writes: SheetWrites) {
  const { api, opts } = refs;
  const { sheet, current, editing } = grid;
  const { run, setRange } = writes;
  return {
    onCopy: (ev: ClipboardEvent) => {
      if (!api.current || editing()) return;
      const r = current();
      if (!r) return;
      ev.clipboardData.setData('text/plain', copyText(r, sheet()));
      ev.preventDefault();
    },
    onPaste: (ev: ClipboardEvent) => {
      if (!api.current || editing() || opts.current.readOnly) return;
      const r = current();
      if (!r) return;
      ev.preventDefault();
      const text = ev.clipboardData.getData('text/plain');
      // A block longer than the lines left: a grid that grows adds the lines first (one undo step with the paste).
      const grow = opts.current.grow;
      const need = grow ? pasteGrowth(r, text, sheet().rowCount) : 0;
      const added = grow && need > 0 ? grow.add(need) : undefined;
      run(planPaste(r, text, sheet()), added);
      const s = sheet();
      setRange(pastedRange(r, text, s.rowCount, s.colCount));
    },
  };
}

/** Within this many pixels of a cell's bottom-right corner a press takes the fill handle. */
const HANDLE_PX = 8;
const onHandle = (ev: MouseEvent | undefined) => {
  const cell = ev?.target instanceof Element ? ev.target.closest('.ss-fill-handle') : null;
  if (!ev || !cell) return false;
  const box = cell.getBoundingClientRect();
  return ev.clientX >= box.right - HANDLE_PX && ev.clientY >= box.bottom - HANDLE_PX;
};

/**
 * The fill handle: pressed at the range's corner, dragged down or right, released: the range
 * repeated down or right (whichever way the pointer went further), one undo step.
 */
export function fillHandlers(refs: SheetRefs, grid: SheetGrid, writes: SheetWrites) {
  const { api, range, filling, opts } = refs;
  const start = (ev: MouseEvent | undefined) => {
    const r = range.current;
    if (!r || opts.current.readOnly || !onHandle(ev)) return false;
    filling.current = { source: bounds(r), target: null };
    return true;
  };
  const over = (pos: CellPos) => {
    const f = filling.current;
    if (!f) return false;
    const target = pos.col < 0 ? f.target : fillTarget(f.source, pos);
    if (target?.dir !== f.target?.dir || target?.to !== f.target?.to) {
      filling.current = { ...f, target };
      api.current?.refreshCells({ force: true });
    }
    return true;
  };
  const end = () => {
    const f = filling.current;
    if (!f) return;
    filling.current = null;
    if (f.target) {
      writes.run(planFill(f.source, f.target, grid.sheet()));
      writes.setRange(filledRange(f.source, f.target));
    }
    api.current?.refreshCells({ force: true });
  };
  return { start, over, end };
}

/** Focus, mouse down and drag move the range (or drag the fill handle); a typed edit is one undo step. */
export function pointerHandlers(refs: SheetRefs, grid: SheetGrid, writes: SheetWrites) {
  const { api, range, shiftNav, dragging, releasedAt, applying, refused, stack, filling } = refs;
  const { colIndex, cellKey } = grid;
  const { setRange } = writes;
  const fill = fillHandlers(refs, grid, writes);
  const onCellFocused = (e: CellFocusedEvent) => {
    if (e.rowIndex === null || e.rowIndex === undefined || !e.column || typeof e.column === 'string') return;
    const pos = { row: e.rowIndex, col: colIndex(e.column as Column) };
    if (pos.col < 0) return;
    if (shiftNav.current || filling.current) return; // a Shift+arrow moves the range's end itself
    // AG Grid calls its listeners after the fact (asynchronously): a focus reported for a cell the
    // grid no longer has focused is over (a Shift+arrow pressed since moved on) and moves nothing.
    const now = api.current?.getFocusedCell();
    if (!now || now.rowIndex !== e.rowIndex || now.column.getColId() !== (e.column as Column).getColId() || (now.rowPinned ?? null) !== (e.rowPinned ?? null)) return;
    // The grid may say so again later (browser focus following): the range's moving end is there.
    const r = range.current;
    if (r && r.focus.row === pos.row && r.focus.col === pos.col) return;
    if (!dragging.current) setRange(single(pos));
  };

  const onCellMouseDown = (e: CellMouseDownEvent) => {
    const ev = e.event as MouseEvent | undefined;
    if (e.rowIndex === null || e.node.rowPinned || colIndex(e.column) < 0) return;
    const pos = { row: e.rowIndex, col: colIndex(e.column) };
    // Reported after the button went up already (a quick click, a busy page): a click, not a drag.
    const held = !ev || ev.timeStamp > releasedAt.current;
    if (held && fill.start(ev)) return;
    if (ev?.shiftKey && range.current) {
      setRange({ anchor: range.current.anchor, focus: pos });
      dragging.current = held;
      return;
    }
    dragging.current = held;
    setRange(single(pos));
  };
  const onCellMouseOver = (e: CellMouseOverEvent) => {
    // No button held (released outside the grid, or the release came first): the drag is over.
    const ev = e.event as MouseEvent | null | undefined;
    if (ev && (ev.buttons & 1) === 0) {
      if (dragging.current || filling.current) onMouseUp();
      return;
    }
    if (e.rowIndex !== null && !e.node.rowPinned && fill.over({ row: e.rowIndex, col: colIndex(e.column) })) return;
    if (!dragging.current || !range.current || e.rowIndex === null || e.node.rowPinned || colIndex(e.column) < 0) return;
    const pos = { row: e.rowIndex, col: colIndex(e.column) };
    if (pos.row !== range.current.focus.row || pos.col !== range.current.focus.col) setRange({ anchor: range.current.anchor, focus: pos });
  };

  /** A typed edit is one undo step too. */
  const onCellValueChanged = (e: CellValueChangedEvent) => {
    if (applying.current || e.rowIndex === null || e.source !== 'edit') return;
    refused.current.delete(cellKey(e.node, e.column));
    stack.current = record(stack.current, [{ pos: { row: e.rowIndex, col: colIndex(e.column) }, before: e.oldValue, after: e.newValue }]);
  };
  function onMouseUp(ev?: { timeStamp: number }) {
    if (ev) releasedAt.current = ev.timeStamp;
    dragging.current = false;
    fill.end();
  }
  return { onCellFocused, onCellMouseDown, onCellMouseOver, onCellValueChanged, onMouseUp };
}
