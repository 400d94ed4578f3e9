import type { Label } from './entity';

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
  /** `month`: a date field grouped by calendar month ('YYYY-MM'). */
  bucket?: 'month';
  label: Label;
};

export type ReportMeasure = { key: string; agg: 'count' | 'sum'; field?: string; label: Label };

export type ReportDef = {
  name: string;
  title: Label;
  /** The registry entity whose list the report reads and drills down to. */
  entity: string;
  /** The list page (grids/ opt) a chart element drills down to; the entity's name when omitted. */
  page?: string;
  dimensions: ReportDimension[];
  measures: ReportMeasure[];
  /** Entity fields a user may filter the report on (the list's `f.<field>.<op>` parameters). */
  filters: string[];
};

const reports = new Map<string, ReportDef>();

export function defineReport(def: ReportDef): ReportDef {
  if (reports.has(def.name)) throw new Error(`report ${def.name} is declared twice`);
  for (const m of def.measures) if (m.agg === 'sum' && !m.field) throw new Error(`report ${def.name}: sum measure ${m.key} names no field`);
  reports.set(def.name, def);
  return def;
}

export const getReport = (name: string): ReportDef | undefined => reports.get(name);
export const allReports = (): ReportDef[] => [...reports.values()];

/** Last day of a 'YYYY-MM' month as 'YYYY-MM-DD'. */
function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m, 0));
  return `${month}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/**
 * The list filters that show the rows behind one chart element: the report's own filters plus one
 * condition per dimension value of the element (a month becomes a `between` of its first and last
 * day; an empty group becomes `null`). The generic list page reads these from its URL.
 */
export function drillFilters(report: ReportDef, element: Record<string, unknown>, base: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = { ...base };
  for (const d of report.dimensions) {
    if (!(d.key in element)) continue;
    const v = element[d.key];
    if (v === null || v === undefined || v === '') out[`f.${d.field}.null`] = '1';
    else if (d.bucket === 'month') out[`f.${d.field}.between`] = `${String(v)}-01,${monthEnd(String(v))}`;
    else out[`f.${d.field}.eq`] = String(v);
  }
  return out;
}
