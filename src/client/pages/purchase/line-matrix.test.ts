import { describe, expect, it } from 'vitest';
import { cellKey, goodsMatrices, isGoodsMatrix } from './line-matrix';

const line = (id: number, style: string, colour: string, size: string) => ({ id, style_no: style, colour, size, qty: id * 10 });

describe('goods lines as colour x size matrices', () => {
  it('groups by style, colours in order, sizes in wearing order, each line keeps its place', () => {
    const lines = [line(1, 'ST1', '黑', 'L'), line(2, 'ST1', '黑', 'S'), line(3, 'ST2', '白', '110'), line(4, 'ST1', '白', 'M'), line(5, 'ST2', '白', '90')];
    const m = goodsMatrices(lines);
    expect(m.map((x) => [x.style, x.colours, x.sizes])).toEqual([
      ['ST1', ['黑', '白'], ['S', 'M', 'L']],
      ['ST2', ['白'], ['90', '110']],
    ]);
    expect(m[0].cells.get(cellKey('白', 'M'))!.n).toBe(4);
    expect(m[1].cells.get(cellKey('白', '90'))!.line.id).toBe(5);
    expect(m[0].cells.has(cellKey('白', 'S'))).toBe(false);
  });

  it('puts a second line of the same SKU into a copy of the style, never over the first', () => {
    const m = goodsMatrices([line(1, 'ST1', '黑', 'S'), line(2, 'ST1', '黑', 'S')]);
    expect(m).toHaveLength(2);
    expect(m.map((x) => x.cells.get(cellKey('黑', 'S'))!.n)).toEqual([1, 2]);
  });

  it('is for goods lines only: a material line, or one without colour or size, keeps the line table', () => {
    expect(isGoodsMatrix([line(1, 'ST1', '黑', 'S')])).toBe(true);
    expect(isGoodsMatrix([{ ...line(1, 'ST1', '黑', 'S'), material_id: 7 }])).toBe(false);
    expect(isGoodsMatrix([line(1, 'ST1', '黑', '')])).toBe(false);
    expect(isGoodsMatrix([])).toBe(false);
  });
});
