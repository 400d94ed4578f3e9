import { describe, expect, it } from 'vitest';
import { barOption, stackedBarOption } from './bar.chart';
import { oneDim, theme, twoDims } from './fixtures';

describe('bar and stacked bar charts', () => {
  it('draws a bar per category and measure, each datum keeping its indices for the drill-down', () => {
    const o = barOption(oneDim, theme);
    expect((o.xAxis as { data: string[] }).data).toEqual(['Pending', 'In progress', '—']);
    expect(o.series).toHaveLength(2);
    expect(o.series[1].data[1]).toEqual({ value: 80, ci: 1, si: 1 });
    expect(o.series[0].stack).toBeUndefined();
    expect(o.legend).toBeDefined();
    expect(o.color).toBe(theme.colors);
  });

  it('stacks the second grouping and formats percentages on the axis', () => {
    const o = stackedBarOption(twoDims, theme);
    expect(o.series.map((s) => s.stack)).toEqual(['total', 'total', 'total']);
    expect(o.series.map((s) => s.name)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect((o.yAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter(0.5)).toBe('50%');
  });
});
