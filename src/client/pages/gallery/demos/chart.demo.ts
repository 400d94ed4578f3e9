import type { ChartKind } from '../../../../model/report';
import type { ChartData } from '../../../../../reports/charts';

/**
 * A chart as reports declare it: a kind and data in the shape every chart builder reads
 * (categories along the first grouping, one series per measure). The report pages fill the same
 * shape from a report's rows; the kinds offered here are those of report declarations.
 */
export const kinds: ChartKind[] = ['bar', 'line', 'stackedBar', 'pie'];

export const data: ChartData = {
  dim: 'month',
  categories: [
    { key: '2026-09', label: '2026-09' },
    { key: '2026-10', label: '2026-10' },
    { key: '2026-11', label: '2026-11' },
    { key: '2026-12', label: '2026-12' },
  ],
  series: [
    { key: 'ordered', name: '下单 / Ordered', values: [1200, 1850, 1630, 2100] },
    { key: 'shipped', name: '出货 / Shipped', values: [980, 1700, 1580, 1240] },
  ],
};
