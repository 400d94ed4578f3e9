import type { GridApi } from 'ag-grid-community';
import { useRef, useState, type RefObject } from 'react';
import type { StatusTab } from '../../model/page';
import type { ResolvedPage } from '../../model/page-resolve';
import type { EntityApi, Row } from '../api/entity-api';
import { tabParams, tabsCountedByServer, type QueryParams } from '../grid/filter-params';
import type { ListTotal } from './list-total';

/** Parameters of a page query that are not the list's own condition. */
const PAGING_KEYS = ['page', 'size', 'sort', 'tabs'];

export type ListCount = {
  /** The list's total, exact or the server's estimate; null until it arrives. */
  total: ListTotal | null;
  /** The state tabs' counts, each exact or estimated. */
  tabs: Record<string, ListTotal>;
  /** Counts the list after its first rows came (the rows never wait for it). */
  count: (query: QueryParams, tab: StatusTab | null) => void;
  /** Asks the exact figures of the list and its tabs (a click on an estimate). */
  countExactly: () => void;
};

/**
 * The count of a list and of its state tabs, asked apart from its rows (issue 32): after the first
 * block, one `count` call with the same condition (`tabs=1` when every tab is a state tab, else one
 * call per tab). Above the server's threshold a figure is an estimate, shown as such, and counted
 * exactly on request. An exact total is given to the grid as its row count; an estimate lets the
 * scrollbar reach that far, the grid finding the real end when it reads the last block.
 *
 * Example: `const c = useListCount(resolved, api, gridApi, lastQuery); c.count(query, tab)`.
 */
export function useListCount(resolved: ResolvedPage, api: EntityApi, gridApi: RefObject<GridApi<Row> | null>, lastQuery: RefObject<QueryParams>): ListCount {
  const [total, setTotal] = useState<ListTotal | null>(null);
  const [tabs, setTabs] = useState<Record<string, ListTotal>>({});
  const asked = useRef<{ base: QueryParams; tab: StatusTab | null } | null>(null);

  /** Whether a reply still belongs to the list's current query (the filter may have changed since). */
  const current = (base: QueryParams) => {
    const now: QueryParams = {};
    for (const [k, v] of Object.entries(lastQuery.current)) if (!PAGING_KEYS.includes(k)) now[k] = v;
    return JSON.stringify(now) === JSON.stringify(base);
  };
  const showTotal = (next: ListTotal) => {
    setTotal(next);
    const grid = gridApi.current;
    if (grid && !grid.isDestroyed()) grid.setRowCount(next.n, !next.estimated);
  };

  const countWith = (base: QueryParams, tab: StatusTab | null, exact: boolean) => {
    const extra: QueryParams = exact ? { exact: '1' } : {};
    const byServer = resolved.statusTabs.length > 0 && tabsCountedByServer(resolved);
    void api
      .count({ ...base, ...extra, ...(byServer ? { tabs: '1' } : {}) }, { quiet: true })
      .then((reply) => {
        if (!current(base)) return;
        showTotal({ n: reply.total, estimated: reply.estimated });
        if (byServer && reply.tabs) {
          const stateField = resolved.entity.states!.field;
          const next: Record<string, ListTotal> = {};
          for (const tb of resolved.statusTabs) {
            const state = tb.filter[stateField];
            const key = state === undefined ? 'all' : String(state);
            next[tb.key] = { n: reply.tabs[key] ?? 0, estimated: (reply.estimatedTabs ?? []).includes(key) };
          }
          setTabs(next);
        }
      })
      .catch(() => undefined);
    if (byServer || !resolved.statusTabs.length) return;
    // Tabs that filter other fields are counted with one call each, under the same filters.
    const shared: QueryParams = { ...base };
    for (const k of Object.keys(tabParams(resolved, tab))) delete shared[k];
    void Promise.all(
      resolved.statusTabs.map((tb) =>
        api
          .count({ ...shared, ...tabParams(resolved, tb), ...extra }, { quiet: true })
          .then((r) => [tb.key, { n: r.total, estimated: r.estimated }] as const)
          .catch(() => null),
      ),
    ).then((pairs) => {
      if (current(base)) setTabs(Object.fromEntries(pairs.filter((p): p is readonly [string, ListTotal] => p !== null)));
    });
  };

  return {
    total,
    tabs,
    count: (query, tab) => {
      const base: QueryParams = {};
      for (const [k, v] of Object.entries(query)) if (!PAGING_KEYS.includes(k)) base[k] = v;
      asked.current = { base, tab };
      // The figure shown until the new one comes stays (a refresh after an edit does not blink).
      countWith(base, tab, false);
    },
    countExactly: () => {
      if (asked.current) countWith(asked.current.base, asked.current.tab, true);
    },
  };
}
