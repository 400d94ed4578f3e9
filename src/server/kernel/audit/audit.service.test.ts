import { describe, expect, it } from 'vitest';
import { diffRecords } from './audit.service';

describe('audit diff', () => {
  it('lists only changed fields with old and new values', () => {
    expect(diffRecords(['a', 'b', 'c'], { a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: 'z' })).toEqual([
      { field: 'b', old: 'x', new: 'y' },
      { field: 'c', old: null, new: 'z' },
    ]);
  });
  it('treats a creation and a removal as changes from and to null', () => {
    expect(diffRecords(['a'], null, { a: 5 })).toEqual([{ field: 'a', old: null, new: 5 }]);
    expect(diffRecords(['a'], { a: 5 }, null, 'lines[#3].')).toEqual([{ field: 'lines[#3].a', old: 5, new: null }]);
  });
  it('does not log numeric text that equals the number, nor undefined against null, nor equal JSON', () => {
    expect(diffRecords(['n', 'u', 'j'], { n: '12.50', u: undefined, j: ['a'] }, { n: 12.5, u: null, j: ['a'] })).toEqual([]);
  });
});
