import { makeStyles, tokens } from '@fluentui/react-components';
import {
  themeQuartz,
  type CellKeyDownEvent,
  type ColDef,
  type ColumnMovedEvent,
  type ColumnResizedEvent,
  type GetRowIdParams,
  type GridApi,
  type GridReadyEvent,
  type IDatasource,
  type IGetRowsParams,
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
import { toast } from '../shell/toast-bus';
import { entityApi, type PageReply, type Row } from '../engine/entity-api';
import { columnDefsOf } from './column-defs';
import { applicableState, loadSavedTable, savedTableOf, storeSavedTable } from './column-state';
import { pageQuery, UnsupportedFilter, type FilterModel, type QueryParams, type SortModel } from './filter-params';
import './grid-modules';

/** The quartz theme in the product's denim and fonts. */
export const gridTheme = themeQuartz.withParams({
  accentColor: '#2E60B2',
  fontFamily: "'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', system-ui, sans-serif",
  fontSize: 13,
  headerFontWeight: 600,
  rowHeight: 36,
  headerHeight: 38,
});

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

const BLOCK = 100;

// Grid options that never change are made once: AG Grid React applies every prop whose identity
// changed, and a new defaultColDef, rowSelection or selectionColumnDef on a re-render (the list
// page re-renders when the first block brings the total and tab counts) rebuilds the columns
// and redraws the rows that were just drawn.
// Headers wrap onto a second line rather than cut a long (English) label short.
const DEFAULT_COL_DEF: ColDef<Row> = { minWidth: 80, suppressHeaderMenuButton: false, wrapHeaderText: true, autoHeaderHeight: true };
const ROW_SELECTION: RowSelectionOptions<Row> = { mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: false };
const SELECTION_COLUMN_DEF: SelectionColumnDef = { pinned: 'left', width: 48 };
const rowIdOf = (p: GetRowIdParams<Row>) => String(p.data.id);

const useStyles = makeStyles({
  wrap: { flex: 1, minHeight: '320px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
});

/**
 * A registry list on AG Grid's infinite row model: the server pages, sorts and filters
 * (GET .../page); rows are selected with checkboxes for bulk actions; Enter or a double click
 * opens a row; column order, width, visibility and pinning are remembered per user and page.
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
  const columnDefs = useMemo(() => columnDefsOf(resolved.columns, language), [resolved, language]);

  // The first block is asked for as the grid is created, not when AG Grid first calls the
  // datasource: setting the grid up takes a few hundred milliseconds on a cold start, and the
  // server answers meanwhile. The datasource's first call takes that reply when it asks for the
  // same block (no saved sort or filter applies to a new grid); otherwise it is dropped.
  const datasource = useMemo<IDatasource>(() => {
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
  }, [api, resolved]);

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
      const saved = loadSavedTable(username, resolved.page.opt, savedTables as Record<string, unknown>);
      if (saved) {
        const known = resolved.columns.map((c) => c.field);
        e.api.applyColumnState({ state: applicableState(saved, known), applyOrder: true });
      }
      props.onReady?.(e.api);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [username, resolved],
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
    <div className={s.wrap} data-testid={`grid-${resolved.page.opt}`}>
      <AgGridReact<Row>
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

/** AG Grid's own words in the interface language (filters, menus). */
export const GRID_LOCALE: Record<'zh-CN' | 'en', Record<string, string>> = {
  en: {},
  'zh-CN': {
    contains: '包含',
    equals: '等于',
    notEqual: '不等于',
    lessThan: '小于',
    lessThanOrEqual: '小于等于',
    greaterThan: '大于',
    greaterThanOrEqual: '大于等于',
    inRange: '介于',
    inRangeStart: '从',
    inRangeEnd: '到',
    blank: '为空',
    notBlank: '不为空',
    filterOoo: '筛选…',
    resetFilter: '重置',
    applyFilter: '应用',
    clearFilter: '清除',
    before: '早于',
    after: '晚于',
    loadingOoo: '加载中…',
    noRowsToShow: '暂无数据',
    page: '页',
    of: '/',
    to: '至',
    pinColumn: '固定列',
    pinLeft: '固定在左侧',
    pinRight: '固定在右侧',
    noPin: '取消固定',
    autosizeThisColumn: '自动调整此列',
    autosizeAllColumns: '自动调整所有列',
    resetColumns: '重置列',
    sortAscending: '升序',
    sortDescending: '降序',
    sortUnSort: '取消排序',
    columnFilter: '列筛选',
    columnChooser: '选择列',
    ariaChecked: '已选',
    ariaUnchecked: '未选',
    dateFormatOoo: 'yyyy-mm-dd',
  },
};
