/**
 * Spreadsheet keys for an AG Grid Community grid (issue 21): a cell range (Shift+arrows, Shift+click,
 * mouse drag) drawn like a spreadsheet's, copy/paste of tab-separated blocks through the container's
 * `copy`/`paste` DOM events (they work without a secure context), Ctrl+D fill down, Delete clears,
 * Ctrl+Z / Ctrl+Y one undo per action, Enter/F2 edit. The rules are in ./spreadsheet (pure, tested);
 * this hook only reads and writes cells through the grid API (`node.setDataValue`, so each grid's own
 * valueSetter and change handler run as for a typed edit).
 *
 * Usage: spread `gridProps` on <AgGridReact>, `containerProps` on the element around it, and merge
 * `cellClassRules` into the default column definition; add SPREADSHEET_CSS once. A read-only list
 * (`readOnly`) gets the range and copy only (Ctrl+C, or the browser's copy), no key that writes.
 * AG Grid's checkbox column is not a cell of the sheet.
 */import type { GridApi, IRowNode, Column } from 'ag-grid-community';
import type { MessageRef } from '../../model/validate';
import { useMemo, useRef } from 'react';
import { emptyUndo, keepSelection, type CellRange, type KeptSelection } from './spreadsheet';
import { sheetGrid, sheetWrites, type SheetRefs, type SpreadsheetOptions } from './spreadsheet-grid';
import { clipboardHandlers, keyHandler, pointerHandlers } from './spreadsheet-handlers';
import { rangeMarks } from './spreadsheet-marks';

export type { SpreadsheetOptions } from './spreadsheet-grid';

export const SPREADSHEET_CSS = `
.ss-range { background-color: rgba(33, 115, 70, 0.12) !important; }
.ss-range-top { border-top: 2px solid #217346 !important; }
.ss-range-bottom { border-bottom: 2px solid #217346 !important; }
.ss-range-left { border-left: 2px solid #217346 !important; }
.ss-range-right { border-right: 2px solid #217346 !important; }
.ss-fill-handle { overflow: visible !important; }
.ss-fill-handle::after { content: ''; position: absolute; right: -4px; bottom: -4px; width: 7px; height: 7px; background: #217346; border: 1px solid #fff; cursor: crosshair; z-index: 2; }
.ss-fill-target { outline: 1px dashed #217346; outline-offset: -2px; }
.ss-refused { box-shadow: inset 0 0 0 2px #c50f1f; background-color: rgba(197, 15, 31, 0.08) !important; }
`;

export function useSpreadsheetKeys(options: SpreadsheetOptions = {}) {
  const opts = useRef(options);
  opts.current = options;
  const api = useRef<GridApi | null>(null);
  const range = useRef<CellRange | null>(null);
  const kept = useRef<KeptSelection | null>(null);
  const stack = useRef(emptyUndo());
  const dragging = useRef(false);
  const releasedAt = useRef(-1);
  const shiftNav = useRef(false);
  const applying = useRef(false);
  const refused = useRef(new Map<string, MessageRef>());
  const filling = useRef<SheetRefs['filling']['current']>(null);

  return useMemo(() => {
    const refs: SheetRefs = { opts, api, range, kept, stack, dragging, releasedAt, shiftNav, applying, refused, filling };
    const grid = sheetGrid(refs);
    const writes = sheetWrites(refs, grid);
    const pointer = pointerHandlers(refs, grid, writes);
    const { cellClassRules, withClasses, restore } = rangeMarks(refs, grid);
    const containerProps = {
      onKeyDownCapture: keyHandler(refs, grid, writes),
      onMouseUp: pointer.onMouseUp,
      ...clipboardHandlers(refs, grid, writes),
    };
    const { current, nodeAt, cellKey } = grid;
    return {
      withClasses,
      gridProps: { onCellFocused: pointer.onCellFocused, onCellMouseDown: pointer.onCellMouseDown, onCellMouseOver: pointer.onCellMouseOver, onRowDataUpdated: restore },
      onCellValueChanged: pointer.onCellValueChanged,
      containerProps,
      cellClassRules,
      /** Give the hook the grid's API (from onGridReady). */
      setApi: (g: GridApi) => {
        api.current = g;
      },
      /** Before a save reloads rows: remember the range by row id. */
      keep: () => {
        const r = current();
        kept.current = r ? keepSelection(r, (i) => nodeAt(i)?.id) : null;
      },
      /** After the rows are back: the same rows, wherever they now are. */
      restore,
      refusedMessage: (node: IRowNode | null, column: Column) => refused.current.get(cellKey(node ?? undefined, column)),
    };
  }, []);
}
