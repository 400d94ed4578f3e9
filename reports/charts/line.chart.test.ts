import { describe, expect, it } from 'vitest';
import { oneDim, theme, twoDims } from './fixtures';
import { lineOption } from './line.chart';

describe('line chart', () => {
  it('draws one line per series over the categories, gaps as gaps', () => {
    const o = lineOption(twoDims, theme);
    expect(o.xAxis.data).toEqual(['Line A', 'Line B']);
    expect(o.series.map((s) => s.type)).toEqual(['line', 'line', 'line']);
    expect(o.series[1].data.map((d) => d.value)).toEqual([1.1, null]);
    expect(o.series[0].connectNulls).toBe(false);
  });

  it('has no legend for a single series', () => {
    const o = lineOption({ ...oneDim, series: oneDim.series.slice(0, 1) }, theme);
    expect(o.legend).toBeUndefined();
    expect(o.series[0].data[0]).toEqual({ value: 3, ci: 0, si: 0 });
  });
});
