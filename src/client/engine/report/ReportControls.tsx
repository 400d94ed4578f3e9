import { Button, Dropdown, Option, Spinner, Switch, Text, Title3 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { REPORT_THEMES } from '../../../../reports/charts';
import type { Label, ReportDef } from '../../../model';
import { formatDateTime } from '../../../model/default-tokens';
import { filterLines, TEXT } from './report-texts';
import type { ReportRun } from './use-report-run';

type Tr = (l: Label | string) => string;

/** The page's title bar: the theme picker, Excel export, print, save as image. */
export function ReportTitleBar(p: { report: ReportDef; tr: Tr; themeName: string; choose: (name: string) => unknown; onExport: () => void; onSaveImage: () => void }) {
  const { report, tr, themeName } = p;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <Title3>{tr(report.title)}</Title3>
      <div style={{ flex: 1 }} />
      <Dropdown size="small" aria-label={tr(TEXT.theme)} value={`${tr(TEXT.theme)}: ${tr(REPORT_THEMES[themeName].label)}`} selectedOptions={[themeName]} onOptionSelect={(_, d) => d.optionValue && void p.choose(d.optionValue)} style={{ minWidth: 180 }}>
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
      <Button data-testid="report-export" onClick={p.onExport}>{tr(TEXT.exportXlsx)}</Button>
      <Button onClick={() => window.print()}>{tr(TEXT.print)}</Button>
      <Button onClick={p.onSaveImage}>{tr(TEXT.saveImage)}</Button>
    </div>
  );
}

/** Group by, split by, measure, subtotals. */
export function ReportGrouping({ report, tr, run }: { report: ReportDef; tr: Tr; run: ReportRun }) {
  const { group, split, measure, drawn } = run;
  const dimLabel = (k: string) => tr(report.dimensions.find((d) => d.key === k)?.label ?? k);
  const measureLabel = (k: string) => tr(report.measures.find((m) => m.key === k)!.label);
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
      <Text>{tr(TEXT.groupBy)}</Text>
      <Dropdown size="small" aria-label={tr(TEXT.groupBy)} value={dimLabel(group)} selectedOptions={[group]} onOptionSelect={(_, d) => d.optionValue && run.setGroup(d.optionValue)}>
        {report.dimensions.map((d) => (
          <Option key={d.key} value={d.key}>
            {tr(d.label)}
          </Option>
        ))}
      </Dropdown>
      <Text>{tr(TEXT.splitBy)}</Text>
      <Dropdown size="small" aria-label={tr(TEXT.splitBy)} value={split && split !== group ? dimLabel(split) : tr(TEXT.none)} selectedOptions={[split]} onOptionSelect={(_, d) => run.setSplit(d.optionValue ?? '')}>
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
      <Dropdown size="small" aria-label={tr(TEXT.measure)} value={measure ? measureLabel(measure) : drawn.map(measureLabel).join(' / ')} selectedOptions={[measure]} onOptionSelect={(_, d) => run.setMeasure(d.optionValue ?? '')}>
        {report.chartMeasures && report.chartMeasures.length > 1 ? <Option value="">{report.chartMeasures.map(measureLabel).join(' / ')}</Option> : null}
        {report.measures.map((m) => (
          <Option key={m.key} value={m.key}>
            {tr(m.label)}
          </Option>
        ))}
      </Dropdown>
      <Switch label={tr(TEXT.subtotals)} checked={run.subtotals} onChange={(_, d) => run.setSubtotals(d.checked)} />
      {run.loading ? <Spinner size="tiny" /> : null}
    </div>
  );
}

/** A printed report's head: title, open-the-report and print buttons, the filters and grouping it was made of. */
export function ReportDocumentHead({ report, tr, base, keys }: { report: ReportDef; tr: Tr; base: Record<string, string>; keys: string[] }) {
  const navigate = useNavigate();
  const lines = filterLines(report, base, tr);
  const dimLabel = (k: string) => tr(report.dimensions.find((d) => d.key === k)?.label ?? k);
  return (
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
  );
}
