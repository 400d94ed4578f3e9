import type { ChartKind } from '../../src/model';
import { thresholdColor, type TileChart, type TileThreshold } from '../../src/model/tiles';
import { chartOption } from './index';
import type { ChartData, ChartTheme } from './series';

/** The report chart kind a designed tile's chart draws with (number and table are no chart). */
export const TILE_CHART_KIND: Record<Exclude<TileChart, 'number' | 'table'>, ChartKind> = { line: 'line', bar: 'bar', stacked: 'stackedBar', pie: 'pie', heatmap: 'heatmap' };

type Opt = { color: string | null; thresholds: readonly TileThreshold[] };
type AnySeries = { type: string; data: Array<{ value: number | null; itemStyle?: { color: string } }>; markLine?: unknown };

/**
 * A designed tile's chart (issue 34): the report chart of its kind in the session's theme, its own
 * colour first, and its thresholds: on bars and lines a dashed line at each threshold in its colour,
 * and a single series of bars coloured by the highest threshold each bar reaches. Pure.
 */
export function tileChartOption(chart: TileChart, data: ChartData, theme: ChartTheme, opt: Opt) {
  if (chart === 'number' || chart === 'table') throw new Error(`a ${chart} tile draws no chart`);
  const colors = opt.color ? [opt.color, ...theme.colors.filter((c) => c !== opt.color)] : theme.colors;
  const base = chartOption(TILE_CHART_KIND[chart], data, { ...theme, colors }) as unknown as { series: AnySeries[] };
  if (!opt.thresholds.length || !['bar', 'line', 'stacked'].includes(chart) || !base.series.length) return base;
  const series = base.series.map((s, i) => {
    let next: AnySeries = s;
    if (chart === 'bar' && base.series.length === 1)
      next = { ...s, data: s.data.map((d) => ({ ...d, itemStyle: { color: thresholdColor(opt.thresholds, d.value, colors[0]) } })) };
    if (i === 0)
      next = {
        ...next,
        markLine: { silent: true, symbol: 'none', label: { color: theme.text }, data: opt.thresholds.map((t) => ({ yAxis: t.value, lineStyle: { color: t.color, type: 'dashed', width: 1.5 } })) },
      };
    return next;
  });
  return { ...base, series };
}
