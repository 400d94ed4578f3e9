import type { CellValueChangedEvent, ColDef, GridApi, IRowNode } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { memo, useCallback, useEffect, useMemo, useRef, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemoryGridDecl } from '../../model/memory-grid';
import './grid-modules';
import { gridTheme, GRID_LOCALE } from './grid-theme';
import { isFooter, memoryGridColumns, type MemoryRow, type MemorySource } from './memory-grid';
import type { useSpreadsheetKeys } from './useSpreadsheetKeys';

type Props<R, M> = {
  decl: MemoryGridDecl;
  rows: readonly R[];
  source: MemorySource<R, M>;
  /** Whether member cells may be edited (the declaration's `members.editable`, and the record a draft). */
  editable: boolean;
  /** The tab shown ('all', or a value of the declaration's `tabField`). */
  tab: string;
  sheetKeys: ReturnType<typeof useSpreadsheetKeys>;
  /** After an edit has gone through the source and the grid has redrawn what it changed. */
  onEdited: () => void;
  apiRef?: MutableRefObject<GridApi | null>;
};

/** The footer rows as the grid holds them. */
function footerNodes(g: GridApi): IRowNode[] {
  return Array.from({ length: g.getPinnedBottomRowCount() }, (_, i) => g.getPinnedBottomRow(i)).filter((n): n is IRowNode => Boolean(n));
}

/**
 * A declared grid over rows in memory (MemoryGridDecl; issue 30): the declaration's columns over
 * the page's rows and source, the footer rows pinned at the bottom, the rows of the tab shown, the
 * spreadsheet keys, and after each edit the row's computed cells, the member's column and the
 * footer redrawn. Its props are stable across the page's re-renders (an edit re-renders the page's
 * totals), so the grid keeps its element, its focus and its range.
 */
function MemoryGridView<R extends { id: unknown }, M>({ decl, rows, source, editable, tab, sheetKeys, onEdited, apiRef }: Props<R, M>) {
  const { t, i18n } = useTranslation();
  const language: 'zh-CN' | 'en' = i18n.language === 'en' ? 'en' : 'zh-CN';
  const tabRef = useRef(tab);
  tabRef.current = tab;
  const gridApi = useRef<GridApi | null>(null);
  const columnDefs = useMemo(() => sheetKeys.withClasses(memoryGridColumns(decl, source, { language, t, editable, tab: tabRef }) as ColDef[]), [decl, source, language, t, editable, sheetKeys]);
  const footerRows = useMemo(() => (decl.footer?.rows ?? []).map((k) => ({ __footer: k })), [decl]);
  const callbacks = useMemo(
    () => ({
      getRowId: (p: { data: MemoryRow<R> }) => (isFooter(p.data) ? `pinned-${p.data.__footer}` : String(p.data.id)),
      defaultColDef: { resizable: true, suppressHeaderMenuButton: true, wrapHeaderText: true, autoHeaderHeight: true } as ColDef,
      isExternalFilterPresent: () => Boolean(decl.tabField) && tabRef.current !== 'all',
      doesExternalFilterPass: (n: IRowNode) => isFooter(n.data) || (n.data as Record<string, unknown> | undefined)?.[decl.tabField ?? ''] === tabRef.current,
      onGridReady: (e: { api: GridApi }) => {
        gridApi.current = e.api;
        if (apiRef) apiRef.current = e.api;
        sheetKeys.setApi(e.api);
      },
    }),
    [decl, sheetKeys, apiRef],
  );

  // Another tab: its rows, and the footer measured on them.
  useEffect(() => {
    const g = gridApi.current;
    if (!g || g.isDestroyed()) return;
    g.onFilterChanged();
    g.refreshCells({ rowNodes: footerNodes(g), force: true });
  }, [tab]);

  const onCellValueChanged = useCallback(
    (e: CellValueChangedEvent) => {
      const g = e.api;
      const colId = e.column.getColId();
      g.refreshCells({ rowNodes: [e.node], columns: decl.computed.map((k) => k.key), force: true });
      g.refreshCells({ columns: [colId], force: true });
      g.refreshCells({ rowNodes: footerNodes(g), columns: [colId], force: true });
      onEdited();
      sheetKeys.onCellValueChanged(e);
    },
    [decl, sheetKeys, onEdited],
  );

  return (
    <AgGridReact
      theme={gridTheme}
      rowData={rows as MemoryRow<R>[]}
      columnDefs={columnDefs}
      {...sheetKeys.gridProps}
      pinnedBottomRowData={footerRows}
      getRowId={callbacks.getRowId}
      defaultColDef={callbacks.defaultColDef}
      isExternalFilterPresent={callbacks.isExternalFilterPresent}
      doesExternalFilterPass={callbacks.doesExternalFilterPass}
      onGridReady={callbacks.onGridReady}
      onCellValueChanged={onCellValueChanged}
      enterNavigatesVerticallyAfterEdit
      stopEditingWhenCellsLoseFocus
      localeText={GRID_LOCALE[language]}
      tooltipShowDelay={300}
    />
  );
}

export const MemoryGrid = memo(MemoryGridView) as typeof MemoryGridView;
