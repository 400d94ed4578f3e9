import { getReport } from '../../../../model';
import { rptTile } from '../../../../model/entities/rpttile.entity';
import { readTyped } from '../../../../model/typed-read';
import { tileCalls, type TileInput, type TileResult } from '../../../../model/calls/tiles';
import { tileAggregations, tileDateFields, tileDimensions, TILE_GROUPINGS, type TileChart, type TileSpec } from '../../../../model/tiles';
import { useCall } from '../../../api/calls';
import { usePreviewCall } from '../../../api/use-preview-call';
import { ApiError } from '../../../api/client';
import type { WidgetProps } from '../../../form/widgets';

/** The designer's draft of a tile as the drawer's values hold it (thresholds' values kept as typed). */
export type TileDraft = Required<Omit<TileInput, 'id' | 'version' | 'thresholds'>> & { thresholds: Array<{ value: string; color: string }> };

/** The drawer's values as a draft, read as `rpttile` declares them (a new record's empty fields as a new tile starts). */
export function draftOf(v: WidgetProps['values']): TileDraft {
  type Read = Omit<TileDraft, 'thresholds'> & { thresholds: Array<{ value: unknown; color: string }> };
  const d = readTyped<Read>(rptTile, v, { name: '', share_roles: [], report: '', measure: '', aggregation: 'sum', group_by: [], filters: {}, chart: 'bar', thresholds: [] });
  return { ...d, thresholds: d.thresholds.map((t) => ({ value: String(t.value ?? ''), color: t.color })) };
}

/** The composed query of a draft, its thresholds those typed as numbers (the preview's and the tile view's). */
export const specOfDraft = (d: TileDraft): TileSpec => ({
  report: d.report, measure: d.measure, aggregation: d.aggregation, group_by: d.group_by, filters: d.filters, period: d.period, period_field: d.period_field, chart: d.chart, color: d.color,
  thresholds: d.thresholds.map((t) => ({ value: t.value.trim() === '' ? Number.NaN : Number(t.value), color: t.color })).filter((t) => Number.isFinite(t.value)),
});

/** A draft made consistent after a change: another dataset resets what was its own; a chart keeps the groupings it takes. */
export function settle(d: TileDraft, patch: Partial<TileDraft>): TileDraft {
  const next = { ...d, ...patch };
  const report = getReport(next.report);
  if (patch.report !== undefined && patch.report !== d.report) {
    const first = report?.measures[0];
    Object.assign(next, { measure: first?.key ?? '', filters: {}, group_by: report ? [tileDimensions(report)[0]?.key].filter(Boolean) : [], period: 'all', period_field: null });
  }
  if (report) {
    const m = report.measures.find((x) => x.key === next.measure);
    const aggs = tileAggregations(report, m);
    if (!aggs.includes(next.aggregation)) next.aggregation = aggs[0] ?? 'sum';
    // A number is the total: switching to it leaves its grouping out (it may be given one again).
    if (patch.chart === 'number' && d.chart !== 'number') next.group_by = [];
    const [min, max] = TILE_GROUPINGS[next.chart as TileChart];
    const dims = tileDimensions(report).map((x) => x.key);
    let group = next.group_by.filter((g) => dims.includes(g)).slice(0, max);
    for (const k of dims) if (group.length < min && !group.includes(k)) group = [...group, k];
    next.group_by = group;
    if (next.period !== 'all' && !next.period_field) next.period_field = tileDateFields(report)[0]?.key ?? null;
  }
  return next;
}

/** A widget's draft and its change: the patch settled with the rest of the drawer's values, which take it. */
export function useTileDraft(p: WidgetProps) {
  const draft = draftOf(p.values);
  return { draft, report: getReport(draft.report), change: (patch: Partial<TileDraft>) => p.setValues(settle(draft, patch)) };
}

/** The datasets the designer offers the caller (the designer's call). */
export const useTileOptions = () => useCall(tileCalls.list, undefined, { quiet: true }).data;

export type TilePreview = { run: TileResult | null; error: string | null; loading: boolean };

/** The tile's figures now as the caller reads them, asked again 400 ms after a change (nothing is stored). */
export function useTilePreview(spec: TileSpec): TilePreview {
  const { data, error, loading } = usePreviewCall(tileCalls.preview, spec.report && spec.measure ? spec : null);
  return { run: data, error: error === null ? null : error instanceof ApiError && error.errors ? Object.values(error.errors).flat().join('；') : error instanceof Error ? error.message : String(error), loading };
}
