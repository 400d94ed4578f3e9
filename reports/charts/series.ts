/**
 * The shape every chart builder reads (reports/charts/*.chart.ts): categories along the first
 * grouping and one series per measure (one grouping) or per value of the second grouping (two
 * groupings, one measure). Each point carries the dimension values it drills down to. Pure.
 */
export type ChartTheme = {
  /** Series colours, in order. */
  colors: string[];
  /** Text and axis colour. */
  text: string;
  /** Chart background ('transparent' on a page, the wall's colour on the control tower). */
  background: string;
  /** Heatmap scale, low to high (a utilisation heatmap: under, full, over). */
  heat: string[];
  /** Grid line colour. */
  grid: string;
};

export type Drill = Record<string, string | null>;
export type Category = { key: string | null; label: string };
export type Series = { key: string | null; name: string; values: Array<number | null> };
export type ChartData = {
  /** The first grouping's dimension key. */
  dim: string;
  /** The second grouping's dimension key when the series are its values. */
  seriesDim?: string;
  categories: Category[];
  series: Series[];
  /** Values are shares (0..1) shown as percentages. */
  percent?: boolean;
  /** The one measure drawn when the series are a dimension's values. */
  measure?: string;
};

export type ReportRowLike = Record<string, string | number | null> & { _level?: number };

/**
 * Rows of a report result (detail rows only) to chart data: `keys` the grouping (one or two
 * dimension keys), `measures` the measures drawn with their names, `label` a dimension value's name.
 */
export function toChartData(
  rows: ReportRowLike[],
  keys: string[],
  measures: Array<{ key: string; name: string }>,
  label: (dim: string, value: string | null) => string,
  percent = false,
): ChartData {
  const details = rows.filter((r) => !r._level);
  const dim = keys[0];
  const catKeys: Array<string | null> = [];
  for (const r of details) {
    const v = (r[dim] as string | null) ?? null;
    if (!catKeys.includes(v)) catKeys.push(v);
  }
  const categories = catKeys.map((k) => ({ key: k, label: label(dim, k) }));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  if (keys.length < 2) {
    const byCat = new Map(details.map((r) => [(r[dim] as string | null) ?? null, r]));
    return { dim, categories, percent, series: measures.map((m) => ({ key: m.key, name: m.name, values: catKeys.map((k) => num(byCat.get(k)?.[m.key])) })) };
  }
  const sdim = keys[1];
  const m = measures[0];
  const serKeys: Array<string | null> = [];
  for (const r of details) {
    const v = (r[sdim] as string | null) ?? null;
    if (!serKeys.includes(v)) serKeys.push(v);
  }
  const cell = new Map(details.map((r) => [JSON.stringify([r[dim] ?? null, r[sdim] ?? null]), r]));
  return {
    dim,
    seriesDim: sdim,
    measure: m.key,
    categories,
    percent,
    series: serKeys.map((s) => ({ key: s, name: label(sdim, s), values: catKeys.map((c) => num(cell.get(JSON.stringify([c, s]))?.[m.key])) })),
  };
}

/** The drill values of one point: the category's and, with a series dimension, the series'. */
export function drillOf(data: ChartData, catIndex: number, seriesIndex: number): Drill {
  const out: Drill = { [data.dim]: data.categories[catIndex]?.key ?? null };
  if (data.seriesDim) out[data.seriesDim] = data.series[seriesIndex]?.key ?? null;
  // The measure the point shows, so the drill-down opens the rows that measure counts (report.ts `measureDrill`).
  const measure = data.seriesDim ? data.measure : (data.series[seriesIndex]?.key ?? undefined);
  if (measure) out._measure = measure;
  return out;
}

export const fmtValue = (v: number | null | undefined, percent?: boolean): string =>
  v === null || v === undefined || Number.isNaN(v) ? '—' : percent ? `${(v * 100).toFixed(v > 0 && v < 0.1 ? 1 : 0)}%` : Math.abs(v) >= 100000 ? `${Math.round(v / 1000)}k` : String(Math.round(v * 100) / 100);

/** Axis and text styling shared by the cartesian charts. */
export function axisStyle(theme: ChartTheme) {
  return {
    axisLine: { lineStyle: { color: theme.grid } },
    axisLabel: { color: theme.text },
    splitLine: { lineStyle: { color: theme.grid, type: 'dashed' as const } },
  };
}
