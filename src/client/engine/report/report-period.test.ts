import { describe, expect, it } from 'vitest';
import { modeOf, monthPeriod, quarterPeriod, recentQuarters } from './report-period';

describe('report period', () => {
  it('turns a month and a quarter into their first and last day (leap years, year ends)', () => {
    expect(monthPeriod('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthPeriod('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthPeriod('2026-13')).toBeNull();
    expect(quarterPeriod('2026-Q1')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(quarterPeriod('2026-Q4')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(quarterPeriod('2026-Q5')).toBeNull();
  });

  it('reads a from/to back as the month or quarter it is, else a range', () => {
    expect(modeOf(null)).toEqual({ mode: 'all' });
    expect(modeOf({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ mode: 'month', month: '2026-11' });
    expect(modeOf({ from: '2026-07-01', to: '2026-09-30' })).toEqual({ mode: 'quarter', quarter: '2026-Q3' });
    expect(modeOf({ from: '2026-07-02', to: '2026-09-30' })).toEqual({ mode: 'range' });
  });

  it('offers the last quarters newest first, across a year end', () => {
    expect(recentQuarters(new Date(2026, 1, 10), 3)).toEqual(['2026-Q1', '2025-Q4', '2025-Q3']);
  });
});
