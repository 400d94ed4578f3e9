import { describe, expect, it } from 'vitest';
import { oneDim, twoDims } from './fixtures';
import { drillOf, fmtValue } from './series';

describe('report rows to chart data', () => {
  it('one grouping: categories in row order, one series per measure, empty group kept', () => {
    expect(oneDim.categories).toEqual([
      { key: 'pending', label: 'Pending' },
      { key: 'in_progress', label: 'In progress' },
      { key: null, label: '—' },
    ]);
    expect(oneDim.series.map((s) => [s.name, s.values])).toEqual([
      ['Orders', [3, 5, 1]],
      ['Qty', [30, 80, 0]],
    ]);
    // The point names the measure it shows (series 1 is Qty), so the drill-down opens the rows that measure counts.
    expect(drillOf(oneDim, 1, 1)).toEqual({ status: 'in_progress', _measure: 'q' });
  });

  it('two groupings: one series per value of the second, missing cells null, subtotals left out', () => {
    expect(twoDims.categories.map((c) => c.label)).toEqual(['Line A', 'Line B']);
    expect(twoDims.series.map((s) => [s.key, s.values])).toEqual([
      ['2026-03-02', [0.5, 0.8]],
      ['2026-03-09', [1.1, null]],
      ['2026-03-16', [null, null]],
    ]);
    expect(drillOf(twoDims, 1, 0)).toEqual({ line: '2', week: '2026-03-02', _measure: 'u' });
  });

  it('formats shares as percentages and large numbers short', () => {
    expect(fmtValue(0.875, true)).toBe('88%');
    expect(fmtValue(0.05, true)).toBe('5.0%');
    expect(fmtValue(1234567)).toBe('1235k');
    expect(fmtValue(12.345)).toBe('12.35');
    expect(fmtValue(null)).toBe('—');
  });
});
