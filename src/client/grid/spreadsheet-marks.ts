import type { Column, ITooltipParams, IRowNode } from 'ag-grid-community';
import i18next from 'i18next';
import { fillArea, inRange, restoreSelection, type CellRange } from './spreadsheet';
import type { SheetGrid, SheetRefs } from './spreadsheet-grid';

/**
 * The range's marks on the cells (classes drawn like a spreadsheet's, refused cells in red) and
 * the range kept across a reload of the rows.
 */
export function rangeMarks(refs: SheetRefs, grid: SheetGrid) {
  const { range, refused, kept, api, filling, opts } = refs;
  const { colIndex, cellKey, editing, columns } = grid;
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
    // The fill handle: the small square at the range's bottom-right corner (not in a read-only list).
    'ss-fill-handle': (p: P) => {
      const e = edge(p);
      return Boolean(e && !opts.current.readOnly && !filling.current && e.row === bottom(e.r) && e.col === right(e.r));
    },
    // While the handle is dragged: the cells it will fill (below or right of the range), outlined.
    'ss-fill-target': (p: P) => {
      const f = filling.current;
      const row = p.node?.rowIndex;
      if (!f?.target || row === null || row === undefined || p.node?.rowPinned) return false;
      const a = fillArea(f.source, f.target);
      const col = colIndex(p.column);
      return row >= a.top && row <= a.bottom && col >= a.left && col <= a.right;
    },
  };
  /** A refused cell says its message (the text it holds is what was typed or pasted). */
  const refusedTooltip = (p: ITooltipParams) => {
    const m = p.column && 'getColId' in p.column ? refused.current.get(cellKey(p.node ?? undefined, p.column as Column)) : undefined;
    return m ? i18next.t(m.key, m.params ?? {}) : undefined;
  };

  /** Column definitions with the range and refusal classes merged into each column's own rules. */
  const withClasses = <T,>(defs: T[]): T[] =>
    defs.map((d) => {
      const def = d as { children?: unknown[]; cellClassRules?: Record<string, unknown>; tooltipValueGetter?: (p: ITooltipParams) => unknown };
      if (def.children) return { ...def, children: withClasses(def.children) } as T;
      const own = def.tooltipValueGetter;
      const tooltipValueGetter = (p: ITooltipParams) => refusedTooltip(p) ?? own?.(p);
      return { ...def, cellClassRules: { ...(def.cellClassRules ?? {}), ...cellClassRules }, tooltipValueGetter } as T;
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
  return { cellClassRules, withClasses, restore };
}
