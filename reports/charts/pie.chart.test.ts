import { describe, expect, it } from 'vitest';
import { oneDim, theme } from './fixtures';
import { pieOption } from './pie.chart';

describe('pie chart', () => {
  it('one slice per category of the first series, zero slices left out, indices kept', () => {
    const o = pieOption({ ...oneDim, series: [oneDim.series[1]] }, theme);
    expect(o.series[0].data).toEqual([
      { name: 'Pending', value: 30, ci: 0, si: 0 },
      { name: 'In progress', value: 80, ci: 1, si: 0 },
    ]);
    expect(o.color).toBe(theme.colors);
  });
});
