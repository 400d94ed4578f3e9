import { describe, expect, it } from 'vitest';
import { DEFAULT_TOKENS, isDefaultToken, resolveDefault, resolveDefaultToken, weekFirst } from './default-tokens';
import type { DefaultToken } from './entity';

const at = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, m - 1, d, h, mi, s);
const session = { userId: 42, fullname: '王计划', clientId: 7 };

describe('default-value tokens (spec 7)', () => {
  const cases: Array<{ name: string; now: Date; token: DefaultToken; want: string | number }> = [
    { name: 'today', now: at(2026, 3, 15, 9, 5, 7), token: '$$NOW$$', want: '2026-03-15' },
    { name: 'today with time, zero padded', now: at(2026, 3, 5, 9, 5, 7), token: '$$NOW_TIME$$', want: '2026-03-05 09:05:07' },
    { name: 'month', now: at(2026, 3, 15), token: '$$MONTH$$', want: '2026-03' },
    { name: 'first of the month', now: at(2026, 3, 31), token: '$$MONTH_FIRST$$', want: '2026-03-01' },
    { name: 'last day of a 31-day month', now: at(2026, 1, 1), token: '$$MONTH_LAST$$', want: '2026-01-31' },
    { name: 'last day of a 30-day month', now: at(2026, 4, 30), token: '$$MONTH_LAST$$', want: '2026-04-30' },
    { name: 'last day of February, common year', now: at(2026, 2, 10), token: '$$MONTH_LAST$$', want: '2026-02-28' },
    { name: 'last day of February, leap year', now: at(2028, 2, 10), token: '$$MONTH_LAST$$', want: '2028-02-29' },
    { name: 'last day of February, century not leap', now: at(2100, 2, 1), token: '$$MONTH_LAST$$', want: '2100-02-28' },
    { name: 'last day of February, 400-year leap', now: at(2000, 2, 1), token: '$$MONTH_LAST$$', want: '2000-02-29' },
    { name: 'last day of December', now: at(2026, 12, 3), token: '$$MONTH_LAST$$', want: '2026-12-31' },
    { name: 'week first on a Wednesday', now: at(2026, 3, 18), token: '$$WEEK_FIRST$$', want: '2026-03-16' },
    { name: 'week last on a Wednesday', now: at(2026, 3, 18), token: '$$WEEK_LAST$$', want: '2026-03-22' },
    { name: 'a Monday starts its own week', now: at(2026, 3, 16), token: '$$WEEK_FIRST$$', want: '2026-03-16' },
    { name: 'a Sunday belongs to the week before (first)', now: at(2026, 3, 22, 23, 59), token: '$$WEEK_FIRST$$', want: '2026-03-16' },
    { name: 'a Sunday is the last day of its week', now: at(2026, 3, 22), token: '$$WEEK_LAST$$', want: '2026-03-22' },
    { name: 'week across a year end (Sunday 2026-01-04)', now: at(2026, 1, 4), token: '$$WEEK_FIRST$$', want: '2025-12-29' },
    { name: 'week across a year end, last', now: at(2025, 12, 30), token: '$$WEEK_LAST$$', want: '2026-01-04' },
    { name: 'week across a leap day', now: at(2028, 2, 28), token: '$$WEEK_LAST$$', want: '2028-03-05' },
    { name: 'week across a month end', now: at(2026, 4, 1), token: '$$WEEK_FIRST$$', want: '2026-03-30' },
    { name: 'user id', now: at(2026, 1, 1), token: '$$USER_ID$$', want: 42 },
    { name: 'full name', now: at(2026, 1, 1), token: '$$FULL_NAME$$', want: '王计划' },
    { name: 'client id', now: at(2026, 1, 1), token: '$$CLIENT_ID$$', want: 7 },
  ];
  it.each(cases)('$name', ({ now, token, want }) => {
    expect(resolveDefaultToken(token, { now, session })).toBe(want);
  });

  it('session tokens without a session resolve to null', () => {
    expect(resolveDefaultToken('$$USER_ID$$', { now: at(2026, 1, 1) })).toBeNull();
  });

  it('every token has a resolver and literals pass through', () => {
    for (const t of DEFAULT_TOKENS) expect(isDefaultToken(t)).toBe(true);
    expect(isDefaultToken('$$TOMORROW$$')).toBe(false);
    expect(resolveDefault('CNY', { now: at(2026, 1, 1) })).toBe('CNY');
    expect(resolveDefault(85, { now: at(2026, 1, 1) })).toBe(85);
  });

  it('the week always starts on a Monday and holds the day (every day of 2024-2028)', () => {
    for (let d = at(2024, 1, 1); d < at(2029, 1, 1); d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) {
      const monday = weekFirst(d);
      expect(monday.getDay()).toBe(1);
      const diff = Math.round((d.getTime() - monday.getTime()) / 86400000);
      expect(diff).toBeGreaterThanOrEqual(0);
      expect(diff).toBeLessThanOrEqual(6);
    }
  });
});
