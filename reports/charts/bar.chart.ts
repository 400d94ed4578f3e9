import { axisStyle, fmtValue, type ChartData, type ChartTheme } from './series';

/**
 * Bars: one group of bars per category, one bar per series (`stack` piles them: stacked bar).
 * Each datum carries its category and series index, which the page turns into drill filters.
 */
export function barOption(data: ChartData, theme: ChartTheme, opts: { stack?: boolean; horizontal?: boolean } = {}) {
  const cat: { type: 'category'; data: string[]; [k: string]: unknown } = { type: 'category' as const, data: data.categories.map((c) => c.label), ...axisStyle(theme), axisLabel: { color: theme.text, interval: 0, hideOverlap: true } };
  const val = { type: 'value' as const, ...axisStyle(theme), axisLabel: { color: theme.text, formatter: (v: number) => fmtValue(v, data.percent) } };
  const many = data.series.length > 1;
  return {
    animation: false as const,
    backgroundColor: theme.background,
    color: theme.colors,
    textStyle: { color: theme.text },
    tooltip: { trigger: 'axis' as const, axisPointer: { type: 'shadow' as const }, valueFormatter: (v: number) => fmtValue(v, data.percent) },
    legend: many ? { top: 0, type: 'scroll' as const, textStyle: { color: theme.text } } : undefined,
    grid: { left: 8, right: 16, top: many ? 36 : 20, bottom: 8, containLabel: true as const },
    xAxis: opts.horizontal ? val : cat,
    yAxis: opts.horizontal ? cat : val,
    series: data.series.map((s, si) => ({
      type: 'bar' as const,
      name: s.name,
      stack: opts.stack ? 'total' : undefined,
      barMaxWidth: 48,
      emphasis: { focus: 'series' as const },
      label: { show: !opts.stack && !many && data.categories.length <= 20, position: (opts.horizontal ? 'right' : 'top') as 'top', color: theme.text, formatter: (p: { value: number }) => fmtValue(p.value, data.percent) },
      data: s.values.map((v, ci) => ({ value: v, ci, si })),
    })),
  };
}

/** Stacked bars: the second grouping's values piled on each category. */
export function stackedBarOption(data: ChartData, theme: ChartTheme) {
  return barOption(data, theme, { stack: true });
}
