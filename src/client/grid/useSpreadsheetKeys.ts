/**
 * Spreadsheet keys for an AG Grid Community grid (issue 21): a cell range (Shift+arrows, Shift+click,
 * mouse drag) drawn like a spreadsheet's, copy/paste of tab-separated blocks through the container's
 * `copy`/`paste` DOM events (they work without a secure context), Ctrl+D fill down, Delete clears,
 * Ctrl+Z / Ctrl+Y one undo per action, Enter/F2 edit. The rules are in ./spreadsheet (pure, tested);
 * this hook only reads and writes cells through the grid API (`node.setDataValue`, so each grid's own
 * valueSetter and change handler run as for a typed edit).
 *
 * Usage: spread `gridProps` on <AgGridReact>, `containerProps` on the element around it, and merge
 * `cellClassRules` into the default column definition; add SPREADSHEET_CSS once. A read-only list
 * (`readOnly`) gets the range and copy only (Ctrl+C, or the browser's copy), no key that writes.
 * AG Grid's checkbox column is not a cell of the sheet.
 */
import type { CellFocusedEvent, CellMouseDownEvent, CellMouseOverEvent, CellValueChangedEvent, Column, GridApi, IRowNode } from 'ag-grid-community';
import { useMemo, useRef } from 'react';
import type { MessageRef } from '../../model/validate';
import { writeClipboard } from './clipboard';
import {
  bounds, copyText, emptyUndo, extend, inRange, keepSelection, planClear, planFillDown, planPaste, record, redo, restoreSelection, sheetCommand, single, undo,
  type CellPos, type CellRange, type CellWrite, type EditPlan, type KeptSelection, type SheetAccess,
} from './spreadsheet';

export type SpreadsheetOptions = {
  /** Checks a typed/pasted text for a column; by default any text is accepted as it is. */
  validate?: (column: Column, node: IRowNode, raw: string) => { value: unknown; error: MessageRef | null };
  /** Says refused cells (one message for the action). */
  onRefused?: (refused: EditPlan['refused']) => void;
  /** A list that is only read: ranges and copy, nothing written. */
  readOnly?: boolean;
};

export const SPREADSHEET_CSS = `
.ss-range { background-color: rgba(33, 115, 70, 0.12) !important; }
.ss-range-top { border-top: 2px solid #217346 !important; }
.ss-range-bottom { border-bottom: 2px solid #217346 !important; }
.ss-range-left { border-left: 2px solid #217346 !important; }
.ss-range-right { border-right: 2px solid #217346 !important; }
.ss-refused { box-shadow: inset 0 0 0 2px #c50f1f; background-color: rgba(197, 15, 31, 0.08) !important; }
`;

/** AG Grid's checkbox column (row selection) is not part of the sheet. */
const isSheetColumn = (c: Column) => !c.getColId().startsWith('ag-Grid-');

export function useSpreadsheetKeys(options: SpreadsheetOptions = {}) {
  const opts = useRef(options);
  opts.current = options;
  const api = useRef<GridApi | null>(null);
  const range = useRef<CellRange | null>(null);
  const kept = useRef<KeptSelection | null>(null);
  const stack = useRef(emptyUndo());
  const dragging = useRef(false);
  const shiftNav = useRef(false);
  const applying = useRef(false);
  const refused = useRef(new Map<string, string>());

  return useMemo(() => {
    const columns = () => (api.current?.getAllDisplayedColumns() ?? []).filter(isSheetColumn);
    const nodeAt = (row: number) => api.current?.getDisplayedRowAtIndex(row) ?? undefined;
    const colIndex = (c: Column) => columns().findIndex((x) => x.getColId() === c.getColId());
    const cellKey = (node: IRowNode | undefined, c: Column) => `${node?.id ?? ''}|${c.getColId()}`;

    const sheet = (): SheetAccess => {
      const g = api.current!;
      const cols = columns();
      const at = (p: CellPos) => ({ node: nodeAt(p.row)!, col: cols[p.col] });
      return {
        rowCount: g.getDisplayedRowCount(),
        colCount: cols.length,
        text: (p) => {
          const { node, col } = at(p);
          const v = g.getCellValue({ rowNode: node, colKey: col, useFormatter: true });
          return v === null || v === undefined ? '' : String(v);
        },
        value: (p) => {
          const { node, col } = at(p);
          return g.getCellValue({ rowNode: node, colKey: col });
        },
        editable: (p) => {
          const { node, col } = at(p);
          return Boolean(node && col && !node.rowPinned && col.isCellEditable(node));
        },
        validate: (p, raw) => {
          const { node, col } = at(p);
          return opts.current.validate ? opts.current.validate(col, node, raw) : { value: raw, error: null };
        },
      };
    };

    // A forced refresh re-creates a cell being edited (Tab from one editor to the next lost the new
    // one): while a cell is edited, the range's marks wait for the next repaint.
    // Only the rows of the old and the new range are drawn again.
    const repaint = (before: CellRange | null, after: CellRange | null) => {
      const g = api.current;
      if (!g || editing()) return;
      const rows = new Set<number>();
      for (const r of [before, after]) {
        if (!r) continue;
        const b = bounds(r);
        for (let i = b.top; i <= b.bottom; i++) rows.add(i);
      }
      const rowNodes = [...rows].map(nodeAt).filter((n): n is IRowNode => Boolean(n));
      if (rowNodes.length) g.refreshCells({ rowNodes, force: true });
    };
    const same = (a: CellRange | null, b: CellRange | null) =>
      a === b || Boolean(a && b && a.anchor.row === b.anchor.row && a.anchor.col === b.anchor.col && a.focus.row === b.focus.row && a.focus.col === b.focus.col);
    const setRange = (r: CellRange | null) => {
      const before = range.current;
      range.current = r;
      if (!same(before, r)) repaint(before, r);
    };

    const write = (writes: CellWrite[]) => {
      const g = api.current!;
      const cols = columns();
      applying.current = true;
      try {
        for (const w of writes) {
          const node = nodeAt(w.pos.row);
          if (node) node.setDataValue(cols[w.pos.col], w.after);
        }
      } finally {
        applying.current = false;
      }
      g.refreshCells({ force: true });
    };

    const run = (plan: EditPlan) => {
      const cols = columns();
      refused.current.clear();
      for (const r of plan.refused) refused.current.set(cellKey(nodeAt(r.pos.row), cols[r.pos.col]), r.error.key);
      write(plan.writes);
      stack.current = record(stack.current, plan.writes);
      if (plan.refused.length) opts.current.onRefused?.(plan.refused);
    };

    const current = (): CellRange | null => {
      if (range.current) return range.current;
      const f = api.current?.getFocusedCell();
      if (!f || f.rowPinned || colIndex(f.column) < 0) return null;
      return single({ row: f.rowIndex, col: colIndex(f.column) });
    };
    const editing = () => (api.current?.getEditingCells().length ?? 0) > 0;

    /** Keys are read on the container before the grid sees them (capture phase), so the grid's own
     * navigation does not run for the keys handled here. */
    const onKeyDownCapture = (ev: React.KeyboardEvent) => {
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
      else if (cmd.kind === 'clear') run(planClear(r, sheet()));
      else if (cmd.kind === 'undo' || cmd.kind === 'redo') {
        const u = cmd.kind === 'undo' ? undo(stack.current) : redo(stack.current);
        if (u) {
          stack.current = u.stack;
          write(u.writes);
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

    const onCellFocused = (e: CellFocusedEvent) => {
      if (e.rowIndex === null || e.rowIndex === undefined || !e.column || typeof e.column === 'string') return;
      const pos = { row: e.rowIndex, col: colIndex(e.column as Column) };
      if (pos.col < 0) return;
      if (shiftNav.current) return; // a Shift+arrow moves the range's end itself
      // The grid may say so again later (browser focus following): the range's moving end is there.
      const r = range.current;
      if (r && r.focus.row === pos.row && r.focus.col === pos.col) return;
      if (!dragging.current) setRange(single(pos));
    };

    const onCellMouseDown = (e: CellMouseDownEvent) => {
      const ev = e.event as MouseEvent | undefined;
      if (e.rowIndex === null || e.node.rowPinned || colIndex(e.column) < 0) return;
      const pos = { row: e.rowIndex, col: colIndex(e.column) };
      if (ev?.shiftKey && range.current) {
        setRange({ anchor: range.current.anchor, focus: pos });
        dragging.current = true;
        return;
      }
      dragging.current = true;
      setRange(single(pos));
    };
    const onCellMouseOver = (e: CellMouseOverEvent) => {
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

    const containerProps = {
      onKeyDownCapture,
      onMouseUp: () => {
        dragging.current = false;
      },
      onCopy: (ev: React.ClipboardEvent) => {
        if (!api.current || editing()) return;
        const r = current();
        if (!r) return;
        ev.clipboardData.setData('text/plain', copyText(r, sheet()));
        ev.preventDefault();
      },
      onPaste: (ev: React.ClipboardEvent) => {
        if (!api.current || editing() || opts.current.readOnly) return;
        const r = current();
        if (!r) return;
        ev.preventDefault();
        run(planPaste(r, ev.clipboardData.getData('text/plain'), sheet()));
      },
    };

    const edge = (p: { node: IRowNode | null; column: Column }) => {
      const r = range.current;
      if (!r || !p.node || p.node.rowPinned || p.node.rowIndex === null) return null;
      const row = p.node.rowIndex;
      const col = colIndex(p.column);
      return inRange(r, row, col) ? { r, row, col } : null;
    };
    const top = (r: CellRange) => Math.min(r.anchor.row, r.focus.row);
    const bottom = (r: CellRange) => Math.max(r.anchor.row, r.focus.row);
    const left = (r: CellRange) => Math.min(r.anchor.col, r.focus.col);
    const right = (r: CellRange) => Math.max(r.anchor.col, r.focus.col);
    type P = { node: IRowNode | null; column: Column };
    const cellClassRules = {
      'ss-range': (p: P) => {
        const e = edge(p);
        return Boolean(e && (top(e.r) !== bottom(e.r) || left(e.r) !== right(e.r)));
      },
      'ss-range-top': (p: P) => { const e = edge(p); return Boolean(e && e.row === top(e.r)); },
      'ss-range-bottom': (p: P) => { const e = edge(p); return Boolean(e && e.row === bottom(e.r)); },
      'ss-range-left': (p: P) => { const e = edge(p); return Boolean(e && e.col === left(e.r)); },
      'ss-range-right': (p: P) => { const e = edge(p); return Boolean(e && e.col === right(e.r)); },
      'ss-refused': (p: P) => refused.current.has(cellKey(p.node ?? undefined, p.column)),
    };

    /** Column definitions with the range and refusal classes merged into each column's own rules. */
    const withClasses = <T,>(defs: T[]): T[] =>
      defs.map((d) => {
        const def = d as { children?: unknown[]; cellClassRules?: Record<string, unknown> };
        if (def.children) return { ...def, children: withClasses(def.children) } as T;
        return { ...def, cellClassRules: { ...(def.cellClassRules ?? {}), ...cellClassRules } } as T;
      });

    /** After the rows are back (a save reloads them): the same rows, wherever they now are. */
    const restore = () => {
      const g = api.current;
      if (!g || !kept.current) return;
      const r = restoreSelection(kept.current, (id) => g.getRowNode(id)?.rowIndex ?? undefined);
      kept.current = null;
      if (r) {
        // The rows were drawn anew: all of them get the range's marks again.
        range.current = r;
        if (!editing()) g.refreshCells({ force: true });
        g.setFocusedCell(r.focus.row, columns()[r.focus.col]);
      }
    };

    return {
      withClasses,
      gridProps: { onCellFocused, onCellMouseDown, onCellMouseOver, onRowDataUpdated: restore },
      onCellValueChanged,
      containerProps,
      cellClassRules,
      /** Give the hook the grid's API (from onGridReady). */
      setApi: (g: GridApi) => {
        api.current = g;
      },
      /** Before a save reloads rows: remember the range by row id. */
      keep: () => {
        const r = current();
        kept.current = r ? keepSelection(r, (i) => nodeAt(i)?.id) : null;
      },
      /** After the rows are back: the same rows, wherever they now are. */
      restore,
      refusedMessage: (node: IRowNode | null, column: Column) => refused.current.get(cellKey(node ?? undefined, column)),
    };
  }, []);
}
