import { describe, expect, it } from 'vitest';
import { chartOption } from './index';
import { oneDim, theme } from './fixtures';
import { funnelOption } from './funnel.chart';

describe('funnel chart', () => {
  it('keeps the order of the steps and sizes them by the first series', () => {
    const o = funnelOption(oneDim, theme);
    expect(o.series[0].sort).toBe('none');
    expect(o.series[0].data.map((d) => [d.name, d.value])).toEqual([
      ['Pending', 3],
      ['In progress', 5],
      ['—', 1],
    ]);
    expect(o.series[0].max).toBe(5);
  });

  it('is what the declaration kind funnel draws', () => {
    expect(JSON.stringify(chartOption('funnel', oneDim, theme))).toBe(JSON.stringify(funnelOption(oneDim, theme)));
    expect((chartOption('heatmap', oneDim, theme) as { series: Array<{ type: string }> }).series[0].type).toBe('heatmap');
  });
});
