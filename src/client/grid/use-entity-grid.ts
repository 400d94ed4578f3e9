import type { CellKeyDownEvent, ColumnMovedEvent, ColumnResizedEvent, GridApi, GridReadyEvent, RowDoubleClickedEvent, SelectionChangedEvent } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { access } from '../session/access-state';
import { entityApi, type Row } from '../api/entity-api';
import { columnDefsOf } from './column-defs';
import { applicableState, loadSavedTable, savedTableOf, storeSavedTable } from './column-state';
import type { EntityGridProps } from './EntityGrid';
import { useCellMenu } from './use-cell-menu';
import { useListDatasource } from './use-list-datasource';
import { useSpreadsheetKeys } from './useSpreadsheetKeys';

/**
 * A registry list's grid state: columns in the interface language, the server datasource, dropping
 * the cache when the quick search, tab or fixed filters change, the user's saved column state
 * (applied when the grid is ready, stored after a change), and event handlers of stable identity.
 *
 * Example: `const g = useEntityGrid(props); <AgGridReact datasource={g.datasource} onGridReady={g.onGridReady} />`
 */
export function useEntityGrid(props: EntityGridProps) {
  const { resolved, tab, quick, fixed } = props;
  const { t, i18n } = useTranslation();
  const language: 'en' | 'zh-CN' = i18n.language === 'en' ? 'en' : 'zh-CN';
  const { username, savedTables } = useSnapshot(access);
  const apiRef = useRef<GridApi<Row> | null>(null);
  const state = useRef({ tab, quick, fixed, props });
  state.current = { tab, quick, fixed, props };
  const api = useMemo(() => entityApi(resolved), [resolved]);
  // Ranges and copy of cells, as in the editable grids, nothing written.
  const sheetKeys = useSpreadsheetKeys({ readOnly: true });
  const columnDefs = useMemo(() => sheetKeys.withClasses(columnDefsOf(resolved.columns, language)), [resolved, language, sheetKeys]);

  const datasource = useListDatasource(resolved, api, apiRef, state);

  // Quick search, tab or fixed filters changed: drop cached blocks and fetch from the top.
  const fixedKey = JSON.stringify(fixed ?? {});
  useEffect(() => {
    const grid = apiRef.current;
    if (!grid || grid.isDestroyed()) return;
    grid.deselectAll();
    grid.purgeInfiniteCache();
  }, [quick, tab, fixedKey]);

  // The cell's menu: filter by its value, exclude it, clear (issue 32).
  const cellMenu = useCellMenu(apiRef, resolved);
  const onCellKey = cellMenu.onCellKey;

  const columns = useColumnPersistence(apiRef, username, resolved.page.opt, () => state.current.props.keepsLayout?.() ?? true);

  const onGridReady = useCallback(
    (e: GridReadyEvent<Row>) => {
      apiRef.current = e.api;
      sheetKeys.setApi(e.api as GridApi);
      const saved = loadSavedTable(username, resolved.page.opt, savedTables as Record<string, unknown>);
      if (saved) {
        const known = resolved.columns.map((c) => c.field);
        e.api.applyColumnState({ state: applicableState(saved, known), applyOrder: true });
      }
      // The latest props, through the ref: the grid is ready once.
      state.current.props.onReady?.(e.api);
    },
    [username, resolved, savedTables, sheetKeys],
  );

  // Event handlers read the latest props through the ref, so they too keep their identity.
  const handlers = useMemo(
    () => ({
      onSelectionChanged: (e: SelectionChangedEvent<Row>) => state.current.props.onSelectionChange(e.api.getSelectedRows()),
      onRowDoubleClicked: (e: RowDoubleClickedEvent<Row>) => {
        if (e.data) state.current.props.onOpen(e.data);
      },
      onCellKeyDown: (e: CellKeyDownEvent<Row>) => {
        const ev = e.event as KeyboardEvent | null;
        if (onCellKey(e)) return;
        if (ev?.key === 'Enter' && e.data) state.current.props.onOpen(e.data);
      },
    }),
    [onCellKey],
  );

  return { t, language, state, sheetKeys, columnDefs, datasource, onGridReady, handlers, cellMenu, ...columns };
}

/** Column order, width, visibility and pinning stored per user and page, 300 ms after the last change. */
function useColumnPersistence(apiRef: React.MutableRefObject<GridApi<Row> | null>, username: string, opt: string, keepsLayout: () => boolean) {
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keeps = useRef(keepsLayout);
  keeps.current = keepsLayout;
  const persistColumns = useCallback(() => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      const grid = apiRef.current;
      if (!grid || grid.isDestroyed() || !keeps.current()) return;
      storeSavedTable(username, opt, savedTableOf(grid.getColumnState()));
    }, 300);
  }, [apiRef, username, opt]);
  const onColumnMoved = useCallback((e: ColumnMovedEvent<Row>) => e.finished && persistColumns(), [persistColumns]);
  const onColumnResized = useCallback((e: ColumnResizedEvent<Row>) => e.finished && e.source !== 'api' && persistColumns(), [persistColumns]);
  return { persistColumns, onColumnMoved, onColumnResized };
}
