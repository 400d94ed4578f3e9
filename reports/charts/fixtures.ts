import { REPORT_THEMES } from './index';
import { toChartData, type ChartData } from './series';

/** Test data shared by the chart builders' tests: two lines over three weeks, utilisation. */
export const theme = REPORT_THEMES.default.theme;
const rows = [
  { line: '1', week: '2026-03-02', u: 0.5, _level: 0 },
  { line: '1', week: '2026-03-09', u: 1.1, _level: 0 },
  { line: '2', week: '2026-03-02', u: 0.8, _level: 0 },
  { line: '2', week: '2026-03-16', u: null, _level: 0 },
  { line: null, week: null, u: 0.7, _level: 2 },
];
const names: Record<string, string> = { '1': 'Line A', '2': 'Line B' };
export const twoDims: ChartData = toChartData(rows, ['line', 'week'], [{ key: 'u', name: 'Utilisation' }], (d, v) => (d === 'line' ? (names[v ?? ''] ?? '—') : (v ?? '—')), true);
export const oneDim: ChartData = toChartData(
  [
    { status: 'pending', n: 3, q: 30 },
    { status: 'in_progress', n: 5, q: 80 },
    { status: null, n: 1, q: 0 },
  ],
  ['status'],
  [
    { key: 'n', name: 'Orders' },
    { key: 'q', name: 'Qty' },
  ],
  (_d, v) => ({ pending: 'Pending', in_progress: 'In progress' })[v ?? ''] ?? '—',
);
