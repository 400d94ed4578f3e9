import type { ChartData } from '../../../../reports/charts';
import type { ChartKind, DashboardFilters, DashboardHeadline, HeadlineRows, HeadlineTone, Label } from '../../../model';
import type { DashboardOrg } from '../../../model/calls/dashboards';

/** An organisation of the dashboard's filter (GET /rptapi/dashboard/:name/orgs): its members include those of the organisations below it. */
export type { DashboardOrg } from '../../../model/calls/dashboards';

/** The default range: from the first day of last month to the last day of the month three months on (the control tower's). */
export function defaultRange(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m + 3, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The dashboard's filters from its URL (`?from=&to=&org=`, so a reload, a link and the back button
 * keep them): a bad or missing date takes the default range's; an organisation not in the list is
 * the whole company.
 */
export function filtersOf(search: URLSearchParams, orgs: DashboardOrg[] | null, today: string): DashboardFilters & { org: number | null } {
  const d = defaultRange(today);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const orgId = Number(search.get('org'));
  const org = orgs?.find((o) => o.id === orgId) ?? null;
  return { from: ISO.test(from) ? from : d.from, to: ISO.test(to) ? to : d.to, org: org?.id ?? null, users: org ? org.users : null };
}

/** The organisations as an indented list (parents before their children, depth for the indent). */
export function orgOptions(orgs: DashboardOrg[]): Array<DashboardOrg & { depth: number }> {
  const ids = new Set(orgs.map((o) => o.id));
  const out: Array<DashboardOrg & { depth: number }> = [];
  const walk = (parent: number | null, depth: number) => {
    for (const o of orgs.filter((x) => (parent === null ? x.parentId === null || !ids.has(x.parentId) : x.parentId === parent))) {
      out.push({ ...o, depth });
      if (depth < 20) walk(o.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Socket messages that mean the data under a dashboard changed (the control tower's). */
export const isDashboardRefresh = (m: unknown): boolean => {
  const type = m && typeof m === 'object' ? (m as { type?: unknown }).type : undefined;
  return type === 'report.changed' || type === 'schedule.changed';
};

/**
 * What a socket message asks of a live dashboard: `all` (a board move: every widget), the keys of
 * the widgets reading a report the message names (`report.dataset { reports }`, sent once a write of
 * a report's data has committed: those widgets reload alone), or nothing.
 */
export function datasetRefresh(m: unknown, widgets: ReadonlyArray<{ key: string; report: string }>): 'all' | string[] | null {
  if (!m || typeof m !== 'object') return null;
  const { type, reports } = m as { type?: unknown; reports?: unknown };
  if (type === 'schedule.changed') return 'all';
  if (type !== 'report.dataset' || !Array.isArray(reports)) return null;
  const keys = widgets.filter((w) => reports.includes(w.report)).map((w) => w.key);
  return keys.length ? keys : null;
}

/**
 * A widget's top N (a user's setting): the N categories with the largest total over the series, in
 * their order; the rest left out. Ranked bars already draw the worst first; a funnel keeps its steps
 * and a heatmap its lines (their order is the picture).
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

export type HeadlineFigure = { key: string; label: Label; value: number | null; percent: boolean; tone: HeadlineTone; sub: { label: Label; value: number } | null };

/**
 * A dashboard's headline figures from its widgets' rows (a widget not answered yet: no figure), the
 * totals rows left out; a figure without a value is plain, its second line shown when not zero.
 */
export function headlineFigures(headlines: readonly DashboardHeadline[], rows: Partial<Record<string, ReadonlyArray<HeadlineRows[number] & { _level?: number }>>>, today: string): HeadlineFigure[] {
  return headlines.map((h) => {
    const own = rows[h.widget]?.filter((r) => !r._level);
    const value = own ? h.value(own, today) : null;
    const sub = own && h.sub ? h.sub.value(own) : null;
    return { key: h.key, label: h.label, value, percent: !!h.percent, tone: own && value !== null && h.tone ? h.tone(value, own) : 'plain', sub: h.sub && sub !== null && (sub || h.sub.always) ? { label: h.sub.label, value: sub } : null };
  });
}
