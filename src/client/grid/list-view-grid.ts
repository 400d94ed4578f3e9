import type { GridApi } from 'ag-grid-community';
import type { ListGrouping } from '../../model/list-groups';
import type { ListView, ListViewPayload } from '../../model/list-views';
import type { ResolvedColumn } from '../../model/page-resolve';
import type { Row } from '../api/entity-api';
import { columnStateOfView, viewOfGrid, type GridColumnState } from './list-view-state';

/**
 * A saved view on a live grid (issue 32): applied (columns, sort, filters; the tab is the list's),
 * read back, and the view a list last opened kept in local storage, so a reload applies it as the
 * grid is created instead of after the views' call answers.
 */

/** Applies a view's columns, sort and filters; the grid's own columns (selection) stay first. */
export function applyViewToGrid(grid: GridApi<Row>, payload: ListViewPayload, columns: readonly ResolvedColumn[]): void {
  const own = grid.getColumnState().filter((c) => c.colId.startsWith('ag-Grid-')).map((c) => ({ colId: c.colId }));
  grid.applyColumnState({ state: [...own, ...columnStateOfView(payload, columns)], applyOrder: true, defaultState: { sort: null } });
  grid.setFilterModel(Object.keys(payload.filters).length ? payload.filters : null);
}

/** What the grid shows now, with the list's tab and grouping, as a view's payload. */
export function gridPayload(grid: GridApi<Row>, list: { tab: string | null; group: ListGrouping | null }, columns: readonly ResolvedColumn[]): ListViewPayload {
  const shown = viewOfGrid(grid.getColumnState() as GridColumnState[], grid.getFilterModel() as Record<string, unknown>, list.tab, columns.map((c) => c.field));
  return { ...shown, group: list.group };
}

/** The view a list last opened on this browser (null id: the list's own layout), to apply at once. */
export type OpenedView = { id: number | null; view?: ListView };

type Store = Pick<Storage, 'getItem' | 'setItem'>;
const defaultStore = (): Store | null => (typeof localStorage === 'undefined' ? null : localStorage);

export const openedViewKey = (username: string, page: string): string => `listview:${username || 'anonymous'}:${page}`;

export function readOpenedView(username: string, page: string, store: Store | null = defaultStore()): OpenedView | null {
  try {
    const raw = store?.getItem(openedViewKey(username, page));
    const v = raw ? (JSON.parse(raw) as OpenedView) : null;
    return v && (v.id === null || (typeof v.id === 'number' && v.view?.id === v.id && typeof v.view.payload === 'object')) ? v : null;
  } catch {
    return null;
  }
}

export function writeOpenedView(username: string, page: string, view: OpenedView, store: Store | null = defaultStore()): void {
  try {
    store?.setItem(openedViewKey(username, page), JSON.stringify(view));
  } catch {
    /* storage full or refused: the next visit waits for the views' call */
  }
}
