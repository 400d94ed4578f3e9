import { drillFilters, drillUrl, getReport, measureDrill, DRILL_MEASURE, type ReportDef, type ReportMeasure } from './report';
import { getEntity, type Label } from './entity';
import { FIELD_TYPE_TABLE } from './field-types';

/**
 * Tiles a company builds (issue 34, docs/architecture-dashboards.md "Tile designer"): a tile composes
 * one declared report dataset (reports/<name>: its SQL, grants and data permissions) with a measure and
 * its aggregation, a grouping, the report's own filters, a period, a chart, thresholds and a colour.
 * It never says SQL: the server runs it as the report (`runReport`) as the viewer, so tenant and data
 * permissions apply as on the list it drills down to. Pure parts here, shared by the server (which
 * checks every field against the declaration) and the designer and the tower (which draw and drill).
 */
export const TILE_CHARTS = ['number', 'line', 'bar', 'stacked', 'pie', 'heatmap', 'table'] as const;
export type TileChart = (typeof TILE_CHARTS)[number];

/** How many groupings each chart takes: [least, most]. */
export const TILE_GROUPINGS: Record<TileChart, [number, number]> = {
  number: [0, 1],
  line: [1, 2],
  bar: [1, 2],
  stacked: [2, 2],
  pie: [1, 1],
  heatmap: [2, 2],
  table: [1, 2],
};

/**
 * How a measure's rows are summed: a `count` counts them; a `sum` measure's field may be summed,
 * averaged or its least or greatest value taken (only over the entity's own rows: a server query's
 * rows are not the list's, so its measures keep their declared aggregation); a ratio is its parts'.
 */
export const TILE_AGGS = ['count', 'sum', 'avg', 'min', 'max', 'ratio'] as const;
export type TileAgg = (typeof TILE_AGGS)[number];
export function tileAggregations(report: ReportDef, measure: ReportMeasure | undefined): TileAgg[] {
  if (!measure) return [];
  if (measure.agg === 'count') return ['count'];
  if (measure.agg === 'ratio') return ['ratio'];
  return report.query ? ['sum'] : ['sum', 'avg', 'min', 'max'];
}

/** The period a tile reads on its date field, as of today; `all`: no bound. */
export const TILE_PERIODS = ['all', 'month', 'last_month', 'quarter', 'year', 'last_30_days', 'last_12_months'] as const;
export type TilePeriod = (typeof TILE_PERIODS)[number];
export const TILE_SCOPES = ['company', 'personal'] as const;
export type TileScope = (typeof TILE_SCOPES)[number];

/** A threshold: from this value up, the figure (or a bar) takes this colour. */
export type TileThreshold = { value: number; color: string };

/** What a tile is (the designer's input and the stored row's meaning). */
export type TileSpec = {
  report: string;
  measure: string;
  aggregation: TileAgg;
  group_by: string[];
  filters: Record<string, string>;
  period: TilePeriod;
  period_field: string | null;
  chart: TileChart;
  thresholds: TileThreshold[];
  color: string | null;
};

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A period's first and last day as of `today`, and the period before it of the same kind (the trend's comparison). */
export function tilePeriodRange(period: TilePeriod, today: string): { from: string; to: string; previous: { from: string; to: string } } | null {
  if (period === 'all') return null;
  const [y, m, d] = today.split('-').map(Number);
  const months = (first: number, n: number) => ({ from: iso(new Date(Date.UTC(y, first - 1, 1))), to: iso(new Date(Date.UTC(y, first - 1 + n, 0))) });
  if (period === 'last_30_days') {
    const end = new Date(Date.UTC(y, m - 1, d));
    const start = new Date(Date.UTC(y, m - 1, d - 29));
    return { from: iso(start), to: iso(end), previous: { from: iso(new Date(Date.UTC(y, m - 1, d - 59))), to: iso(new Date(Date.UTC(y, m - 1, d - 30))) } };
  }
  const [first, n] = period === 'month' ? [m, 1] : period === 'last_month' ? [m - 1, 1] : period === 'quarter' ? [Math.floor((m - 1) / 3) * 3 + 1, 3] : period === 'year' ? [1, 12] : [m - 11, 12];
  return { ...months(first, n), previous: months(first - n, n) };
}

/** Whether a report field is a date (or date and time) the period may apply to. */
export function tileDateFields(report: ReportDef): Array<{ key: string; label: Label; time: boolean }> {
  const entity = report.entity ? getEntity(report.entity) : undefined;
  if (!entity) return [];
  return report.filters
    .map((k) => entity.fields.find((f) => f.key === k))
    .filter((f): f is NonNullable<typeof f> => Boolean(f) && ['date', 'datetime'].includes(String(FIELD_TYPE_TABLE[f!.type].excelKind)))
    .map((f) => ({ key: f.key, label: f.label, time: FIELD_TYPE_TABLE[f.type].excelKind === 'datetime' }));
}

/** The datasets a tile may read: a report over an entity whose elements open its list (the drill-down is the grid of the tile's rows). */
export function isTileReport(report: ReportDef | undefined): report is ReportDef {
  return Boolean(report && report.entity && !report.noDrill && !report.drillTo);
}

/** The dimensions a tile may group by: those a drill-down can filter on (a `noDrill` dimension would lose its filter). */
export const tileDimensions = (report: ReportDef) => report.dimensions.filter((d) => !d.noDrill);

/** The list filters of a tile's period on its date field (a date-and-time field from 00:00:00 to 23:59:59). */
export function periodFilters(report: ReportDef, spec: Pick<TileSpec, 'period' | 'period_field'>, today: string, previous = false): Record<string, string> {
  const range = tilePeriodRange(spec.period, today);
  if (!range || !spec.period_field) return {};
  const r = previous ? range.previous : range;
  const time = tileDateFields(report).find((f) => f.key === spec.period_field)?.time;
  return { [`f.${spec.period_field}.between`]: time ? `${r.from} 00:00:00,${r.to} 23:59:59` : `${r.from},${r.to}` };
}

/** The report filters a tile runs under: its own, then its period (which wins on its date field). */
export function tileFilters(report: ReportDef, spec: TileSpec, today: string, previous = false): Record<string, string> {
  const own = Object.fromEntries(Object.entries(spec.filters).filter(([k]) => !(spec.period !== 'all' && spec.period_field && k.startsWith(`f.${spec.period_field}.`))));
  return { ...own, ...periodFilters(report, spec, today, previous) };
}

/** The report query of a tile: grouping (a number without one uses the first dimension for its total), subtotals, filters, aggregation. */
export function tileQuery(report: ReportDef, spec: TileSpec, today: string, previous = false): Record<string, string> {
  const group = spec.group_by.length ? spec.group_by : [tileDimensions(report)[0]?.key ?? report.dimensions[0].key];
  const measure = report.measures.find((m) => m.key === spec.measure);
  const agg = measure?.agg === 'sum' && spec.aggregation !== 'sum' ? { [`agg.${spec.measure}`]: spec.aggregation } : {};
  return { group: group.join(','), subtotals: '1', ...tileFilters(report, spec, today, previous), ...agg };
}

/**
 * Where a tile (or one of its elements) drills down: the list behind it with exactly the tile's
 * filters and period, the measure's own subset, and the element's values (the report's drill-down).
 */
export function tileDrillUrl(report: ReportDef, spec: TileSpec, today: string, element: Record<string, string | null> = {}): string {
  return drillUrl(report, { ...element, [DRILL_MEASURE]: spec.measure }, tileFilters(report, spec, today)) ?? `/rpt/dsrptindex/${report.name}`;
}

/** The list filters of a drill-down, as a record (the API test compares them with the tile's). */
export function tileDrillFilters(report: ReportDef, spec: TileSpec, today: string, element: Record<string, string | null> = {}): Record<string, string> {
  return { ...drillFilters(report, element, tileFilters(report, spec, today)), ...measureDrill(report, spec.measure, today) };
}

/** The colour of a value under the thresholds (the highest threshold at or below it), else the given one. */
export function thresholdColor(thresholds: readonly TileThreshold[], value: number | null, fallback: string): string {
  if (value === null || !Number.isFinite(value)) return fallback;
  let out = fallback;
  for (const t of [...thresholds].sort((a, b) => a.value - b.value)) if (value >= t.value) out = t.color;
  return out;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;
/** A list filter's key: `f.<field>.<op>` with one of the list's operators (the server's parser checks the value). */
const FILTER_KEY = /^f\.[a-z][a-z0-9_]*\.(eq|ne|lt|lte|gt|gte|like|in|nin|null|notnull|between)$/;
export type TileFieldError = { key: string; params?: Record<string, string | number> };

/**
 * A tile's or an alert's filters: none, or at most 30 of the list's `f.<field>.<op>` on the report's
 * own filter fields, each a text of at most 500 characters; `bad` names the first refused ('…': not
 * filters at all, or too many).
 */
export function reportFilters(report: ReportDef, raw: unknown): { filters: Record<string, string>; bad: string | null } {
  const filters: Record<string, string> = {};
  if (raw === null || raw === undefined || raw === '') return { filters, bad: null };
  if (typeof raw !== 'object' || Array.isArray(raw) || Object.keys(raw).length > 30) return { filters, bad: '…' };
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const field = FILTER_KEY.test(k) ? k.slice(2, k.lastIndexOf('.')) : '';
    if (!field || !report.filters.includes(field) || typeof v !== 'string' || v.length > 500) return { filters, bad: k };
    filters[k] = v;
  }
  return { filters, bad: null };
}

/**
 * Checks a tile against its dataset's declaration, field by field: the measure is one of the
 * report's, the aggregation one the measure allows, the groupings the report's drillable dimensions
 * (as many as the chart takes), the filters the report's filter fields, the period's field a date
 * filter of the report, thresholds numbers with colours. Returns the errors by field (none: valid).
 */
export function checkTileSpec(report: ReportDef, input: Partial<Record<keyof TileSpec, unknown>>): { spec: TileSpec | null; errors: Record<string, TileFieldError> } {
  const errors: Record<string, TileFieldError> = {};
  const measure = report.measures.find((m) => m.key === input.measure);
  if (!measure) errors.measure = { key: 'tile.unknownMeasure', params: { measure: String(input.measure ?? '') } };
  const aggs = tileAggregations(report, measure);
  const aggregation = (measure && input.aggregation === undefined ? aggs[0] : input.aggregation) as TileAgg;
  if (measure && !aggs.includes(aggregation)) errors.aggregation = { key: 'tile.badAggregation' };
  const chart = (TILE_CHARTS as readonly unknown[]).includes(input.chart) ? (input.chart as TileChart) : null;
  if (!chart) errors.chart = { key: 'tile.badChart' };
  const group = Array.isArray(input.group_by) ? input.group_by.map(String) : [];
  const dims = new Set(tileDimensions(report).map((d) => d.key));
  const badDim = group.find((g) => !dims.has(g));
  if (!Array.isArray(input.group_by ?? []) || badDim !== undefined || new Set(group).size !== group.length) errors.group_by = { key: 'tile.unknownDimension', params: { dimension: badDim ?? '' } };
  else if (chart && (group.length < TILE_GROUPINGS[chart][0] || group.length > TILE_GROUPINGS[chart][1])) errors.group_by = { key: 'tile.groupCount', params: { min: TILE_GROUPINGS[chart][0], max: TILE_GROUPINGS[chart][1] } };
  const { filters, bad } = reportFilters(report, input.filters);
  if (bad !== null) errors.filters = { key: 'tile.badFilter', params: { filter: bad } };
  const period = (input.period === undefined ? 'all' : input.period) as TilePeriod;
  if (!(TILE_PERIODS as readonly unknown[]).includes(period)) errors.period = { key: 'tile.badPeriod' };
  const periodField = typeof input.period_field === 'string' && input.period_field ? input.period_field : null;
  if (period !== 'all' && !tileDateFields(report).some((f) => f.key === periodField)) errors.period_field = { key: 'tile.badPeriodField' };
  const thresholds: TileThreshold[] = [];
  const rawT = input.thresholds ?? [];
  if (!Array.isArray(rawT) || rawT.length > 5) errors.thresholds = { key: 'tile.badThreshold' };
  else
    for (const t of rawT as Array<Record<string, unknown>>) {
      const value = typeof t?.value === 'number' ? t.value : typeof t?.value === 'string' && t.value.trim() ? Number(t.value) : Number.NaN;
      if (!Number.isFinite(value) || Math.abs(value) > 1e12 || typeof t.color !== 'string' || !COLOR.test(t.color)) {
        errors.thresholds = { key: 'tile.badThreshold' };
        break;
      }
      thresholds.push({ value, color: t.color });
    }
  const color = input.color === null || input.color === undefined || input.color === '' ? null : String(input.color);
  if (color !== null && !COLOR.test(color)) errors.color = { key: 'tile.badColor' };
  if (Object.keys(errors).length) return { spec: null, errors };
  return {
    spec: { report: report.name, measure: measure!.key, aggregation, group_by: group, filters, period, period_field: period === 'all' ? null : periodField, chart: chart!, thresholds: thresholds.sort((a, b) => a.value - b.value), color },
    errors,
  };
}

/** The report of a tile, if it is one a tile may read. */
export const tileReport = (name: unknown): ReportDef | undefined => {
  const r = typeof name === 'string' ? getReport(name) : undefined;
  return isTileReport(r) ? r : undefined;
};
