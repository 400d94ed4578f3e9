import type { EChartsCoreOption } from 'echarts/core';
import { groupedNumber } from '../../../model/number-text';

/** What the chart reads of a comparison (src/server/services/sourcing/sourcing.compare.ts). */
export type ChartSupplier = { supplier_name: string; total: number | null; complete: boolean; awarded: boolean };

/** 1200000 → 1.2M, 35000 → 35K: axis labels that fit beside each other. */
export function compactNumber(n: number): string {
  const a = Math.abs(n);
  const short = (v: number, unit: string) => `${Number(v.toFixed(1))}${unit}`;
  if (a >= 1e9) return short(n / 1e9, 'B');
  if (a >= 1e6) return short(n / 1e6, 'M');
  if (a >= 1e3) return short(n / 1e3, 'K');
  return String(n);
}

/**
 * A bar per supplier of its quoted total in the project's currency, the lowest complete total in
 * green and the awarded supplier outlined; suppliers whose total cannot be converted are left out.
 */
export function comparisonChartOption(suppliers: ChartSupplier[], title: string): EChartsCoreOption {
  const shown = suppliers.filter((s) => s.total !== null);
  const lowest = Math.min(...shown.filter((s) => s.complete).map((s) => s.total as number));
  return {
    title: { text: title, left: 'center', textStyle: { fontSize: 13, fontWeight: 600 } },
    animationDuration: 300,
    grid: { left: 16, right: 24, top: 40, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    // Totals run to millions: short axis labels (1.2M), and ECharts drops those that would still overlap.
    xAxis: { type: 'value', splitNumber: 3, axisLabel: { hideOverlap: true, formatter: compactNumber } },
    yAxis: { type: 'category', inverse: true, data: shown.map((s) => s.supplier_name) },
    series: [
      {
        type: 'bar',
        barMaxWidth: 28,
        label: { show: true, position: 'right', formatter: (p: { value: number }) => groupedNumber(p.value, 2) },
        data: shown.map((s) => ({
          value: s.total,
          itemStyle: { color: s.complete && s.total === lowest ? '#107c10' : s.complete ? '#0f6cbd' : '#a19f9d', borderColor: s.awarded ? '#c19c00' : undefined, borderWidth: s.awarded ? 3 : 0 },
        })),
      },
    ],
  };
}
