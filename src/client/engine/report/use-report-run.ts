import { useEffect, useMemo, useState } from 'react';
import { type Label, type ReportDef } from '../../../model';
import { reportCalls } from '../../../model/calls/reports';
import { callApi } from '../../api/calls';
import { chartKindFor, reportChartData, type ReportResult } from './report-view';

/**
 * A report page's run: grouping (the declaration's default first), split, measure, subtotals, the
 * run of the report with the URL's filters (`base`) whenever they change, and its chart data.
 */
export function useReportRun(report: ReportDef | undefined, base: Record<string, string>, asDocument: boolean, tr: (l: Label | string) => string) {
  const initial = report?.defaultGroup ?? [report?.dimensions[0].key ?? ''];
  const [group, setGroup] = useState(initial[0]);
  const [split, setSplit] = useState<string>(initial[1] ?? '');
  const [measure, setMeasure] = useState<string>('');
  // A document (`/clientrpt/document/{opt}`) carries its subtotals and totals.
  const [subtotals, setSubtotals] = useState(asDocument);
  const [result, setResult] = useState<ReportResult | null>(null);
  const [loading, setLoading] = useState(true);
  const keys = useMemo(() => (split && split !== group ? [group, split] : [group]), [group, split]);
  const runQuery = useMemo(() => ({ ...base, group: keys.join(','), ...(subtotals ? { subtotals: '1' } : {}) }), [base, keys, subtotals]);

  useEffect(() => {
    if (!report) return;
    let live = true;
    setLoading(true);
    callApi(reportCalls.run, { name: report.name, ...runQuery })
      .then((r) => live && setResult(r))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [report, runQuery]);

  const drawn = useMemo(() => (measure ? [measure] : (report?.chartMeasures ?? [report?.measures[0].key ?? ''])), [measure, report]);
  const kind = chartKindFor(report?.chart, keys.length);
  const en = tr({ zh: 'zh', en: 'en' });
  const data = useMemo(() => (report && result ? reportChartData(report, result, keys, keys.length > 1 ? drawn.slice(0, 1) : drawn, tr) : null), [report, result, keys, drawn, en]); // eslint-disable-line react-hooks/exhaustive-deps -- tr changes with the language only
  return { group, setGroup, split, setSplit, measure, setMeasure, subtotals, setSubtotals, result, loading, keys, runQuery, drawn, kind, data };
}
export type ReportRun = ReturnType<typeof useReportRun>;
