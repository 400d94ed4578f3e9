import { Button, Card, Dropdown, Option, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title3 } from '@fluentui/react-components';
import type ReactEChartsCore from 'echarts-for-react/esm/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import '../../../../reports';
import { drillOf, REPORT_THEMES } from '../../../../reports/charts';
import { drillUrl, getReport, type Label } from '../../../model';
import { formatDateTime } from '../../../model/default-tokens';
import { api } from '../../api/client';
import { downloadFile } from '../../engine/upload-api';
import { ReportChart, type ChartPoint } from './ReportChart';
import { filterControls, ReportFilterBar } from './ReportFilterBar';
import { useReportTheme } from './report-theme';
import { chartKindFor, reportChartData, shownMeasure, shownValue, type ReportResult } from './report-view';

const TEXT: Record<string, Label> = {
  groupBy: { zh: '分组', en: 'Group by' },
  splitBy: { zh: '细分', en: 'Split by' },
  none: { zh: '不细分', en: 'None' },
  measure: { zh: '指标', en: 'Measure' },
  subtotals: { zh: '小计', en: 'Subtotals' },
  total: { zh: '合计', en: 'Total' },
  theme: { zh: '报表主题', en: 'Report theme' },
  exportXlsx: { zh: '导出Excel', en: 'Export to Excel' },
  print: { zh: '打印', en: 'Print' },
  saveImage: { zh: '保存图片', en: 'Save as image' },
  empty: { zh: '所选条件下暂无数据', en: 'No data for these filters' },
  notFound: { zh: '报表不存在', en: 'No such report' },
  drillHint: { zh: '点击图形查看对应单据', en: 'Click a chart element to open its records' },
  allMeasures: { zh: '全部指标', en: 'All measures' },
  filters: { zh: '筛选条件', en: 'Filters' },
  noFilters: { zh: '无（全部数据）', en: 'None (all records)' },
  printedAt: { zh: '生成时间', en: 'Produced' },
  openReport: { zh: '打开报表', en: 'Open the report' },
};

/** Hides the shell around a printed report document (print CSS). */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .report-document, .report-document * { visibility: visible !important; }
  .report-document { position: absolute !important; left: 0; top: 0; width: 100%; padding: 0 !important; }
  .report-noprint { display: none !important; }
  @page { margin: 14mm; }
}`;

/** The report's filters in the URL as "label: value" lines (a document says what it was made of). */
function filterLines(report: NonNullable<ReturnType<typeof getReport>>, base: Record<string, string>, tr: (l: Label | string) => string): string[] {
  const controls = new Map(filterControls(report).map((c) => [c.field, c]));
  const labels = new Map([...controls].map(([field, c]) => [field, tr(c.label)]));
  return Object.entries(base).map(([key, value]) => {
    const [, field = key, op = ''] = key.split('.');
    const control = controls.get(field);
    // Choices by their names (进行中, not in_progress), ranges as from ~ to.
    const named = control?.kind === 'choice' ? value.split(',').map((v) => { const o = control.options.find((x) => x.value === v); return o ? tr(o.label) : v; }).join(', ') : value;
    const shown = op === 'between' ? named.replace(',', ' ~ ') : named;
    return `${labels.get(field) ?? field}${op === 'between' || op === 'eq' || op === 'in' ? '' : ` (${op})`}: ${shown}`;
  });
}

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
  const base = useMemo(() => Object.fromEntries([...search.entries()].filter(([k]) => k.startsWith('f.'))), [search]);
  const initial = report?.defaultGroup ?? [report?.dimensions[0].key ?? ''];
  const [group, setGroup] = useState(initial[0]);
  const [split, setSplit] = useState<string>(initial[1] ?? '');
  const [measure, setMeasure] = useState<string>('');
  // A document (`/clientrpt/document/{opt}`) carries its subtotals and totals.
  const [subtotals, setSubtotals] = useState(asDocument);
  const [result, setResult] = useState<ReportResult | null>(null);
  const [loading, setLoading] = useState(true);
  const chart = useRef<ReactEChartsCore>(null);
  const keys = useMemo(() => (split && split !== group ? [group, split] : [group]), [group, split]);
  const runQuery = useMemo(() => ({ ...base, group: keys.join(','), ...(subtotals ? { subtotals: '1' } : {}) }), [base, keys, subtotals]);

  useEffect(() => {
    if (!report) return;
    let live = true;
    setLoading(true);
    api
      .get<ReportResult>(`/rptapi/report/${report.name}/run`, runQuery)
      .then((r) => live && setResult(r))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [report, runQuery]);

  const drawn = useMemo(() => (measure ? [measure] : (report?.chartMeasures ?? [report?.measures[0].key ?? ''])), [measure, report]);
  const kind = chartKindFor(report?.chart, keys.length);
  const data = useMemo(() => (report && result ? reportChartData(report, result, keys, keys.length > 1 ? drawn.slice(0, 1) : drawn, tr) : null), [report, result, keys, drawn, en]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!report) return <Text>{tr(TEXT.notFound)}</Text>;
  const onPoint = report.noDrill && !report.drillTo
    ? undefined
    : (p: ChartPoint) => {
        if (!data) return;
        const url = drillUrl(report, drillOf(data, p.ci, p.si), base);
        if (url) navigate(url, { state: { back: `${window.location.pathname}${window.location.search}`, backLabel: tr(report.title) } });
      };
  const saveImage = () => {
    const url = chart.current?.getEchartsInstance().getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${tr(report.title)}.png`;
    a.click();
  };
  const dimLabel = (k: string) => tr(report.dimensions.find((d) => d.key === k)?.label ?? k);
  const dimCount = result?.columns.filter((x) => x.kind === 'dimension').length ?? 0;
  const lines = asDocument ? filterLines(report, base, tr) : [];

  return (
    <div data-testid={asDocument ? 'report-document' : 'report-page'} className={asDocument ? 'report-document' : undefined} style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      {asDocument ? <style>{PRINT_CSS}</style> : null}
      {asDocument ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Title3>{tr(report.title)}</Title3>
            <div style={{ flex: 1 }} />
            <Button className="report-noprint" onClick={() => navigate(`/rpt/dsrptindex/${report.name}?${new URLSearchParams(base).toString()}`)}>{tr(TEXT.openReport)}</Button>
            <Button className="report-noprint" appearance="primary" data-testid="report-print" onClick={() => window.print()}>{tr(TEXT.print)}</Button>
          </div>
          <Text data-testid="report-document-filters">{`${tr(TEXT.filters)}: ${lines.length ? lines.join('; ') : tr(TEXT.noFilters)}`}</Text>
          <Text>{`${tr(TEXT.groupBy)}: ${keys.map(dimLabel).join(' / ')} · ${tr(TEXT.printedAt)}: ${formatDateTime(new Date())}`}</Text>
        </div>
      ) : null}
      {asDocument ? null : (<>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <Title3>{tr(report.title)}</Title3>
        <div style={{ flex: 1 }} />
        <Dropdown size="small" aria-label={tr(TEXT.theme)} value={`${tr(TEXT.theme)}: ${tr(REPORT_THEMES[themeName].label)}`} selectedOptions={[themeName]} onOptionSelect={(_, d) => d.optionValue && void choose(d.optionValue)} style={{ minWidth: 180 }}>
          {Object.entries(REPORT_THEMES).map(([k, v]) => (
            <Option key={k} value={k} text={tr(v.label)}>
              <span style={{ display: 'inline-flex', gap: 2, marginRight: 6 }}>
                {v.theme.colors.slice(0, 4).map((c) => (
                  <span key={c} style={{ width: 10, height: 10, background: c, borderRadius: 2, display: 'inline-block' }} />
                ))}
              </span>
              {tr(v.label)}
            </Option>
          ))}
        </Dropdown>
        <Button data-testid="report-export" onClick={() => void downloadFile(`/rptapi/report/${report.name}/export`, runQuery, `${tr(report.title)}.xlsx`)}>{tr(TEXT.exportXlsx)}</Button>
        <Button onClick={() => window.print()}>{tr(TEXT.print)}</Button>
        <Button onClick={saveImage}>{tr(TEXT.saveImage)}</Button>
      </div>
      <ReportFilterBar report={report} filters={base} tr={tr} onChange={(next) => setSearch(new URLSearchParams(next), { replace: true })} />
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Text>{tr(TEXT.groupBy)}</Text>
        <Dropdown size="small" aria-label={tr(TEXT.groupBy)} value={dimLabel(group)} selectedOptions={[group]} onOptionSelect={(_, d) => d.optionValue && setGroup(d.optionValue)}>
          {report.dimensions.map((d) => (
            <Option key={d.key} value={d.key}>
              {tr(d.label)}
            </Option>
          ))}
        </Dropdown>
        <Text>{tr(TEXT.splitBy)}</Text>
        <Dropdown size="small" aria-label={tr(TEXT.splitBy)} value={split && split !== group ? dimLabel(split) : tr(TEXT.none)} selectedOptions={[split]} onOptionSelect={(_, d) => setSplit(d.optionValue ?? '')}>
          <Option value="">{tr(TEXT.none)}</Option>
          {report.dimensions
            .filter((d) => d.key !== group)
            .map((d) => (
              <Option key={d.key} value={d.key}>
                {tr(d.label)}
              </Option>
            ))}
        </Dropdown>
        <Text>{tr(TEXT.measure)}</Text>
        <Dropdown size="small" aria-label={tr(TEXT.measure)} value={measure ? tr(report.measures.find((m) => m.key === measure)!.label) : drawn.map((k) => tr(report.measures.find((m) => m.key === k)!.label)).join(' / ')} selectedOptions={[measure]} onOptionSelect={(_, d) => setMeasure(d.optionValue ?? '')}>
          {report.chartMeasures && report.chartMeasures.length > 1 ? <Option value="">{report.chartMeasures.map((k) => tr(report.measures.find((m) => m.key === k)!.label)).join(' / ')}</Option> : null}
          {report.measures.map((m) => (
            <Option key={m.key} value={m.key}>
              {tr(m.label)}
            </Option>
          ))}
        </Dropdown>
        <Switch label={tr(TEXT.subtotals)} checked={subtotals} onChange={(_, d) => setSubtotals(d.checked)} />
        {loading ? <Spinner size="tiny" /> : null}
      </div>
      </>)}
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
      {result?.rows.length ? (
        <div style={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={tr(report.title)} data-testid="report-table">
            <TableHeader>
              <TableRow>
                {result.columns.map((c) => (
                  <TableHeaderCell key={c.key}>
                    <span style={c.kind === 'measure' ? { width: '100%', textAlign: 'right' } : undefined}>{c.label}</span>
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.rows.map((r, i) => (
                <TableRow key={i} style={r._level ? { fontWeight: 600, background: '#f5f5f5' } : undefined}>
                  {result.columns.map((c) => (
                    <TableCell key={c.key} style={c.kind === 'measure' ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } : undefined}>
                      {r._level && c.kind === 'dimension' && r[c.key] === null
                        ? tr(r._level === dimCount ? TEXT.total : TEXT.subtotals)
                        : c.kind === 'dimension'
                          ? shownValue(result, c.key, r[c.key])
                          : shownMeasure(report, c.key, r[c.key])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
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
