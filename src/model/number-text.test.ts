import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockText, groupedNumber } from './number-text';

describe('number text', () => {
  it('groups digits and keeps the decimals asked', () => {
    expect(groupedNumber(1234.5)).toBe('1,234.5');
    expect(groupedNumber(1234567.891)).toBe('1,234,567.89');
    expect(groupedNumber(99, 2, 2)).toBe('99.00');
    expect(groupedNumber(-0.001)).toBe('0');
    expect(groupedNumber(-1234.5)).toBe('-1,234.5');
    expect(groupedNumber(0.5, 0)).toBe('1');
    expect(groupedNumber(999.996)).toBe('1,000');
    expect(groupedNumber(1.005)).toBe('1.01');
    expect(groupedNumber(1e-7, 4)).toBe('0');
    expect(groupedNumber(1.5e21, 0)).toBe('1,500,000,000,000,000,000,000');
    expect(groupedNumber(Number.NaN)).toBe('NaN');
  });

  it('equals Intl en-US for any number and any decimals (but a negative zero is 0)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: -1e15, max: 1e15, noNaN: true }), fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 100), fc.integer({ min: -1e7, max: 1e7 }).map((n) => n / 1000 + 0.0005), fc.double({ min: -1e-3, max: 1e-3, noNaN: true }), fc.double({ min: 1e20, max: 1e24, noNaN: true })),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (v, a, b) => {
          const [min, max] = [Math.min(a, b), Math.max(a, b)];
          const intl = v.toLocaleString('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
          // Intl writes a negative that rounds to zero as "-0"; the product writes 0.
          expect(groupedNumber(v, max, min)).toBe(/^-[0.]+$/.test(intl) ? intl.slice(1) : intl);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('shows a clock time as HH:MM:SS on 24 hours', () => {
    expect(clockText(new Date(2026, 11, 6, 9, 5, 7))).toBe('09:05:07');
    expect(clockText(new Date(2026, 11, 6, 23, 59, 0))).toBe('23:59:00');
    const d = new Date(2026, 0, 2, 14, 3, 9);
    expect(clockText(d)).toBe(d.toLocaleTimeString('en-GB', { hour12: false }));
  });
});
