import { axisStyle, fmtValue, type ChartData, type ChartTheme } from './series';

/**
 * Ranked bars (`rankedBar`): the first measure of each category as a horizontal bar, worst first (the
 * largest value on top), at most `top` bars; each bar coloured by the band its value falls in (the
 * theme's heat scale from its second colour: good, watch, bad; limits `bands`, default 2.5 % and 6.5 %,
 * the AQL steps a garment buyer reads a defect rate against). Each datum keeps its category's index in
 * the given data, so a click drills down to the same element whatever the order drawn.
 *
 * Example: defect rates { L1: 0.01, L2: 0.08, L3: 0.04 } draw L2 (red), L3 (amber), L1 (green), top down.
 */
export function rankedBarOption(data: ChartData, theme: ChartTheme, opts: { top?: number; bands?: [number, number] } = {}) {
  const top = opts.top ?? 12;
  const [watch, bad] = opts.bands ?? [0.025, 0.065];
  const series = data.series[0];
  const order = data.categories
    .map((c, ci) => ({ c, ci, v: series?.values[ci] ?? null }))
    .filter((x) => x.v !== null)
    .sort((a, b) => (b.v as number) - (a.v as number) || a.c.label.localeCompare(b.c.label))
    .slice(0, top);
  const colour = (v: number) => (v > bad ? theme.heat[3] : v > watch ? theme.heat[2] : theme.heat[1]);
  return {
    animation: false as const,
    backgroundColor: theme.background,
    color: theme.colors,
    textStyle: { color: theme.text },
    tooltip: { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const }, valueFormatter: (v: number) => fmtValue(v, data.percent) },
    grid: { left: 8, right: 48, top: 12, bottom: 8, containLabel: true as const },
    xAxis: { type: 'value' as const, ...axisStyle(theme), axisLabel: { color: theme.text, formatter: (v: number) => fmtValue(v, data.percent) } },
    yAxis: { type: 'category' as const, inverse: true, data: order.map((x) => x.c.label), ...axisStyle(theme), axisLabel: { color: theme.text, width: 120, overflow: 'truncate' as const } },
    series: [
      {
        type: 'bar' as const,
        name: series?.name ?? '',
        barMaxWidth: 22,
        label: { show: true, position: 'right' as const, color: theme.text, formatter: (p: { value: number }) => fmtValue(p.value, data.percent) },
        data: order.map((x) => ({ value: x.v as number, ci: x.ci, si: 0, itemStyle: { color: colour(x.v as number) } })),
      },
    ],
  };
}
