import type { GridApi } from 'ag-grid-community';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { tabForFilters } from '../../model/list-filters';
import { pageOffers, type StatusTab } from '../../model/page';
import type { ResolvedPage } from '../../model/page-resolve';
import type { DrawerState } from '../form/FormDrawer';
import type { QueryParams } from '../grid/filter-params';
import { toast } from '../kernel/toast-bus';
import { entityApi, type EntityApi, type Row, type RowsReply } from '../api/entity-api';
import type { ListTotal } from './list-total';
import { useListCount } from './use-list-count';
import { useLiveRows } from './use-live-rows';

/** Fixed filters from the URL of a sub-index page: `?f.vendor_id.eq=3` or `?vendor_id=3`. */
export function fixedFiltersOf(params: URLSearchParams, known: readonly string[]): QueryParams {
  const out: QueryParams = {};
  params.forEach((v, k) => {
    if (k.startsWith('f.')) out[k] = v;
    else if (known.includes(k)) out[`f.${k}.eq`] = v;
  });
  return out;
}

export type ListController = {
  resolved: ResolvedPage;
  api: EntityApi;
  gridApi: RefObject<GridApi<Row> | null>;
  /** The last query the grid sent (for the Excel export of "what I see"). */
  lastQuery: RefObject<QueryParams>;
  selected: Row[];
  setSelected: (rows: Row[]) => void;
  /** The one selected row, or null. */
  one: Row | null;
  quickText: string;
  setQuickText: (text: string) => void;
  /** The quick search once the typing paused. */
  quick: string;
  tabKey: string;
  setTabKey: (key: string) => void;
  tab: StatusTab | null;
  /** The state tabs' and the list's counts, each exact or estimated (use-list-count.ts). */
  counts: Record<string, ListTotal>;
  total: ListTotal | null;
  /** Asks the exact figures where an estimate is shown. */
  countExactly: () => void;
  fixed: QueryParams;
  /** Removes filters of the address (a drill-down's chips). */
  removeFixed: (keys: string[]) => void;
  drawer: DrawerState;
  openDrawer: (state: Exclude<DrawerState, null>) => void;
  closeDrawer: () => void;
  refresh: (options?: { deselect?: boolean }) => void;
  /** Counts the list's refreshes: views over the same list (its groups) read again when it changes. */
  generation: number;
  /** Spec 8 "select rows before action": runs with the selection, or says to select first. */
  withSelection: (run: (rows: Row[]) => void) => void;
  onLoaded: (reply: RowsReply, query: QueryParams) => void;
  onReady: (api: GridApi<Row>) => void;
};

/**
 * The logic of a generated list page: selection, quick search, state tabs and their counts, the
 * grid's refresh, the drawer (with the `?open=<id>` deep link). The list page and the pages built
 * on it render; this decides.
 *
 * Example: `const list = useListController(resolved); list.withSelection((rows) => list.openDrawer({ action: 'edit', id: Number(rows[0].id) }))`.
 */
export function useListController(resolved: ResolvedPage, options: { subindex?: boolean } = {}): ListController {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const api = useMemo(() => entityApi(resolved), [resolved]);
  const gridApi = useRef<GridApi<Row> | null>(null);
  const lastQuery = useRef<QueryParams>({});
  const [selected, setSelected] = useState<Row[]>([]);
  const { quickText, setQuickText, quick } = useQuickSearch();
  // A list opened from a figure whose filters name the state opens on the tab that agrees with them.
  const [tabKey, setTabKey] = useState<string>(
    () => (options.subindex ? tabForFilters(resolved.statusTabs, resolved.entity.states?.field, fixedFiltersOf(search, resolved.entity.fields.map((f) => f.key))) : null) ?? resolved.statusTabs[0]?.key ?? '',
  );
  const { drawer, setDrawer, closeDrawer } = useListDrawer(search, setSearch, resolved.page);
  const counter = useListCount(resolved, api, gridApi, lastQuery);
  const tab = resolved.statusTabs.find((x) => x.key === tabKey) ?? null;
  const fixed = useMemo(() => (options.subindex ? fixedFiltersOf(search, resolved.entity.fields.map((f) => f.key)) : {}), [options.subindex, search, resolved]);

  // The selection survives a refresh (issue 21: after an edit the next delete still has its rows):
  // rows keep their ids, and the grid hands the selected rows' fresh data (new versions) back as
  // their block loads. A removal deselects first.
  const [generation, setGeneration] = useState(0);
  const refresh = (options: { deselect?: boolean } = {}) => {
    setGeneration((n) => n + 1);
    const g = gridApi.current;
    if (g && !g.isDestroyed()) {
      if (options.deselect) g.deselectAll();
      g.refreshInfiniteCache();
    }
  };
  useLiveRows(resolved, refresh);

  return {
    resolved,
    api,
    gridApi,
    lastQuery,
    selected,
    setSelected,
    one: selected.length === 1 ? selected[0] : null,
    quickText,
    setQuickText,
    quick,
    tabKey,
    setTabKey,
    tab,
    counts: counter.tabs,
    total: counter.total,
    countExactly: counter.countExactly,
    fixed,
    removeFixed: (keys) => {
      // Widening the state back: the tab that shows every state, else none.
      const stateField = resolved.entity.states?.field;
      if (stateField && keys.some((k) => k.startsWith(`f.${stateField}.`))) setTabKey(resolved.statusTabs.find((x) => x.filter[stateField] === undefined)?.key ?? '');
      setSearch((prev) => withoutFilters(prev, keys), { replace: true, state: location.state });
    },
    drawer,
    openDrawer: setDrawer,
    closeDrawer,
    refresh,
    generation,
    withSelection: (run) => {
      if (selected.length === 0) toast.warning(t('form.selectRowsFirst'));
      else run(selected);
    },
    onLoaded: (_reply, query) => {
      lastQuery.current = query;
      counter.count(query, tab);
    },
    onReady: (g) => {
      gridApi.current = g;
    },
  };
}

/** The quick search as typed, and as used once the typing paused (350 ms). */
function useQuickSearch() {
  const [quickText, setQuickText] = useState('');
  const [quick, setQuick] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuick(quickText), 350);
    return () => clearTimeout(timer);
  }, [quickText]);
  return { quickText, setQuickText, quick };
}

/** The list's drawer, opened by the `?open=<id>` deep link too (or the page's own `openParam`); closing it drops that parameter. */
function useListDrawer(search: URLSearchParams, setSearch: ReturnType<typeof useSearchParams>[1], page: ResolvedPage['page']) {
  const [drawer, setDrawer] = useState<DrawerState>(null);
  // Deep link (a notification, another page): ?open=<id> opens that record's drawer, also when the
  // list is already open (a notice of the bell clicked on its own list); read-only where the page offers no edit, as a row opened in the list.
  const names = page.openParam ? ['open', page.openParam] : ['open'];
  const openParam = names.map((n) => search.get(n)).find((v) => v !== null) ?? null;
  const action = pageOffers(page, 'edit') ? 'edit' : 'view';
  useEffect(() => {
    if (openParam && /^\d+$/.test(openParam)) setDrawer({ action, id: Number(openParam) });
  }, [openParam, action]);
  const closeDrawer = () => {
    setDrawer(null);
    if (names.some((n) => search.has(n))) {
      for (const n of names) search.delete(n);
      setSearch(search, { replace: true });
    }
  };
  return { drawer, setDrawer, closeDrawer };
}

/** The address's parameters without the given filters (a filter `f.<field>.eq` also as its plain `<field>`). */
function withoutFilters(prev: URLSearchParams, keys: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const k of keys) {
    next.delete(k);
    const plain = /^f\.(\w+)\.eq$/.exec(k)?.[1];
    if (plain) next.delete(plain);
  }
  return next;
}
