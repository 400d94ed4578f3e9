import { describe, expect, it } from 'vitest';
import { normaliseDate } from './date-input';

describe('dates typed the usual ways become the product format', () => {
  it('normalises dates, months and moments; leaves what it cannot read for the rules to refuse', () => {
    expect(normaliseDate('date', '2026/11/4')).toBe('2026-11-04');
    expect(normaliseDate('date', '2026年11月24日')).toBe('2026-11-24');
    expect(normaliseDate('date', '20261124')).toBe('2026-11-24');
    expect(normaliseDate('date', ' 2026-11-24 ')).toBe('2026-11-24');
    expect(normaliseDate('month', '2026/3')).toBe('2026-03');
    expect(normaliseDate('month', '202603')).toBe('2026-03');
    expect(normaliseDate('datetime', '2026/11/24 8:05')).toBe('2026-11-24 08:05:00');
    expect(normaliseDate('datetime', '2026-11-24T08:05:09')).toBe('2026-11-24 08:05:09');
    expect(normaliseDate('date', '11/24/2026')).toBe('11/24/2026');
    expect(normaliseDate('date', '')).toBe('');
  });
});
