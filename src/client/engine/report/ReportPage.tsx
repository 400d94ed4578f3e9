import { Card, Text } from '@fluentui/react-components';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import '../../../../reports';
import { drillOf } from '../../../../reports/charts';
import { drillUrl, getReport, type Label } from '../../../model';
import { reportExportPath } from '../../../model/calls/reports';
import { downloadFile } from '../upload-api';
import { ReportChart, type ChartPoint } from './ReportChart';
import type { EChartHandle } from './EChart';
import { ReportDocumentHead, ReportGrouping, ReportTitleBar } from './ReportControls';
import { ReportFilterBar } from './ReportFilterBar';
import { ReportTable } from './ReportTable';
import { PRINT_CSS, TEXT } from './report-texts';
import { useReportTheme } from './report-theme';
import { useReportRun } from './use-report-run';

/**
 * A report declaration as a page (`/{cata}/dsrptindex/{opt}`, opt = the report's name): the filter
 * bar built from the declaration's filters (kept in the URL as the list's `f.*` parameters), the
 * grouping, the declaration's chart kind in the session's report theme, the grouped table from the
 * server (with subtotals), Excel export of the same grouping, print and save-as-image. A chart element
 * opens the entity's list filtered to its rows, unless the report's rows are no list's.
 */
export function ReportPage({ document: asDocument = false }: { document?: boolean } = {}) {
  const { opt = '' } = useParams();
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const tr = (l: Label | string) => (typeof l === 'string' ? l : en ? l.en : l.zh);
  const report = getReport(opt);
  const navigate = useNavigate();
  const { name: themeName, theme, choose } = useReportTheme();
  const [search, setSearch] = useSearchParams();
  // The list filters (`f.*`) and, for a report that takes one, its period (`p.from`, `p.to`).
  const base = useMemo(() => Object.fromEntries([...search.entries()].filter(([k]) => k.startsWith('f.') || (report?.period && k.startsWith('p.')))), [search, report]);
  const run = useReportRun(report, base, asDocument, tr);
  const { result, data, kind } = run;
  const chart = useRef<EChartHandle>(null);

  if (!report) return <Text>{tr(TEXT.notFound)}</Text>;
  const onPoint = report.noDrill && !report.drillTo
    ? undefined
    : (p: ChartPoint) => {
        if (!data) return;
        // The list behind an element takes its filters; the period is the report's, not a list filter.
        const url = drillUrl(report, drillOf(data, p.ci, p.si), Object.fromEntries(Object.entries(base).filter(([k]) => k.startsWith('f.'))));
        if (url) navigate(url, { state: { back: `${window.location.pathname}${window.location.search}`, backLabel: tr(report.title) } });
      };
  const saveImage = () => {
    const url = chart.current?.getEchartsInstance()?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${tr(report.title)}.png`;
    a.click();
  };

  return (
    <div data-testid={asDocument ? 'report-document' : 'report-page'} className={asDocument ? 'report-document' : undefined} style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      {asDocument ? <style>{PRINT_CSS}</style> : null}
      {asDocument ? (
        <ReportDocumentHead report={report} tr={tr} base={base} keys={run.keys} />
      ) : (
        <>
          <ReportTitleBar report={report} tr={tr} themeName={themeName} choose={choose} onExport={() => void downloadFile(reportExportPath(report.name), run.runQuery, `${tr(report.title)}.xlsx`)} onSaveImage={saveImage} />
          <ReportFilterBar report={report} filters={base} tr={tr} onChange={(next) => setSearch(new URLSearchParams(next), { replace: true })} />
          <ReportGrouping report={report} tr={tr} run={run} />
        </>
      )}
      {result && !result.rows.length ? (
        <Card appearance="subtle" style={{ padding: 24, alignItems: 'center' }}>
          <Text data-testid="report-empty">{tr(TEXT.empty)}</Text>
        </Card>
      ) : null}
      {data && result?.rows.length ? (
        <Card data-testid="report-chart" style={{ padding: 12 }}>
          {onPoint && !asDocument ? <Text size={200} style={{ color: '#616161' }}>{tr(TEXT.drillHint)}</Text> : null}
          <ReportChart ref={chart} kind={kind} data={data} theme={theme} height={kind === 'heatmap' ? Math.max(260, 60 + data.categories.length * 36) : 340} onPoint={asDocument ? undefined : onPoint} />
        </Card>
      ) : null}
      {result?.rows.length ? <ReportTable report={report} result={result} tr={tr} /> : null}
    </div>
  );
}

/**
 * The route's component: one report page per report, so going from one report to another through
 * the menu starts from the new report's own grouping (the walk found the old grouping asked of the
 * next report, answered 400).
 */
export function ReportRoute() {
  const { opt = '' } = useParams();
  return <ReportPage key={opt} />;
}

/** `/clientrpt/document/{opt}`: the report as a printable document (filters stated, subtotals, no controls). */
export function ReportDocumentRoute() {
  const { opt = '' } = useParams();
  return <ReportPage key={opt} document />;
}
