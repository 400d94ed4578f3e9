import { describe, expect, it } from 'vitest';
import { blockMatrix, blocksFromRows, blockTotals, orderTotals, pasteIntoBlock, prepackFill, sortSizes, writeBlock, type EntryRow } from './order-blocks';

let n = 0;
const key = () => `k${++n}`;
const stored: EntryRow[] = [
  { __key: 'id-1', id: 1, style_no: 'ST1', style_name: 'Tee', colour: '黑色', size: 'M', qty: 20, unit_price: 12.5 },
  { __key: 'id-2', id: 2, style_no: 'ST1', style_name: 'Tee', colour: '黑色', size: 'S', qty: 10, unit_price: 12.5 },
  { __key: 'id-3', id: 3, style_no: 'ST2', style_name: 'Polo', colour: '白色', size: 'L', qty: 5, unit_price: 20 },
];

describe('order entry blocks', () => {
  it('groups stored rows by style, colours as first seen, sizes in wearing order', () => {
    const blocks = blocksFromRows(stored);
    expect(blocks.map((b) => [b.style_no, b.colours, b.sizes, b.unit_price])).toEqual([
      ['ST1', ['黑色'], ['S', 'M'], '12.5'],
      ['ST2', ['白色'], ['L'], '20'],
    ]);
    expect(sortSizes(['XL', '32', 'S', 'free', '28', 'M'])).toEqual(['S', 'M', 'XL', '28', '32', 'free']);
    expect(blocksFromRows([])).toHaveLength(1);
  });

  it('writes a block back as one row per colour and size, keeping ids and the other styles', () => {
    const [b1] = blocksFromRows(stored);
    const m = blockMatrix(stored, b1);
    expect(m.qty['黑色']).toEqual({ M: 20, S: 10 });
    m.qty['黑色'].S = 0;
    m.qty['黑色'].M = 25;
    const next = writeBlock(stored, b1, 'ST1', m, key);
    expect(next.map((r) => [r.id ?? null, r.style_no, r.colour, r.size, r.qty, r.amount, r.seq])).toEqual([
      [1, 'ST1', '黑色', 'M', 25, 312.5, 1],
      // The other style is left as stored (no amount was given, none is invented).
      [3, 'ST2', '白色', 'L', 5, undefined, 2],
    ]);
  });

  it('renaming a style moves its rows to the new style number', () => {
    const [b1] = blocksFromRows(stored);
    const m = blockMatrix(stored, b1);
    const next = writeBlock(stored, { ...b1, style_no: 'ST9' }, 'ST1', m, key);
    expect(next.filter((r) => r.style_no === 'ST9')).toHaveLength(2);
    expect(next.some((r) => r.style_no === 'ST1')).toBe(false);
  });

  it('pastes a whole table from Excel (sizes first row, colours first column) or numbers from a cell', () => {
    const empty = { colours: [], sizes: ['S', 'M', 'L', 'XL'], qty: {} };
    const table = pasteIntoBlock(empty, '颜色\tS\tM\tL\tXL\r\n黑色\t10\t20\t20\t10\r\n白色\t5\t10\t10\t5\r\n');
    expect(table.header).toBe(true);
    expect(table.matrix.colours).toEqual(['黑色', '白色']);
    expect(blockTotals(table.matrix, '10').total).toBe(90);
    expect(blockTotals(table.matrix, '10').amount).toBe(900);
    const numbers = pasteIntoBlock(table.matrix, '7\t8\nx\t9', { colour: 0, size: 2 });
    expect(numbers.header).toBe(false);
    expect(numbers.matrix.qty['黑色']).toMatchObject({ L: 7, XL: 8 });
    expect(numbers.matrix.qty['白色'].XL).toBe(9);
    expect(numbers.rejected).toEqual([{ row: 1, col: 0, text: 'x' }]);
  });

  it('fills colours from a total and a size ratio, adding up exactly (prepack)', () => {
    const m = prepackFill({ colours: ['黑色'], sizes: ['S', 'M', 'L', 'XL'], qty: {} }, ['黑色', '藏青'], 100, [1, 2, 2, 1]);
    expect(m.qty['黑色']).toEqual({ S: 17, M: 33, L: 33, XL: 17 });
    expect(m.colours).toEqual(['黑色', '藏青']);
    expect(Object.values(m.qty['藏青']).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('totals the whole order over its styles', () => {
    expect(orderTotals(stored)).toEqual({ qty: 35, amount: 475 });
    expect(orderTotals([{ __key: 'a', qty: 3 }])).toEqual({ qty: 3, amount: null });
  });
});
