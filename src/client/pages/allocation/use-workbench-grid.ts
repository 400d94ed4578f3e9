import type { ColDef, GridApi, IRowNode } from 'ag-grid-community';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GRID_LOCALE } from '../../grid/EntityGrid';
import { pinnedNodes, type PendingCells } from './use-pending-cells';
import type { WorkbenchData } from './use-workbench-data';
import { isPinned, workbenchGridColumns, type GridRow, type PinnedRow } from './workbench-columns';
import type { WorkbenchLine } from './workbench-model';

/**
 * The workbench grid's settings: the month tab that filters it, its columns (per version and
 * language), the pinned rows, and the stable callbacks the grid keeps across the page's re-renders.
 */
export function useWorkbenchGrid(data: Pick<WorkbenchData, 'state' | 'stateRef' | 'draft' | 'versionId'>, pending: Pick<PendingCells, 'gridApi' | 'sheetKeys'>) {
  const { t, i18n } = useTranslation();
  const language: 'zh-CN' | 'en' = i18n.language === 'en' ? 'en' : 'zh-CN';
  const { state, draft, stateRef, versionId } = data;
  const { gridApi, sheetKeys } = pending;
  const [cycleTab, setCycleTab] = useState('all');
  const cycleRef = useRef(cycleTab);
  cycleRef.current = cycleTab;

  // Another version starts on all months.
  useEffect(() => {
    setCycleTab('all');
  }, [versionId]);

  // The grid reads live totals through stateRef; columns change with the version and language only.
  const columnDefs = useMemo(
    () => (state ? workbenchGridColumns({ state, draft, t, language, stateRef, cycleRef }) : []),
    [state, draft, t, language, stateRef],
  );
  const pinnedRows = useMemo<PinnedRow[]>(() => [{ __pinned: 'allocated' }, { __pinned: 'capacity' }, { __pinned: 'load' }], []);

  // Stable grid props: the page re-renders on every edit (totals, heatmap) and the grid must not
  // take that as new settings (a new filter callback would re-filter 5,000 rows).
  const gridCallbacks = useMemo(
    () => ({
      getRowId: (p: { data: GridRow }) => (isPinned(p.data) ? `pinned-${p.data.__pinned}` : String(p.data.id)),
      defaultColDef: { resizable: true, suppressHeaderMenuButton: true, wrapHeaderText: true, autoHeaderHeight: true } as ColDef<GridRow>,
      isExternalFilterPresent: () => cycleRef.current !== 'all',
      doesExternalFilterPass: (n: IRowNode<GridRow>) => isPinned(n.data) || (n.data as WorkbenchLine | undefined)?.month === cycleRef.current,
      onGridReady: (e: { api: GridApi<GridRow> }) => {
        gridApi.current = e.api;
        sheetKeys.setApi(e.api as GridApi);
      },
    }),
    [sheetKeys, gridApi],
  );

  // The month filter: rows of one cycle, pinned rows measured on it.
  useEffect(() => {
    const g = gridApi.current;
    if (!g || g.isDestroyed()) return;
    g.onFilterChanged();
    g.refreshCells({ rowNodes: pinnedNodes(g), force: true });
  }, [cycleTab, gridApi]);

  return { language, cycleTab, setCycleTab, columnDefs, pinnedRows, gridCallbacks, localeText: GRID_LOCALE[language] };
}

export type WorkbenchGrid = ReturnType<typeof useWorkbenchGrid>;
