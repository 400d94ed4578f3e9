import type { ChartKind, Label, ReportDef } from '../../../model';
import { fmtValue, toChartData, type ChartData } from '../../../../reports/charts';
import { groupedNumber } from '../../../model/number-text';

export type ReportRow = Record<string, string | number | null> & { _level: number };
export type ReportResult = { columns: Array<{ key: string; label: string; kind: 'dimension' | 'measure' }>; rows: ReportRow[]; labels?: Record<string, Record<string, string>> };

/** A dimension's value as the server labelled it (a state's, dictionary item's or referenced row's name), else as stored. */
export const shownValue = (result: Pick<ReportResult, 'labels'>, key: string, v: string | number | null | undefined): string =>
  v === null || v === undefined || v === '' ? '—' : (result.labels?.[key]?.[String(v)] ?? String(v));

/**
 * The chart a grouping draws: the declaration's kind, except that a second grouping turns a bar, pie
 * or funnel into stacked bars and a heatmap needs two groupings (else bars).
 */
export function chartKindFor(declared: ChartKind | undefined, groupings: number): ChartKind {
  const kind = declared ?? 'bar';
  if (groupings > 1 && (kind === 'bar' || kind === 'pie' || kind === 'funnel' || kind === 'rankedBar')) return 'stackedBar';
  if (groupings < 2 && kind === 'heatmap') return 'bar';
  return kind;
}

/** A result as chart data: the drawn measures (two groupings draw the first of them only). */
export function reportChartData(report: ReportDef, result: ReportResult, keys: string[], measures: string[], tr: (l: Label) => string): ChartData {
  const ms = measures.map((k) => report.measures.find((m) => m.key === k)!).filter(Boolean);
  return toChartData(
    result.rows,
    keys,
    ms.map((m) => ({ key: m.key, name: tr(m.label) })),
    (dim, v) => shownValue(result, dim, v),
    ms[0]?.format === 'percent',
  );
}

/** A measure's cell as the table shows it. */
export function shownMeasure(report: ReportDef, key: string, v: string | number | null | undefined): string {
  const m = report.measures.find((x) => x.key === key);
  if (v === null || v === undefined) return '—';
  if (m?.format === 'percent') return fmtValue(Number(v), true);
  if (m?.format === 'money') return groupedNumber(Number(v), 2, 2);
  return groupedNumber(Number(v), 2);
}
