import { addDaysIso, drillFilters, getReport, measureDrill, type ReportDef, type ReportMeasure } from './report';

/**
 * Figure alerts (issue 34, docs/architecture-alerts.md): a declared report's measure, under the
 * report's own filters, with a condition and recipients. Evaluated by the server when the data under
 * the report changes; fires to the bell (and mail or workplace chat by the company's notice setting)
 * once per crossing. Pure parts here, shared by the server and the alert screen.
 */
export const ALERT_CONDITIONS = ['above', 'below', 'changed_by', 'late_by'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** `armed`: on the quiet side of its line; `crossed`: across it and told; `error`: could not be measured (the owner lost the grant). */
export type AlertState = 'armed' | 'crossed' | 'error';

/** The evaluation's view of an alert. */
export type AlertRule = { condition: AlertCondition; threshold: number; state: AlertState | null; baseline: number | null };

/**
 * The next state of an alert given its measured value, and whether it fires. Once per crossing:
 * `above` / `late_by` fire when the value goes above the threshold from the armed state, `below` when
 * it goes under; staying across fires nothing; going back re-arms. `changed_by` fires when the value
 * has moved by at least the threshold (either way) from the value last told (the baseline), which
 * then becomes the value: a further change of the same size fires again. `initial`: the state at a
 * save, which fires nothing (an alert set while already across tells on the next crossing).
 */
export function nextAlertState(rule: AlertRule, value: number, initial = false): { state: AlertState; fire: boolean; baseline: number | null } {
  if (rule.condition === 'changed_by') {
    if (initial || rule.baseline === null || rule.state === 'error') return { state: 'armed', fire: false, baseline: value };
    if (Math.abs(value - rule.baseline) >= Math.abs(rule.threshold) && rule.threshold !== 0) return { state: 'armed', fire: true, baseline: value };
    return { state: 'armed', fire: false, baseline: rule.baseline };
  }
  const across = rule.condition === 'below' ? value < rule.threshold : value > rule.threshold;
  if (!across) return { state: 'armed', fire: false, baseline: rule.baseline };
  const fire = !initial && rule.state === 'armed';
  return { state: 'crossed', fire, baseline: rule.baseline };
}

/** The measures an alert may watch on a report: its own and its ratios; `late_by` only those that declare `late`. */
export function alertMeasures(report: ReportDef, condition?: AlertCondition): ReportMeasure[] {
  return report.measures.filter((m) => (condition === 'late_by' ? Boolean(m.late) : true));
}

/** The reports an alert may watch: those with an entity (their rows have a list to drill to and a grant to check). */
export function isAlertReport(report: ReportDef | undefined): report is ReportDef {
  return Boolean(report && report.entity);
}

/** The list filters "late by N days" adds for a measure (see ReportMeasure.late). */
export function lateFilters(measure: ReportMeasure, days: number, today: string): Record<string, string> {
  if (!measure.late) return {};
  return measure.late.by === 'date' ? { [`f.${measure.late.field}.lt`]: addDaysIso(today, -days) } : { [`f.${measure.late.field}.gt`]: String(days) };
}

/** What an alert is, for its measure and its link. */
export type AlertSpec = { report: string; measure: string; filters: Record<string, string>; condition: AlertCondition; days: number | null };

/**
 * The report filters an alert's measure is run with: the alert's own (the tile's), plus the lateness
 * filter of `late_by`. These are what the measure counts under; the drill-down adds the measure's own
 * subset (its `drill`).
 */
export function alertQueryFilters(spec: AlertSpec, today: string): Record<string, string> {
  const report = getReport(spec.report);
  const measure = report?.measures.find((m) => m.key === spec.measure);
  const late = measure && spec.condition === 'late_by' ? lateFilters(measure, spec.days ?? 0, today) : {};
  return { ...spec.filters, ...late };
}

/**
 * Where the alert's notice leads: the grid of the rows its figure counts, with exactly the alert's
 * filters (and the measure's subset, e.g. open orders past their date); a report whose rows are no
 * list opens the report page with the filters it accepts.
 */
export function alertDrillUrl(spec: AlertSpec, today: string): string {
  const report = getReport(spec.report);
  if (!report) return '/rpt/page/alerts';
  const base = alertQueryFilters(spec, today);
  if (report.noDrill || report.drillTo || !report.entity) {
    const own = Object.fromEntries(Object.entries(base).filter(([key]) => report.filters.includes(key.slice(2, key.lastIndexOf('.')))));
    return `/rpt/dsrptindex/${report.name}?${new URLSearchParams(own).toString()}`;
  }
  // The measure's subset (open and past today), then the alert's own lateness, which is stricter.
  const filters = { ...drillFilters(report, {}, spec.filters), ...measureDrill(report, spec.measure, today), ...base };
  return `/page/subindex/${report.page ?? report.entity}?${new URLSearchParams(filters).toString()}`;
}

/** A threshold as the notice states it (a share as a percentage). */
export function alertNumber(report: ReportDef | undefined, measure: string, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const m = report?.measures.find((x) => x.key === measure);
  if (m?.format === 'percent') return `${(value * 100).toFixed(1)}%`;
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}
