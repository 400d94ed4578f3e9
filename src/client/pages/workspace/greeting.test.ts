import { describe, expect, it } from 'vitest';
import { greetingKey, quickLinks } from './greeting';

describe('workspace home', () => {
  it('greets by the hour', () => {
    expect(greetingKey(4)).toBe('ui.home.evening');
    expect(greetingKey(5)).toBe('ui.home.morning');
    expect(greetingKey(11)).toBe('ui.home.morning');
    expect(greetingKey(12)).toBe('ui.home.afternoon');
    expect(greetingKey(17)).toBe('ui.home.afternoon');
    expect(greetingKey(18)).toBe('ui.home.evening');
  });

  it('puts favourite menus first', () => {
    const entries = [{ CODE: 'a' }, { CODE: 'b' }, { CODE: 'c' }];
    expect(quickLinks(entries, ['c', 'x', 'a']).map((e) => e.CODE)).toEqual(['c', 'a', 'b']);
    expect(quickLinks(entries, []).map((e) => e.CODE)).toEqual(['a', 'b', 'c']);
  });
});
