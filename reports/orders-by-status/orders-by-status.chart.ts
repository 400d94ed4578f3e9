/**
 * The order funnel bar chart: one bar per group value, the measure as its height. Pure: rows in,
 * ECharts option out; each bar's datum carries the group value the drill-down filters on.
 */
export type FunnelRow = { key: string | null; label: string; value: number };

export type BarDatum = { value: number; drill: string | null };

export function ordersBarOption(rows: FunnelRow[], theme: { colors: string[] } = { colors: ['#0f6cbd'] }, title = '') {
  return {
    animation: false as const,
    color: theme.colors,
    title: title ? { text: title, left: 'center' as const, textStyle: { fontSize: 14 } } : undefined,
    tooltip: { trigger: 'axis' as const },
    grid: { left: 8, right: 16, top: title ? 36 : 16, bottom: 8, containLabel: true as const },
    xAxis: { type: 'category' as const, data: rows.map((r) => r.label), axisLabel: { interval: 0 } },
    yAxis: { type: 'value' as const, minInterval: 1 },
    series: [{ type: 'bar' as const, data: rows.map((r): BarDatum => ({ value: r.value, drill: r.key })), label: { show: true, position: 'top' as const } }],
  };
}
