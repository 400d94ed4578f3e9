import { describe, expect, it } from 'vitest';
import { ratioOf } from '../../src/model';
import { chartOption, rankedBarOption, REPORT_THEMES, toChartData } from '../charts';
import { qualityDefects } from './quality-defects.report';

const theme = REPORT_THEMES.default.theme;
const rate = qualityDefects.measures.find((m) => m.key === 'defect_rate')!;
/** Grouped rows as the report returns them by line: defects over pieces sampled. */
const rows = [
  { line: '11', inspections: 4, failed: 0, sampled: 400, defects: 4 },
  { line: '12', inspections: 3, failed: 2, sampled: 250, defects: 20 },
  { line: '13', inspections: 2, failed: 1, sampled: 200, defects: 8 },
  { line: null, inspections: 1, failed: 0, sampled: 0, defects: 0 },
].map((r) => ({ ...r, defect_rate: ratioOf(r, rate), _level: 0 }));
const names: Record<string, string> = { '11': '一车间1线', '12': '一车间2线', '13': '二车间1线' };
const data = toChartData(rows, ['line'], [{ key: 'defect_rate', name: '缺陷率' }], (_d, v) => names[v ?? ''] ?? '—', true);

describe('defect rate chart (ranked bars)', () => {
  it('computes each line’s rate from its own sums and draws the worst line first, a line without samples left out', () => {
    expect(rows.map((r) => r.defect_rate)).toEqual([0.01, 0.08, 0.04, null]);
    const o = rankedBarOption(data, theme);
    expect(o.yAxis.data).toEqual(['一车间2线', '二车间1线', '一车间1线']);
    expect(o.series[0].data.map((d) => d.value)).toEqual([0.08, 0.04, 0.01]);
  });

  it('keeps each bar’s index in the report’s rows, so a click drills to that line whatever the drawn order', () => {
    const o = rankedBarOption(data, theme);
    expect(o.series[0].data.map((d) => [d.ci, d.si])).toEqual([[1, 0], [2, 0], [0, 0]]);
    expect(data.categories[o.series[0].data[0].ci].key).toBe('12');
  });

  it('colours by band: above 6.5 % bad, above 2.5 % to watch, else good; labels read as percentages', () => {
    const o = rankedBarOption(data, theme);
    expect(o.series[0].data.map((d) => d.itemStyle.color)).toEqual([theme.heat[3], theme.heat[2], theme.heat[1]]);
    expect(o.series[0].label.formatter({ value: 0.08 })).toBe('8.0%');
    expect(o.xAxis.axisLabel.formatter(0.05)).toBe('5.0%');
    const strict = rankedBarOption(data, theme, { bands: [0.005, 0.02] });
    expect(strict.series[0].data.map((d) => d.itemStyle.color)).toEqual([theme.heat[3], theme.heat[3], theme.heat[2]]);
  });

  it('draws at most `top` bars, and is what the report’s declared kind dispatches to', () => {
    expect(rankedBarOption(data, theme, { top: 2 }).yAxis.data).toEqual(['一车间2线', '二车间1线']);
    expect(qualityDefects.chart).toBe('rankedBar');
    expect((chartOption('rankedBar', data, theme) as ReturnType<typeof rankedBarOption>).yAxis.data).toEqual(['一车间2线', '二车间1线', '一车间1线']);
  });
});
