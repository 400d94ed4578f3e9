import type { InputOnChangeData } from '@fluentui/react-components';
import { useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { EntriesDef } from '../../../model/entity';
import { useInputSheet } from '../../grid/use-input-sheet';
import { entriesValueOf, entryRowsOf, entrySheet, writeEntryCells, type EntryRow } from './keyed-entries';
import type { WidgetProps } from './types';

/** Marks an input of the sheet: the keys and the clipboard act on these, not on the key column's dropdown or the buttons. */
const SHEET_CELL = 'data-sheet-cell';
const onSheetCell = (target: EventTarget) => target instanceof HTMLElement && target.hasAttribute(SHEET_CELL);
const NO_ENTRIES: EntriesDef = { key: { entity: '', labelField: '' }, fields: [] };

/**
 * A keyed table's rows and its value cells on the grids' spreadsheet keys (useInputSheet over
 * `entrySheet`): a range by mouse or Shift+arrows, Ctrl+C / Ctrl+V of blocks with Excel (a block is
 * cut at the last row: rows are records picked in the key column, a paste never adds one), the fill
 * handle and Ctrl+D / Ctrl+R, Delete, undo and redo of a whole action, arrows and Enter to move.
 * Rows are kept as typed so a half-filled row stays on screen; each change gives the form the value
 * `entriesValueOf` makes of them. The undo stack starts afresh when a row is added or removed.
 */
export function useKeyedSheet(p: WidgetProps, def: EntriesDef | undefined) {
  const [rows, setRows] = useState<EntryRow[]>(() => (def ? entryRowsOf(def, p.value) : []));
  // The rows as last set (an action's writes land on them even before the next render).
  const current = useRef(rows);
  current.current = rows;
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const set = (next: EntryRow[], save = true) => {
    current.current = next;
    setRows(next);
    if (def && save) p.onChange(entriesValueOf(def, next));
  };
  const d = def ?? NO_ENTRIES;
  const fields = d.fields;
  const s = useInputSheet({
    sheet: () => entrySheet(d, current.current, !p.disabled),
    apply: (writes) => set(writeEntryCells(d, current.current, writes)),
    focusCell: (row, col) => inputs.current.get(`${row}:${col}`)?.focus(),
    shape: `${rows.length}\u0001${fields.length}`,
  });
  const c = s.containerProps;
  /** The table's handlers: keys and clipboard only while a value cell has the focus. */
  const containerProps = {
    onKeyDownCapture: (e: KeyboardEvent) => {
      if (onSheetCell(e.target)) c.onKeyDownCapture(e);
    },
    onCopy: (e: ClipboardEvent) => {
      if (onSheetCell(e.target)) c.onCopy(e);
    },
    onPaste: (e: ClipboardEvent) => {
      if (onSheetCell(e.target)) c.onPaste(e);
    },
  };
  /** The props of the value input at (row, col). */
  const inputProps = (row: number, col: number) => ({
    ref: (el: HTMLInputElement | null) => {
      if (el) inputs.current.set(`${row}:${col}`, el);
      else inputs.current.delete(`${row}:${col}`);
    },
    [SHEET_CELL]: '',
    value: rows[row]?.cells[fields[col]?.key ?? ''] ?? '',
    onChange: (_: ChangeEvent<HTMLInputElement>, d: InputOnChangeData) => s.typed(row, col, d.value),
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => s.onKey(e, row, col),
    ...s.cellProps(row, col),
  });
  const update = (i: number, patch: Partial<EntryRow>) => set(rows.map((r, k) => (k === i ? { ...r, ...patch, cells: { ...r.cells, ...patch.cells } } : r)));
  return {
    rows,
    sheet: s,
    containerProps,
    inputProps,
    pick: (i: number, key: string) => update(i, { key }),
    remove: (i: number) => set(rows.filter((_, k) => k !== i)),
    add: () => set([...rows, { key: '', cells: {} }], false),
  };
}
