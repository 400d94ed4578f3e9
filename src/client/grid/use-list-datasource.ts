import type { GridApi, IDatasource, IGetRowsParams } from 'ag-grid-community';
import { useMemo, type RefObject } from 'react';
import type { StatusTab } from '../../model/page';
import type { ResolvedPage } from '../../model/page-resolve';
import { toast } from '../kernel/toast-bus';
import type { entityApi, PageReply, Row } from '../api/entity-api';
import { pageQuery, UnsupportedFilter, type FilterModel, type QueryParams, type SortModel } from './filter-params';

/** What the datasource reads when AG Grid asks for a block (the list's latest filters and handlers). */
export type ListDatasourceState = {
  tab: StatusTab | null;
  quick: string;
  fixed?: QueryParams;
  props: { onSelectionChange: (rows: Row[]) => void; onLoaded?: (reply: PageReply, query: QueryParams) => void };
};

export const BLOCK = 100;

/**
 * The server-paged datasource of a registry list (GET .../page): sort, filter, quick search, tab and
 * fixed filters as the server's query; tab counts ride on the first block; rows still selected after
 * a refresh are handed back with their new data.
 */
export function useListDatasource(
  resolved: ResolvedPage,
  api: ReturnType<typeof entityApi>,
  apiRef: RefObject<GridApi<Row> | null>,
  state: RefObject<ListDatasourceState>,
): IDatasource {
  // The first block is asked for as the grid is created, not when AG Grid first calls the
  // datasource: setting the grid up takes a few hundred milliseconds on a cold start, and the
  // server answers meanwhile. The datasource's first call takes that reply when it asks for the
  // same block (no saved sort or filter applies to a new grid); otherwise it is dropped.
  return useMemo<IDatasource>(() => {
    let early: { key: string; reply: Promise<PageReply> } | null = null;
    try {
      const { quick: q, tab: tb, fixed: fx } = state.current;
      const query: QueryParams = { ...pageQuery(resolved, { startRow: 0, endRow: BLOCK, sortModel: [], filterModel: {}, quick: q, tab: tb, fixed: fx }), tabs: '1' };
      // Quiet: a failure here is not shown; the datasource then asks again in the usual way.
      const reply = api.page(query, { quiet: true });
      reply.catch(() => undefined);
      early = { key: JSON.stringify(query), reply };
    } catch {
      // A filter the server cannot answer: the datasource reports it.
    }
    const takeEarly = (query: QueryParams): Promise<PageReply> | null => {
      const first = early;
      early = null;
      return first && first.key === JSON.stringify(query) ? first.reply : null;
    };
    return {
      getRows: (params: IGetRowsParams) => {
        let query: QueryParams;
        try {
          query = pageQuery(resolved, {
            startRow: params.startRow,
            endRow: params.endRow,
            sortModel: params.sortModel as SortModel,
            filterModel: params.filterModel as FilterModel,
            quick: state.current.quick,
            tab: state.current.tab,
            fixed: state.current.fixed,
          });
        } catch (e) {
          if (e instanceof UnsupportedFilter) toast.warning(e.message);
          params.failCallback();
          return;
        }
        // Tab counts ride on the first block only.
        if (params.startRow === 0) query.tabs = '1';
        const taken = params.startRow === 0 ? takeEarly(query) : null;
        (taken ? taken.catch(() => api.page(query)) : api.page(query))
          .then((reply) => {
            const grid = apiRef.current;
            params.successCallback(reply.rows, reply.total);
            if (grid && !grid.isDestroyed()) {
              // Rows still selected after a refresh come back with their new data (version).
              const ids = new Set(reply.rows.map((r) => String(r.id)));
              const selected = grid.getSelectedRows();
              if (selected.some((r) => ids.has(String(r.id)))) state.current.props.onSelectionChange(selected);
              if (reply.total === 0 && params.startRow === 0) grid.showNoRowsOverlay();
              else grid.hideOverlay();
            }
            if (params.startRow === 0) state.current.props.onLoaded?.(reply, query);
          })
          .catch(() => params.failCallback());
      },
    };
    // apiRef and state are refs: the same objects on every render, the datasource reads them when called.
  }, [api, resolved, apiRef, state]);
}
