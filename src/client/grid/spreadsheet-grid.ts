import type { Column, GridApi, IRowNode, ValueSetterParams } from 'ag-grid-community';
import type { MutableRefObject } from 'react';
import type { MessageRef } from '../../model/validate';
import { bounds, emptyUndo, keepRefusedText, record, single, type CellPos, type CellRange, type CellWrite, type EditPlan, type FillTarget, type KeptSelection, type RangeBounds, type SheetAccess } from './spreadsheet';

/**
 * The grid side of the spreadsheet keys (useSpreadsheetKeys): what the hook keeps between events,
 * the sheet as the pure rules of ./spreadsheet read it, and the writes (one undo step per action).
 */
export type SpreadsheetOptions = {
  /** Checks a typed/pasted text for a column; by default any text is accepted as it is. */
  validate?: (column: Column, node: IRowNode, raw: string) => { value: unknown; error: MessageRef | null };
  /** Says refused cells (one message for the action). */
  onRefused?: (refused: EditPlan['refused']) => void;
  /** A list that is only read: ranges and copy, nothing written. */
  readOnly?: boolean;
  /** Cells that keep text until the save checks them (document lines): a refused cell keeps the text, marked. */
  keepRefused?: boolean;
  /**
   * After a paste, fill, clear, undo or redo: every cell it wrote, once (the grid's follow-ups, e.g.
   * totals or the form's rows, run once per action, not once per cell; AG Grid's cellValueChanged
   * is not raised for these writes).
   */
  onWritten?: (changes: SheetChange[]) => void;
  /**
   * A grid that grows (a document's lines): a paste past the last line adds the lines it needs
   * (`add` them at the end, synchronously, with the given ids on a redo; it answers their ids),
   * and its undo removes them again.
   */
  grow?: { add: (count: number, ids?: string[]) => string[]; remove: (ids: string[]) => void };
};

/** One cell an action wrote. */
export type SheetChange = { node: IRowNode; column: Column; oldValue: unknown; newValue: unknown };

/** What the hook keeps between events (refs: no event re-renders the grid's host). */
export type SheetRefs = {
  opts: MutableRefObject<SpreadsheetOptions>;
  api: MutableRefObject<GridApi | null>;
  range: MutableRefObject<CellRange | null>;
  kept: MutableRefObject<KeptSelection | null>;
  stack: MutableRefObject<ReturnType<typeof emptyUndo>>;
  dragging: MutableRefObject<boolean>;
  /** When the mouse button was last released (the event's timeStamp): a press reported after it is over. */
  releasedAt: MutableRefObject<number>;
  shiftNav: MutableRefObject<boolean>;
  applying: MutableRefObject<boolean>;
  refused: MutableRefObject<Map<string, MessageRef>>;
  /** While the fill handle is dragged: the range it was dragged from, and where it fills (none yet: null). */
  filling: MutableRefObject<{ source: RangeBounds; target: FillTarget | null } | null>;
};

/** AG Grid's checkbox column (row selection) is not part of the sheet. */
const isSheetColumn = (c: Column) => !c.getColId().startsWith('ag-Grid-');

/** The grid's cells as the sheet's rules read them (positions are displayed row and column indexes). */
export function sheetGrid(refs: SheetRefs) {
  const { api, opts, range } = refs;
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
  const current = (): CellRange | null => {
    if (range.current) return range.current;
    const f = api.current?.getFocusedCell();
    if (!f || f.rowPinned || colIndex(f.column) < 0) return null;
    return single({ row: f.rowIndex, col: colIndex(f.column) });
  };
  const editing = () => (api.current?.getEditingCells().length ?? 0) > 0;
  return { columns, nodeAt, colIndex, cellKey, sheet, current, editing };
}

export type SheetGrid = ReturnType<typeof sheetGrid>;

/** Moving the range (only the rows it leaves and enters are drawn again) and writing cells. */
export function sheetWrites(refs: SheetRefs, grid: SheetGrid) {
  const { api, range, applying, refused, stack, opts } = refs;
  const { columns, nodeAt, cellKey, editing } = grid;
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

  /**
   * One pass for the whole action: each cell through its column's valueSetter (or field), no
   * per-cell event; then one redraw of the rows shown and one `onWritten` for the grid's follow-ups.
   */
  const write = (writes: CellWrite[]) => {
    const g = api.current!;
    const cols = columns();
    const changes: SheetChange[] = [];
    applying.current = true;
    try {
      for (const w of writes) {
        const node = nodeAt(w.pos.row);
        const column = cols[w.pos.col];
        if (node && column && setCell(g, node, column, w.before, w.after)) changes.push({ node, column, oldValue: w.before, newValue: w.after });
      }
    } finally {
      applying.current = false;
    }
    if (!editing()) g.refreshCells({ force: true });
    if (changes.length) opts.current.onWritten?.(changes);
  };

  /** An action: its writes and, when it added lines (a paste past the last one), their ids: one undo step. */
  const run = (plan: EditPlan, addedRows?: string[]) => {
    const cols = columns();
    refused.current.clear();
    for (const r of plan.refused) refused.current.set(cellKey(nodeAt(r.pos.row), cols[r.pos.col]), r.error);
    const s = grid.sheet();
    const writes = opts.current.keepRefused ? keepRefusedText(plan, s.value) : plan.writes;
    write(writes);
    stack.current = record(stack.current, writes, addedRows);
    if (plan.refused.length) opts.current.onRefused?.(plan.refused);
  };
  return { setRange, write, run };
}

export type SheetWrites = ReturnType<typeof sheetWrites>;

/** A cell written as AG Grid's setDataValue writes it (valueSetter, else the field), without its events. */
function setCell(g: GridApi, node: IRowNode, column: Column, oldValue: unknown, newValue: unknown): boolean {
  const colDef = column.getColDef();
  if (typeof colDef.valueSetter === 'function') {
    const params = { node, data: node.data, oldValue, newValue, colDef, column, api: g, context: g.getGridOption('context') } as ValueSetterParams;
    return colDef.valueSetter(params) !== false;
  }
  const field = colDef.field;
  if (!field || !node.data) return false;
  (node.data as Record<string, unknown>)[field] = newValue;
  return true;
}
