import { describe, expect, it } from 'vitest';
import { oneDim, theme, twoDims } from './fixtures';
import { heatmapOption } from './heatmap.chart';

describe('heatmap chart', () => {
  it('puts the first grouping on rows and the second on columns, one cell per pair', () => {
    const o = heatmapOption(twoDims, theme);
    expect(o.yAxis.data).toEqual(['Line A', 'Line B']);
    expect(o.xAxis.data).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(o.series[0].data).toHaveLength(6);
    expect(o.series[0].data).toContainEqual({ value: [1, 0, 1.1], ci: 0, si: 1 });
    expect(o.visualMap.type).toBe('piecewise');
    expect((o.visualMap as { pieces: Array<{ color: string }> }).pieces.map((p) => p.color)).toEqual(theme.heat);
  });

  it('scales to the largest value when the values are not shares', () => {
    const o = heatmapOption({ ...oneDim, seriesDim: 'x' }, theme);
    expect(o.visualMap).toMatchObject({ type: 'continuous', max: 80, inRange: { color: theme.heat } });
  });
});
