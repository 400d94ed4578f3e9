import type { GridApi } from 'ag-grid-community';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { validateQty } from '../../grid/matrix';
import { useSpreadsheetKeys } from '../../grid/useSpreadsheetKeys';
import { toast } from '../../kernel/toast-bus';
import { useWorkbenchDraft } from './workbench-draft';
import type { WorkbenchState } from './workbench-model';

/**
 * The planner's pending edits: the spreadsheet keys that make them (issue 21: ranges, copy/paste of
 * blocks, fill down, clear, undo; a quantity is a whole number >= 0), and the unsaved-edits guard
 * that asks before leaving and keeps them as a draft (issue 29). The grid redraws what an edit changes.
 */
export function usePendingCells(p: { state: WorkbenchState | null; draft: boolean; revision: number; bump: () => void }) {
  const { t } = useTranslation();
  const { bump } = p;
  const gridApi = useRef<GridApi | null>(null);
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

  return { gridApi, sheetKeys, unsaved };
}

export type PendingCells = ReturnType<typeof usePendingCells>;
