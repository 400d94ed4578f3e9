import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { drillOf } from '../../../../reports/charts';
import { dashboardDrill, dashboardQuery, getReport, visibleWidgets, type DashboardDef, type DashboardFilters, type DashboardWidget, type Label } from '../../../model';
import { dashboardCalls } from '../../../model/calls/dashboards';
import { reportCalls } from '../../../model/calls/reports';
import { callApi } from '../../api/calls';
import { access } from '../../session/access-state';
import type { ChartPoint } from './ReportChart';
import { chartKindFor, reportChartData, type ReportResult } from './report-view';
import { filtersOf, isDashboardRefresh, topCategories, type DashboardOrg } from './dashboard.logic';
import { useFullScreen, useLiveReload } from './wall-parts';

type Loaded = { result: ReportResult | null; error: boolean };
export type ChartOf = { empty: boolean; data: ReturnType<typeof reportChartData> | null };
const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * The company's organisations for a wall's filter, asked once per `key` by `ask` (a dashboard's call,
 * the tower's own); an empty list when they cannot be read.
 */
export function useWallOrgs(ask: () => Promise<DashboardOrg[]>, key: string): DashboardOrg[] | null {
  const [orgs, setOrgs] = useState<DashboardOrg[] | null>(null);
  useEffect(() => {
    let live = true;
    ask()
      .then((o) => live && setOrgs(o))
      .catch(() => live && setOrgs([]));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again only for another key (the ask is rebuilt every render)
  }, [key]);
  return orgs;
}

/** Each widget's chart data (reshaped as declared, cut to the user's top N if set), made again only when its rows, the language or the tops change. */
export function useCharts(widgets: DashboardWidget[], loaded: Record<string, Loaded>, tr: (l: Label | string) => string, tops?: Record<string, number | undefined>): Record<string, ChartOf> {
  // A new option replaces the chart (notMerge), which must not happen on every render (a click's own
  // re-render would swap the series under the pointer's event).
  return useMemo(() => {
    const out: Record<string, ChartOf> = {};
    for (const w of widgets) {
      const result = loaded[w.key]?.result;
      const report = getReport(w.report)!;
      const raw = result ? reportChartData(report, result, w.group, w.measures, tr) : null;
      // Nothing to draw: no group, or no group with a value (a rate without a denominator is no value).
      const empty = !raw || !raw.categories.length || raw.series.every((x) => x.values.every((v) => v === null));
      const shaped = raw && w.shape ? w.shape(raw, tr, report) : raw;
      out[w.key] = { empty, data: shaped && topCategories(shaped, chartKindFor(w.kind, w.group.length), tops?.[w.key]) };
    }
    return out;
  }, [widgets, loaded, tr, tops]);
}

/** The dashboard's widgets the user's menus allow (a widget's report source needs its menu entry). */
export function useVisibleWidgets(def: DashboardDef): DashboardWidget[] {
  const { menus } = useSnapshot(access);
  return useMemo(() => visibleWidgets(def, new Set(menus.flatMap((g) => g.children.map((c) => c.CODE)))), [def, menus]);
}

/**
 * A declared dashboard's data and commands: the widgets the user's menus allow, the date range and
 * organisation kept in the address, every widget's report run (only the `shown` ones, when the
 * page is arranged by its user: none until that is known) (tenant and data permissions applied
 * by the server), live reload, full screen and the drill-down of a clicked element.
 */
export function useDashboard(def: DashboardDef, tr: (l: Label | string) => string, shown?: readonly string[] | null) {
  const [search, setSearch] = useSearchParams();
  const visible = useVisibleWidgets(def);
  // The widgets the user keeps shown (their order is the page's): none asked until the arrangement is known.
  const shownKey = shown === undefined ? '*' : shown === null ? null : [...shown].sort().join(',');
  const widgets = useMemo(() => (shownKey === '*' ? visible : visible.filter((w) => shownKey?.split(',').includes(w.key))), [visible, shownKey]);
  const orgs = useWallOrgs(() => callApi(dashboardCalls.orgs, { name: def.name }, { quiet: true }), def.name);
  const filters = useMemo(() => filtersOf(search, orgs, todayIso()), [search, orgs]);
  const [loaded, setLoaded] = useState<Record<string, Loaded>>({});
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  // The filters of the last finished load (the page says which organisation its charts show).
  const [loadedOrg, setLoadedOrg] = useState<string>('');
  const [loading, setLoading] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const [full, toggleFull] = useFullScreen(root);

  // The organisation's members are known once the list has come; until then an asked organisation waits.
  const ready = (orgs !== null || !search.get('org')) && shownKey !== null;
  const key = `${filters.from}|${filters.to}|${filters.users?.join(',') ?? '*'}`;
  const load = useCallback(async () => {
    if (!ready) return;
    setLoading(true);
    const entries = await Promise.all(
      widgets.map(async (w) => {
        try {
          const result = await callApi(reportCalls.run, { ...dashboardQuery(w, filters), name: w.report }, { quiet: true });
          return [w.key, { result, error: false }] as const;
        } catch {
          return [w.key, { result: null, error: true }] as const;
        }
      }),
    );
    setLoaded(Object.fromEntries(entries));
    setLoadedOrg(filters.org ? String(filters.org) : '');
    setUpdatedAt(new Date());
    setLoading(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filters are keyed by their text (key): the object is rebuilt with the address
  }, [widgets, key, ready]);

  useLiveReload(load, isDashboardRefresh);

  const setParam = (k: string, v: string | null) => {
    const next = new URLSearchParams(search);
    if (v) next.set(k, v);
    else next.delete(k);
    setSearch(next, { replace: true });
  };

  const charts = useCharts(widgets, loaded, tr);
  const drill = useDrill(tr(def.title));
  const onPoint = (w: DashboardWidget) => (p: ChartPoint) => drill(w, charts[w.key]?.data, filters, p);
  return { widgets, orgs, filters, loaded, updatedAt, loadedOrg, loading, root, full, toggleFull, load, setParam, onPoint, charts };
}

export type DashboardState = ReturnType<typeof useDashboard>;

/**
 * A click on a widget's element: the list behind it (or the report, for computed rows) filtered to
 * the element and to the filters the widget read, with the way back to the dashboard.
 */
export function useDrill(backLabel: string) {
  const navigate = useNavigate();
  return (w: DashboardWidget, data: ChartOf['data'] | undefined, filters: DashboardFilters, p: ChartPoint) => {
    if (!data) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    navigate(dashboardDrill(getReport(w.report)!, w, filters, drillOf(data, p.ci, p.si)), { state: { back: `${window.location.pathname}${window.location.search}`, backLabel } });
  };
}
