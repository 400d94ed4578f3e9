import type { Label } from './entity';
import { getEntity } from './entity';
import { CELL_FORMAT_TABLE, cellFormatOf, isReferenceType, type CellFormat } from './field-types';
import { addMenuEntry, type MenuEntry } from './menus';
import { defineDictionary } from './dictionaries';

/** How a measure's numbers read (CELL_FORMAT_TABLE in field-types.ts): shares 0..1 as `percent`. */
export type MeasureFormat = Extract<CellFormat, 'percent' | 'money' | 'minutes' | 'integer' | 'decimal'>;
/** How a dimension's values read: text, a code kept as text, a date, a week's Monday, a month. */
export type DimensionFormat = Extract<CellFormat, 'text' | 'code' | 'date' | 'week' | 'month'>;

/**
 * Report declarations (docs/architecture-reports.md). A report groups the rows of one registry
 * entity by dimensions and sums measures; the server runs it through the same WHERE as that
 * entity's list (tenant first, then the user's data permissions bound to the entity's menu code,
 * then the `f.<field>.<op>` filters of the list), so a report never shows a row the list would not.
 * Every chart element drills down to that list with the element's dimension values as filters.
 */
export type ReportDimension = {
  key: string;
  /** The entity field grouped on. */
  field: string;
  /**
   * `month`: a date field grouped by calendar month ('YYYY-MM'); `week`: by ISO week's Monday
   * ('YYYY-MM-DD'); `day`: by its date ('YYYY-MM-DD', a date-and-time field's date in the database
   * session's time zone, as the list's filters read it).
   */
  bucket?: 'month' | 'week' | 'day';
  label: Label;
  /** A dimension that is no field of the entity (a joined column of a server query): its referenced entity, for labels. */
  ref?: { entity: string; labelField: string };
  /** The dictionary whose items label a joined column's values (a demand line's season). */
  dict?: string;
  /** Not a filter of the entity's list: a drill-down leaves it out. */
  noDrill?: boolean;
  /** Labels of the stored values the entity does not know (a job's status), or `entity`: a registry entity's name. */
  values?: Record<string, Label> | 'entity';
  /** How its values read when no bucket, label or entity field says it (`reportColumnFormat`). */
  format?: DimensionFormat;
};

export type ReportMeasure = {
  key: string;
  /**
   * `count` rows, `sum` a field (of a server query: a column it returns), `ratio` the quotient of two
   * other measures of the same group (`of: [numerator, denominator]`), so a subtotal's rate is its
   * own sums' quotient, not a sum of rates.
   */
  agg: 'count' | 'sum' | 'ratio';
  field?: string;
  of?: [string, string];
  label: Label;
  /**
   * How the number reads: `percent` (0..1 shown as %), `money`, `minutes`, `integer` (a count or a
   * quantity of pieces), `decimal`. A `count` is an integer and a `sum` of the entity's own field
   * reads as that field's type when not declared; a server query's sum must declare it.
   */
  format?: MeasureFormat;
  /**
   * The list filters that select the rows this measure counts, added to a drill-down from it (an
   * on-time rate's element opens the finished orders it is a share of, not every order of the
   * group). A ratio without its own takes its denominator's.
   */
  drill?: Record<string, string>;
  /**
   * For a `sum` of pieces (not of rows): the list field whose values the drill-down's rows add up to
   * the figure (production output's pieces: the scan records' `qty`). Without it, a measure with
   * `drill` counts the list's rows (tests/api/successful-every-figure-equals-its-drill-down-rows).
   */
  listField?: string;
  /**
   * How "late by N days" narrows the rows this measure counts (an alert's `late_by` condition,
   * src/model/alerts.ts): `date`: the rows whose `field` (a due date) is more than N days before
   * today (`f.<field>.lt` = today - N); `days`: the rows whose `field` (days late, kept on the row)
   * is above N (`f.<field>.gt` = N). The field must be one of the report's filters.
   */
  late?: { field: string; by: 'date' | 'days' };
};

/**
 * How the report draws (each a pure `.chart.ts` builder in reports/charts): `bar` one bar per group;
 * `line` a trend over the first grouping (series by the second); `stackedBar` bars of the first
 * grouping stacked by the second; `heatmap` first grouping x second grouping, colour = the measure;
 * `pie` and `funnel` shares of the first grouping; `rankedBar` horizontal bars worst first, coloured
 * by band (a defect rate).
 */
export type ChartKind = 'bar' | 'line' | 'stackedBar' | 'heatmap' | 'pie' | 'funnel' | 'rankedBar';

/** Which kind of company a report is for (menus/companies, docs/architecture-admin.md). */
export type ReportCompany = 'brand' | 'maker' | 'supplier';
export type ReportDef = {
  name: string;
  title: Label;
  /**
   * The registry entity whose list the report reads and drills down to: its menu code's read grant,
   * its data permissions and its list WHERE scope every run, also a server query's. A report with
   * no entity (the import history) must name a server query, which gets the caller's tenant and the
   * caller's own rows (`t.client_id`, `t.user_id`) as its WHERE.
   */
  entity?: string;
  /**
   * A server query function (`reports/<name>/<name>.query.ts`, beside the declaration) for what one
   * GROUP BY cannot say (capacity against load, a rate, lines joined to their order). It receives
   * the entity's list WHERE (tenant, data permissions, filters) and returns rows keyed by the
   * dimensions and measures declared here.
   */
  query?: string;
  /**
   * Other registry entities whose writes change the report's figures (a server query's joins: a
   * plan's lateness follows its schedule's bars). A write of the report's entity or of one of these
   * marks the report changed for the company: live tiles reload, alerts on it are evaluated
   * (src/server/services/reports/alerts.live.ts).
   */
  reads?: string[];
  /**
   * A pre-aggregated table that answers the report when it can (src/server/services/reports/
   * aggregates.ts: the entity's rows summed per tenant, month and a few fields, kept current by the
   * database on every write); the entity's table otherwise, with the same figures.
   */
  aggregate?: string;
  /** The chart the page draws (`bar` when omitted). */
  chart?: ChartKind;
  /** The measures the chart draws (the first measure when omitted); `bar` and `line` draw one series each. */
  chartMeasures?: string[];
  /** The groupings the page opens with (the first dimension when omitted). */
  defaultGroup?: string[];
  /** Which companies the report is for (mirrors its menu entry). */
  companies?: ReportCompany[];
  /**
   * Its entry in the reports menu, put there by the declaration (`rpt.<name>`, opening
   * `/rpt/dsrptindex/<name>`): order, the roles that see it, and the title and companies when the
   * menu says them otherwise than the report (the report's own when omitted).
   */
  menu?: { order: number; roles: readonly string[]; title?: Label; companies?: ReportCompany[] };
  /** No drill-down (the rows behind an element are not a list page, e.g. computed capacity). */
  noDrill?: boolean;
  /** The list page (grids/ opt) a chart element drills down to; the entity's name when omitted. */
  page?: string;
  /**
   * A chart element opens this screen instead of a list (rows that are no list, e.g. a line's load in
   * a week opens the scheduling board at that line and week): each URL parameter takes the element's
   * value of the named dimension. Example: `{ path: '/scm/page/schedule-board', params: { line: 'line', date: 'week' } }`.
   */
  drillTo?: { path: string; params: Record<string, string> };
  dimensions: ReportDimension[];
  measures: ReportMeasure[];
  /** Entity fields a user may filter the report on (the list's `f.<field>.<op>` parameters). */
  filters: string[];
  /**
   * The report's figures cover a period the user picks (a month, a quarter, or from/to), sent as
   * `p.from` and `p.to` (YYYY-MM-DD) and handed to its server query as `period` (issue 35). Its
   * label says what the period selects (orders due, inspections made, ...). Only a server query's.
   */
  period?: { label: Label };
};

const reports = new Map<string, ReportDef>();

export function defineReport(def: ReportDef): ReportDef {
  if (reports.has(def.name)) throw new Error(`report ${def.name} is declared twice`);
  for (const param of Object.values(def.drillTo?.params ?? {}))
    if (!def.dimensions.some((d) => d.key === param)) throw new Error(`report ${def.name}: drillTo names no dimension ${param}`);
  for (const m of def.measures) {
    if (m.agg === 'sum' && !m.field) throw new Error(`report ${def.name}: sum measure ${m.key} names no field`);
    if (!def.entity && !def.query) throw new Error(`report ${def.name}: names neither an entity nor a server query`);
    if (m.agg === 'ratio' && !(m.of && m.of.every((k) => def.measures.some((x) => x.key === k && x.agg !== 'ratio')))) throw new Error(`report ${def.name}: ratio ${m.key} names no two measures`);
    // A server query's column is no field of the entity: its declaration says how it reads.
    if (m.agg === 'sum' && def.query && !m.format) throw new Error(`report ${def.name}: sum measure ${m.key} of a server query declares no format`);
    if (m.late && !def.filters.includes(m.late.field)) throw new Error(`report ${def.name}: measure ${m.key} is late by ${m.late.field}, which is no filter`);
  }
  if (def.period && !def.query) throw new Error(`report ${def.name}: a period is read by a server query only`);
  reports.set(def.name, def);
  REPORT_DATASETS.items.push({ value: def.name, label: def.title });
  if (def.menu) addMenuEntry(REPORTS_MENU_GROUP, reportMenuEntry(def));
  return def;
}

/** The declared reports as a dictionary (an alert's or a tile's dataset, named by the report's title in lists and grids). */
export const REPORT_DATASETS = defineDictionary({ code: 'rpt_dataset', label: { zh: '数据集', en: 'Dataset' }, items: [] });

/** The menu group every report's entry goes to (declared by reports/menu.ts). */
export const REPORTS_MENU_GROUP = 'reports';

/** A report's menu entry, from its declaration. */
export function reportMenuEntry(def: ReportDef): MenuEntry {
  const menu = def.menu!;
  const companies = menu.companies ?? def.companies;
  return { code: `rpt.${def.name}`, furl: `/rpt/dsrptindex/${def.name}`, title: menu.title ?? def.title, roles: [...menu.roles], order: menu.order, ...(companies ? { companies } : {}) };
}

export const getReport = (name: string): ReportDef | undefined => reports.get(name);
export const allReports = (): ReportDef[] => [...reports.values()];

/**
 * How a report column's cells read in the workbook (and its header's unit), from its declaration
 * only: a measure's declared format, else `integer` for a count, the entity field's type for a sum
 * of the entity's own rows and `decimal` for a ratio; a dimension's declared format, else `week` or
 * `month` for a bucket, `text` for values shown by label (states, dictionary items, referenced
 * records' names), else the entity field's type (a code stays text, a date a date), else `text`.
 */
export function reportColumnFormat(report: ReportDef, key: string): CellFormat {
  const m = report.measures.find((x) => x.key === key);
  if (m) {
    if (m.format) return m.format;
    if (m.agg === 'count') return 'integer';
    if (m.agg === 'ratio') return 'decimal';
    const field = !report.query && report.entity ? getEntity(report.entity)?.fields.find((f) => f.key === m.field) : undefined;
    const format = field ? cellFormatOf(field) : undefined;
    // A sum reads as its field's number format (the cell-format table says which formats are numbers).
    if (format && CELL_FORMAT_TABLE[format].cell === 'number') return format;
    throw new Error(`report ${report.name}: measure ${key} reads as no number (declare its format)`);
  }
  const d = report.dimensions.find((x) => x.key === key);
  if (!d) return 'text';
  if (d.format) return d.format;
  if (d.bucket) return d.bucket === 'day' ? 'date' : d.bucket;
  if (d.ref || d.dict || d.values) return 'text';
  const entity = report.entity ? getEntity(report.entity) : undefined;
  const field = entity?.fields.find((f) => f.key === d.field);
  if (!field || entity?.states?.field === field.key || field.dict || isReferenceType(field.type)) return 'text';
  const format = cellFormatOf(field);
  return format === 'code' || format === 'date' || format === 'month' ? format : 'text';
}

/** A 'YYYY-MM-DD' date moved by n days. */
export function addDaysIso(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The Monday of a date's ISO week, 'YYYY-MM-DD'. */
export function weekStart(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return addDaysIso(date, -((d.getUTCDay() + 6) % 7));
}

/** Last day of a 'YYYY-MM' month as 'YYYY-MM-DD'. */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m, 0));
  return `${month}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/**
 * A date bucket's first and last day as a list's `between` value; on a date-and-time field from
 * 00:00:00 of the first day to 23:59:59 of the last (a day's scans, not only those at midnight).
 */
function bucketBetween(report: ReportDef, d: ReportDimension, v: string): string {
  const [from, to] = d.bucket === 'month' ? [`${v}-01`, monthEnd(v)] : d.bucket === 'week' ? [v, addDaysIso(v, 6)] : [v, v];
  const field = report.entity ? getEntity(report.entity)?.fields.find((f) => f.key === d.field) : undefined;
  return field?.type === 'datetime' ? `${from} 00:00:00,${to} 23:59:59` : `${from},${to}`;
}

/**
 * The list filters that show the rows behind one chart element: the report's own filters plus one
 * condition per dimension value of the element (a month becomes a `between` of its first and last
 * day; an empty group becomes `null`). The generic list page reads these from its URL.
 */
export function drillFilters(report: ReportDef, element: Record<string, unknown>, base: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = { ...base, ...measureDrill(report, element[DRILL_MEASURE]) };
  for (const d of report.dimensions) {
    if (!(d.key in element) || d.noDrill) continue;
    const v = element[d.key];
    if (v === null || v === undefined || v === '') out[`f.${d.field}.null`] = '1';
    else if (d.bucket) out[`f.${d.field}.between`] = bucketBetween(report, d, String(v));
    else out[`f.${d.field}.eq`] = String(v);
  }
  return out;
}

/** The key a chart element carries for the measure it shows (reports/charts `drillOf`). */
export const DRILL_MEASURE = '_measure';

/** Today as 'YYYY-MM-DD' in the browser's or server's local time. */
const localToday = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The filters of the rows a measure counts: its own `drill`, a ratio's denominator's, else none;
 * `$$TODAY$$` in a value is today's date (an "open and late" count depends on it).
 */
export function measureDrill(report: ReportDef, key: unknown, today: string = localToday()): Record<string, string> {
  const m = report.measures.find((x) => x.key === key);
  const drill = !m ? undefined : m.drill ?? (m.agg === 'ratio' && m.of ? report.measures.find((x) => x.key === m.of![1])?.drill : undefined);
  return Object.fromEntries(Object.entries(drill ?? {}).map(([k, v]) => [k, v.replace('$$TODAY$$', today)]));
}

/**
 * Where a chart element leads: the declared screen (`drillTo`) with the element's values, else the
 * list behind it filtered to the element (`drillFilters`), or null for a report without drill-down.
 */
export function drillUrl(report: ReportDef, element: Record<string, unknown>, base: Record<string, string> = {}): string | null {
  if (report.drillTo) {
    const params = new URLSearchParams();
    for (const [param, dim] of Object.entries(report.drillTo.params)) {
      const v = element[dim];
      if (v !== null && v !== undefined && v !== '') params.set(param, String(v));
    }
    return `${report.drillTo.path}?${params.toString()}`;
  }
  if (report.noDrill) return null;
  return `/page/subindex/${report.page ?? report.entity}?${new URLSearchParams(drillFilters(report, element, base)).toString()}`;
}

/** A ratio measure of one row from its numerator and denominator (null when the denominator is 0). */
export function ratioOf(row: Record<string, unknown>, m: ReportMeasure): number | null {
  const [a, b] = m.of ?? ['', ''];
  const den = Number(row[b]);
  return den ? Number(row[a]) / den : null;
}
