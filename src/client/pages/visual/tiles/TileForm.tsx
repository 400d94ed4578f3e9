import { Button, Combobox, Dropdown, Field, Input, Option, Radio, RadioGroup } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { getReport, type Label } from '../../../../model';
import { tileAggregations, tileDateFields, tileDimensions, TILE_AGG_LABELS, TILE_CHARTS, TILE_CHART_LABELS, TILE_GROUPINGS, TILE_PERIODS, TILE_PERIOD_LABELS, type TileChart, type TilePeriod } from '../../../../model/tiles';
import { ReportFilterBar } from '../../reports/ReportFilterBar';
import { filtersText } from '../alerts/alert-texts';
import { TT } from './tile-texts';
import type { TileDesignerState } from './use-tile-designer';

type P = { s: TileDesignerState; tr: (l: Label) => string };
const errOf = (s: TileDesignerState, k: string) => (s.errors[k] ? { validationState: 'error' as const, validationMessage: s.errors[k] } : {});

/** What the tile reads: dataset, measure and aggregation, grouping, filters, period. */
export function TileDataFields({ s, tr }: P) {
  const d = s.draft!;
  const report = s.report;
  const measure = report?.measures.find((m) => m.key === d.measure);
  const dims = report ? tileDimensions(report) : [];
  const [, max] = TILE_GROUPINGS[d.chart as TileChart];
  const dimLabel = (k: string | undefined) => (k ? tr(dims.find((x) => x.key === k)?.label ?? { zh: k, en: k }) : tr(TT.none));
  const setGroup = (i: number, key: string) => {
    const g = [...d.group_by];
    if (key) g[i] = key;
    else g.splice(i);
    s.change({ group_by: g.filter(Boolean) });
  };
  return (
    <>
      <Field label={tr(TT.dataset)} required {...errOf(s, 'report')}>
        <Dropdown data-testid="tile-report" value={report ? tr(report.title) : ''} selectedOptions={[d.report]} onOptionSelect={(_, x) => s.change({ report: x.optionValue ?? '' })}>
          {s.datasets.map((x) => (
            <Option key={x.report} value={x.report}>{tr(getReport(x.report)?.title ?? { zh: x.report, en: x.report })}</Option>
          ))}
        </Dropdown>
      </Field>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <Field label={tr(TT.measure)} required {...errOf(s, 'measure')}>
          <Dropdown data-testid="tile-measure" disabled={!report} value={measure ? tr(measure.label) : ''} selectedOptions={[d.measure]} onOptionSelect={(_, x) => s.change({ measure: x.optionValue ?? '' })}>
            {(report?.measures ?? []).map((m) => <Option key={m.key} value={m.key}>{tr(m.label)}</Option>)}
          </Dropdown>
        </Field>
        <Field label={tr(TT.aggregation)} {...errOf(s, 'aggregation')}>
          <Dropdown data-testid="tile-aggregation" disabled={!report} value={tr(TILE_AGG_LABELS[d.aggregation])} selectedOptions={[d.aggregation]} onOptionSelect={(_, x) => s.change({ aggregation: x.optionValue as typeof d.aggregation })}>
            {(report ? tileAggregations(report, measure) : []).map((a) => <Option key={a} value={a}>{tr(TILE_AGG_LABELS[a])}</Option>)}
          </Dropdown>
        </Field>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        {[0, 1].map((i) => (
          <Field key={i} label={tr(i === 0 ? TT.groupBy : TT.splitBy)} {...(i === 0 ? errOf(s, 'group_by') : {})}>
            <Dropdown data-testid={`tile-group-${i}`} disabled={!report || i >= max || (i === 1 && !d.group_by[0])} value={dimLabel(d.group_by[i])} selectedOptions={[d.group_by[i] ?? '']} onOptionSelect={(_, x) => setGroup(i, x.optionValue ?? '')}>
              <Option value="">{tr(TT.none)}</Option>
              {dims.filter((x) => !d.group_by.slice(0, i).includes(x.key)).map((x) => <Option key={x.key} value={x.key}>{tr(x.label)}</Option>)}
            </Dropdown>
          </Field>
        ))}
      </div>
      {report ? (
        <Field label={tr(TT.filters)} {...errOf(s, 'filters')} hint={filtersText(report.name, d.filters, tr)}>
          <ReportFilterBar report={report} filters={d.filters} tr={(l) => (typeof l === 'string' ? l : tr(l))} onChange={(filters) => s.change({ filters })} />
        </Field>
      ) : null}
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <Field label={tr(TT.period)} {...errOf(s, 'period')}>
          <Dropdown data-testid="tile-period" value={tr(TILE_PERIOD_LABELS[d.period])} selectedOptions={[d.period]} disabled={!report || !tileDateFields(report).length} onOptionSelect={(_, x) => s.change({ period: x.optionValue as TilePeriod })}>
            {TILE_PERIODS.map((p) => <Option key={p} value={p}>{tr(TILE_PERIOD_LABELS[p])}</Option>)}
          </Dropdown>
        </Field>
        <Field label={tr(TT.periodField)} {...errOf(s, 'period_field')}>
          <Dropdown data-testid="tile-period-field" disabled={d.period === 'all'} value={report && d.period_field ? tr(tileDateFields(report).find((f) => f.key === d.period_field)?.label ?? { zh: '', en: '' }) : ''} selectedOptions={[d.period_field ?? '']} onOptionSelect={(_, x) => s.change({ period_field: x.optionValue ?? null })}>
            {(report ? tileDateFields(report) : []).map((f) => <Option key={f.key} value={f.key}>{tr(f.label)}</Option>)}
          </Dropdown>
        </Field>
      </div>
    </>
  );
}

/** How the tile looks and where it goes: chart, thresholds, colour, dashboard, roles, width. */
export function TileLookFields({ s, tr }: P) {
  const d = s.draft!;
  const roles = s.data?.roles ?? [];
  const roleName = (code: string) => roles.find((r) => r.code === code)?.name ?? code;
  const setThreshold = (i: number, patch: Partial<{ value: string; color: string }>) => s.change({ thresholds: d.thresholds.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
  return (
    <>
      <div style={{ display: 'grid', gridTemplateColumns: '2fr 1fr 1fr', gap: 12 }}>
        <Field label={tr(TT.chart)} {...errOf(s, 'chart')}>
          <Dropdown data-testid="tile-chart" value={tr(TILE_CHART_LABELS[d.chart])} selectedOptions={[d.chart]} onOptionSelect={(_, x) => s.change({ chart: x.optionValue as TileChart })}>
            {TILE_CHARTS.map((c) => <Option key={c} value={c}>{tr(TILE_CHART_LABELS[c])}</Option>)}
          </Dropdown>
        </Field>
        <Field label={tr(TT.color)} {...errOf(s, 'color')}>
          <input type="color" data-testid="tile-color" aria-label={tr(TT.color)} value={d.color ?? '#0f6cbd'} onChange={(e) => s.change({ color: e.target.value })} style={{ width: '100%', height: 32, border: 'none', background: 'transparent' }} />
        </Field>
        <Field label={tr(TT.span)} {...errOf(s, 'span')}>
          <Dropdown data-testid="tile-span" value={tr(TT.widths[d.span - 1] ?? TT.widths[0])} selectedOptions={[String(d.span)]} onOptionSelect={(_, x) => s.change({ span: Number(x.optionValue) })}>
            {TT.widths.map((w, i) => <Option key={i} value={String(i + 1)}>{tr(w)}</Option>)}
          </Dropdown>
        </Field>
      </div>
      <Field label={tr(TT.thresholds)} {...errOf(s, 'thresholds')}>
        <div style={{ display: 'grid', gap: 6 }}>
          {d.thresholds.map((t, i) => (
            <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <Input type="number" data-testid={`tile-threshold-${i}`} value={t.value} onChange={(_, x) => setThreshold(i, { value: x.value })} style={{ flex: 1 }} />
              <input type="color" aria-label={tr(TT.color)} value={t.color} onChange={(e) => setThreshold(i, { color: e.target.value })} style={{ width: 40, height: 30, border: 'none', background: 'transparent' }} />
              <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={tr(TT.remove)} onClick={() => s.change({ thresholds: d.thresholds.filter((_, j) => j !== i) })} />
            </div>
          ))}
          {d.thresholds.length < 5 ? (
            <Button size="small" appearance="subtle" icon={<AddRegular />} data-testid="tile-add-threshold" onClick={() => s.change({ thresholds: [...d.thresholds, { value: '', color: '#d13438' }] })} style={{ justifySelf: 'start' }}>
              {tr(TT.addThreshold)}
            </Button>
          ) : null}
        </div>
      </Field>
      <Field label={tr(TT.scope)} {...errOf(s, 'scope')}>
        <RadioGroup layout="horizontal" value={d.scope} onChange={(_, x) => s.change({ scope: x.value as typeof d.scope })} data-testid="tile-scope">
          <Radio value="company" label={tr(TT.company)} />
          <Radio value="personal" label={tr(TT.personal)} />
        </RadioGroup>
      </Field>
      {d.scope === 'company' ? (
        <Field label={tr(TT.roles)} {...errOf(s, 'share_roles')}>
          <Combobox data-testid="tile-roles" multiselect placeholder={tr(TT.pickRoles)} value={d.share_roles.map(roleName).join('、')} selectedOptions={d.share_roles} onOptionSelect={(_, x) => s.change({ share_roles: x.selectedOptions })}>
            {roles.map((r) => <Option key={r.code} value={r.code}>{r.name}</Option>)}
          </Combobox>
        </Field>
      ) : null}
    </>
  );
}
