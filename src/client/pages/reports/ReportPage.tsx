import { Button, Dropdown, Option, Spinner, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, Title3 } from '@fluentui/react-components';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import '../../../../reports';
import { drillFilters, getReport, type Label } from '../../../model';
import { ordersBarOption } from '../../../../reports/orders-by-status/orders-by-status.chart';
import { api } from '../../api/client';
import { downloadFile } from '../../engine/upload-api';

// Only the bar chart and what it needs (architecture "Browser": import only the charts used).
echarts.use([BarChart, GridComponent, TooltipComponent, TitleComponent, CanvasRenderer]);

type Row = Record<string, string | number | null> & { _level: number };
type Result = { columns: Array<{ key: string; label: string; kind: 'dimension' | 'measure' }>; rows: Row[]; labels?: Record<string, Record<string, string>> };

/** A dimension's value as the server labelled it (a state's or dictionary item's name), else as stored. */
const shownValue = (result: Result, key: string, v: string | number | null | undefined): string => (v === null || v === undefined ? '—' : (result.labels?.[key]?.[String(v)] ?? String(v)));

const TEXT: Record<string, Label> = {
  groupBy: { zh: '分组', en: 'Group by' },
  subtotals: { zh: '小计', en: 'Subtotals' },
  total: { zh: '合计', en: 'Total' },
  exportXlsx: { zh: '导出Excel', en: 'Export to Excel' },
  print: { zh: '打印', en: 'Print' },
  saveImage: { zh: '保存图片', en: 'Save as image' },
  empty: { zh: '暂无数据', en: 'No data' },
  notFound: { zh: '报表不存在', en: 'No such report' },
  drillHint: { zh: '点击柱形查看对应单据', en: 'Click a bar to open its records' },
};

/** The session's report theme (spec: the report theme of the session), read by every chart. */
export const REPORT_THEME = { colors: ['#0f6cbd', '#13a10e', '#ca5010', '#8764b8', '#038387', '#c239b3'] };

/**
 * A report declaration as a page (`/{cata}/dsrptindex/{opt}`, opt = the report's name): a bar chart of
 * the first grouping's first measure, the grouped table from the server (with subtotals), Excel export
 * of the same grouping, print and save-as-image. A bar opens the entity's list filtered to its rows.
 */
export function ReportPage() {
  const { opt = '' } = useParams();
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const tr = (l: Label) => (en ? l.en : l.zh);
  const report = getReport(opt);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const base = useMemo(() => Object.fromEntries([...search.entries()].filter(([k]) => k.startsWith('f.'))), [search]);
  const [group, setGroup] = useState(report?.dimensions[0].key ?? '');
  const [subtotals, setSubtotals] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [loading, setLoading] = useState(true);
  const chart = useRef<ReactEChartsCore>(null);

  useEffect(() => {
    if (!report) return;
    setLoading(true);
    api
      .get<Result>(`/rptapi/report/${report.name}/run`, { ...base, group, ...(subtotals ? { subtotals: '1' } : {}) })
      .then(setResult)
      .finally(() => setLoading(false));
  }, [report, base, group, subtotals]);

  const measure = report?.measures[0];
  const option = useMemo(() => {
    if (!result || !measure) return null;
    const details = result.rows.filter((r) => r._level === 0);
    return ordersBarOption(details.map((r) => ({ key: (r[group] as string | null) ?? null, label: shownValue(result, group, r[group]), value: Number(r[measure.key]) })), REPORT_THEME, '');
  }, [result, group, measure]);

  if (!report) return <Text>{tr(TEXT.notFound)}</Text>;
  const dim = report.dimensions.find((d) => d.key === group)!;
  const onBar = (p: { data?: { drill: string | null } }) => {
    const filters = drillFilters(report, { [group]: p.data?.drill ?? null }, base);
    navigate(`/page/subindex/${report.page ?? report.entity}?${new URLSearchParams(filters).toString()}`);
  };
  const exportQuery = (): Record<string, string> => ({ ...base, group, ...(subtotals ? { subtotals: '1' } : {}) });
  const saveImage = () => {
    const url = chart.current?.getEchartsInstance().getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${tr(report.title)}.png`;
    a.click();
  };

  return (
    <div data-testid="report-page" style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Title3>{tr(report.title)}</Title3>
        <Text>{tr(TEXT.groupBy)}</Text>
        <Dropdown aria-label={tr(TEXT.groupBy)} value={tr(dim.label)} selectedOptions={[group]} onOptionSelect={(_, d) => d.optionValue && setGroup(d.optionValue)}>
          {report.dimensions.map((d) => (
            <Option key={d.key} value={d.key}>
              {tr(d.label)}
            </Option>
          ))}
        </Dropdown>
        <Switch label={tr(TEXT.subtotals)} checked={subtotals} onChange={(_, d) => setSubtotals(d.checked)} />
        <div style={{ flex: 1 }} />
        <Button onClick={() => void downloadFile(`/rptapi/report/${report.name}/export`, exportQuery(), `${tr(report.title)}.xlsx`)}>{tr(TEXT.exportXlsx)}</Button>
        <Button onClick={() => window.print()}>{tr(TEXT.print)}</Button>
        <Button onClick={saveImage}>{tr(TEXT.saveImage)}</Button>
      </div>
      {loading && !result ? <Spinner /> : null}
      {result && !result.rows.length ? <Text>{tr(TEXT.empty)}</Text> : null}
      {option && result?.rows.length ? (
        <div data-testid="report-chart">
          <Text size={200}>{tr(TEXT.drillHint)}</Text>
          <ReactEChartsCore ref={chart} echarts={echarts} option={option} notMerge style={{ height: 320, width: '100%' }} onEvents={{ click: onBar }} />
        </div>
      ) : null}
      {result?.rows.length ? (
        <Table size="small" aria-label={tr(report.title)}>
          <TableHeader>
            <TableRow>
              {result.columns.map((c) => (
                <TableHeaderCell key={c.key}>{c.label}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.rows.map((r, i) => (
              <TableRow key={i} style={r._level ? { fontWeight: 600, background: '#f5f5f5' } : undefined}>
                {result.columns.map((c) => (
                  <TableCell key={c.key}>{r._level && c.kind === 'dimension' && r[c.key] === null ? tr(r._level === result.columns.filter((x) => x.kind === 'dimension').length ? TEXT.total : TEXT.subtotals) : c.kind === 'dimension' ? shownValue(result, c.key, r[c.key]) : String(r[c.key] ?? '—')}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </div>
  );
}
