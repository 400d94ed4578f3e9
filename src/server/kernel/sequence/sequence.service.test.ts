import { describe, expect, it } from 'vitest';
import { datePart, formatSequence } from './sequence.service';

describe('SN rule formatting', () => {
  const nov = new Date(2026, 10, 5);
  it.each([
    ['', ''],
    ['YYYY', '2026'],
    ['YYYYMM', '202611'],
    ['YYYYMMDD', '20261105'],
    ['YYMM', '2611'],
    ['YYMMDD', '261105'],
  ] as const)('date prefix %s gives %s', (pattern, want) => {
    expect(datePart(pattern, nov)).toBe(want);
  });

  it('pads the counter to the length and adds prefix and suffix', () => {
    expect(formatSequence({ field: 'code', prefix: 'PO', datePrefix: 'YYMM', length: 4, suffix: '-A' }, nov, 7)).toBe('PO26110007-A');
    expect(formatSequence({ field: 'code', prefix: 'M', datePrefix: '', length: 6 }, nov, 123)).toBe('M000123');
  });

  it('keeps every digit when the counter outgrows the length', () => {
    expect(formatSequence({ field: 'code', prefix: 'V', datePrefix: '', length: 2 }, nov, 1234)).toBe('V1234');
  });
});
