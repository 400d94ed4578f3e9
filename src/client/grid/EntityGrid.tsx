import { makeStyles, tokens } from '@fluentui/react-components';
import type { ColDef, GetRowIdParams, GridApi, RowSelectionOptions, SelectionColumnDef } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, type ReactNode } from 'react';
import type { StatusTab } from '../../model/page';
import type { ResolvedPage } from '../../model/page-resolve';
import type { Row, RowsReply } from '../api/entity-api';
import type { QueryParams } from './filter-params';
import { CellMenu } from './CellMenu';
import { gridTheme, GRID_LOCALE } from './grid-theme';
import { useEntityGrid } from './use-entity-grid';
import { BLOCK } from './use-list-datasource';
import { SPREADSHEET_CSS } from './useSpreadsheetKeys';
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
  onLoaded?: (reply: RowsReply, query: QueryParams) => void;
  onReady?: (api: GridApi<Row>) => void;
  /** What the list shows when it has no rows: what it is for and its first actions (issue 21). */
  empty?: () => ReactNode;
  /** Whether column changes are the user's running layout (saved table info); false while a saved view is shown (issue 32). */
  keepsLayout?: () => boolean;
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
  const { resolved } = props;
  const s = useStyles();
  const g = useEntityGrid(props);
  const { t, language, sheetKeys, handlers, persistColumns, state } = g;
  const emptyParams = useMemo(() => ({ render: () => state.current.props.empty?.() ?? <span className="engine-empty">{t('engine.noRows')}</span> }), [state, t]);

  return (
    <div className={s.wrap} data-testid={`grid-${resolved.page.opt}`} {...sheetKeys.containerProps}>
      <style>{SPREADSHEET_CSS}</style>
      <AgGridReact<Row>
        {...sheetKeys.gridProps}
        theme={gridTheme}
        columnDefs={g.columnDefs}
        defaultColDef={DEFAULT_COL_DEF}
        rowModelType="infinite"
        datasource={g.datasource}
        cacheBlockSize={BLOCK}
        maxBlocksInCache={40}
        infiniteInitialRowCount={1}
        getRowId={rowIdOf}
        rowSelection={ROW_SELECTION}
        selectionColumnDef={SELECTION_COLUMN_DEF}
        onSelectionChanged={handlers.onSelectionChanged}
        onRowDoubleClicked={handlers.onRowDoubleClicked}
        onCellKeyDown={handlers.onCellKeyDown}
        onCellContextMenu={g.cellMenu.onCellContextMenu}
        preventDefaultOnContextMenu
        onGridReady={g.onGridReady}
        onColumnMoved={g.onColumnMoved}
        onColumnResized={g.onColumnResized}
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
      <CellMenu menu={g.cellMenu} />
    </div>
  );
}
