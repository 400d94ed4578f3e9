import { Button, Dropdown, Input, Label as FluentLabel, Option } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { FIELD_TYPE_TABLE, getDictionary, getEntity, type Label, type ReportDef } from '../../../model';
import { reportCalls } from '../../../model/calls/reports';
import { callApi } from '../../api/calls';
import { DateBox } from '../../form/widgets/date-input';
import { ReportPeriodPicker } from './ReportPeriodPicker';

type Filters = Record<string, string>;

const T = {
  from: { zh: '从', en: 'From' },
  to: { zh: '至', en: 'To' },
  all: { zh: '全部', en: 'All' },
  atMost: { zh: '不超过', en: 'At most' },
  contains: { zh: '包含', en: 'Contains' },
  clear: { zh: '清除筛选', en: 'Clear filters' },
} satisfies Record<string, Label>;

export type FilterControl =
  | { kind: 'dateRange'; field: string; label: Label; time?: boolean }
  | { kind: 'choice'; field: string; label: Label; options: Array<{ value: string; label: Label | string }>; dimension?: string }
  | { kind: 'text'; field: string; label: Label }
  | { kind: 'month'; field: string; label: Label }
  | { kind: 'atMost'; field: string; label: Label };

/**
 * The filter bar of a report, from its declaration: each declared filter field becomes a control by
 * the entity field's type: a date range (`between`), a choice of states or dictionary items or of the
 * referenced rows the report groups by (`eq`), a month (`eq`), a number's upper bound (`lte`), or
 * text (`like`). The controls read and write the same `f.<field>.<op>` parameters as the list.
 */
export function filterControls(report: ReportDef): FilterControl[] {
  const entity = report.entity ? getEntity(report.entity) : undefined;
  if (!entity) return [];
  const out: FilterControl[] = [];
  for (const key of report.filters) {
    const f = entity.fields.find((x) => x.key === key);
    if (!f) continue;
    const dim = report.dimensions.find((d) => d.field === key && !d.bucket);
    // The control follows the field type table's sheet kind (one place knows what a type is).
    const kind = FIELD_TYPE_TABLE[f.type].excelKind;
    if (kind === 'date' || kind === 'datetime') out.push({ kind: 'dateRange', field: key, label: f.label, time: kind === 'datetime' });
    else if (entity.states?.field === key) out.push({ kind: 'choice', field: key, label: f.label, options: entity.states.states.map((s) => ({ value: s.code, label: s.label })) });
    else if (f.dict && getDictionary(f.dict)) out.push({ kind: 'choice', field: key, label: f.label, options: [...new Map(getDictionary(f.dict)!.items.map((i) => [i.value, { value: i.value, label: i.label }])).values()] });
    else if (kind === 'reference' && dim) out.push({ kind: 'choice', field: key, label: f.label, options: [], dimension: dim.key });
    else if (kind === 'month') out.push({ kind: 'month', field: key, label: f.label });
    else if (kind === 'number') out.push({ kind: 'atMost', field: key, label: f.label });
    else if (kind === 'text') out.push({ kind: 'text', field: key, label: f.label });
  }
  return out;
}

/** The choices of a reference filter: the values the report groups by, with their names. */
function useReferenceOptions(report: ReportDef, control: FilterControl): Array<{ value: string; label: string }> {
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const dimension = control.kind === 'choice' ? control.dimension : undefined;
  useEffect(() => {
    if (!dimension) return;
    let live = true;
    callApi(reportCalls.run, { name: report.name, group: dimension }, { quiet: true })
      .then((r) => {
        if (!live) return;
        setOptions(r.rows.filter((x) => x[dimension]).map((x) => ({ value: String(x[dimension]), label: r.labels[dimension]?.[String(x[dimension])] ?? String(x[dimension]) })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [report.name, dimension]);
  return options;
}

function Control({ report, control, filters, set, tr }: { report: ReportDef; control: FilterControl; filters: Filters; set: (patch: Record<string, string | null>) => void; tr: (l: Label | string) => string }) {
  const refOptions = useReferenceOptions(report, control);
  const id = `rf-${control.field}`;
  const label = <FluentLabel htmlFor={id} size="small" style={{ whiteSpace: 'nowrap' }}>{tr(control.label)}</FluentLabel>;
  if (control.kind === 'dateRange') {
    // A date-and-time field is filtered from the first day's 00:00:00 to the last day's 23:59:59.
    const [from = '', to = ''] = (filters[`f.${control.field}.between`] ?? '').split(',').map((x) => x.slice(0, 10));
    const [t0, t1] = control.time ? [' 00:00:00', ' 23:59:59'] : ['', ''];
    const put = (a: string, b: string) => set({ [`f.${control.field}.between`]: a || b ? `${a || '1900-01-01'}${t0},${b || '2999-12-31'}${t1}` : null });
    return (
      <div style={{ display: 'flex', alignItems: 'center', gap: 4 }} data-testid={`filter-${control.field}`}>
        {label}
        <DateBox ariaLabel={`${tr(control.label)} ${tr(T.from)}`} testId={`filter-${control.field}-from`} value={from === '1900-01-01' ? '' : from} onChange={(v) => put(v, to === '2999-12-31' ? '' : to)} />
        <span>–</span>
        <DateBox ariaLabel={`${tr(control.label)} ${tr(T.to)}`} testId={`filter-${control.field}-to`} value={to === '2999-12-31' ? '' : to} onChange={(v) => put(from === '1900-01-01' ? '' : from, v)} />
      </div>
    );
  }
  if (control.kind === 'choice') {
    const key = `f.${control.field}.eq`;
    const options = control.dimension ? refOptions : control.options.map((o) => ({ value: o.value, label: tr(o.label) }));
    const current = filters[key] ?? '';
    const shown = current ? (options.find((o) => o.value === current)?.label ?? current) : tr(T.all);
    return (
      <div style={{ display: 'flex', alignItems: 'center', gap: 4 }} data-testid={`filter-${control.field}`}>
        {label}
        <Dropdown id={id} size="small" aria-label={tr(control.label)} value={shown} selectedOptions={[current]} onOptionSelect={(_, d) => set({ [key]: d.optionValue || null })} style={{ minWidth: 120 }}>
          <Option value="">{tr(T.all)}</Option>
          {options.map((o) => (
            <Option key={o.value} value={o.value}>
              {o.label}
            </Option>
          ))}
        </Dropdown>
      </div>
    );
  }
  const op = control.kind === 'text' ? 'like' : control.kind === 'atMost' ? 'lte' : 'eq';
  const key = `f.${control.field}.${op}`;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4 }} data-testid={`filter-${control.field}`}>
      {label}
      <Input
        id={id}
        size="small"
        type={control.kind === 'month' ? 'month' : control.kind === 'atMost' ? 'number' : 'text'}
        placeholder={control.kind === 'text' ? tr(T.contains) : control.kind === 'atMost' ? tr(T.atMost) : undefined}
        value={filters[key] ?? ''}
        onChange={(_, d) => set({ [key]: d.value || null })}
        style={{ width: control.kind === 'text' ? 140 : 110 }}
      />
    </div>
  );
}

export function ReportFilterBar({ report, filters, onChange, tr }: { report: ReportDef; filters: Filters; onChange: (next: Filters) => void; tr: (l: Label | string) => string }) {
  const controls = filterControls(report);
  if (!controls.length && !report.period) return null;
  const set = (patch: Record<string, string | null>) => {
    const next = { ...filters };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete next[k];
      else next[k] = v;
    }
    onChange(next);
  };
  return (
    <div data-testid="report-filters" role="search" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', padding: '8px 12px', background: '#fafafa', border: '1px solid #e0e0e0', borderRadius: 6 }}>
      {report.period ? (
        <ReportPeriodPicker label={report.period.label} tr={tr} value={filters['p.from'] && filters['p.to'] ? { from: filters['p.from'], to: filters['p.to'] } : null}
          onChange={(p) => set({ 'p.from': p?.from ?? null, 'p.to': p?.to ?? null })} />
      ) : null}
      {controls.map((c) => (
        <Control key={c.field} report={report} control={c} filters={filters} set={set} tr={tr} />
      ))}
      {Object.keys(filters).length ? (
        <Button size="small" appearance="subtle" onClick={() => onChange({})}>
          {tr(T.clear)}
        </Button>
      ) : null}
    </div>
  );
}
