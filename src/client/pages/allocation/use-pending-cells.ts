import type { CellValueChangedEvent, GridApi, IRowNode } from 'ag-grid-community';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { validateQty } from '../../grid/matrix';
import { useSpreadsheetKeys } from '../../grid/useSpreadsheetKeys';
import { toast } from '../../kernel/toast-bus';
import type { GridRow } from './workbench-columns';
import { useWorkbenchDraft } from './workbench-draft';
import type { WorkbenchState } from './workbench-model';

/** The grid's pinned bottom rows (allocated, capacity, load). */
export function pinnedNodes(g: GridApi<GridRow>): IRowNode<GridRow>[] {
  return [0, 1, 2].map((i) => g.getPinnedBottomRow(i)).filter((n): n is IRowNode<GridRow> => Boolean(n));
}

/**
 * The planner's pending edits: the spreadsheet keys that make them (issue 21: ranges, copy/paste of
 * blocks, fill down, clear, undo; a quantity is a whole number >= 0), what follows each one in the
 * grid, and the unsaved-edits guard that asks before leaving and keeps them as a draft (issue 29).
 */
export function usePendingCells(p: { state: WorkbenchState | null; draft: boolean; revision: number; bump: () => void }) {
  const { t } = useTranslation();
  const { bump } = p;
  const gridApi = useRef<GridApi<GridRow> | null>(null);
  const sheetKeys = useSpreadsheetKeys({
    // A quantity as every quantity grid reads it: empty clears, a whole number >= 0 sets.
    validate: (_col, _node, raw) => validateQty(raw),
    onRefused: (refused) => toast.warning(t('grid.pasteRefused', { count: refused.length, message: t(refused[0].error.key) })),
    // A paste, fill, clear, undo or redo: the grid has redrawn its rows (totals and pinned rows with
    // them); the heatmap and the totals bar follow once for the whole action.
    onWritten: () => bump(),
  });

  // Issue 29: leaving with pending edits asks; a reload keeps them as a draft offered back here.
  const unsaved = useWorkbenchDraft({
    state: p.state,
    editable: p.draft,
    revision: p.revision,
    onRestored: () => {
      const g = gridApi.current;
      if (g && !g.isDestroyed()) g.refreshCells({ force: true });
      bump();
    },
  });

  /** After an edit: the line's totals, the vendor's column (over-capacity marks), the pinned rows, the heatmap. */
  const onCellValueChanged = useCallback(
    (e: CellValueChangedEvent<GridRow>) => {
      const g = e.api;
      const colId = e.column.getColId();
      g.refreshCells({ rowNodes: [e.node as IRowNode<GridRow>], columns: ['allocated', 'unallocated'], force: true });
      g.refreshCells({ columns: [colId], force: true });
      g.refreshCells({ rowNodes: pinnedNodes(g), columns: [colId], force: true });
      bump();
      sheetKeys.onCellValueChanged(e as CellValueChangedEvent);
    },
    [sheetKeys, bump],
  );

  return { gridApi, sheetKeys, unsaved, onCellValueChanged };
}

export type PendingCells = ReturnType<typeof usePendingCells>;
