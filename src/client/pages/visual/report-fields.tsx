import { Dropdown, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { getReport, type Label, type ReportDef, type ReportMeasure } from '../../../model';
import { ReportFilterBar } from '../../engine/report/ReportFilterBar';
import { filtersText } from './alerts/alert-texts';
import { labelIn } from '../../../model/label-text';

/** The drawers' words in the user's language. */
export function useTr(): (l: Label) => string {
  const { i18n } = useTranslation();
  return (l: Label) => labelIn(l, i18n.language);
}

/**
 * The figure fields the alert drawer and the tile designer both compose over a declared report: the
 * dataset among those the caller may read, one of its measures, its own filter bar with the filters
 * in words.
 */
export function DatasetDropdown(p: { id: string; testId: string; disabled: boolean; datasets: ReadonlyArray<{ report: string }>; value: string; onPick: (report: string) => void }) {
  const tr = useTr();
  const report = getReport(p.value);
  return (
    <Dropdown id={p.id} data-testid={p.testId} disabled={p.disabled} value={report ? tr(report.title) : ''} selectedOptions={[p.value]} onOptionSelect={(_, x) => x.optionValue !== p.value && p.onPick(x.optionValue ?? '')}>
      {p.datasets.map((x) => (
        <Option key={x.report} value={x.report}>
          {tr(getReport(x.report)?.title ?? { zh: x.report, en: x.report })}
        </Option>
      ))}
    </Dropdown>
  );
}

export function MeasureDropdown(p: { id: string; testId: string; disabled: boolean; measures: readonly ReportMeasure[]; value: string; onPick: (measure: string) => void }) {
  const tr = useTr();
  const measure = p.measures.find((m) => m.key === p.value);
  return (
    <Dropdown id={p.id} data-testid={p.testId} disabled={p.disabled} value={measure ? tr(measure.label) : ''} selectedOptions={[p.value]} onOptionSelect={(_, x) => p.onPick(x.optionValue ?? '')}>
      {p.measures.map((m) => (
        <Option key={m.key} value={m.key}>
          {tr(m.label)}
        </Option>
      ))}
    </Dropdown>
  );
}

export function ReportFiltersEditor(p: { id: string; report: ReportDef; filters: Record<string, string>; onChange: (filters: Record<string, string>) => void }) {
  const tr = useTr();
  return (
    <div id={p.id} style={{ display: 'grid', gap: 4 }}>
      <ReportFilterBar report={p.report} filters={p.filters} tr={(l) => (typeof l === 'string' ? l : tr(l))} onChange={p.onChange} />
      <span style={{ fontSize: 12, color: '#616161' }}>{filtersText(p.report.name, p.filters, tr)}</span>
    </div>
  );
}
