import { fmtValue, type ChartData, type ChartTheme } from './series';

/**
 * A heatmap of the first grouping (rows, e.g. lines) by the second (columns, e.g. weeks): the series
 * of the chart data are the columns. Shares are coloured in four fixed bands of the theme's heat
 * colours (so a full week reads the same on every screen); other values on a continuous scale.
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
    // Shares read in bands a manager knows (under-used, healthy, near full, over capacity); other values on a continuous scale.
    visualMap: data.percent
      ? {
          type: 'piecewise' as const,
          orient: 'horizontal' as const,
          left: 'center' as const,
          bottom: 4,
          textStyle: { color: theme.text },
          pieces: [
            { lt: 0.5, label: '< 50%', color: theme.heat[0] },
            { gte: 0.5, lt: 0.85, label: '50–85%', color: theme.heat[1] },
            { gte: 0.85, lte: 1, label: '85–100%', color: theme.heat[2] },
            { gt: 1, label: '> 100%', color: theme.heat[3] },
          ],
        }
      : {
          type: 'continuous' as const,
          min: 0,
          max: Math.max(1, max),
          calculable: true,
          orient: 'horizontal' as const,
          left: 'center' as const,
          bottom: 4,
          itemHeight: 160,
          textStyle: { color: theme.text },
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
