import type { ListViewPayload, ViewColumn, ViewFilter, ViewSort } from '../../model/list-views';
import type { ResolvedColumn } from '../../model/page-resolve';
import { applicableState, type SavedTable } from './column-state';

/**
 * Between a saved list view (src/model/list-views.ts) and the grid (issue 32), pure: what the grid
 * shows as a view's payload, and a view's payload as AG Grid's column state. The grid's own columns
 * (the selection checkboxes, `ag-Grid-*`) are never part of a view.
 */

/** One column of AG Grid's column state, as `getColumnState()` gives it. */
export type GridColumnState = {
  colId: string;
  width?: number | null;
  hide?: boolean | null;
  pinned?: 'left' | 'right' | boolean | null;
  sort?: 'asc' | 'desc' | null;
  sortIndex?: number | null;
};
/** What `applyColumnState` takes for a column. */
export type AppliedColumnState = { colId: string; width?: number; hide: boolean; pinned: 'left' | 'right' | null; sort: 'asc' | 'desc' | null; sortIndex: number | null };

const pinnedOf = (p: GridColumnState['pinned']): 'left' | 'right' | null => (p === true ? 'left' : p || null);

/** The grid's columns, sort, filters and the tab as a view's payload (only the page's own columns). */
export function viewOfGrid(state: readonly GridColumnState[], filterModel: Record<string, unknown> | null, tab: string | null, known: readonly string[]): ListViewPayload {
  const own = state.filter((c) => known.includes(c.colId));
  const columns: ViewColumn[] = own.map((c) => ({
    field: c.colId,
    ...(c.width ? { width: Math.round(c.width) } : {}),
    ...(c.hide ? { hidden: true } : {}),
    ...(pinnedOf(c.pinned) ? { pinned: pinnedOf(c.pinned) } : {}),
  }));
  const sort: ViewSort[] = own
    .filter((c) => c.sort === 'asc' || c.sort === 'desc')
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .map((c) => ({ field: c.colId, dir: c.sort as 'asc' | 'desc' }));
  const filters: Record<string, ViewFilter> = {};
  for (const [field, model] of Object.entries(filterModel ?? {})) if (known.includes(field) && model) filters[field] = model as ViewFilter;
  return { columns, sort, filters, tab: tab || null };
}

/** A column as its page declares it (the standard layout). */
const declared = (c: ResolvedColumn): ViewColumn => ({ field: c.field, width: c.width, ...(c.hide ? { hidden: true } : {}), ...(c.pinned ? { pinned: c.pinned } : {}) });

/**
 * A view's column state for the grid: the view's columns in its order, then the page's columns the
 * view does not name (added to the page since) as declared; the view's sort with its priority, no
 * sort elsewhere. Columns the page no longer has are left out.
 */
export function columnStateOfView(payload: Pick<ListViewPayload, 'columns' | 'sort'>, columns: readonly ResolvedColumn[]): AppliedColumnState[] {
  const named = payload.columns.filter((c) => columns.some((x) => x.field === c.field));
  const rest = columns.filter((c) => !named.some((n) => n.field === c.field)).map(declared);
  return [...named, ...rest].map((c) => {
    const sortIndex = payload.sort.findIndex((s) => s.field === c.field);
    const width = c.width ?? columns.find((x) => x.field === c.field)?.width;
    return {
      colId: c.field,
      ...(width ? { width } : {}),
      hide: Boolean(c.hidden),
      pinned: c.pinned ?? null,
      sort: sortIndex >= 0 ? payload.sort[sortIndex].dir : null,
      sortIndex: sortIndex >= 0 ? sortIndex : null,
    };
  });
}

/**
 * The list without a named view: the user's own running layout (saved table info) where there is
 * one, else the page's declaration; no sort, no filter, the first tab.
 */
export function standardPayload(columns: readonly ResolvedColumn[], saved: SavedTable | null, firstTab: string | null): ListViewPayload {
  const layout = saved ? applicableState(saved, columns.map((c) => c.field)) : [];
  const own: ViewColumn[] = layout.map((c) => ({ field: c.colId, ...(c.width ? { width: c.width } : {}), ...(c.hide ? { hidden: true } : {}), ...(c.pinned ? { pinned: c.pinned } : {}) }));
  return { columns: own.length ? own : columns.map(declared), sort: [], filters: {}, tab: firstTab };
}

/** Whether two payloads show the same list (the order of filter keys aside). */
export function samePayload(a: ListViewPayload, b: ListViewPayload): boolean {
  const canonical = (p: ListViewPayload) => JSON.stringify({ ...p, filters: Object.fromEntries(Object.entries(p.filters).sort(([x], [y]) => x.localeCompare(y))) });
  return canonical(a) === canonical(b);
}
