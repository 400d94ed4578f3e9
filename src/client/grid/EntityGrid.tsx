import { makeStyles, tokens } from '@fluentui/react-components';
import {
  type CellKeyDownEvent,
  type ColDef,
  type ColumnMovedEvent,
  type ColumnResizedEvent,
  type GetRowIdParams,
  type GridApi,
  type GridReadyEvent,
  type RowDoubleClickedEvent,
  type RowSelectionOptions,
  type SelectionChangedEvent,
  type SelectionColumnDef,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { StatusTab } from '../../model/page';
import type { ResolvedPage } from '../../model/page-resolve';
import { access } from '../session/access-state';
import { entityApi, type PageReply, type Row } from '../api/entity-api';
import { columnDefsOf } from './column-defs';
import { applicableState, loadSavedTable, savedTableOf, storeSavedTable } from './column-state';
import type { QueryParams } from './filter-params';
import { gridTheme, GRID_LOCALE } from './grid-theme';
import { BLOCK, useListDatasource } from './use-list-datasource';
import { SPREADSHEET_CSS, useSpreadsheetKeys } from './useSpreadsheetKeys';
import './grid-modules';

export { gridTheme, GRID_LOCALE } from './grid-theme';

export type EntityGridProps = {
  resolved: ResolvedPage;
  tab: StatusTab | null;
  quick: string;
  /** Filters fixed by the route (a sub-index page's parent). */
  fixed?: QueryParams;
  onSelectionChange: (rows: Row[]) => void;
  onOpen: (row: Row) => void;
  onLoaded?: (reply: PageReply, query: QueryParams) => void;
  onReady?: (api: GridApi<Row>) => void;
  /** What the list shows when it has no rows: what it is for and its first actions (issue 21). */
  empty?: () => ReactNode;
};

/** AG Grid's no-rows overlay, rendering the list's own empty state (read through a ref, so it is current). */
function EmptyOverlay(p: { render: () => ReactNode }) {
  return <div style={{ pointerEvents: 'auto' }}>{p.render()}</div>;
}

// Grid options that never change are made once: AG Grid React applies every prop whose identity
// changed, and a new defaultColDef, rowSelection or selectionColumnDef on a re-render (the list
// page re-renders when the first block brings the total and tab counts) rebuilds the columns
// and redraws the rows that were just drawn.
// Headers wrap onto a second line rather than cut a long (English) label short.
const DEFAULT_COL_DEF: ColDef<Row> = { minWidth: 80, suppressHeaderMenuButton: false, wrapHeaderText: true, autoHeaderHeight: true };
// A click selects that row alone, Ctrl/Shift-click extend, the checkboxes add and remove rows.
const ROW_SELECTION: RowSelectionOptions<Row> = { mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: true };
const SELECTION_COLUMN_DEF: SelectionColumnDef = { pinned: 'left', width: 48 };
const rowIdOf = (p: GetRowIdParams<Row>) => String(p.data.id);

const useStyles = makeStyles({
  wrap: { flex: 1, minHeight: '320px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
});

/**
 * A registry list on AG Grid's infinite row model: the server pages, sorts and filters
 * (GET .../page); a click selects a row (Ctrl/Shift-click and the checkboxes select several for
 * bulk actions); Enter or a double click opens a row; a range of cells (drag, Shift+arrows) copies
 * as Excel's tab-separated text with Ctrl+C (the grids' spreadsheet keys, read-only); column
 * order, width, visibility and pinning are remembered per user and page.
 */
export function EntityGrid(props: EntityGridProps) {
  const { resolved, tab, quick, fixed } = props;
  const { t, i18n } = useTranslation();
  const s = useStyles();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
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

  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const persistColumns = useCallback(() => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      const grid = apiRef.current;
      if (!grid || grid.isDestroyed()) return;
      storeSavedTable(username, resolved.page.opt, savedTableOf(grid.getColumnState()));
    }, 300);
  }, [username, resolved.page.opt]);

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
        if (ev?.key === 'Enter' && e.data) state.current.props.onOpen(e.data);
      },
    }),
    [],
  );
  const emptyParams = useMemo(() => ({ render: () => state.current.props.empty?.() ?? <span className="engine-empty">{t('engine.noRows')}</span> }), [t]);
  const onColumnMoved = useCallback((e: ColumnMovedEvent<Row>) => e.finished && persistColumns(), [persistColumns]);
  const onColumnResized = useCallback((e: ColumnResizedEvent<Row>) => e.finished && e.source !== 'api' && persistColumns(), [persistColumns]);

  return (
    <div className={s.wrap} data-testid={`grid-${resolved.page.opt}`} {...sheetKeys.containerProps}>
      <style>{SPREADSHEET_CSS}</style>
      <AgGridReact<Row>
        {...sheetKeys.gridProps}
        theme={gridTheme}
        columnDefs={columnDefs}
        defaultColDef={DEFAULT_COL_DEF}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={BLOCK}
        maxBlocksInCache={40}
        infiniteInitialRowCount={1}
        getRowId={rowIdOf}
        rowSelection={ROW_SELECTION}
        selectionColumnDef={SELECTION_COLUMN_DEF}
        onSelectionChanged={handlers.onSelectionChanged}
        onRowDoubleClicked={handlers.onRowDoubleClicked}
        onCellKeyDown={handlers.onCellKeyDown}
        onGridReady={onGridReady}
        onColumnMoved={onColumnMoved}
        onColumnResized={onColumnResized}
        onColumnVisible={persistColumns}
        onColumnPinned={persistColumns}
        noRowsOverlayComponent={EmptyOverlay}
        noRowsOverlayComponentParams={emptyParams}
        overlayLoadingTemplate={`<span>${t('engine.loading')}</span>`}
        localeText={GRID_LOCALE[language]}
        tooltipShowDelay={400}
        tooltipShowMode="whenTruncated"
        // Lists have tens of columns, not hundreds: render them all (find-in-page, tests, screen readers).
        suppressColumnVirtualisation
      />
    </div>
  );
}
