import type { ChartData, ChartTheme, Drill } from '../../reports/charts/series';
import type { Label } from './entity';
import { drillFilters, drillUrl, getReport, type ChartKind, type ReportCompany, type ReportDef } from './report';

/**
 * Dashboards (`/visual/{opt}`, `/workspace/ecindex/{opt}`; docs/architecture-dashboards.md): a
 * declared set of widgets, each one report declaration run through the report API (so the tenant
 * and the user's data permissions apply in SQL exactly as on the report and its list), under the
 * dashboard's date range and organisation. A click on an element opens the list behind it, filtered
 * to the element, the range and the organisation.
 */
export type DashboardWidget = {
  key: string;
  title: Label;
  report: string;
  group: string[];
  measures: string[];
  kind: ChartKind;
  /** Grid columns the widget spans (of 3). */
  span?: 1 | 2 | 3;
  /** The report filter field the dashboard's date range applies to; none: the widget shows the present state ("now"). */
  dateField?: string;
  /** The date field is a date and time (the range runs from 00:00:00 of its first day to 23:59:59 of its last). */
  dateTime?: boolean;
  /** The widget's own filters (f.<field>.<op>), kept in its drill-down. */
  query?: Record<string, string>;
  /** A pure reshaping of the chart data (a report's .chart.ts: a pipeline's stage order). */
  shape?: (data: ChartData, tr: (l: Label) => string) => ChartData;
  /** A pure chart option builder of its own (a report's .chart.ts) instead of the kind's. */
  option?: (data: ChartData, theme: ChartTheme) => object;
};

export type DashboardDef = {
  name: string;
  title: Label;
  purpose: Label;
  /** Which companies the dashboard is for (mirrors its menu entry `rpt.visual.<name>`). */
  companies: ReportCompany[];
  widgets: DashboardWidget[];
};

/**
 * The field a report's rows are placed in an organisation by: the user who entered the document
 * (a system column of every registry table). A report that accepts it as a filter follows the
 * dashboard's organisation; one that does not is marked so on the widget.
 */
export const ORG_FIELD = 'created_by';

const dashboards = new Map<string, DashboardDef>();

/** Registers a dashboard; its widgets must name declared reports, their dimensions, measures and filter fields. */
export function defineDashboard(def: DashboardDef): DashboardDef {
  if (dashboards.has(def.name)) throw new Error(`dashboard ${def.name} is declared twice`);
  const keys = new Set<string>();
  for (const w of def.widgets) {
    const where = `dashboard ${def.name}, widget ${w.key}`;
    if (keys.has(w.key)) throw new Error(`${where}: declared twice`);
    keys.add(w.key);
    const r = getReport(w.report);
    if (!r) throw new Error(`${where}: no report ${w.report}`);
    for (const g of w.group) if (!r.dimensions.some((d) => d.key === g)) throw new Error(`${where}: report ${r.name} has no dimension ${g}`);
    for (const m of w.measures) if (!r.measures.some((x) => x.key === m)) throw new Error(`${where}: report ${r.name} has no measure ${m}`);
    const fields = [...(w.dateField ? [w.dateField] : []), ...Object.keys(w.query ?? {}).map((k) => k.slice(2, k.lastIndexOf('.')))];
    for (const f of fields) if (!r.filters.includes(f)) throw new Error(`${where}: report ${r.name} does not filter on ${f}`);
  }
  dashboards.set(def.name, def);
  return def;
}

export const getDashboard = (name: string): DashboardDef | undefined => dashboards.get(name);
export const allDashboards = (): DashboardDef[] => [...dashboards.values()];
export const dashboardMenuCode = (name: string) => `rpt.visual.${name}`;

/** The widgets a user gets: those whose report's menu entry (`rpt.<report>`) the user has (menus' companies and roles decide). */
export function visibleWidgets(def: DashboardDef, menuCodes: ReadonlySet<string>): DashboardWidget[] {
  return def.widgets.filter((w) => menuCodes.has(`rpt.${w.report}`));
}

/** Whether a widget follows the dashboard's organisation (its report filters on the organisation field). */
export const followsOrg = (w: DashboardWidget): boolean => reportFollowsOrg(w.report);

/** Whether a report narrows by organisation: it filters on the author of its records (the dashboards and the control tower). */
export const reportFollowsOrg = (report: string): boolean => Boolean(getReport(report)?.filters.includes(ORG_FIELD));

/** The list filter of an organisation's members as the records' authors (none: `0`, no user, so it shows nothing rather than everything). */
export const orgFilter = (users: number[]): Record<string, string> => ({ [`f.${ORG_FIELD}.in`]: users.length ? users.join(',') : '0' });

/** The list filter of a date range on a report's date field (a date-and-time field runs over whole days; an open side is unbounded). */
export function rangeFilter(dateField: string, dateTime: boolean | undefined, range: { from: string; to: string }): Record<string, string> {
  if (!range.from && !range.to) return {};
  const [from, to] = [range.from || '1900-01-01', range.to || '2999-12-31'];
  return { [`f.${dateField}.between`]: dateTime ? `${from} 00:00:00,${to} 23:59:59` : `${from},${to}` };
}

/**
 * The dashboard's filters: a date range and the members of the chosen organisation and its
 * sub-organisations (`users`; null: the whole company). An organisation without members matches
 * nothing (id 0 is no user).
 */
export type DashboardFilters = { from: string; to: string; users: number[] | null };

/** The report query of a widget: its grouping, its own filters, the range on its date field, the organisation's members. */
export function dashboardQuery(w: DashboardWidget, f: DashboardFilters): Record<string, string> {
  return { group: w.group.join(','), ...(w.query ?? {}), ...(w.dateField ? rangeFilter(w.dateField, w.dateTime, f) : {}), ...(f.users && followsOrg(w) ? orgFilter(f.users) : {}) };
}

/**
 * Where a click on a widget's element leads: the report's declared screen, else the list behind it
 * filtered to the element plus the widget's filters (range, organisation); for computed rows
 * (`noDrill`) the report itself filtered the same way.
 */
export function dashboardDrill(report: ReportDef, w: DashboardWidget, f: DashboardFilters, element: Drill): string {
  const base = Object.fromEntries(Object.entries(dashboardQuery(w, f)).filter(([k]) => k.startsWith('f.')));
  const url = drillUrl(report, element, base);
  if (url) return url;
  const filters = drillFilters(report, element, base);
  const own = Object.entries(filters).filter(([k]) => report.filters.includes(k.slice(2, k.lastIndexOf('.'))));
  return `/rpt/dsrptindex/${report.name}?${new URLSearchParams(Object.fromEntries(own)).toString()}`;
}
