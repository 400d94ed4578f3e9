import { fmtValue, type ChartData, type ChartTheme } from './series';

/**
 * A funnel of the first grouping in the order given (e.g. order states from pending to finished);
 * the first series sizes each step, and each step keeps its category index for the drill-down.
 */
export function funnelOption(data: ChartData, theme: ChartTheme) {
  const s = data.series[0];
  const values = (s?.values ?? []).map((v) => v ?? 0);
  return {
    animation: false as const,
    backgroundColor: theme.background,
    color: theme.colors,
    textStyle: { color: theme.text },
    tooltip: { trigger: 'item' as const, formatter: (p: { name: string; value: number }) => `${p.name}: ${fmtValue(p.value, data.percent)}` },
    series: [
      {
        type: 'funnel' as const,
        name: s?.name ?? '',
        sort: 'none' as const,
        left: '8%',
        width: '84%',
        top: 8,
        bottom: 8,
        minSize: '18%',
        max: Math.max(1, ...values),
        gap: 3,
        label: { show: true, position: 'inside' as const, color: '#fff', fontWeight: 'bold' as const, formatter: (p: { name: string; value: number }) => `${p.name}  ${fmtValue(p.value, data.percent)}` },
        itemStyle: { borderWidth: 0 },
        data: values.map((v, ci) => ({ name: data.categories[ci].label, value: v, ci, si: 0 })),
      },
    ],
  };
}
