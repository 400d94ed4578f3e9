import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { controlTower } from '../../../../reports/control-tower';
import { visibleWidgets, type DashboardWidget, type Label } from '../../../model';
import { towerCalls, type TowerReply } from '../../../model/calls/tower';
import { withSettings, towerKey, type BoardItem, type WidgetSettings } from '../../../model/widget-settings';
import { callApi } from '../../api/calls';
import { access } from '../../session/access-state';
import type { ChartPoint } from '../../engine/report/ReportChart';
import type { ReportResult } from '../../engine/report/report-view';
import { datasetRefresh, defaultRange } from '../../engine/report/dashboard.logic';
import { useCharts, useDrill, useWallOrgs } from '../../engine/report/use-dashboard';
import { useFullScreen, useLiveReload, useReloadByDataset } from '../../engine/report/wall-parts';
import { T } from './tower-texts';
import { whenIdle } from '../../kernel/when-idle';
import { askTower, todayIso, towerNow, towerQuery } from './tower-early';

export type TowerLoaded = { result: ReportResult | null; error: boolean; range: { from: string; to: string }; byOrg: boolean };
export { todayIso } from './tower-early';

/** The tower's organisation filter: the company's organisations, the chosen one (kept in the address) and its members. */
function useTowerOrg() {
  const [search, setSearch] = useSearchParams();
  // `?org=`: the documents entered by the members of that organisation (and those below it), as on
  // the dashboards; charts whose records have no author show the whole company, marked.
  const org = search.get('org') ?? '';
  const orgs = useWallOrgs(() => callApi(towerCalls.orgs, undefined, { quiet: true }), 'tower');
  const members = useMemo(() => orgs?.find((o) => String(o.id) === org)?.users ?? null, [orgs, org]);
  const setOrg = (value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set('org', value);
    else next.delete('org');
    setSearch(next, { replace: true });
  };
  // `?source=raw`: the widgets' figures computed from the documents' own tables instead of the
  // pre-aggregated ones (the same figures; benchmark B8 compares the two).
  return { org, orgs, members, setOrg, rawSource: search.get('source') === 'raw' };
}

/** The tower's reply as each widget's loaded state. */
const loadedOf = (reply: TowerReply): Record<string, TowerLoaded> =>
  Object.fromEntries(Object.entries(reply.widgets).map(([key, w]) => [key, { result: w.result, error: !!w.error, range: w.range, byOrg: w.byOrg }]));

/**
 * The control tower's data and commands: its declared widgets the user's menus allow
 * (reports/dashboards/control-tower.dashboard.ts), every widget in one call (the server picks each
 * widget's report by the user's menu entries and applies the widget's own period), the range, the
 * organisation, the widgets' settings kept per user, their charts (cut to the user's top N), the
 * drill-down of a clicked element, live reload and full screen.
 */
export function useControlTower(tr: (l: Label | string) => string) {
  const { org, orgs, members, setOrg, rawSource } = useTowerOrg();
  const { menus } = useSnapshot(access);
  const codes = useMemo(() => new Set(menus.flatMap((g) => g.children.map((c) => c.CODE))), [menus]);
  const widgets = useMemo(() => visibleWidgets(controlTower, codes), [codes]);
  const [range, setRange] = useState(() => defaultRange(todayIso()));
  // The document's early reply when it is in: the tower's first frame draws it (one commit, with its charts), and it is not asked again.
  const [early] = useState(() => towerNow(towerQuery(range, rawSource, org)));
  const [loaded, setLoaded] = useState<Record<string, TowerLoaded>>(() => (early ? loadedOf(early) : {}));
  const [updatedAt, setUpdatedAt] = useState<Date | null>(() => (early ? new Date() : null));
  const [loading, setLoading] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const [full, toggleFull] = useFullScreen(root);
  const [settings, setSettings] = useState<Record<string, WidgetSettings>>(() => early?.settings ?? {});
  // The organisation the shown figures were loaded for (tests and assistive technology read it).
  const [loadedOrg, setLoadedOrg] = useState(() => (early?.org === null || !early ? '' : String(early.org)));

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const reply = await askTower(towerQuery(range, rawSource, org));
      setLoaded(loadedOf(reply));
      setLoadedOrg(reply.org === null ? '' : String(reply.org));
      setSettings(reply.settings);
      setUpdatedAt(new Date());
    } catch {
      setLoaded(Object.fromEntries(widgets.map((w) => [w.key, { result: null, error: true, range, byOrg: false }])));
    }
    setLoading(false);
  }, [widgets, range, rawSource, org]);

  // A widget's period and top N, kept per user on the server; a changed period reloads the tower.
  const changeSettings = async (key: string, change: WidgetSettings) => {
    const items: BoardItem[] = withSettings(
      controlTower.widgets.map((w) => ({ key: towerKey(w.key), hidden: false, ...(settings[w.key] ? { settings: settings[w.key] } : {}) })),
      towerKey(key),
      change,
    ).filter((i) => i.settings);
    const saved = await callApi(towerCalls.saveSettings, { items });
    setSettings(saved.settings);
    if ('period' in change) void load();
  };

  // A board move reloads every widget (1.5 s after, once); every five minutes on a wall.
  useLiveReload(load, (m) => datasetRefresh(m, widgets) === 'all', early ? '__towerEarly' : null);
  // A committed write reloads the widgets reading the reports it changed, alone, in one call.
  const reloadOnly = useCallback(
    async (only: string[]) => {
      const reply = await callApi(towerCalls.run, { ...towerQuery(range, rawSource, org), widgets: only.join(',') }, { quiet: true });
      setLoaded((cur) => ({ ...cur, ...loadedOf(reply) }));
      setUpdatedAt(new Date());
    },
    [range, rawSource, org],
  );
  const reloading = useReloadByDataset(widgets, reloadOnly);

  const tops = useMemo(() => Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, v.top])), [settings]);
  const charts = useCharts(widgets, loaded, tr, tops);
  const drill = useDrill(tr(T.title));
  // The list opened shows the same records: the range the widget read and, when it followed it, the organisation.
  const onPoint = (w: DashboardWidget) => (p: ChartPoint) => {
    const l = loaded[w.key];
    drill(w, charts[w.key]?.data, { ...(l?.range ?? range), users: l?.byOrg ? (members ?? []) : null }, p);
  };

  useDrillPagesReady(updatedAt !== null);

  return { org, orgs, members, setOrg, widgets, range, setRange, loaded, updatedAt, loading, root, full, toggleFull, settings, loadedOrg, load, changeSettings, reloading, charts, onPoint };
}

/**
 * Once the tower is drawn and the page idle, the code of the lists its elements drill down to (the
 * engine's pages with AG Grid) is loaded, so a manager's click shows the rows without waiting for it
 * (B8's drill-down: about 0.3-0.4 s of download and evaluation on a two-core machine).
 */
function useDrillPagesReady(drawn: boolean): void {
  useEffect(() => {
    if (!drawn) return;
    return whenIdle(() => void import('../../engine/EnginePages').catch(() => undefined), 3000, 500);
  }, [drawn]);
}

export type ControlTowerState = ReturnType<typeof useControlTower>;
