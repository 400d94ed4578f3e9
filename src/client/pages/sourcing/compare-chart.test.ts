import { describe, expect, it } from 'vitest';
import { compactNumber, comparisonChartOption } from './compare-chart';

describe('the comparison chart', () => {
  it('draws the converted totals, the lowest complete total in green, an incomplete one grey, and leaves out what cannot be converted', () => {
    const o = comparisonChartOption([
      { supplier_name: 'A', total: 40100, complete: true, awarded: true },
      { supplier_name: 'B', total: 40340, complete: true, awarded: false },
      { supplier_name: 'C', total: 20000, complete: false, awarded: false },
      { supplier_name: 'D', total: null, complete: true, awarded: false },
    ], '合计') as { yAxis: { data: string[] }; series: Array<{ data: Array<{ value: number; itemStyle: { color: string; borderWidth: number } }> }> };
    expect(o.yAxis.data).toEqual(['A', 'B', 'C']);
    expect(o.series[0].data.map((d) => [d.value, d.itemStyle.color, d.itemStyle.borderWidth])).toEqual([[40100, '#107c10', 3], [40340, '#0f6cbd', 0], [20000, '#a19f9d', 0]]);
  });
});

describe('compact axis numbers', () => {
  it('shortens thousands, millions and billions', () => {
    expect([0, 950, 35000, 1200000, 1194000, 2.5e9].map(compactNumber)).toEqual(['0', '950', '35K', '1.2M', '1.2M', '2.5B']);
  });
});
