import { Button, Dropdown, Input, Option } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dictValueLabel } from '../../../../model/dictionaries';
import { tileAggregations, tileDateFields, tileDimensions, TILE_GROUPINGS, TILE_PERIODS, type TileChart, type TilePeriod } from '../../../../model/tiles';
import type { WidgetProps } from '../../../form/widgets';
import { DatasetDropdown, MeasureDropdown, ReportFiltersEditor, useTr } from '../report-fields';
import { TT } from './tile-texts';
import { useTileDraft, useTileOptions } from './use-tile-designer';

/** `report`: the datasets the caller may build on; a new tile starts on the first, another one resets what was the dataset's own. */
export function DatasetField(p: WidgetProps) {
  const { draft: d, change } = useTileDraft(p);
  const datasets = useTileOptions()?.datasets;
  const first = datasets?.[0]?.report;
  useEffect(() => {
    if (!d.report && first) change({ report: first });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the datasets are read, for a new tile
  }, [first, d.report]);
  return <DatasetDropdown id={p.id} testId="tile-report" disabled={p.disabled} datasets={datasets ?? []} value={d.report} onPick={(report) => change({ report })} />;
}

/** `measure`: the dataset's measures. */
export function MeasureField(p: WidgetProps) {
  const { draft: d, report, change } = useTileDraft(p);
  return <MeasureDropdown id={p.id} testId="tile-measure" disabled={p.disabled || !report} measures={report?.measures ?? []} value={d.measure} onPick={(measure) => change({ measure })} />;
}

/** `aggregation`: those the measure allows. */
export function AggregationField(p: WidgetProps) {
  const tr = useTr();
  const { draft: d, report, change } = useTileDraft(p);
  const aggs = report ? tileAggregations(report, report.measures.find((m) => m.key === d.measure)) : [];
  return (
    <Dropdown id={p.id} data-testid="tile-aggregation" disabled={p.disabled || !report} value={tr(dictValueLabel('rpt_tile_agg', d.aggregation))} selectedOptions={[d.aggregation]} onOptionSelect={(_, x) => change({ aggregation: x.optionValue as typeof d.aggregation })}>
      {aggs.map((a) => <Option key={a} value={a}>{tr(dictValueLabel('rpt_tile_agg', a))}</Option>)}
    </Dropdown>
  );
}

/** `group_by`: the grouping and the split, as many as the chart takes. */
export function GroupByField(p: WidgetProps) {
  const tr = useTr();
  const { t } = useTranslation();
  const { draft: d, report, change } = useTileDraft(p);
  const dims = report ? tileDimensions(report) : [];
  const [, max] = TILE_GROUPINGS[d.chart as TileChart];
  const label = (k: string | undefined) => (k ? tr(dims.find((x) => x.key === k)?.label ?? { zh: k, en: k }) : t('tile.ui.none'));
  const setGroup = (i: number, key: string) => {
    const g = [...d.group_by];
    if (key) g[i] = key;
    else g.splice(i);
    change({ group_by: g.filter(Boolean) });
  };
  return (
    <div id={p.id} style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
      {[0, 1].map((i) => (
        <Dropdown key={i} aria-label={t(i === 0 ? 'tile.ui.groupBy' : 'tile.ui.splitBy')} placeholder={t(i === 0 ? 'tile.ui.groupBy' : 'tile.ui.splitBy')} data-testid={`tile-group-${i}`} disabled={p.disabled || !report || i >= max || (i === 1 && !d.group_by[0])} value={label(d.group_by[i])} selectedOptions={[d.group_by[i] ?? '']} onOptionSelect={(_, x) => setGroup(i, x.optionValue ?? '')}>
          <Option value="">{t('tile.ui.none')}</Option>
          {dims.filter((x) => !d.group_by.slice(0, i).includes(x.key)).map((x) => <Option key={x.key} value={x.key}>{tr(x.label)}</Option>)}
        </Dropdown>
      ))}
    </div>
  );
}

/** `filters`: the dataset's own filter bar (the list's `f.<field>.<op>`), with the filters in words. */
export function FiltersField(p: WidgetProps) {
  const { draft: d, report, change } = useTileDraft(p);
  return report ? <ReportFiltersEditor id={p.id} report={report} filters={d.filters} onChange={(filters) => change({ filters })} /> : null;
}

/** `period`: all time or a period on one of the dataset's dates (the first date is taken until another is chosen). */
export function PeriodField(p: WidgetProps) {
  const tr = useTr();
  const { draft: d, report, change } = useTileDraft(p);
  return (
    <Dropdown id={p.id} data-testid="tile-period" value={tr(dictValueLabel('rpt_tile_period', d.period))} selectedOptions={[d.period]} disabled={p.disabled || !report || !tileDateFields(report).length} onOptionSelect={(_, x) => change({ period: x.optionValue as TilePeriod })}>
      {TILE_PERIODS.map((x) => <Option key={x} value={x}>{tr(dictValueLabel('rpt_tile_period', x))}</Option>)}
    </Dropdown>
  );
}

/** `period_field`: the dataset's date the period applies to. */
export function PeriodDateField(p: WidgetProps) {
  const tr = useTr();
  const { draft: d, report, change } = useTileDraft(p);
  const dates = report ? tileDateFields(report) : [];
  return (
    <Dropdown id={p.id} data-testid="tile-period-field" disabled={p.disabled || d.period === 'all'} value={tr(dates.find((f) => f.key === d.period_field)?.label ?? { zh: '', en: '' })} selectedOptions={[d.period_field ?? '']} onOptionSelect={(_, x) => change({ period_field: x.optionValue ?? null })}>
      {dates.map((f) => <Option key={f.key} value={f.key}>{tr(f.label)}</Option>)}
    </Dropdown>
  );
}

/** `thresholds`: up to five values, each with the colour the figure takes from it up. */
export function ThresholdsField(p: WidgetProps) {
  const tr = useTr();
  const { t } = useTranslation();
  const { draft: d, change } = useTileDraft(p);
  const set = (i: number, patch: Partial<{ value: string; color: string }>) => change({ thresholds: d.thresholds.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  return (
    <div id={p.id} style={{ display: 'grid', gap: 6 }}>
      {d.thresholds.map((x, i) => (
        <div key={i} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Input type="number" data-testid={`tile-threshold-${i}`} value={x.value} onChange={(_, v) => set(i, { value: v.value })} style={{ flex: 1 }} />
          <input type="color" aria-label={t('tile.ui.color')} value={x.color} onChange={(e) => set(i, { color: e.target.value })} style={{ width: 40, height: 30, border: 'none', background: 'transparent' }} />
          <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={tr(TT.remove)} onClick={() => change({ thresholds: d.thresholds.filter((_, j) => j !== i) })} />
        </div>
      ))}
      {d.thresholds.length < 5 ? (
        <Button size="small" appearance="subtle" icon={<AddRegular />} data-testid="tile-add-threshold" disabled={p.disabled} onClick={() => change({ thresholds: [...d.thresholds, { value: '', color: '#d13438' }] })} style={{ justifySelf: 'start' }}>
          {t('tile.ui.addThreshold')}
        </Button>
      ) : null}
    </div>
  );
}

/** `color`: the tile's colour. */
export function ColorField(p: WidgetProps) {
  const { t } = useTranslation();
  return <input id={p.id} type="color" data-testid="tile-color" aria-label={t('tile.ui.color')} disabled={p.disabled} value={String(p.value || '#0f6cbd')} onChange={(e) => p.onChange(e.target.value)} style={{ width: '100%', height: 32, border: 'none', background: 'transparent' }} />;
}
