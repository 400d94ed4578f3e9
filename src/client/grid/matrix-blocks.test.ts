import { describe, expect, it } from 'vitest';
import { blockMatrix, blocksFromRows, matrixLayout, ORDER_ENTRIES_LAYOUT, orderTotals, writeBlock, type EntryRow } from './matrix-blocks';

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
