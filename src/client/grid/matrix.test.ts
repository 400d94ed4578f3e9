import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addColumn, addRow, applyWrites, columnTotals, DEFAULT_MATRIX, fromGrid, grandTotal, matrixSheet, moveFocus, refusalOf, rowTotals, setCell, toGrid, validateQty } from './matrix';
import { copyText, emptyUndo, planClear, planFillDown, planPaste, record, recordTyped, redo, undo } from './spreadsheet';
import { engine } from '../../model/i18n/engine';

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

describe('the matrix through the grids\' spreadsheet keys', () => {
  const colours = ['黑色', '白色', '藏青'];
  const sizes = ['S', 'M', 'L'];
  const empty = () => toGrid([], DEFAULT_MATRIX, colours, sizes);
  const at = (row: number, col: number) => ({ anchor: { row, col }, focus: { row, col } });

  it('reads a quantity as a whole number of 0 or more, as Excel and a Chinese input method write it', () => {
    expect(validateQty('12')).toEqual({ value: 12, error: null });
    expect(validateQty(' 1,200 ')).toEqual({ value: 1200, error: null });
    expect(validateQty('１２')).toEqual({ value: 12, error: null });
    expect(validateQty('30.0')).toEqual({ value: 30, error: null });
    expect(validateQty('')).toEqual({ value: null, error: null });
    for (const bad of ['-1', '1.5', 'abc', '1e3', '12件']) expect(validateQty(bad).error).toEqual({ key: 'engine.matrixQty' });
  });

  it('pastes an Excel block from the range\'s top-left, cut at the edge, refusing bad cells by colour and size', () => {
    const g = empty();
    const plan = planPaste(at(0, 1), '10\t20\t99\r\n-3\t15\r\n"7"\tabc\r\n8\t9\r\n', matrixSheet(g));
    const after = applyWrites(g, plan.writes);
    expect(after.cells).toEqual([[null, 10, 20], [null, null, 15], [null, 7, null]]);
    expect(plan.refused.map((r) => refusalOf(g, r))).toEqual([
      { row: '白色', col: 'M', text: '-3', key: 'engine.matrixQty' },
      { row: '藏青', col: 'L', text: 'abc', key: 'engine.matrixQty' },
    ]);
    // The message names the colour and the size of the bad cell in both languages.
    const zh = engine['zh-CN']['engine.matrixBadCell'].replace('{{row}}', '黑色').replace('{{col}}', 'M').replace('{{message}}', engine['zh-CN']['engine.matrixQty']);
    expect(zh.startsWith('黑色 / M：数量必须是非负整数')).toBe(true);
    expect(engine.en['engine.matrixBadCell']).toContain('{{row}} / {{col}}');
    expect(engine.en['engine.matrixQty']).toMatch(/whole number/);
  });

  it('fills one value over a range, fills down, clears, and copies as Excel\'s text', () => {
    const g = applyWrites(empty(), planPaste(at(0, 0), '5\t6\t7', matrixSheet(empty())).writes);
    const range = { anchor: { row: 0, col: 0 }, focus: { row: 2, col: 1 } };
    const filled = applyWrites(g, planFillDown(range, matrixSheet(g)).writes);
    expect(filled.cells).toEqual([[5, 6, 7], [5, 6, null], [5, 6, null]]);
    expect(copyText(range, matrixSheet(filled))).toBe('5\t6\r\n5\t6\r\n5\t6');
    const one = applyWrites(filled, planPaste({ anchor: { row: 1, col: 1 }, focus: { row: 2, col: 2 } }, '4', matrixSheet(filled)).writes);
    expect(one.cells).toEqual([[5, 6, 7], [5, 4, 4], [5, 4, 4]]);
    const cleared = applyWrites(one, planClear({ anchor: { row: 1, col: 0 }, focus: { row: 2, col: 2 } }, matrixSheet(one)).writes);
    expect(cleared.cells).toEqual([[5, 6, 7], [null, null, null], [null, null, null]]);
  });

  it('undoes and redoes a whole paste in one step; typing in one cell is one step', () => {
    const g = empty();
    const plan = planPaste(at(0, 0), '1\t2\r\n3\t4', matrixSheet(g));
    let stack = record(emptyUndo(), plan.writes);
    const pasted = applyWrites(g, plan.writes);
    const u = undo(stack)!;
    expect(applyWrites(pasted, u.writes).cells).toEqual(g.cells);
    stack = u.stack;
    const r = redo(stack)!;
    expect(applyWrites(g, r.writes).cells).toEqual(pasted.cells);
    // Typing "1", then "12" in 黑色/S: one step back to empty.
    let typed = recordTyped(emptyUndo(), { pos: { row: 0, col: 0 }, before: null, after: 1 }, false);
    typed = recordTyped(typed, { pos: { row: 0, col: 0 }, before: 1, after: 12 }, true);
    expect(typed.done).toHaveLength(1);
    expect(undo(typed)!.writes).toEqual([{ pos: { row: 0, col: 0 }, before: 12, after: null }]);
    expect(recordTyped(typed, { pos: { row: 0, col: 1 }, before: null, after: 3 }, false).done).toHaveLength(2);
  });
});
