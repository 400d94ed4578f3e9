import { describe, expect, it } from 'vitest';
import { REPORT_THEMES } from './index';
import { tileChartOption } from './tile.chart';
import type { ChartData } from './series';

const data: ChartData = { dim: 'category', categories: [{ key: 'a', label: 'A' }, { key: 'b', label: 'B' }], series: [{ key: 'qty', name: '数量', values: [5, 150] }] };
const theme = REPORT_THEMES.default.theme;
type Opt = { color: string[]; series: Array<{ data: Array<{ value: number; ci: number; itemStyle?: { color: string } }>; markLine?: { data: Array<{ yAxis: number }> } }> };

describe('tile chart', () => {
  it('draws its own colour first and colours bars by the threshold they reach, with a line at each threshold', () => {
    const o = tileChartOption('bar', data, theme, { color: '#123456', thresholds: [{ value: 100, color: '#d13438' }] }) as unknown as Opt;
    expect(o.color[0]).toBe('#123456');
    expect(o.series[0].data.map((d) => d.itemStyle?.color)).toEqual(['#123456', '#d13438']);
    expect(o.series[0].markLine!.data.map((d) => d.yAxis)).toEqual([100]);
    // Each datum keeps its category for the drill-down.
    expect(o.series[0].data.map((d) => d.ci)).toEqual([0, 1]);
  });

  it('leaves a pie without threshold lines and refuses to draw a number', () => {
    const o = tileChartOption('pie', data, theme, { color: null, thresholds: [{ value: 1, color: '#000000' }] }) as unknown as Opt;
    expect(o.series[0].markLine).toBeUndefined();
    expect(() => tileChartOption('number', data, theme, { color: null, thresholds: [] })).toThrow();
  });
});
