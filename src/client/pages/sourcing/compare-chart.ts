import type { EChartsCoreOption } from 'echarts/core';

/** What the chart reads of a comparison (src/server/services/sourcing/sourcing.compare.ts). */
export type ChartSupplier = { supplier_name: string; total: number | null; complete: boolean; awarded: boolean };

/**
 * A bar per supplier of its quoted total in the project's currency, the lowest complete total in
 * green and the awarded supplier outlined; suppliers whose total cannot be converted are left out.
 */
export function comparisonChartOption(suppliers: ChartSupplier[], title: string): EChartsCoreOption {
  const shown = suppliers.filter((s) => s.total !== null);
  const lowest = Math.min(...shown.filter((s) => s.complete).map((s) => s.total as number));
  return {
    title: { text: title, left: 'center', textStyle: { fontSize: 13, fontWeight: 600 } },
    grid: { left: 16, right: 24, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', inverse: true, data: shown.map((s) => s.supplier_name) },
    series: [
      {
        type: 'bar',
        barMaxWidth: 28,
        label: { show: true, position: 'right' },
        data: shown.map((s) => ({
          value: s.total,
          itemStyle: { color: s.complete && s.total === lowest ? '#107c10' : s.complete ? '#0f6cbd' : '#a19f9d', borderColor: s.awarded ? '#c19c00' : undefined, borderWidth: s.awarded ? 3 : 0 },
        })),
      },
    ],
  };
}
