import { describe, expect, it } from 'vitest';
import { roundedCount } from './list-total';

describe('the rounded figure of an estimated count', () => {
  it.each([
    [180_000, '18 万', '180k'],
    [184_999, '18 万', '185k'],
    [12_345, '1.2 万', '12k'],
    [10_001, '1 万', '10k'],
    [99_999, '10 万', '100k'],
    [1_234_567, '123 万', '1.2M'],
    [987_654_321, '9.9 亿', '988M'],
    [2_500_000_000, '25 亿', '2.5B'],
    [950, '950', '950'],
    [9_960, '9960', '10k'],
  ])('%d reads "%s" and "%s"', (n, zh, en) => {
    expect(roundedCount(n, 'zh')).toBe(zh);
    expect(roundedCount(n, 'en')).toBe(en);
  });
});
