import type { Drill } from '../../../../reports/charts';
import { drillFilters, type ReportDef } from '../../../model';
import { widgetQuery, type WidgetDef } from '../../../../reports/control-tower';

// The tower's declaration (reports/dashboards/control-tower.dashboard.ts) in the personal boards' shape, and the engine's rules it shares.
export { controlTower, defaultRange, inStateOrder, sourceFor, widgetQuery, WIDGETS, type WidgetDef } from '../../../../reports/control-tower';
export { datasetRefresh as towerRefresh, isDashboardRefresh as isRefreshMessage, topCategories } from '../../engine/report/dashboard.logic';

/**
 * The alert screen prefilled from a widget (its bell): the widget's report, its first measure and
 * exactly the widget's filters (its own, its range, the organisation's members when it follows one).
 */
export function alertFromTile(source: WidgetDef['sources'][number], range: { from: string; to: string }, authors: number[] | null): string {
  const filters = Object.fromEntries(Object.entries(widgetQuery(source, range, authors)).filter(([key]) => key.startsWith('f.')));
  return `/rpt/page/alerts?${new URLSearchParams({ new: '1', report: source.report, measure: source.measures[0], ...filters }).toString()}`;
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
