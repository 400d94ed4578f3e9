import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addColumn, addRow, columnTotals, DEFAULT_MATRIX, fromGrid, grandTotal, moveFocus, parseClipboard, pasteBlock, rowTotals, setCell, toGrid } from './matrix';

const records = [
  { color: 'RED', size: 'S', qty: 10 },
  { color: 'RED', size: 'M', qty: 20 },
  { color: 'BLUE', size: 'M', qty: '5' },
];

describe('colour-size matrix', () => {
  it('turns records into a grid and back', () => {
    const g = toGrid(records, DEFAULT_MATRIX, [], ['S', 'M', 'L']);
    expect(g).toEqual({ rows: ['RED', 'BLUE'], cols: ['S', 'M', 'L'], cells: [[10, 20, null], [null, 5, null]] });
    expect(fromGrid(g, DEFAULT_MATRIX)).toEqual([
      { color: 'RED', size: 'S', qty: 10 },
      { color: 'RED', size: 'M', qty: 20 },
      { color: 'BLUE', size: 'M', qty: 5 },
    ]);
  });

  it('totals rows, columns and the whole', () => {
    const g = toGrid(records, DEFAULT_MATRIX);
    expect(rowTotals(g)).toEqual([30, 5]);
    expect(columnTotals(g)).toEqual([10, 25]);
    expect(grandTotal(g)).toBe(35);
    expect(grandTotal(setCell(setCell(g, 0, 0, 0.1), 0, 1, 0.2))).toBe(5.3);
  });

  it('adds two records of one cell (several styles of a plan in one matrix)', () => {
    const g = toGrid([...records, { ...records[0] }], DEFAULT_MATRIX);
    expect(grandTotal(g)).toBe(45);
  });

  it('pastes a block copied from Excel, clipped at the edge, rejecting text', () => {
    const g = toGrid([], DEFAULT_MATRIX, ['RED', 'BLUE'], ['S', 'M', 'L']);
    const block = parseClipboard('1\t2\t3\t4\r\n5\tx\t\r\n');
    expect(block).toEqual([['1', '2', '3', '4'], ['5', 'x', '']]);
    const { grid, rejected } = pasteBlock(g, 0, 0, block);
    expect(grid.cells).toEqual([[1, 2, 3], [5, null, null]]);
    expect(rejected).toEqual([{ row: 1, col: 1, text: 'x' }]);
    expect(pasteBlock(g, 1, 2, [['1,200']]).grid.cells[1][2]).toBe(1200);
  });

  it('adds colours and sizes once', () => {
    let g = toGrid([], DEFAULT_MATRIX);
    g = addRow(addRow(addRow(g, 'RED'), 'RED'), ' ');
    g = addColumn(addColumn(g, 'S'), 'M');
    expect(g).toEqual({ rows: ['RED'], cols: ['S', 'M'], cells: [[null, null]] });
  });

  it('moves like a spreadsheet', () => {
    const g = { rows: ['a', 'b'], cols: ['1', '2', '3'] };
    expect(moveFocus(g, { row: 0, col: 2 }, 'Tab')).toEqual({ row: 1, col: 0 });
    expect(moveFocus(g, { row: 1, col: 0 }, 'Tab', true)).toEqual({ row: 0, col: 2 });
    expect(moveFocus(g, { row: 0, col: 0 }, 'Enter')).toEqual({ row: 1, col: 0 });
    expect(moveFocus(g, { row: 1, col: 0 }, 'ArrowDown')).toEqual({ row: 1, col: 0 });
    expect(moveFocus(g, { row: 0, col: 0 }, 'ArrowLeft')).toEqual({ row: 0, col: 0 });
  });

  it('keeps totals equal to the sum of cells for any grid', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.option(fc.integer({ min: 0, max: 10000 }), { nil: null }), { minLength: 3, maxLength: 3 }), { maxLength: 6 }), (cells) => {
        const g = { rows: cells.map((_, i) => `c${i}`), cols: ['S', 'M', 'L'], cells };
        const sum = cells.flat().reduce<number>((a, b) => a + (b ?? 0), 0);
        expect(grandTotal(g)).toBe(sum);
        expect(columnTotals(g).reduce((a, b) => a + b, 0)).toBe(sum);
        expect(toGrid(fromGrid(g, DEFAULT_MATRIX), DEFAULT_MATRIX, g.rows, g.cols)).toEqual(g);
      }),
    );
  });
});
