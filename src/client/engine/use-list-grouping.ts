import { useMemo, useState } from 'react';
import type { Label } from '../../model/entity';
import { groupableFields, type GroupKind, type ListGrouping } from '../../model/list-groups';
import type { ResolvedPage } from '../../model/page-resolve';
import { pageQuery, UnsupportedFilter, type FilterModel, type QueryParams, type SortModel } from '../grid/filter-params';
import type { ListController } from './use-list-controller';

/** A field the list can be grouped by, with its label (the column's). */
export type GroupChoice = { field: string; kind: GroupKind; label: Label };

export type ListGroupingState = {
  /** The grouping as a plain serialisable object (what a saved view keeps), or null: the flat list. */
  value: ListGrouping | null;
  set: (next: ListGrouping | null) => void;
  /** The list's groupable columns, in the list's order. */
  choices: GroupChoice[];
  /** The label of the field grouped by, or null. */
  label: Label | null;
  /**
   * The list's query the groups are read under: the flat list's column filters and sort, the quick
   * search, the state tab and the address's filters; paging left out.
   */
  query: QueryParams;
};

/** The flat list's own query as its grid holds it now (its filters and sort stay while the list is grouped). */
function listQueryOf(list: ListController): QueryParams {
  const grid = list.gridApi.current;
  const live = grid && !grid.isDestroyed();
  const filterModel = (live ? grid.getFilterModel() : {}) as FilterModel;
  const sortModel: SortModel = live
    ? grid.getColumnState().filter((c) => c.sort === 'asc' || c.sort === 'desc').sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0)).map((c) => ({ colId: c.colId, sort: c.sort as 'asc' | 'desc' }))
    : [];
  const base = { startRow: 0, endRow: 1, sortModel, quick: list.quick, tab: list.tab, fixed: list.fixed };
  let query: QueryParams;
  try {
    query = pageQuery(list.resolved, { ...base, filterModel });
  } catch (e) {
    // A filter the server cannot answer was already refused by the flat list; the groups go without it.
    if (!(e instanceof UnsupportedFilter)) throw e;
    query = pageQuery(list.resolved, { ...base, filterModel: {} });
  }
  const { page: _page, size: _size, ...rest } = query;
  return rest;
}

/**
 * A list's grouping (issue 32): which field, the fields it may take, and the list query the groups
 * are read under, read again when the quick search, the tab, the address's filters or the list's
 * refresh counter change.
 *
 * Example: `const grouping = useListGrouping(resolved, list); grouping.set({ field: 'delivery_date', bucket: 'week' })`.
 */
export function useListGrouping(resolved: ResolvedPage, list: ListController): ListGroupingState {
  const [value, set] = useState<ListGrouping | null>(null);
  const choices = useMemo(
    () => groupableFields(resolved.entity, resolved.columns.map((c) => c.field)).map((g) => ({ ...g, label: resolved.columns.find((c) => c.field === g.field)!.label })),
    [resolved],
  );
  const fixedKey = JSON.stringify(list.fixed);
  // The flat grid's filters and sort are read when the grouping or the list's state changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the list's state (fixed filters by their text) and its refresh counter on purpose
  const query = useMemo(() => (value ? listQueryOf(list) : {}), [value, list.quick, list.tab, fixedKey, list.generation]);
  const label = (value && choices.find((c) => c.field === value.field)?.label) || null;
  return { value, set, choices, label, query };
}
