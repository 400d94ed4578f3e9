import type { InputOnChangeData } from '@fluentui/react-components';
import { useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import type { Row } from '../../api/entity-api';
import { useInputSheet } from '../../grid/use-input-sheet';
import type { SheetAccess } from '../../grid/spreadsheet';
import type { QtyLinesProps } from './line-table';

/**
 * The quantities typed now in a shipment's or a receipt's lines on the grids' spreadsheet keys
 * (useInputSheet): a range by mouse or Shift+arrows, Ctrl+C / Ctrl+V of blocks with Excel, the fill
 * handle and Ctrl+D / Ctrl+R, Delete, undo and redo of a whole action, arrows and Enter to move.
 * `cells` places each line (rows x columns; null where no line is, read-only). A cell holds the text
 * as typed or pasted, as the inputs always did: the dialog checks it per line when it is sent.
 */
export function useQtySheet(p: QtyLinesProps, cells: ReadonlyArray<ReadonlyArray<Row | null>>) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const keyAt = (row: number, col: number) => {
    const line = cells[row]?.[col];
    return line ? p.keyOf(line) : null;
  };
  const textAt = (row: number, col: number) => {
    const key = keyAt(row, col);
    return key ? (p.values[key] ?? '') : '';
  };
  const sheet = (): SheetAccess => ({
    rowCount: cells.length,
    colCount: cells[0]?.length ?? 0,
    text: (pos) => textAt(pos.row, pos.col),
    value: (pos) => textAt(pos.row, pos.col),
    editable: (pos) => keyAt(pos.row, pos.col) !== null,
    validate: (_pos, raw) => ({ value: raw, error: null }),
  });
  const s = useInputSheet({
    sheet,
    // Each line's value through the dialog's own change (it clears that line's message).
    apply: (writes) => {
      for (const w of writes) {
        const key = keyAt(w.pos.row, w.pos.col);
        if (key) p.onChange(key, w.after === null || w.after === undefined ? '' : String(w.after));
      }
    },
    focusCell: (row, col) => inputs.current.get(`${row}:${col}`)?.focus(),
    shape: cells.map((r) => r.map((l) => (l ? p.keyOf(l) : '')).join('\u0001')).join('\u0002'),
  });
  /** The props of the quantity input at (row, col). */
  const inputProps = (row: number, col: number) => ({
    ref: (el: HTMLInputElement | null) => {
      if (el) inputs.current.set(`${row}:${col}`, el);
      else inputs.current.delete(`${row}:${col}`);
    },
    value: textAt(row, col),
    onChange: (_: ChangeEvent<HTMLInputElement>, d: InputOnChangeData) => s.typed(row, col, d.value),
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => s.onKey(e, row, col),
    ...s.cellProps(row, col),
  });
  return { sheet: s, inputProps };
}
