import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isLate, lateDays } from './measures';

describe('plan lateness, one definition', () => {
  it('counts the days the schedule ends after the delivery date', () => {
    expect(lateDays('2027-02-17', '2027-02-15')).toBe(2);
    expect(lateDays('2027-02-15', '2027-02-15')).toBe(0);
    expect(lateDays('2027-03-01', '2027-02-28')).toBe(1);
    expect(lateDays(null, '2027-02-15')).toBeNull();
    expect(lateDays('2027-02-15', null)).toBeNull();
    expect(isLate('2027-02-16', '2027-02-15')).toBe(true);
    expect(isLate('2027-02-15', '2027-02-15')).toBe(false);
    expect(isLate(null, '2027-02-15')).toBe(false);
  });

  it('is late exactly when the end date sorts after the delivery date (the board\'s former rule)', () => {
    const day = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(fc.property(day, day, (end, due) => isLate(end, due) === end > due));
  });
});
