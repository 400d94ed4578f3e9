import { useTranslation } from 'react-i18next';
import { applyWrites, matrixSheet, refusalOf, type MatrixGrid } from './matrix';
import { useInputSheet } from './use-input-sheet';

/**
 * The colour x size matrix's spreadsheet keys (useInputSheet over `matrixSheet`): every cell holds
 * a whole number of pieces; a refused cell is not written and is named by its colour and size
 * ("黑色 / M：数量必须是非负整数"). The undo stack starts afresh when a colour or size is added or removed.
 */
export function useMatrixSheet(grid: MatrixGrid, commit: (g: MatrixGrid) => void, focusCell: (row: number, col: number) => void) {
  const { t } = useTranslation();
  const sheet = useInputSheet({
    sheet: () => matrixSheet(grid),
    apply: (writes) => commit(applyWrites(grid, writes)),
    focusCell,
    shape: `${grid.rows.join('\u0001')}\u0002${grid.cols.join('\u0001')}`,
  });
  const messages = sheet.refused.map((r) => {
    const f = refusalOf(grid, r);
    return t('engine.matrixBadCell', { row: f.row, col: f.col, message: t(f.key), text: f.text });
  });
  return { ...sheet, messages };
}
