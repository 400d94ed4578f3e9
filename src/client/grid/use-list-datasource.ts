import type { GridApi, IDatasource, IGetRowsParams } from 'ag-grid-community';
import { useMemo, type RefObject } from 'react';
import type { StatusTab } from '../../model/page';
import type { ResolvedPage } from '../../model/page-resolve';
import { toast } from '../kernel/toast-bus';
import type { entityApi, Row, RowsReply } from '../api/entity-api';
import { pageQuery, UnsupportedFilter, type FilterModel, type QueryParams, type SortModel } from './filter-params';

/** What the datasource reads when AG Grid asks for a block (the list's latest filters and handlers). */
export type ListDatasourceState = {
  tab: StatusTab | null;
  quick: string;
  fixed?: QueryParams;
  props: { onSelectionChange: (rows: Row[]) => void; onLoaded?: (reply: RowsReply, query: QueryParams) => void };
};

export const BLOCK = 100;

/**
 * The server-paged datasource of a registry list (GET .../page): sort, filter, quick search, tab and
 * fixed filters as the server's query; rows still selected after a refresh are handed back with
 * their new data. Rows come without their count (`count=none`): the list counts apart once the
 * first block is in (use-list-count.ts), so the count never holds the rows back (issue 32). A block
 * that follows a block already read starts after that block's last row (`after`, keyset paging);
 * a block reached by a jump (the scrollbar dragged) is cut by its page number.
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
    let early: { key: string; reply: Promise<RowsReply> } | null = null;
    const cursors = new BlockCursors();
    try {
      const { quick: q, tab: tb, fixed: fx } = state.current;
      const query: QueryParams = pageQuery(resolved, { startRow: 0, endRow: BLOCK, sortModel: [], filterModel: {}, quick: q, tab: tb, fixed: fx });
      // Quiet: a failure here is not shown; the datasource then asks again in the usual way.
      const reply = api.rows(query, { quiet: true });
      reply.catch(() => undefined);
      early = { key: JSON.stringify(query), reply };
    } catch {
      // A filter the server cannot answer: the datasource reports it.
    }
    const takeEarly = (query: QueryParams): Promise<RowsReply> | null => {
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
        const after = cursors.before(query, params.startRow);
        const taken = params.startRow === 0 ? takeEarly(query) : null;
        const asked = after ? { ...query, after } : query;
        (taken ? taken.catch(() => api.rows(query)) : api.rows(asked))
          .then((reply) => {
            const grid = apiRef.current;
            const size = params.endRow - params.startRow;
            cursors.keep(query, params.endRow, reply.rows.length === size ? reply.cursor : undefined);
            // The end of the list is known when a block comes back short; else the count tells it.
            const lastRow = reply.rows.length < size ? params.startRow + reply.rows.length : undefined;
            params.successCallback(reply.rows, lastRow);
            if (grid && !grid.isDestroyed()) {
              // Rows still selected after a refresh come back with their new data (version).
              const ids = new Set(reply.rows.map((r) => String(r.id)));
              const selected = grid.getSelectedRows();
              if (selected.some((r) => ids.has(String(r.id)))) state.current.props.onSelectionChange(selected);
              if (reply.rows.length === 0 && params.startRow === 0) grid.showNoRowsOverlay();
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

/**
 * The keyset cursors of the blocks read so far, by the row each block ends at and the query it was
 * read under (sort, filters; not its page). A read of the first block starts afresh: a refresh or a
 * new query reads from the top, and a cursor of rows read before could skip rows added since.
 */
class BlockCursors {
  private readonly byEnd = new Map<string, string>();

  private static keyOf(query: QueryParams, row: number): string {
    const { page: _page, size: _size, ...condition } = query;
    return `${JSON.stringify(condition)}@${row}`;
  }

  /** The cursor of the block that ends where this one starts, if it was read under the same query. */
  before(query: QueryParams, startRow: number): string | undefined {
    if (startRow === 0) {
      this.byEnd.clear();
      return undefined;
    }
    return this.byEnd.get(BlockCursors.keyOf(query, startRow));
  }

  keep(query: QueryParams, endRow: number, cursor: string | undefined): void {
    if (cursor) this.byEnd.set(BlockCursors.keyOf(query, endRow), cursor);
  }
}
