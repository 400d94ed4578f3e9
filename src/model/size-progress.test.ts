import { describe, expect, it } from 'vitest';
import { cellKey, checkPartReport, progressCells } from './size-progress';

const matrix = [
  { colour: '黑色', size: 'M', qty: 100 },
  { colour: '黑色', size: 'L', qty: 80 },
  { colour: '米白', size: 'M', qty: 50 },
];

describe('progress per colour x size', () => {
  it('lists each cell with its pieces made and left; a cell made twice in the matrix adds up', () => {
    const cells = progressCells([...matrix, { colour: '黑色', size: 'M', qty: 20 }], { [cellKey('黑色', 'M')]: 30, [cellKey('米白', 'M')]: 60 });
    expect(cells).toEqual([
      { key: '黑色|M', colour: '黑色', size: 'M', ordered: 120, done: 30, left: 90 },
      { key: '黑色|L', colour: '黑色', size: 'L', ordered: 80, done: 0, left: 80 },
      { key: '米白|M', colour: '米白', size: 'M', ordered: 50, done: 60, left: 0 },
    ]);
  });

  it('lists a cell made outside the matrix (ordered 0) rather than losing its pieces', () => {
    expect(progressCells(matrix, { '红色|S': 5 }).at(-1)).toEqual({ key: '红色|S', colour: '红色', size: 'S', ordered: 0, done: 5, left: 0 });
  });

  it('checks a partial report: whole pieces, within what is left of each cell, cells of the matrix only', () => {
    const cells = progressCells(matrix, { '黑色|M': 90 });
    expect(checkPartReport(cells, { '黑色|M': 10, '黑色|L': '20', '米白|M': '' })).toEqual({ problems: [], total: 30 });
    expect(checkPartReport(cells, { '黑色|M': 11 }).problems).toEqual([{ key: '黑色|M', kind: 'over', left: 10 }]);
    expect(checkPartReport(cells, { '黑色|L': 1.5, '米白|M': -1 }).problems.map((p) => p.kind)).toEqual(['notWhole', 'notWhole']);
    expect(checkPartReport(cells, { '红色|S': 1 }).problems).toEqual([{ key: '红色|S', kind: 'unknown', left: 0 }]);
  });
});
