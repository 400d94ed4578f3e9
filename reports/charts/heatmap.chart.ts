import { fmtValue, type ChartData, type ChartTheme } from './series';

/**
 * A heatmap of the first grouping (rows, e.g. lines) by the second (columns, e.g. weeks): the series
 * of the chart data are the columns. The colour scale runs over the theme's heat colours; with
 * percentages it is fixed at 0..120% so a full week reads the same on every screen.
 */
export function heatmapOption(data: ChartData, theme: ChartTheme) {
  const cells: Array<{ value: [number, number, number | null]; ci: number; si: number }> = [];
  let max = 0;
  data.series.forEach((s, si) =>
    s.values.forEach((v, ci) => {
      if (v !== null) max = Math.max(max, v);
      cells.push({ value: [si, ci, v], ci, si });
    }),
  );
  return {
    animation: false as const,
    backgroundColor: theme.background,
    textStyle: { color: theme.text },
    tooltip: {
      position: 'top' as const,
      formatter: (p: { data: { ci: number; si: number; value: [number, number, number | null] } }) =>
        `${data.categories[p.data.ci]?.label ?? ''} · ${data.series[p.data.si]?.name ?? ''}<br/><b>${fmtValue(p.data.value[2], data.percent)}</b>`,
    },
    grid: { left: 8, right: 16, top: 16, bottom: 56, containLabel: true as const },
    xAxis: { type: 'category' as const, data: data.series.map((s) => s.name), splitArea: { show: true }, axisLabel: { color: theme.text }, axisLine: { lineStyle: { color: theme.grid } } },
    yAxis: { type: 'category' as const, data: data.categories.map((c) => c.label), splitArea: { show: true }, axisLabel: { color: theme.text }, axisLine: { lineStyle: { color: theme.grid } } },
    visualMap: {
      min: 0,
      max: data.percent ? 1.2 : Math.max(1, max),
      calculable: true,
      orient: 'horizontal' as const,
      left: 'center' as const,
      bottom: 4,
      itemHeight: 160,
      textStyle: { color: theme.text },
      formatter: (v: number) => fmtValue(v, data.percent),
      inRange: { color: theme.heat },
    },
    series: [
      {
        type: 'heatmap' as const,
        data: cells,
        label: { show: data.series.length <= 16 && data.categories.length <= 16, color: '#1b1b1b', formatter: (p: { data: { value: [number, number, number | null] } }) => fmtValue(p.data.value[2], data.percent) },
        itemStyle: { borderColor: theme.background === 'transparent' ? '#fff' : theme.background, borderWidth: 2 },
        emphasis: { itemStyle: { shadowBlur: 8, shadowColor: 'rgba(0,0,0,0.4)' } },
      },
    ],
  };
}
