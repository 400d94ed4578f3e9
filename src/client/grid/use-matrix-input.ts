import { useMemo, useRef, useState } from 'react';
import { addColumn, addRow, fromGrid, removeRow, toGrid, type MatrixGrid } from './matrix';
import { sortSizes } from './matrix-blocks';
import type { MatrixInputTableProps } from './MatrixInputTable';
import { useMatrixSheet } from './use-matrix-sheet';

/**
 * The colour-size matrix input's state and commands: the grid from the records plus the colours and
 * sizes the user added, the spreadsheet keys (moves between cells are the sheet's `onKey`), adding a colour or a size, removing a row.
 *
 * Example: `const m = useMatrixInput(props); m.grid.cells[i][j]; m.sheet.onKey(e, i, j); m.addRowNamed();`
 */
export function useMatrixInput(props: MatrixInputTableProps) {
  const [extraRows, setExtraRows] = useState<string[]>([]);
  const [extraCols, setExtraCols] = useState<string[]>([]);
  const [newRow, setNewRow] = useState('');
  const [newCol, setNewCol] = useState('');
  const refs = useRef<Map<string, HTMLInputElement>>(new Map());
  const grid = useMemo(() => {
    // Without declared sizes, the records' sizes in wearing order (S, M, L, XL; numbers ascending).
    const cols = props.columns?.length ? props.columns : sortSizes([...new Set((props.value ?? []).map((r) => String(r[props.config.colField] ?? '')).filter(Boolean))]);
    return toGrid(props.value ?? [], props.config, [...(props.rows ?? []), ...extraRows], [...cols, ...extraCols]);
  }, [props.value, props.config, props.rows, props.columns, extraRows, extraCols]);
  const commit = (g: MatrixGrid) => props.onChange(fromGrid(g, props.config));
  const focus = (row: number, col: number) => refs.current.get(`${row}:${col}`)?.focus();
  const sheet = useMatrixSheet(grid, commit, focus);

  const cellRef = (i: number, j: number) => (el: HTMLInputElement | null) => {
    if (el) refs.current.set(`${i}:${j}`, el);
    else refs.current.delete(`${i}:${j}`);
  };
  const removeRowAt = (r: string, i: number) => {
    setExtraRows((x) => x.filter((n) => n !== r));
    commit(removeRow(grid, i));
  };
  const addRowNamed = () => {
    const g = addRow(grid, newRow);
    if (g !== grid) setExtraRows((x) => [...x, newRow.trim()]);
    setNewRow('');
  };
  const addColNamed = () => {
    const g = addColumn(grid, newCol);
    if (g !== grid) setExtraCols((x) => [...x, newCol.trim()]);
    setNewCol('');
  };

  return { grid, sheet, cellRef, removeRowAt, newRow, setNewRow, newCol, setNewCol, addRowNamed, addColNamed };
}

export type MatrixInput = ReturnType<typeof useMatrixInput>;
