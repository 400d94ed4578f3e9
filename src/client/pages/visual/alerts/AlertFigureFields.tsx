import { Dropdown, Option } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getReport } from '../../../../model';
import { alertMeasures, type AlertCondition } from '../../../../model/alerts';
import { alertCalls, type AlertTile } from '../../../../model/calls/alerts';
import { useCall } from '../../../api/calls';
import type { WidgetProps } from '../../../form/widgets';
import { DatasetDropdown, MeasureDropdown, ReportFiltersEditor, useTr } from '../report-fields';
import { A, filtersText } from './alert-texts';

type Filters = Record<string, string>;
const filtersOf = (v: unknown): Filters => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Filters) : {});

/** What the drawer offers: the datasets and tiles of the caller, and the names of the company's recipients. */
export const useAlertOptions = () => useCall(alertCalls.options, undefined, { quiet: true }).data;

/**
 * The new alert the control tower's bell asked for (`?new=1&report=&measure=&f.*=`, or `&tile=<id>`),
 * kept by the page until the drawer's figure fields take it (AlertsPage's NewFromAddress).
 */
let pending: { report: string; measure: string; filters: Filters; tile: number | null } | null = null;
export const askNewAlert = (p: NonNullable<typeof pending>) => void (pending = p);

/** The values a tile gives an alert: its dataset, measure and filters (and its name, when the alert has none). */
const fromTile = (t: AlertTile, name: unknown) => ({ tile_id: t.id, report: t.report, measure: t.measure, filters: t.filters, name: name || t.name });

/** `tile_id`: a designed tile of the caller's dashboard, or none (a report's figure); applies the tower's request once the options are read. */
export function TileField(p: WidgetProps) {
  const { t } = useTranslation();
  const options = useAlertOptions();
  const { setValues } = p;
  useEffect(() => {
    if (!pending || (pending.tile && !options)) return;
    const ask = pending;
    pending = null;
    const tile = options?.tiles.find((t) => t.id === ask.tile);
    setValues(tile ? fromTile(tile, '') : { report: ask.report, measure: ask.measure, filters: ask.filters });
  }, [options, setValues]);
  const tiles = options?.tiles ?? [];
  const chosen = tiles.find((t) => t.id === Number(p.value));
  const pick = (v: string | undefined) => {
    const tile = tiles.find((t) => String(t.id) === v);
    p.setValues(tile ? { ...fromTile(tile, p.values.name), ...(p.values.condition === 'late_by' ? { condition: 'above' } : {}) } : { tile_id: null, report: '', measure: '', filters: {} });
  };
  return (
    <Dropdown id={p.id} data-testid="alert-tile" disabled={p.disabled} value={p.value ? (chosen?.name ?? `#${String(p.value)}`) : t('alert.ui.noTile')} selectedOptions={[p.value ? String(p.value) : '']} onOptionSelect={(_, x) => pick(x.optionValue)}>
      <Option value="">{t('alert.ui.noTile')}</Option>
      {tiles.map((t) => (
        <Option key={t.id} value={String(t.id)} data-testid={`alert-tile-${t.id}`}>
          {t.name}
        </Option>
      ))}
    </Dropdown>
  );
}

/** `report`: the datasets the caller may watch; another dataset clears the measure and filters. On a tile, the tile's figure in words. */
export function DatasetField(p: WidgetProps) {
  const tr = useTr();
  const { t } = useTranslation();
  const options = useAlertOptions();
  const report = getReport(String(p.value ?? ''));
  if (p.values.tile_id) {
    const m = report?.measures.find((x) => x.key === p.values.measure);
    return (
      <div data-testid="alert-tile-figure" title={t('alert.ui.tileHint')} style={{ fontSize: 13, color: '#424242', paddingTop: 6 }}>
        {`${report ? tr(report.title) : String(p.value ?? '')} · ${m ? tr(m.label) : String(p.values.measure ?? '')} · ${filtersText(String(p.value ?? ''), filtersOf(p.values.filters), tr)}`}
      </div>
    );
  }
  return <DatasetDropdown id={p.id} testId="alert-report" disabled={p.disabled} datasets={options?.datasets ?? []} value={String(p.value ?? '')} onPick={(report) => p.setValues({ report, measure: '', filters: {} })} />;
}

/** `measure`: the dataset's measures ("late by" only those that declare lateness). */
export function MeasureField(p: WidgetProps) {
  const report = getReport(String(p.values.report ?? ''));
  const measures = report ? alertMeasures(report, p.values.condition as AlertCondition) : [];
  return <MeasureDropdown id={p.id} testId="alert-measure" disabled={p.disabled || !report} measures={measures} value={String(p.value ?? '')} onPick={p.onChange} />;
}

/** `filters`: the dataset's own filter bar (the list's `f.<field>.<op>`), with the filters in words. */
export function FiltersField(p: WidgetProps) {
  const tr = useTr();
  const report = getReport(String(p.values.report ?? ''));
  if (!report) return <div style={{ color: '#616161', paddingTop: 6 }}>{tr(A.noFilters)}</div>;
  return <ReportFiltersEditor id={p.id} report={report} filters={filtersOf(p.value)} onChange={p.onChange} />;
}
