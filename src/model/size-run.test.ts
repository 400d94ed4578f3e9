import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sizeKind, sizeRunColumns, sizeValue } from './size-run';

describe('size-run headers', () => {
  it('reads letter, national, numeric and one-size headers', () => {
    expect(sizeRunColumns(['款号', '颜色', 'S', 'M', 'L', 'XL', 'XXL', '合计'])).toEqual([2, 3, 4, 5, 6]);
    expect(sizeRunColumns(['Style', 'Colour', '160/84A', '165/88A', '170/92A', 'Total'])).toEqual([2, 3, 4]);
    expect(sizeRunColumns(['款号', '36', '38', '40', '42'])).toEqual([1, 2, 3, 4]);
    expect(sizeRunColumns(['款号', 38, 40, 42])).toEqual([1, 2, 3]);
    expect(sizeRunColumns(['款号', '颜色', '均码'])).toEqual([2]);
    expect(sizeRunColumns(['Style', 'one size'])).toEqual([1]);
    expect(sizeRunColumns(['Style', 'ＸＬ', 'M码', ' 2xl '])).toEqual([1, 2, 3]);
  });

  it('does not take a lone number, a falling sequence, or words for sizes', () => {
    expect(sizeRunColumns(['数量', '2026'])).toEqual([]);
    expect(sizeRunColumns(['款号', '38'])).toEqual([]);
    expect(sizeRunColumns(['Style', 'Size', 'Qty', 'Colour', 'Mail'])).toEqual([]);
    // 40 then 38 is not a run of sizes: two runs of one.
    expect(sizeRunColumns(['40', '38'])).toEqual([]);
    expect(sizeRunColumns(['36', '', '38'])).toEqual([]);
  });

  it('gives the value a line stores', () => {
    expect(sizeValue('xl')).toBe('XL');
    expect(sizeValue('M码')).toBe('M');
    expect(sizeValue('Free Size')).toBe('均码');
    expect(sizeValue('均码')).toBe('均码');
    expect(sizeValue('160/84a')).toBe('160/84A');
    expect(sizeKind('Colour')).toBeNull();
  });

  it('takes every rising run of two or more numeric sizes, wherever it stands', () => {
    const word = fc.constantFrom('款号', 'Colour', '备注', 'Qty', '交期');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 4 }), fc.integer({ min: 2, max: 8 }), fc.constantFrom(34, 24, 90), fc.constantFrom(1, 2, 10), fc.array(word, { maxLength: 4 }), (before, n, start, step, after) => {
        const run = Array.from({ length: n }, (_, i) => String(start + i * step));
        const cols = sizeRunColumns([...before, ...run, ...after]);
        expect(cols).toEqual(run.map((_, i) => before.length + i));
      }),
    );
  });
});
