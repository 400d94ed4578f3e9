import { describe, expect, it } from 'vitest';
import { dayOrNull, dayText, jsonValue, num, textList } from './row-values';

describe('row values', () => {
  it('reads numbers as the drivers hand them, empty as 0', () => {
    expect([num('12.50'), num(7), num(null), num(undefined), num('')]).toEqual([12.5, 7, 0, 0, 0]);
  });
  it('reads a date as its day, from a Date or from text', () => {
    expect(dayText(new Date('2026-03-04T00:00:00Z'))).toBe('2026-03-04');
    expect(dayText('2026-03-04 00:00:00')).toBe('2026-03-04');
    expect([dayOrNull(null), dayOrNull(''), dayOrNull('2026-01-02')]).toEqual([null, null, '2026-01-02']);
  });
  it('parses json text and keeps parsed values, null for what is not JSON', () => {
    expect(jsonValue('{"a":1}')).toEqual({ a: 1 });
    expect(jsonValue([1])).toEqual([1]);
    expect(jsonValue('not json')).toBeNull();
  });
  it('reads a list of texts, [] for anything else', () => {
    expect(textList('["knit", 2]')).toEqual(['knit', '2']);
    expect(textList(['woven'])).toEqual(['woven']);
    expect([textList('knit'), textList(null), textList('{"a":1}')]).toEqual([[], [], []]);
  });
});
