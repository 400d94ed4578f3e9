import { fmtValue, type ChartData, type ChartTheme } from './series';

/** Shares of the first grouping: a ring (pie) of the first series; zero and empty slices are left out. */
export function pieOption(data: ChartData, theme: ChartTheme) {
  const s = data.series[0];
  return {
    animation: false as const,
    backgroundColor: theme.background,
    color: theme.colors,
    textStyle: { color: theme.text },
    tooltip: { trigger: 'item' as const, formatter: (p: { name: string; value: number; percent: number }) => `${p.name}: ${fmtValue(p.value, data.percent)} (${p.percent}%)` },
    legend: { type: 'scroll' as const, bottom: 0, textStyle: { color: theme.text } },
    series: [
      {
        type: 'pie' as const,
        name: s?.name ?? '',
        radius: ['42%', '72%'],
        center: ['50%', '45%'],
        itemStyle: { borderColor: theme.background === 'transparent' ? '#fff' : theme.background, borderWidth: 2 },
        // Counts inside the ring: outside labels do not fit a dashboard widget.
        label: { position: 'inside' as const, color: '#fff', fontWeight: 'bold' as const, formatter: '{c}' },
        labelLine: { show: false },
        data: (s?.values ?? []).map((v, ci) => ({ name: data.categories[ci].label, value: v, ci, si: 0 })).filter((d) => d.value !== null && d.value > 0),
      },
    ],
  };
}
