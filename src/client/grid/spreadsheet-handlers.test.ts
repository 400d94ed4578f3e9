import type { CellFocusedEvent, CellMouseDownEvent, CellMouseOverEvent, Column, GridApi, IRowNode } from 'ag-grid-community';
import type { KeyboardEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyUndo, type CellRange } from './spreadsheet';
import { sheetGrid, sheetWrites, type SheetRefs } from './spreadsheet-grid';
import { keyHandler, pointerHandlers } from './spreadsheet-handlers';

/**
 * The spreadsheet keys' handlers against a grid that reports its events late, as AG Grid does (it
 * calls its listeners asynchronously): a focus or a press reported after the planner moved on must
 * not take the range away (the workbench's range collapsed on a busy machine).
 */
const ref = <T,>(current: T) => ({ current });
const col = (id: string) => ({ getColId: () => id, isCellEditable: () => true, getColDef: () => ({}) }) as unknown as Column;
const COLS = ['a', 'b', 'c'].map(col);
const ROWS = [0, 1, 2, 3].map((i) => ({ id: String(i), rowIndex: i, rowPinned: null }) as unknown as IRowNode);

function fakeGrid() {
  let focused: { rowIndex: number; column: Column; rowPinned: null } | null = null;
  const api = {
    getAllDisplayedColumns: () => COLS,
    getDisplayedRowAtIndex: (i: number) => ROWS[i],
    getDisplayedRowCount: () => ROWS.length,
    getEditingCells: () => [],
    refreshCells: () => undefined,
    getCellValue: () => '',
    getFocusedCell: () => focused,
    setFocusedCell: (rowIndex: number, column: Column) => {
      focused = { rowIndex, column, rowPinned: null };
    },
  } as unknown as GridApi;
  const refs: SheetRefs = {
    opts: ref({}), api: ref(api), range: ref<CellRange | null>(null), kept: ref(null), stack: ref(emptyUndo()), dragging: ref(false),
    releasedAt: ref(-1), shiftNav: ref(false), applying: ref(false), refused: ref(new Map()), filling: ref(null),
  };
  const grid = sheetGrid(refs);
  const writes = sheetWrites(refs, grid);
  return { refs, api, keys: keyHandler(refs, grid, writes), pointer: pointerHandlers(refs, grid, writes) };
}
const key = (k: string) => ({ key: k, shiftKey: true, ctrlKey: false, metaKey: false, altKey: false, preventDefault() {}, stopPropagation() {} }) as unknown as KeyboardEvent;
const focusEvent = (row: number, c: number) => ({ rowIndex: row, column: COLS[c], rowPinned: null }) as unknown as CellFocusedEvent;
const mouse = (row: number, c: number, event: Partial<MouseEvent>) => ({ rowIndex: row, column: COLS[c], node: ROWS[row], event }) as unknown as CellMouseDownEvent & CellMouseOverEvent;

describe('spreadsheet handlers with late grid events', () => {
  it('a focus reported after two Shift+arrows keeps the 2 x 2 range', () => {
    const { refs, api, keys, pointer } = fakeGrid();
    api.setFocusedCell(0, COLS[0]);
    keys(key('ArrowDown'));
    keys(key('ArrowRight'));
    expect(refs.range.current).toEqual({ anchor: { row: 0, col: 0 }, focus: { row: 1, col: 1 } });
    // The grid's reports of both moves arrive now: the first is over, the second is the range's end.
    pointer.onCellFocused(focusEvent(1, 0));
    pointer.onCellFocused(focusEvent(1, 1));
    expect(refs.range.current).toEqual({ anchor: { row: 0, col: 0 }, focus: { row: 1, col: 1 } });
    // A plain arrow (the grid's own navigation) still makes the range one cell where the focus went.
    api.setFocusedCell(2, COLS[1]);
    pointer.onCellFocused(focusEvent(2, 1));
    expect(refs.range.current).toEqual({ anchor: { row: 2, col: 1 }, focus: { row: 2, col: 1 } });
  });

  it('a press reported after its release is a click: the pointer passing over cells moves nothing', () => {
    const { refs, pointer } = fakeGrid();
    pointer.onMouseUp({ timeStamp: 100 });
    pointer.onCellMouseDown(mouse(0, 0, { timeStamp: 90, buttons: 1 }));
    expect(refs.range.current).toEqual({ anchor: { row: 0, col: 0 }, focus: { row: 0, col: 0 } });
    expect(refs.dragging.current).toBe(false);
    pointer.onCellMouseOver(mouse(2, 2, { timeStamp: 120, buttons: 0 }));
    expect(refs.range.current).toEqual({ anchor: { row: 0, col: 0 }, focus: { row: 0, col: 0 } });
  });

  it('a drag released outside the grid ends when the pointer comes back without a button', () => {
    const { refs, pointer } = fakeGrid();
    pointer.onCellMouseDown(mouse(0, 0, { timeStamp: 200, buttons: 1 }));
    pointer.onCellMouseOver(mouse(1, 1, { timeStamp: 210, buttons: 1 }));
    expect(refs.range.current).toEqual({ anchor: { row: 0, col: 0 }, focus: { row: 1, col: 1 } });
    pointer.onCellMouseOver(mouse(3, 2, { timeStamp: 400, buttons: 0 }));
    expect(refs.dragging.current).toBe(false);
    expect(refs.range.current).toEqual({ anchor: { row: 0, col: 0 }, focus: { row: 1, col: 1 } });
  });
});
