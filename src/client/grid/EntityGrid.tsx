import { makeStyles, tokens } from '@fluentui/react-components';
import { themeQuartz, type GridApi, type GridReadyEvent, type IDatasource, type IGetRowsParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
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
};

const BLOCK = 100;

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

  const datasource = useMemo<IDatasource>(
    () => ({
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
        api
          .page(query)
          .then((reply) => {
            const grid = apiRef.current;
            params.successCallback(reply.rows, reply.total);
            if (grid && !grid.isDestroyed()) {
              if (reply.total === 0 && params.startRow === 0) grid.showNoRowsOverlay();
              else grid.hideOverlay();
            }
            if (params.startRow === 0) state.current.props.onLoaded?.(reply, query);
          })
          .catch(() => params.failCallback());
      },
    }),
    [api, resolved],
  );

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

  return (
    <div className={s.wrap} data-testid={`grid-${resolved.page.opt}`}>
      <AgGridReact<Row>
        theme={gridTheme}
        columnDefs={columnDefs}
        defaultColDef={{ minWidth: 80, suppressHeaderMenuButton: false }}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={BLOCK}
        maxBlocksInCache={40}
        infiniteInitialRowCount={1}
        getRowId={(p) => String(p.data.id)}
        rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: false }}
        selectionColumnDef={{ pinned: 'left', width: 48 }}
        onSelectionChanged={(e) => props.onSelectionChange(e.api.getSelectedRows())}
        onRowDoubleClicked={(e) => e.data && props.onOpen(e.data)}
        onCellKeyDown={(e) => {
          const ev = e.event as KeyboardEvent | null;
          if (ev?.key === 'Enter' && e.data) props.onOpen(e.data);
        }}
        onGridReady={onGridReady}
        onColumnMoved={(e) => e.finished && persistColumns()}
        onColumnResized={(e) => e.finished && e.source !== 'api' && persistColumns()}
        onColumnVisible={persistColumns}
        onColumnPinned={persistColumns}
        overlayNoRowsTemplate={`<span class="engine-empty">${t('engine.noRows')}</span>`}
        overlayLoadingTemplate={`<span>${t('engine.loading')}</span>`}
        localeText={GRID_LOCALE[language]}
        tooltipShowDelay={400}
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
