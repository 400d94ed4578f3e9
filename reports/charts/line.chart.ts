import { axisStyle, fmtValue, type ChartData, type ChartTheme } from './series';

/** Lines for trends: the categories (months, weeks) along x, one line per series; gaps stay gaps. */
export function lineOption(data: ChartData, theme: ChartTheme) {
  const many = data.series.length > 1;
  return {
    animation: false as const,
    backgroundColor: theme.background,
    color: theme.colors,
    textStyle: { color: theme.text },
    tooltip: { trigger: 'axis' as const, valueFormatter: (v: number) => fmtValue(v, data.percent) },
    legend: many ? { top: 0, type: 'scroll' as const, textStyle: { color: theme.text } } : undefined,
    grid: { left: 8, right: 24, top: many ? 36 : 20, bottom: 8, containLabel: true as const },
    xAxis: { type: 'category' as const, boundaryGap: false, data: data.categories.map((c) => c.label), ...axisStyle(theme) },
    yAxis: { type: 'value' as const, scale: true, ...axisStyle(theme), axisLabel: { color: theme.text, formatter: (v: number) => fmtValue(v, data.percent) } },
    series: data.series.map((s, si) => ({
      type: 'line' as const,
      name: s.name,
      smooth: false,
      symbolSize: 7,
      connectNulls: false,
      label: { show: data.categories.length <= 12 && data.series.length <= 4, position: 'top' as const, color: theme.text, formatter: (p: { value: number }) => fmtValue(p.value, data.percent) },
      emphasis: { focus: 'series' as const },
      data: s.values.map((v, ci) => ({ value: v, ci, si })),
    })),
  };
}
