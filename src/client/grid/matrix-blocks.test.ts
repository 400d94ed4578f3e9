import { describe, expect, it } from 'vitest';
import { blockHasHeader, blockMatrix, blocksFromRows, lineAmount, matrixLayout, matrixTotals, ORDER_ENTRIES_LAYOUT, orderTotals, parseSizeRatio, pasteIntoMatrix, prepackRow, writeBlock, type EntryRow } from './matrix-blocks';
import { parseTsv } from './spreadsheet';

/** A block copied from Excel as the matrix reads it: the engine's tab-separated text, cells trimmed. */
const pastedBlock = (text: string) => parseTsv(text).map((r) => r.map((c) => c.trim()));

/** The matrix blocks over a declared layout (a purchase order's lines: no style name, no `when` here). */
const purchaseLayout = matrixLayout({ rowField: 'colour', colField: 'size', cellField: 'qty', blockField: 'style_no', blockFields: ['unit_price'] }, ['material_id', 'style_no', 'colour', 'size', 'unit', 'qty', 'unit_price', 'amount', 'seq']);
let k = 0;
const key = () => `k${++k}`;

describe('matrix blocks over a declared layout', () => {
  it('takes the requirement order layout by default and the declared fields otherwise', () => {
    expect(matrixLayout({ rowField: 'colour', colField: 'size', cellField: 'qty' }, ['style_no', 'style_name', 'colour', 'size', 'qty', 'unit_price', 'amount'])).toEqual(ORDER_ENTRIES_LAYOUT);
    expect(purchaseLayout).toEqual({ block: 'style_no', name: null, price: 'unit_price', row: 'colour', col: 'size', cell: 'qty', amount: 'amount' });
  });

  it('writes a block as one line per colour and size with a quantity, keeping stored lines and other blocks', () => {
    const rows: EntryRow[] = [
      { __key: 'a', id: 7, style_no: 'ST-1', colour: '黑色', size: 'M', qty: 5, unit_price: null, seq: 1 },
      { __key: 'b', id: 8, style_no: 'ST-2', colour: '白色', size: 'L', qty: 3, unit_price: '40', seq: 2 },
    ];
    const [b1] = blocksFromRows(rows, purchaseLayout, ['S', 'M']);
    expect(b1).toMatchObject({ style_no: 'ST-1', colours: ['黑色'], sizes: ['M'] });
    const m = blockMatrix(rows, b1, purchaseLayout);
    m.sizes = ['S', 'M'];
    m.qty['黑色'] = { S: 2, M: 6 };
    const next = writeBlock(rows, { ...b1, sizes: ['S', 'M'] }, 'ST-1', m, key, purchaseLayout);
    expect(next.map((r) => [r.style_no, r.colour, r.size, r.qty, r.seq, r.id ?? null])).toEqual([
      ['ST-1', '黑色', 'S', 2, 1, null],
      ['ST-1', '黑色', 'M', 6, 2, 7],
      ['ST-2', '白色', 'L', 3, 3, 8],
    ]);
    // No name field is written on a child that has none; a blank price stays blank (the contract prices it).
    expect(next[0]).not.toHaveProperty('style_name');
    expect(next[0].unit_price).toBeNull();
    expect(orderTotals(next, purchaseLayout)).toEqual({ qty: 11, amount: 120 });
  });

  it('leaves lines without colour and size (material lines) alone when a block is written', () => {
    const rows: EntryRow[] = [
      { __key: 'm1', id: 3, material_id: 41, qty: 120, unit_price: '12', seq: 1 },
      { __key: 'm2', id: 4, material_id: 42, qty: 80, unit_price: '3', seq: 2 },
    ];
    const blocks = blocksFromRows(rows, purchaseLayout, ['S', 'M']);
    expect(blocks).toEqual([expect.objectContaining({ style_no: '', colours: [], sizes: ['S', 'M'] })]);
    const m = blockMatrix(rows, blocks[0], purchaseLayout);
    m.colours = ['黑色'];
    m.qty['黑色'] = { S: 5 };
    const next = writeBlock(rows, { ...blocks[0], style_no: 'ST-9', colours: ['黑色'] }, '', m, key, purchaseLayout);
    expect(next.map((r) => [r.material_id ?? null, r.style_no ?? null, r.colour ?? null, r.qty])).toEqual([
      [41, null, null, 120],
      [42, null, null, 80],
      [null, 'ST-9', '黑色', 5],
    ]);
  });

  it('starts an empty document with one block of the declared sizes', () => {
    expect(blocksFromRows([], purchaseLayout, ['XS', 'S'])[0]).toMatchObject({ style_no: '', sizes: ['XS', 'S'] });
  });
});

describe('prepack and size ratios', () => {
  it('fills a colour row from a total and a size ratio', () => {
    expect(prepackRow(600, ['S', 'M', 'L', 'XL'], [1, 2, 2, 1])).toEqual({ S: 100, M: 200, L: 200, XL: 100 });
  });

  it('reads size ratios the way buyers type them', () => {
    expect(parseSizeRatio('1:2:2:1')).toEqual([1, 2, 2, 1]);
    expect(parseSizeRatio('1 2，2 1')).toEqual([1, 2, 2, 1]);
    expect(parseSizeRatio('a:b')).toBeNull();
    expect(parseSizeRatio('0:0')).toBeNull();
  });
});

describe('colour x size matrix', () => {
  // Entries to a matrix and back: blockMatrix and writeBlock, tested above.
  it('totals a matrix per colour, per size and in all, with its amount at 4 decimals', () => {
    const m = { colours: ['黑', '白'], sizes: ['S', 'M', 'L'], qty: { 黑: { S: 10, M: 20 }, 白: { M: 5 } } };
    expect(matrixTotals(m, 12.5)).toEqual({ rows: { 黑: 30, 白: 5 }, cols: { S: 10, M: 25, L: 0 }, total: 35, amount: 437.5 });
    expect([lineAmount(10, 1.23456), lineAmount(20, 1.23456), lineAmount(5, 1.23456), lineAmount(5, null)]).toEqual([12.3456, 24.6912, 6.1728, null]);
  });

  it('pastes a block copied from Excel, with or without a header row', () => {
    const m = { colours: [], sizes: ['S', 'M', 'L', 'XL'], qty: {} };
    const withHeader = pastedBlock('\tS\tM\tL\tXL\r\n黑色\t10\t20\t20\t10\r\n白色\t5\t10\t10\t5\r\n');
    expect(blockHasHeader(withHeader)).toBe(true);
    const r = pasteIntoMatrix(m, withHeader, { colour: 0, size: 0 }, true);
    expect(r.rejected).toEqual([]);
    expect(matrixTotals(r.matrix).total).toBe(90);
    expect(r.matrix.colours).toEqual(['黑色', '白色']);

    const plain = pastedBlock('1\t2\nx\t4\n');
    expect(blockHasHeader(plain)).toBe(false);
    const p = pasteIntoMatrix(r.matrix, plain, { colour: 1, size: 2 });
    expect(p.matrix.qty['白色']).toMatchObject({ L: 1, XL: 2 });
    // A third colour row is added for the second pasted line; the 'x' is rejected.
    expect(p.matrix.colours).toHaveLength(3);
    expect(p.rejected).toEqual([{ row: 1, col: 0, text: 'x' }]);
  });
});
