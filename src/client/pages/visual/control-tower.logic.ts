import type { ChartData, Drill } from '../../../../reports/charts';
import { drillFilters, getEntity, weekStart, type ChartKind, type ReportDef } from '../../../model';
import { widgetQuery, type WidgetDef } from '../../../../reports/control-tower';

export { defaultRange, sourceFor, widgetQuery, WIDGETS, type WidgetDef } from '../../../../reports/control-tower';

type Row = Record<string, string | number | null> & { _level?: number };
const sum = (rows: Row[], key: string, keep: (r: Row) => boolean = () => true) => rows.filter((r) => !r._level && keep(r)).reduce((s, r) => s + Number(r[key] ?? 0), 0);

/** The headline numbers of the tower from the widgets' rows (null: the widget is not there or has no data). */
export function kpis(rows: Partial<Record<string, Row[]>>, today: string) {
  const ratio = (a: number, b: number) => (b ? a / b : null);
  const funnel = rows.funnel;
  const ontime = rows.ontime;
  const cap = rows.capacity;
  const alloc = rows.allocation;
  const week = weekStart(today);
  return {
    openOrders: funnel ? sum(funnel, 'orders', (r) => ['pending', 'in_progress', 'sent', 'manual', 'draft'].includes(String(r.status))) : null,
    onTime: ontime ? ratio(sum(ontime, 'on_time'), sum(ontime, 'finished')) : null,
    lateOpen: ontime ? sum(ontime, 'late_open') : null,
    latePlans: rows.lateness ? sum(rows.lateness, 'late') : null,
    scheduledPlans: rows.lateness ? sum(rows.lateness, 'plans') : null,
    utilisation: cap ? ratio(sum(cap, 'load', (r) => r.week === week), sum(cap, 'capacity', (r) => r.week === week)) : null,
    coverage: alloc ? ratio(sum(alloc, 'allocated'), sum(alloc, 'demand')) : null,
    purchasesInFlight: rows.purchase ? sum(rows.purchase, 'orders') : null,
    stockAlerts: rows.stock ? sum(rows.stock, 'balances') : null,
    nodesFlagged: rows.noderisk ? sum(rows.noderisk, 'late') + sum(rows.noderisk, 'at_risk') : null,
    nodesLate: rows.noderisk ? sum(rows.noderisk, 'late') : null,
    openExceptions: rows.exceptions ? sum(rows.exceptions, 'tickets') : null,
    oldExceptions: rows.exceptions ? sum(rows.exceptions, 'tickets', (r) => String(r.age) === '4') : null,
    defectRate: rows.quality ? ratio(sum(rows.quality, 'defects'), sum(rows.quality, 'sampled')) : null,
    failedLots: rows.quality ? sum(rows.quality, 'failed') : null,
  };
}

/** Socket messages that mean the data under the tower changed. */
export const isRefreshMessage = (m: unknown): boolean => {
  const type = m && typeof m === 'object' ? (m as { type?: unknown }).type : undefined;
  return type === 'report.changed' || type === 'schedule.changed';
};

/**
 * What a socket message asks of the tower: `all` (a board move: every widget), the keys of the
 * widgets whose report the message names (`report.dataset { reports }`, sent once a write of a
 * report's data has committed: a live tile reloads alone), or nothing.
 */
export function towerRefresh(m: unknown, widgets: ReadonlyArray<{ w: WidgetDef; source?: { report: string } }>): 'all' | string[] | null {
  if (!m || typeof m !== 'object') return null;
  const { type, reports } = m as { type?: unknown; reports?: unknown };
  if (type === 'schedule.changed') return 'all';
  if (type !== 'report.dataset' || !Array.isArray(reports)) return null;
  const keys = widgets.filter((x) => x.source && reports.includes(x.source.report)).map((x) => x.w.key);
  return keys.length ? keys : null;
}

/**
 * The alert screen prefilled from a widget (its bell): the widget's report, its first measure and
 * exactly the widget's filters (its own, its range, the organisation's members when it follows one).
 */
export function alertFromTile(source: WidgetDef['sources'][number], range: { from: string; to: string }, authors: number[] | null): string {
  const filters = Object.fromEntries(Object.entries(widgetQuery(source, range, authors)).filter(([key]) => key.startsWith('f.')));
  return `/rpt/page/alerts?${new URLSearchParams({ new: '1', report: source.report, measure: source.measures[0], ...filters }).toString()}`;
}

/** A funnel's steps in the state machine's order (pending before in progress before finished). */
export function inStateOrder(data: ChartData, report: ReportDef): ChartData {
  if (!report.entity) return data;
  const states = getEntity(report.entity)?.states?.states.map((s) => s.code) ?? [];
  const order = data.categories.map((c, i) => ({ c, i })).sort((a, b) => states.indexOf(a.c.key ?? '') - states.indexOf(b.c.key ?? ''));
  return { ...data, categories: order.map((o) => o.c), series: data.series.map((s) => ({ ...s, values: order.map((o) => s.values[o.i]) })) };
}

/**
 * Where a click on a widget's element leads: the list behind it filtered to the element and the
 * range, or for computed rows (capacity, `noDrill`) the report filtered to it.
 */
export function drillPath(report: ReportDef, source: WidgetDef['sources'][number], range: { from: string; to: string }, element: Drill): string {
  const base = Object.fromEntries(Object.entries(widgetQuery(source, range)).filter(([key]) => key.startsWith('f.')));
  const filters = drillFilters(report, element, base);
  if (report.noDrill) return `/rpt/dsrptindex/${report.name}?${new URLSearchParams(Object.fromEntries(Object.entries(filters).filter(([key]) => report.filters.includes(key.slice(2, key.lastIndexOf('.')))))).toString()}`;
  return `/page/subindex/${report.page ?? report.entity}?${new URLSearchParams(filters).toString()}`;
}

/**
 * A widget's top N (its board settings): the N categories with the largest total over the series,
 * in their order; the rest left out. Ranked bars already draw the worst first; a funnel keeps its
 * steps and a heatmap its lines (their order is the picture).
 */
export function topCategories(data: ChartData, kind: ChartKind, top: number | undefined): ChartData {
  if (!top || data.categories.length <= top || kind === 'funnel' || kind === 'heatmap') return data;
  const total = (ci: number) => data.series.reduce((s, x) => s + (x.values[ci] ?? 0), 0);
  const keep = new Set(
    data.categories
      .map((_, ci) => ci)
      .sort((a, b) => total(b) - total(a) || a - b)
      .slice(0, top),
  );
  const idx = data.categories.map((_, ci) => ci).filter((ci) => keep.has(ci));
  return { ...data, categories: idx.map((ci) => data.categories[ci]), series: data.series.map((s) => ({ ...s, values: idx.map((ci) => s.values[ci]) })) };
}
