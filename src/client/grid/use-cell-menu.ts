import type { CellContextMenuEvent, CellKeyDownEvent, GridApi } from 'ag-grid-community';
import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import type { ResolvedColumn, ResolvedPage } from '../../model/page-resolve';
import type { Row } from '../api/entity-api';
import { cellFilterModel, type CellFilterMode } from './cell-filter';
import type { CombinedFilterModel, SimpleFilterModel } from './filter-params';
import { rememberReferenceLabel } from './reference-labels';

/** Where the menu opened and on which cell. */
export type CellMenuTarget = { x: number; y: number; column: ResolvedColumn; row: Row; rowIndex: number | null; value: unknown };

export type CellMenuState = {
  target: CellMenuTarget | null;
  /** The filter the cell gives in each mode, null where the column cannot say it. */
  only: SimpleFilterModel | null;
  exclude: SimpleFilterModel | null;
  columnFiltered: boolean;
  anyFiltered: boolean;
  apply: (mode: CellFilterMode) => void;
  clearColumn: () => void;
  clearAll: () => void;
  close: () => void;
  onCellContextMenu: (e: CellContextMenuEvent<Row>) => void;
  /** Shift+F10 or the ContextMenu key on a cell; true when it opened the menu. */
  onCellKey: (e: CellKeyDownEvent<Row>) => boolean;
};

/** The cell's own box on screen: where a menu opened by keyboard (or a synthetic event) appears. */
function cellPoint(event: Event | null | undefined): { x: number; y: number } {
  const el = (event?.target as Element | null)?.closest?.('.ag-cell');
  const box = el?.getBoundingClientRect();
  return box ? { x: box.left + 8, y: box.bottom } : { x: 0, y: 0 };
}

/**
 * The menu of a list cell (issue 32; AG Grid Community has no context menu): opened by a right
 * click at the pointer, or by Shift+F10 / the ContextMenu key under the focused cell; filters the
 * column by the cell's value, excludes it, clears the column's filter or every filter, through the
 * grid's filter model (so the floating filters, the saved view and the server query follow).
 *
 * Example: `const menu = useCellMenu(apiRef, resolved); <AgGridReact onCellContextMenu={menu.onCellContextMenu} />`.
 */
export function useCellMenu(apiRef: RefObject<GridApi<Row> | null>, resolved: ResolvedPage): CellMenuState {
  const [target, setTarget] = useState<CellMenuTarget | null>(null);
  const focusBack = useRef<{ rowIndex: number | null; colId: string } | null>(null);

  const open = useCallback(
    (colId: string, row: Row | undefined, rowIndex: number | null, point: { x: number; y: number }) => {
      const column = resolved.columns.find((c) => c.field === colId);
      if (!column || !row) return false;
      const value = row[colId];
      if (column.filter === 'reference' && value !== null && value !== undefined) rememberReferenceLabel(colId, String(value), String(row[`${colId}__label`] ?? ''));
      focusBack.current = { rowIndex, colId };
      setTarget({ ...point, column, row, rowIndex, value });
      return true;
    },
    [resolved],
  );

  const onCellContextMenu = useCallback(
    (e: CellContextMenuEvent<Row>) => {
      const ev = e.event as MouseEvent | null;
      // A context menu from the keyboard comes without a pointer position: under the cell then.
      const point = ev && (ev.clientX || ev.clientY) ? { x: ev.clientX, y: ev.clientY } : cellPoint(ev);
      open(e.column.getColId(), e.data, e.rowIndex, point);
    },
    [open],
  );

  const onCellKey = useCallback(
    (e: CellKeyDownEvent<Row>) => {
      const ev = e.event as KeyboardEvent | null;
      if (!ev || !(ev.key === 'ContextMenu' || (ev.key === 'F10' && ev.shiftKey))) return false;
      // The browser would raise its own context menu event too: this key opens ours once.
      ev.preventDefault();
      return open(e.column.getColId(), e.data, e.rowIndex, cellPoint(ev));
    },
    [open],
  );

  const close = useCallback(() => {
    setTarget(null);
    const grid = apiRef.current;
    const back = focusBack.current;
    if (grid && !grid.isDestroyed() && back?.rowIndex !== null && back?.rowIndex !== undefined) grid.setFocusedCell(back.rowIndex, back.colId);
  }, [apiRef]);

  return useMemo(() => {
    const grid = apiRef.current;
    const live = grid && !grid.isDestroyed() ? grid : null;
    const current = target && live ? live.getColumnFilterModel<SimpleFilterModel | CombinedFilterModel>(target.column.field) : null;
    const setFilter = (field: string, model: SimpleFilterModel | null) => {
      if (!live) return;
      void live.setColumnFilterModel(field, model).then(() => live.onFilterChanged());
    };
    return {
      target,
      only: target ? cellFilterModel(target.column, target.value, 'only') : null,
      exclude: target ? cellFilterModel(target.column, target.value, 'exclude', current) : null,
      columnFiltered: Boolean(current),
      anyFiltered: Boolean(live && Object.keys(live.getFilterModel() ?? {}).length),
      apply: (mode) => {
        if (!target) return;
        setFilter(target.column.field, cellFilterModel(target.column, target.value, mode, current));
        close();
      },
      clearColumn: () => {
        if (target) setFilter(target.column.field, null);
        close();
      },
      clearAll: () => {
        live?.setFilterModel(null);
        close();
      },
      close,
      onCellContextMenu,
      onCellKey,
    };
  }, [apiRef, target, close, onCellContextMenu, onCellKey]);
}
