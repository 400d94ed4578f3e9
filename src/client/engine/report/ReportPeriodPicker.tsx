import { Dropdown, Input, Label as FluentLabel, Option } from '@fluentui/react-components';
import type { Label } from '../../../model';
import { DateBox } from '../../form/widgets/date-input';
import { modeOf, monthPeriod, quarterPeriod, recentQuarters, type Period, type PeriodMode } from './report-period';

const T = {
  all: { zh: '全部期间', en: 'All time' },
  month: { zh: '按月', en: 'Month' },
  quarter: { zh: '按季度', en: 'Quarter' },
  range: { zh: '自定义', en: 'From / to' },
  from: { zh: '从', en: 'From' },
  to: { zh: '至', en: 'To' },
} satisfies Record<string, Label>;

const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/**
 * The period of a report that declares one (issue 35): all time, a month, a quarter or any from/to,
 * written to the URL as `p.from` and `p.to`; the server computes the figures over it.
 */
export function ReportPeriodPicker({ label, value, onChange, tr }: { label: Label; value: Period | null; onChange: (p: Period | null) => void; tr: (l: Label | string) => string }) {
  const current = modeOf(value);
  const quarters = recentQuarters(new Date());
  const pick = (mode: PeriodMode) => {
    if (mode === 'all') onChange(null);
    else if (mode === 'month') onChange(monthPeriod(thisMonth()));
    else if (mode === 'quarter') onChange(quarterPeriod(quarters[0]));
    else onChange(value ?? monthPeriod(thisMonth()));
  };
  const modes: PeriodMode[] = ['all', 'month', 'quarter', 'range'];
  // A range the picker set stays a range even when it happens to be a whole month.
  const shown = current.mode;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4, flexWrap: 'wrap' }} data-testid="report-period">
      <FluentLabel size="small" style={{ whiteSpace: 'nowrap' }} title={tr(label)}>{tr(label).split(/[（(]/)[0]}</FluentLabel>
      <Dropdown size="small" aria-label={tr(label)} value={tr(T[shown])} selectedOptions={[shown]} onOptionSelect={(_, d) => pick(d.optionValue as PeriodMode)} style={{ minWidth: 110 }} data-testid="report-period-mode">
        {modes.map((m) => <Option key={m} value={m}>{tr(T[m])}</Option>)}
      </Dropdown>
      {shown === 'month' && (
        <Input size="small" type="month" aria-label={tr(T.month)} value={current.month ?? ''} onChange={(_, d) => onChange(monthPeriod(d.value))} style={{ width: 150 }} data-testid="report-period-month" />
      )}
      {shown === 'quarter' && (
        <Dropdown size="small" aria-label={tr(T.quarter)} value={current.quarter ?? ''} selectedOptions={[current.quarter ?? '']} onOptionSelect={(_, d) => onChange(quarterPeriod(String(d.optionValue)))} style={{ minWidth: 110 }} data-testid="report-period-quarter">
          {(current.quarter && !quarters.includes(current.quarter) ? [current.quarter, ...quarters] : quarters).map((q) => <Option key={q} value={q}>{q.replace('-', ' ')}</Option>)}
        </Dropdown>
      )}
      {shown === 'range' && (
        <>
          <DateBox ariaLabel={`${tr(label)} ${tr(T.from)}`} testId="report-period-from" value={value?.from ?? ''} onChange={(v) => v && onChange({ from: v, to: value?.to && value.to >= v ? value.to : v })} />
          <span>–</span>
          <DateBox ariaLabel={`${tr(label)} ${tr(T.to)}`} testId="report-period-to" value={value?.to ?? ''} onChange={(v) => v && onChange({ from: value?.from && value.from <= v ? value.from : v, to: v })} />
        </>
      )}
    </div>
  );
}
