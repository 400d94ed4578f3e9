import { Button, Spinner, Tooltip } from '@fluentui/react-components';
import { ArrowClockwiseRegular, FullScreenMaximizeRegular, FullScreenMinimizeRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import '../../../../reports';
import '../../../../reports/dashboards';
import { drillOf, type ChartTheme } from '../../../../reports/charts';
import { dashboardDrill, dashboardQuery, followsOrg, getDashboard, getReport, visibleWidgets, type DashboardDef, type DashboardWidget, type Label } from '../../../model';
import { api } from '../../api/client';
import { DateBox } from '../../form/widgets/date-input';
import { access } from '../../session/access-state';
import { ReportChart, type ChartPoint } from '../reports/ReportChart';
import { useReportTheme } from '../reports/report-theme';
import { chartKindFor, reportChartData, type ReportResult } from '../reports/report-view';
import { filtersOf, isDashboardRefresh, type DashboardOrg } from './dashboard.logic';
import { OrgSelect, useFullScreen, useLiveReload } from './wall-parts';

const T = {
  from: { zh: '日期从', en: 'From' },
  to: { zh: '至', en: 'To' },
  org: { zh: '组织', en: 'Organisation' },
  wholeCompany: { zh: '全公司', en: 'Whole company' },
  updated: { zh: '更新于', en: 'Updated' },
  refresh: { zh: '刷新', en: 'Refresh' },
  fullscreen: { zh: '全屏（大屏展示）', en: 'Full screen (wall display)' },
  exitFullscreen: { zh: '退出全屏', en: 'Exit full screen' },
  empty: { zh: '暂无数据', en: 'No data' },
  failed: { zh: '加载失败', en: 'Could not load' },
  now: { zh: '不限日期', en: 'Any date' },
  nowHint: { zh: '此图不按日期范围筛选（当前状态或全部期间）', en: 'This chart does not follow the date range (the present state, or every period)' },
  notByOrg: { zh: '不分组织', en: 'All organisations' },
  notByOrgHint: { zh: '此图的数据没有组织归属，显示全公司', en: 'This chart’s records belong to no organisation: it shows the whole company' },
  clickHint: { zh: '点击任一图形查看对应单据', en: 'Click any chart element to open its records' },
  nothing: { zh: '您的菜单权限没有可显示的看板组件。', en: 'Your menus give no widget of this dashboard.' },
  unknown: { zh: '没有这个看板', en: 'No such dashboard' },
} satisfies Record<string, Label>;

/** Colours of the two layouts: the wall (dark, `/visual/{opt}`) and the workbench (light, `/workspace/ecindex/{opt}`). */
const LOOKS = {
  wall: { page: '#0b1220', card: '#111a2b', border: '#1f2b40', text: '#e6eaf0', muted: '#8b98ad', tag: '#1f2b40' },
  board: { page: '#f5f5f5', card: '#ffffff', border: '#e0e0e0', text: '#242424', muted: '#616161', tag: '#f0f0f0' },
};

type Loaded = { result: ReportResult | null; error: boolean };
const todayIso = () => new Date().toISOString().slice(0, 10);

/** `/visual/{opt}` (wall) and `/workspace/ecindex/{opt}`, `/clientrpt/page/{opt}` (workbench): the dashboard named by opt. */
export function DashboardRoute({ look = 'wall' }: { look?: 'wall' | 'board' }) {
  const { opt = '' } = useParams();
  const { i18n } = useTranslation();
  const def = getDashboard(opt);
  if (!def) {
    const L = LOOKS[look];
    return (
      <div data-testid="dashboard-unknown" style={{ padding: 24, color: L.muted }}>
        {i18n.language === 'en' ? T.unknown.en : T.unknown.zh}: {opt}
      </div>
    );
  }
  return <Dashboard key={opt} def={def} look={look} />;
}

export const WorkbenchDashboardRoute = () => <DashboardRoute look="board" />;

/**
 * A declared dashboard (src/model/dashboard.ts, reports/dashboards): a date range and an organisation
 * (kept in the URL), one chart per widget the user's menus allow, each through the report API (tenant
 * and data permissions applied by the server); a click opens the list behind the element. It reloads
 * when the company's socket says the data changed and every five minutes; the wall has a full screen.
 */
function Dashboard({ def, look }: { def: DashboardDef; look: 'wall' | 'board' }) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const tr = useCallback((l: Label | string) => (typeof l === 'string' ? l : en ? l.en : l.zh), [en]);
  const L = LOOKS[look];
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { menus } = useSnapshot(access);
  const { theme: sessionTheme } = useReportTheme();
  const theme: ChartTheme = useMemo(() => (look === 'wall' ? { ...sessionTheme, text: L.text, grid: L.border, background: 'transparent' } : sessionTheme), [sessionTheme, look, L]);
  const codes = useMemo(() => new Set(menus.flatMap((g) => g.children.map((c) => c.CODE))), [menus]);
  const widgets = useMemo(() => visibleWidgets(def, codes), [def, codes]);
  const [orgs, setOrgs] = useState<DashboardOrg[] | null>(null);
  const filters = useMemo(() => filtersOf(search, orgs, todayIso()), [search, orgs]);
  const [loaded, setLoaded] = useState<Record<string, Loaded>>({});
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  // The filters of the last finished load (the page says which organisation its charts show).
  const [loadedOrg, setLoadedOrg] = useState<string>('');
  const [loading, setLoading] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const [full, toggleFull] = useFullScreen(root);

  useEffect(() => {
    let live = true;
    api
      .get<DashboardOrg[]>(`/rptapi/dashboard/${def.name}/orgs`, {}, { quiet: true })
      .then((o) => live && setOrgs(o))
      .catch(() => live && setOrgs([]));
    return () => {
      live = false;
    };
  }, [def.name]);

  // The organisation's members are known once the list has come; until then an asked organisation waits.
  const ready = orgs !== null || !search.get('org');
  const key = `${filters.from}|${filters.to}|${filters.users?.join(',') ?? '*'}`;
  const load = useCallback(async () => {
    if (!ready) return;
    setLoading(true);
    const entries = await Promise.all(
      widgets.map(async (w) => {
        try {
          const result = await api.get<ReportResult>(`/rptapi/report/${w.report}/run`, dashboardQuery(w, filters), { quiet: true });
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

  const onPoint = (w: DashboardWidget, data: ReturnType<typeof reportChartData>) => (p: ChartPoint) => {
    const report = getReport(w.report)!;
    if (document.fullscreenElement) void document.exitFullscreen();
    navigate(dashboardDrill(report, w, filters, drillOf(data, p.ci, p.si)), { state: { back: `${window.location.pathname}${window.location.search}`, backLabel: tr(def.title) } });
  };

  // Each widget's chart data, made again only when its rows or the language change: a new option
  // replaces the chart (notMerge), which must not happen on every render (a click's own re-render
  // would swap the series under the pointer's event).
  const charts = useMemo(() => {
    const out: Record<string, { empty: boolean; data: ReturnType<typeof reportChartData> | null }> = {};
    for (const w of widgets) {
      const result = loaded[w.key]?.result;
      const raw = result ? reportChartData(getReport(w.report)!, result, w.group, w.measures, tr) : null;
      // Nothing to draw: no group, or no group with a value (a rate without a denominator is no value).
      const empty = !raw || !raw.categories.length || raw.series.every((x) => x.values.every((v) => v === null));
      out[w.key] = { empty, data: raw && w.shape ? w.shape(raw, tr) : raw };
    }
    return out;
  }, [widgets, loaded, tr]);

  const tag = (text: string, hint?: string) => (
    <span title={hint} style={{ fontSize: 11, color: L.muted, background: L.tag, borderRadius: 4, padding: '1px 6px', whiteSpace: 'nowrap' }}>
      {text}
    </span>
  );

  return (
    <div
      ref={root}
      data-testid="dashboard"
      data-dashboard={def.name}
      data-loaded={updatedAt && !loading ? '1' : '0'}
      data-org={loadedOrg}
      style={{ background: L.page, color: L.text, minHeight: '100%', padding: full ? 24 : 16, boxSizing: 'border-box', display: 'flex', flexDirection: 'column', gap: 12, overflow: 'auto', height: full ? '100vh' : undefined }}
    >
      <header style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0, flex: '1 1 220px' }}>
          <span style={{ fontSize: look === 'wall' ? (full ? 30 : 24) : 20, lineHeight: look === 'wall' ? (full ? '38px' : '32px') : '28px', fontWeight: 700, letterSpacing: look === 'wall' ? 1 : 0 }}>{tr(def.title)}</span>
          <span style={{ color: L.muted, fontSize: 12, lineHeight: '18px', marginTop: 2, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={tr(def.purpose)}>
            {tr(def.purpose)}
            {updatedAt ? ` · ${tr(T.updated)} ${updatedAt.toLocaleTimeString(en ? 'en-GB' : 'zh-CN', { hour12: false })}` : ''}
          </span>
        </div>
        <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 13, color: L.muted }}>
          {tr(T.from)}
          <DateBox ariaLabel={tr(T.from)} testId="dashboard-from" value={filters.from} onChange={(v) => setParam('from', v)} width={132} />
          {tr(T.to)}
          <DateBox ariaLabel={tr(T.to)} testId="dashboard-to" value={filters.to} onChange={(v) => setParam('to', v)} width={132} />
        </label>
        <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 13, color: L.muted }}>
          {tr(T.org)}
          <OrgSelect testId="dashboard-org" label={tr(T.org)} wholeCompany={tr(T.wholeCompany)} orgs={orgs} value={filters.org ? String(filters.org) : ''} onChange={(v) => setParam('org', v || null)} width={172} />
        </label>
        <span style={{ width: 16, display: 'inline-flex' }}>{loading ? <Spinner size="extra-tiny" /> : null}</span>
        <Tooltip content={tr(T.refresh)} relationship="label">
          <Button size="small" appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={() => void load()} style={{ color: L.text }} />
        </Tooltip>
        {look === 'wall' ? (
          <Tooltip content={tr(full ? T.exitFullscreen : T.fullscreen)} relationship="label">
            <Button
              data-testid="dashboard-fullscreen"
              size="small"
              appearance="subtle"
              icon={full ? <FullScreenMinimizeRegular /> : <FullScreenMaximizeRegular />}
              onClick={toggleFull}
              style={{ color: L.text }}
            />
          </Tooltip>
        ) : null}
      </header>

      {!widgets.length ? <div style={{ color: L.muted }}>{tr(T.nothing)}</div> : null}

      <section style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 12 }}>
        {widgets.map((w) => {
          const report = getReport(w.report)!;
          const l = loaded[w.key];
          const { empty, data } = charts[w.key] ?? { empty: true, data: null };
          const kind = chartKindFor(w.kind, w.group.length);
          return (
            <div
              key={w.key}
              data-testid={`dwidget-${w.key}`}
              data-report={report.name}
              data-state={!l ? 'loading' : l.error ? 'error' : empty ? 'empty' : 'ready'}
              title={empty ? undefined : tr(T.clickHint)}
              style={{ gridColumn: `span ${w.span ?? 1}`, background: L.card, border: `1px solid ${L.border}`, borderRadius: 10, padding: 12, display: 'flex', flexDirection: 'column', minHeight: 290, minWidth: 0 }}
            >
              <div style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
                <span style={{ fontSize: 15, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', flex: 1 }} title={tr(w.title)}>
                  {tr(w.title)}
                </span>
                {!w.dateField ? tag(tr(T.now), tr(T.nowHint)) : null}
                {filters.users && !followsOrg(w) ? tag(tr(T.notByOrg), tr(T.notByOrgHint)) : null}
              </div>
              {empty ? (
                <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', color: L.muted }}>{!l ? <Spinner size="small" /> : l.error ? tr(T.failed) : tr(T.empty)}</div>
              ) : (
                <ReportChart
                  testId={`dchart-${w.key}`}
                  kind={kind}
                  data={data!}
                  theme={theme}
                  build={w.option}
                  height={kind === 'heatmap' ? Math.min(440, Math.max(250, 80 + data!.categories.length * 22)) : 250}
                  onPoint={onPoint(w, data!)}
                />
              )}
            </div>
          );
        })}
      </section>
    </div>
  );
}
