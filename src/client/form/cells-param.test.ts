import { describe, expect, it } from 'vitest';
import { cellsState, typeCell } from './cells-param';

/** The cells parameter of a transition (`TransitionDef.cells`): the record's cells, typing, the problems as typed. */
const decl = { param: 'cells', of: 'matrix', done: 'done_matrix' };
const record = { matrix: [{ colour: '黑', size: 'M', qty: 10 }, { colour: '黑', size: 'L', qty: 5 }], done_matrix: { '黑|M': 4 } };

describe('cells parameter', () => {
  it('lists the record\'s cells with what is done and left, from objects or JSON text', () => {
    const { cells } = cellsState(decl, record, '');
    expect(cells).toEqual([
      { key: '黑|M', colour: '黑', size: 'M', ordered: 10, done: 4, left: 6 },
      { key: '黑|L', colour: '黑', size: 'L', ordered: 5, done: 0, left: 5 },
    ]);
    expect(cellsState(decl, { matrix: JSON.stringify(record.matrix), done_matrix: JSON.stringify(record.done_matrix) }, '').cells).toEqual(cells);
  });

  it('keeps what is typed as JSON text, drops an emptied cell, and is empty with nothing typed', () => {
    let v = typeCell('', '黑|M', '2');
    v = typeCell(v, '黑|L', '3');
    expect(JSON.parse(v)).toEqual({ '黑|M': '2', '黑|L': '3' });
    expect(typeCell(typeCell(v, '黑|M', ' '), '黑|L', '')).toBe('');
  });

  it('names a cell over what is left or not whole, as the server would refuse it', () => {
    const { problems } = cellsState(decl, record, JSON.stringify({ '黑|M': '7', '黑|L': '1.5' }));
    expect(problems.get('黑|M')).toMatchObject({ kind: 'over', left: 6 });
    expect(problems.get('黑|L')).toMatchObject({ kind: 'notWhole' });
    expect(cellsState(decl, record, JSON.stringify({ '黑|M': '6', '黑|L': '5' })).problems.size).toBe(0);
  });
});
