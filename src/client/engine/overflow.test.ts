import { describe, expect, it } from 'vitest';
import { overflowCut } from './overflow';

const sep = (n: number, at: number[]) => Array.from({ length: n }, (_, i) => at.includes(i));

describe('which toolbar items overflow', () => {
  it('keeps everything when it fits', () => {
    expect([...overflowCut([50, 50, 50], [false, false, false], sep(3, []), 150, 40)]).toEqual([]);
  });

  it('moves items from the end into the menu until the rest fits beside the more button', () => {
    // 5 x 60 = 300 in 200: 200 - 40 leaves 160, so two items stay.
    expect([...overflowCut([60, 60, 60, 60, 60], sep(5, []).map(() => false), sep(5, []), 200, 40)].sort()).toEqual([2, 3, 4]);
  });

  it('never moves an item marked to keep (a menu button), moving the ones before it instead', () => {
    const keep = [false, false, false, true];
    expect([...overflowCut([60, 60, 60, 30], keep, sep(4, []), 160, 40)].sort()).toEqual([1, 2]);
  });

  it('hides a separator left at the edge or next to another one', () => {
    // [A | B C | D E]: D, E and the separator before them go; B and C stay.
    const widths = [60, 2, 60, 60, 2, 60, 60];
    const cut = overflowCut(widths, widths.map(() => false), sep(7, [1, 4]), 230, 40);
    expect([...cut].sort()).toEqual([4, 5, 6]);
    // Everything after A goes: the separator after it is trailing.
    expect([...overflowCut(widths, widths.map(() => false), sep(7, [1, 4]), 110, 40)].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
