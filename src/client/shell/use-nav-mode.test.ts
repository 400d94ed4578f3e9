import { describe, expect, it } from 'vitest';
import { gridDensity } from '../grid/grid-theme';
import { NARROW_NAV, navModeOf } from './use-nav-mode';

describe('the side menu and the grids on a short or narrow screen', () => {
  it('folds the menu to icons on a wide window when the user chose it, and hides it on a narrow one until opened', () => {
    expect(navModeOf(1366, true, false)).toBe('rail');
    expect(navModeOf(1920, false, false)).toBe('full');
    expect(navModeOf(NARROW_NAV, true, false)).toBe('hidden');
    expect(navModeOf(NARROW_NAV, false, true)).toBe('full');
    expect(navModeOf(NARROW_NAV + 1, false, false)).toBe('full');
  });

  it('gives a short window compact rows and headers (15 rows of a list below its toolbar at 1366 x 768)', () => {
    expect(gridDensity(768)).toEqual({ rowHeight: 30, headerHeight: 32 });
    expect(gridDensity(1080)).toEqual({ rowHeight: 36, headerHeight: 38 });
  });
});
