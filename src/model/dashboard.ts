import type { ChartData, ChartTheme, Drill } from '../../reports/charts/series';
import type { Label } from './entity';
import { drillFilters, drillUrl, getReport, type ChartKind, type ReportCompany, type ReportDef } from './report';
import type { ComposedBoard } from './dashboard-board';

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
  /** A pure reshaping of the chart data (a report's .chart.ts: a pipeline's stage order), given the report the widget read. */
  shape?: (data: ChartData, tr: (l: Label) => string, report: ReportDef) => ChartData;
  /** A pure chart option builder of its own (a report's .chart.ts) instead of the kind's. */
  option?: (data: ChartData, theme: ChartTheme) => object;
  /**
   * Other reports answering the same question, in order of preference after `report`: a user gets
   * the first whose menu entry (`rpt.<report>`) they have (a maker's order funnel reads customer
   * orders, a brand's its requirement orders); with none of them, no widget.
   */
  otherwise?: WidgetSource[];
  /** What no rows mean, when that is news of its own (no stock location at or below zero is good news). */
  whenEmpty?: { text: Label; good?: boolean };
};

/** Where a widget reads its figures: a report, its grouping and measures, the range's date field, its own filters. */
export type WidgetSource = Pick<DashboardWidget, 'report' | 'group' | 'measures' | 'dateField' | 'dateTime' | 'query'>;

/** A widget's sources in order of preference: its own report, then `otherwise`. */
export const widgetSources = (w: DashboardWidget): WidgetSource[] =>
  [w, ...(w.otherwise ?? [])].map(({ report, group, measures, dateField, dateTime, query }) => ({ report, group, measures, dateField, dateTime, query }));

export type DashboardDef = {
  name: string;
  title: Label;
  purpose: Label;
  /** Which companies the dashboard is for (mirrors its menu entry `rpt.visual.<name>`). */
  companies: ReportCompany[];
  widgets: DashboardWidget[];
  /** Headline figures over the widgets' rows, in a row above them (the control tower's). */
  headlines?: DashboardHeadline[];
  /** A board the user composes of blocks, another dashboard's widgets and designed tiles (the personal boards: src/model/dashboard-board.ts). */
  composed?: ComposedBoard;
};

/** A widget's report rows as a headline reads them: detail rows only (the totals left out). */
export type HeadlineRows = ReadonlyArray<Record<string, string | number | null>>;
export type HeadlineTone = 'good' | 'warn' | 'bad' | 'plain';

/**
 * A headline figure of a dashboard, figured from one widget's rows and shown when the user gets that
 * widget (`on-time delivery 92%`, coloured good, with `open and late 3` under it).
 */
export type DashboardHeadline = {
  key: string;
  label: Label;
  /** The widget whose rows it is figured from. */
  widget: string;
  /** The figure (null: none); `today` for "this week". */
  value: (rows: HeadlineRows, today: string) => number | null;
  /** A share (0..1), shown as a percentage. */
  percent?: boolean;
  /** Its colour from the figure and the rows; plain when not given. */
  tone?: (value: number, rows: HeadlineRows) => HeadlineTone;
  /** A second line, a figure and its words: shown when the figure is not zero, or `always`. */
  sub?: { label: Label; value: (rows: HeadlineRows) => number; always?: boolean };
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
  for (const widget of def.widgets) {
    const where = `dashboard ${def.name}, widget ${widget.key}`;
    if (keys.has(widget.key)) throw new Error(`${where}: declared twice`);
    keys.add(widget.key);
    for (const w of widgetSources(widget)) checkSource(where, w);
  }
  for (const b of def.composed?.blocks ?? []) {
    if (keys.has(b.key) || b.key.includes('.')) throw new Error(`dashboard ${def.name}, block ${b.key}: declared twice or not a plain key`);
    keys.add(b.key);
  }
  for (const h of def.headlines ?? []) if (!keys.has(h.widget)) throw new Error(`dashboard ${def.name}, headline ${h.key}: no widget ${h.widget}`);
  dashboards.set(def.name, def);
  return def;
}

/** A widget's source names a declared report, its dimensions, measures and filter fields. */
function checkSource(where: string, w: WidgetSource): void {
  const r = getReport(w.report);
  if (!r) throw new Error(`${where}: no report ${w.report}`);
  for (const g of w.group) if (!r.dimensions.some((d) => d.key === g)) throw new Error(`${where}: report ${r.name} has no dimension ${g}`);
  for (const m of w.measures) if (!r.measures.some((x) => x.key === m)) throw new Error(`${where}: report ${r.name} has no measure ${m}`);
  const fields = [...(w.dateField ? [w.dateField] : []), ...Object.keys(w.query ?? {}).map((k) => k.slice(2, k.lastIndexOf('.')))];
  for (const f of fields) if (!r.filters.includes(f)) throw new Error(`${where}: report ${r.name} does not filter on ${f}`);
}

export const getDashboard = (name: string): DashboardDef | undefined => dashboards.get(name);
export const allDashboards = (): DashboardDef[] => [...dashboards.values()];
export const dashboardMenuCode = (name: string) => `rpt.visual.${name}`;

/**
 * The widgets a user gets, each reading its first source whose report's menu entry (`rpt.<report>`)
 * the user has (menus' companies and roles decide); a widget with none is left out.
 */
export function visibleWidgets(def: DashboardDef, menuCodes: ReadonlySet<string>): DashboardWidget[] {
  return def.widgets.flatMap((w) => {
    const source = widgetSources(w).find((s) => menuCodes.has(`rpt.${s.report}`));
    return !source ? [] : source.report === w.report ? [w] : [{ ...w, ...source }];
  });
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
