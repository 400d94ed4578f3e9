import { widgetSources, type ChartKind, type Label, type WidgetSource } from '../src/model';
import { orgFilter, rangeFilter } from '../src/model/dashboard';
import { controlTower } from './dashboards/control-tower.dashboard';

/**
 * The control tower's widgets in the shape the personal boards, the benchmarks and the tests read
 * them: each with its sources in order of preference. Declared once, as a dashboard
 * (reports/dashboards/control-tower.dashboard.ts).
 */
export type WidgetDef = { key: string; title: Label; kind: ChartKind; span?: number; sources: WidgetSource[]; whenEmpty?: { text: Label; good?: boolean } };

export const WIDGETS: WidgetDef[] = controlTower.widgets.map((w) => ({ key: w.key, title: w.title, kind: w.kind, span: w.span, sources: widgetSources(w), ...(w.whenEmpty ? { whenEmpty: w.whenEmpty } : {}) }));

/** The source a user gets: the first whose report menu entry (`rpt.<report>`) the user has. */
export function sourceFor(w: WidgetDef, menuCodes: ReadonlySet<string>) {
  return w.sources.find((s) => menuCodes.has(`rpt.${s.report}`));
}

/**
 * The query of a widget's source: its grouping, its own filters, the tower's date range on its date
 * field and, when an organisation is chosen and the report follows it, its members as the records'
 * authors (none: `0`, no user, so an organisation without members shows nothing, not everything).
 */
export function widgetQuery(source: WidgetSource, range: { from: string; to: string }, authors: number[] | null = null): Record<string, string> {
  return { group: source.group.join(','), ...(source.query ?? {}), ...(authors ? orgFilter(authors) : {}), ...(source.dateField ? rangeFilter(source.dateField, source.dateTime, range) : {}) };
}

export { controlTower, inStateOrder } from './dashboards/control-tower.dashboard';
export { defaultRange } from './tower-range';
