import { Button, Spinner, Tooltip } from '@fluentui/react-components';
import { ArrowClockwiseRegular, FullScreenMaximizeRegular, FullScreenMinimizeRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import '../../../../reports';
import { drillOf, fmtValue, type ChartTheme } from '../../../../reports/charts';
import { drillFilters, drillUrl, getEntity, getReport, type Label } from '../../../model';
import { withSettings, towerKey, type BoardItem, type WidgetSettings } from '../../../model/workspace';
import { api } from '../../api/client';
import { access } from '../../session/access-state';
import { readStoredSession } from '../../kernel/storage';
import { ReportChart, type ChartPoint } from '../reports/ReportChart';
import { useReportTheme } from '../reports/report-theme';
import { chartKindFor, reportChartData, type ReportResult } from '../reports/report-view';
import { PERIOD_LABELS, WidgetSettingsMenu } from '../workspace/WidgetSettingsMenu';
import { defaultRange, isRefreshMessage, kpis, sourceFor, topCategories, widgetQuery, WIDGETS, type WidgetDef } from './control-tower.logic';
import { DateBox } from '../../form/widgets/date-input';
import { type DashboardOrg } from './dashboard.logic';
import { OrgSelect, useFullScreen, useLiveReload } from './wall-parts';

const T = {
  title: { zh: '供应链控制塔', en: 'Supply chain control tower' },
  from: { zh: '日期从', en: 'From' },
  to: { zh: '至', en: 'To' },
  live: { zh: '实时', en: 'Live' },
  updated: { zh: '更新于', en: 'Updated' },
  refresh: { zh: '刷新', en: 'Refresh' },
  fullscreen: { zh: '全屏（大屏展示）', en: 'Full screen (wall display)' },
  exitFullscreen: { zh: '退出全屏', en: 'Exit full screen' },
  empty: { zh: '暂无数据', en: 'No data' },
  noStockAlerts: { zh: '没有库存≤0 的库位', en: 'No location at or below zero' },
  openOrders: { zh: '在手订单', en: 'Open orders' },
  onTime: { zh: '准时交货率', en: 'On-time delivery' },
  lateOpen: { zh: '逾期未完成', en: 'Open and late' },
  latePlans: { zh: '计划延期', en: 'Late plans' },
  ofScheduled: { zh: '已排产', en: 'of scheduled' },
  utilisation: { zh: '本周产能利用率', en: 'Utilisation this week' },
  coverage: { zh: '分配覆盖率', en: 'Allocation coverage' },
  purchases: { zh: '在途采购单', en: 'POs in flight' },
  stockAlerts: { zh: '库存预警', en: 'Stock alerts' },
  nodesFlagged: { zh: '节点逾期/风险', en: 'Nodes late or at risk' },
  nodesLate: { zh: '已逾期', en: 'late' },
  openExceptions: { zh: '未关闭异常', en: 'Open exceptions' },
  oldExceptions: { zh: '超过14天', en: 'over 14 days' },
  defectRate: { zh: '缺陷率', en: 'Defect rate' },
  failedLots: { zh: '不合格批', en: 'failed lots' },
  clickHint: { zh: '点击任一图形查看对应单据', en: 'Click any chart element to open its records' },
  nothing: { zh: '您的角色没有可显示的控制塔组件。', en: 'Your roles give no control tower widget.' },
  org: { zh: '组织', en: 'Organisation' },
  wholeCompany: { zh: '全公司', en: 'Whole company' },
  notByOrg: { zh: '不分组织', en: 'All organisations' },
  notByOrgHint: { zh: '此图的数据没有组织归属，显示全公司', en: 'This chart’s records belong to no organisation: it shows the whole company' },
} satisfies Record<string, Label>;

const WALL = { page: '#0b1220', card: '#111a2b', border: '#1f2b40', text: '#e6eaf0', muted: '#8b98ad', good: '#6ccb5f', warn: '#fce100', bad: '#ff6b6b' };

type Loaded = { result: ReportResult | null; error: boolean; range: { from: string; to: string }; byOrg: boolean };
type TowerReply = {
  range: { from: string; to: string };
  org: number | null;
  settings: Record<string, WidgetSettings>;
  widgets: Record<string, { report: string; range: { from: string; to: string }; result: ReportResult | null; error?: string; byOrg: boolean }>;
};
const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * The tower's first call, asked for as soon as this chunk is evaluated (while the shell still renders
 * around it), with the default range and the page's `source`: the first load takes it when it asks
 * the same. A token about to expire is left to the shell's refresh (the page asks once mounted).
 */
const towerQuery = (range: { from: string; to: string }, raw: boolean, org: string) => ({ from: range.from, to: range.to, ...(org ? { org } : {}), ...(raw ? { source: 'raw' } : {}) });
let early: { key: string; reply: Promise<TowerReply | null> } | null = null;
if (typeof window !== 'undefined' && location.pathname.endsWith('/visual/control-tower')) {
  const session = readStoredSession();
  if (session.token && (session.tokenExpire ?? 0) > Date.now() / 1000 + 30) {
    const params = new URLSearchParams(location.search);
    const q = towerQuery(defaultRange(todayIso()), params.get('source') === 'raw', params.get('org') ?? '');
    early = { key: JSON.stringify(q), reply: api.get<TowerReply>('/rptapi/tower', q, { quiet: true }).catch(() => null) };
  }
}
function askTower(q: Record<string, string>): Promise<TowerReply> {
  const key = JSON.stringify(q);
  const mine = early && early.key === key ? early.reply : null;
  early = null;
  return mine ? mine.then((r) => r ?? api.get<TowerReply>('/rptapi/tower', q, { quiet: true })) : api.get<TowerReply>('/rptapi/tower', q, { quiet: true });
}

/**
 * The control tower (`/visual/control-tower`, spec `/visual/{opt}`): headline numbers and one ECharts
 * widget per report the user may read, over a date range; a click on an element opens the list
 * filtered to it (or the report, where the rows are computed); it reloads when the company's socket
 * says the data under it changed (`report.changed` after a save, `schedule.changed` after a board
 * move), and every five minutes on a wall; full screen for a wall display.
 */
export function ControlTower() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const tr = useCallback((l: Label | string) => (typeof l === 'string' ? l : en ? l.en : l.zh), [en]);
  const navigate = useNavigate();
  // `?source=raw`: the widgets' figures computed from the documents' own tables instead of the
  // pre-aggregated ones (the same figures; benchmark B8 compares the two).
  const [search, setSearch] = useSearchParams();
  const rawSource = search.get('source') === 'raw';
  // `?org=`: the documents entered by the members of that organisation (and those below it), as on
  // the dashboards; charts whose records have no author show the whole company, marked.
  const org = search.get('org') ?? '';
  const [orgs, setOrgs] = useState<DashboardOrg[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<DashboardOrg[]>('/rptapi/tower/orgs', {}, { quiet: true })
      .then((o) => live && setOrgs(o))
      .catch(() => live && setOrgs([]));
    return () => {
      live = false;
    };
  }, []);
  const members = useMemo(() => orgs?.find((o) => String(o.id) === org)?.users ?? null, [orgs, org]);
  const setOrg = (value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set('org', value);
    else next.delete('org');
    setSearch(next, { replace: true });
  };
  const { menus } = useSnapshot(access);
  const { theme: sessionTheme } = useReportTheme();
  // The session theme's colours on the wall's dark ground.
  const theme: ChartTheme = useMemo(() => ({ ...sessionTheme, text: WALL.text, grid: WALL.border, background: 'transparent' }), [sessionTheme]);
  const codes = useMemo(() => new Set(menus.flatMap((g) => g.children.map((c) => c.CODE))), [menus]);
  const widgets = useMemo(() => WIDGETS.map((w) => ({ w, source: sourceFor(w, codes) })).filter((x) => x.source), [codes]);
  const [range, setRange] = useState(() => defaultRange(todayIso()));
  const [loaded, setLoaded] = useState<Record<string, Loaded>>({});
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [loading, setLoading] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const [full, toggleFull] = useFullScreen(root);

  const [settings, setSettings] = useState<Record<string, WidgetSettings>>({});
  // The organisation the shown figures were loaded for (tests and assistive technology read it).
  const [loadedOrg, setLoadedOrg] = useState('');

  // Every widget in one call (the server picks each widget's report by the user's menu entries and
  // applies the widget's own period); a widget whose run failed shows "no data".
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const reply = await askTower(towerQuery(range, rawSource, org));
      setLoaded(Object.fromEntries(Object.entries(reply.widgets).map(([key, w]) => [key, { result: w.result, error: !!w.error, range: w.range, byOrg: w.byOrg }])));
      setLoadedOrg(reply.org === null ? '' : String(reply.org));
      setSettings(reply.settings);
      setUpdatedAt(new Date());
    } catch {
      setLoaded(Object.fromEntries(widgets.map(({ w }) => [w.key, { result: null, error: true, range, byOrg: false }])));
    }
    setLoading(false);
  }, [widgets, range, rawSource, org]);

  // A widget's period and top N, kept per user on the server; a changed period reloads the tower.
  const changeSettings = async (key: string, change: WidgetSettings) => {
    const items: BoardItem[] = withSettings(
      WIDGETS.map((w) => ({ key: towerKey(w.key), hidden: false, ...(settings[w.key] ? { settings: settings[w.key] } : {}) })),
      towerKey(key),
      change,
    ).filter((i) => i.settings);
    const saved = await api.post<{ settings: Record<string, WidgetSettings> }>('/rptapi/tower/settings', { items });
    setSettings(saved.settings);
    if ('period' in change) void load();
  };

  // Live: the company's socket says what changed; wait for the write to settle, then reload once.
  useLiveReload(load, isRefreshMessage);

  const rowsOf = Object.fromEntries(Object.entries(loaded).map(([k, v]) => [k, v.result?.rows ?? []]));
  const k = kpis(Object.fromEntries(widgets.map(({ w }) => [w.key, rowsOf[w.key]]).filter(([, r]) => r)), todayIso());
  const pct = (v: number | null) => (v === null ? '—' : fmtValue(v, true));
  const tone = (v: number | null, good: number, warn: number, higherIsBetter = true) =>
    v === null ? WALL.text : higherIsBetter ? (v >= good ? WALL.good : v >= warn ? WALL.warn : WALL.bad) : v <= good ? WALL.good : v <= warn ? WALL.warn : WALL.bad;
  const tiles: Array<{ key: string; label: Label; value: string; color: string; sub?: string; show: boolean }> = [
    { key: 'openOrders', label: T.openOrders, value: k.openOrders === null ? '—' : String(k.openOrders), color: WALL.text, show: 'funnel' in loaded },
    { key: 'onTime', label: T.onTime, value: pct(k.onTime), color: tone(k.onTime, 0.95, 0.85), sub: k.lateOpen ? `${tr(T.lateOpen)} ${k.lateOpen}` : undefined, show: 'ontime' in loaded },
    // Beside the orders' on-time rate, what the live schedule will deliver late (the board's rule).
    { key: 'latePlans', label: T.latePlans, value: k.latePlans === null ? '—' : String(k.latePlans), color: k.latePlans ? WALL.bad : WALL.good, sub: k.scheduledPlans !== null ? `${tr(T.ofScheduled)} ${k.scheduledPlans}` : undefined, show: 'lateness' in loaded },
    { key: 'utilisation', label: T.utilisation, value: pct(k.utilisation), color: tone(k.utilisation, 0.9, 1.0, false), show: 'capacity' in loaded },
    { key: 'coverage', label: T.coverage, value: pct(k.coverage), color: tone(k.coverage, 0.95, 0.6), show: 'allocation' in loaded },
    { key: 'purchases', label: T.purchases, value: k.purchasesInFlight === null ? '—' : String(k.purchasesInFlight), color: WALL.text, show: 'purchase' in loaded },
    { key: 'stockAlerts', label: T.stockAlerts, value: k.stockAlerts === null ? '—' : String(k.stockAlerts), color: k.stockAlerts ? WALL.bad : WALL.good, show: 'stock' in loaded },
    { key: 'nodesFlagged', label: T.nodesFlagged, value: k.nodesFlagged === null ? '—' : String(k.nodesFlagged), color: k.nodesLate ? WALL.bad : k.nodesFlagged ? WALL.warn : WALL.good, sub: k.nodesLate ? `${tr(T.nodesLate)} ${k.nodesLate}` : undefined, show: 'noderisk' in loaded },
    { key: 'openExceptions', label: T.openExceptions, value: k.openExceptions === null ? '—' : String(k.openExceptions), color: k.oldExceptions ? WALL.bad : k.openExceptions ? WALL.warn : WALL.good, sub: k.oldExceptions ? `${tr(T.oldExceptions)} ${k.oldExceptions}` : undefined, show: 'exceptions' in loaded },
    { key: 'defectRate', label: T.defectRate, value: pct(k.defectRate), color: tone(k.defectRate, 0.025, 0.065, false), sub: k.failedLots ? `${tr(T.failedLots)} ${k.failedLots}` : undefined, show: 'quality' in loaded },
  ];

  const onPoint = (w: WidgetDef, source: NonNullable<WidgetDef['sources'][number]>, data: ReturnType<typeof reportChartData>) => (p: ChartPoint) => {
    const report = getReport(source.report)!;
    // The list opened shows the same records: the widget's range and, when it followed it, the organisation.
    const base = Object.fromEntries(Object.entries(widgetQuery(source, loaded[w.key]?.range ?? range, loaded[w.key]?.byOrg ? (members ?? []) : null)).filter(([key]) => key.startsWith('f.')));
    const element = drillOf(data, p.ci, p.si);
    if (document.fullscreenElement) void document.exitFullscreen();
    // The declared screen (a line's week opens the board there) or the list behind the element; rows
    // that are neither open their report filtered to the element.
    const url = drillUrl(report, element, base);
    // The list shows the figure's filters as chips and leads back here (engine/DrillBar.tsx).
    if (url) navigate(url, { state: { back: `${window.location.pathname}${window.location.search}`, backLabel: tr(T.title) } });
    else {
      const filters = drillFilters(report, element, base);
      navigate(`/rpt/dsrptindex/${report.name}?${new URLSearchParams(Object.fromEntries(Object.entries(filters).filter(([key]) => report.filters.includes(key.slice(2, key.lastIndexOf('.')))))).toString()}`);
    }
    void w;
  };

  return (
    <div ref={root} data-testid="control-tower" data-org={loadedOrg} data-fullscreen={full ? '1' : '0'} data-loaded={updatedAt && !loading ? '1' : '0'} style={{ background: WALL.page, color: WALL.text, minHeight: '100%', padding: full ? 24 : 16, boxSizing: 'border-box', display: 'flex', flexDirection: 'column', gap: 14, overflow: 'auto', height: full ? '100vh' : undefined }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <span style={{ fontSize: full ? 30 : 24, fontWeight: 700, letterSpacing: 1 }}>{tr(T.title)}</span>
        </div>
        <span data-testid="tower-live" style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color: WALL.muted, fontSize: 13 }}>
          <span style={{ width: 8, height: 8, borderRadius: 4, background: WALL.good, boxShadow: `0 0 8px ${WALL.good}` }} />
          {tr(T.live)}
          {updatedAt ? ` · ${tr(T.updated)} ${updatedAt.toLocaleTimeString(en ? 'en-GB' : 'zh-CN', { hour12: false })}` : ''}
          {loading ? <Spinner size="extra-tiny" /> : null}
        </span>
        <div style={{ flex: 1 }} />
        <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 13, color: WALL.muted }}>
          {tr(T.from)}
          <DateBox ariaLabel={tr(T.from)} testId="tower-from" value={range.from} onChange={(v) => setRange((r) => ({ ...r, from: v }))} />
          {tr(T.to)}
          <DateBox ariaLabel={tr(T.to)} testId="tower-to" value={range.to} onChange={(v) => setRange((r) => ({ ...r, to: v }))} />
        </label>
        <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 13, color: WALL.muted }}>
          {tr(T.org)}
          <OrgSelect testId="tower-org" label={tr(T.org)} wholeCompany={tr(T.wholeCompany)} orgs={orgs} value={org} onChange={setOrg} width={160} />
        </label>
        <Tooltip content={tr(T.refresh)} relationship="label">
          <Button size="small" appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={() => void load()} style={{ color: WALL.text }} />
        </Tooltip>
        <Tooltip content={tr(full ? T.exitFullscreen : T.fullscreen)} relationship="label">
          <Button data-testid="tower-fullscreen" size="small" appearance="subtle" icon={full ? <FullScreenMinimizeRegular /> : <FullScreenMaximizeRegular />} onClick={toggleFull} style={{ color: WALL.text }} />
        </Tooltip>
      </header>

      {!widgets.length ? <div style={{ color: WALL.muted }}>{tr(T.nothing)}</div> : null}

      <section data-testid="tower-kpis" style={{ display: 'grid', gridTemplateColumns: `repeat(${Math.max(1, tiles.filter((t) => t.show).length)}, minmax(0, 1fr))`, gap: 12 }}>
        {tiles
          .filter((t) => t.show)
          .map((t) => (
            <div key={t.key} data-testid={`kpi-${t.key}`} style={{ background: WALL.card, border: `1px solid ${WALL.border}`, borderRadius: 10, padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: 2 }}>
              <span style={{ color: WALL.muted, fontSize: 13 }}>{tr(t.label)}</span>
              <span style={{ color: t.color, fontSize: full ? 36 : 30, fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.15 }}>{t.value}</span>
              <span style={{ color: WALL.muted, fontSize: 12, minHeight: 16 }}>{t.sub ?? ''}</span>
            </div>
          ))}
      </section>

      <section style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 12, flex: 1 }}>
        {widgets.map(({ w, source }) => {
          const report = getReport(source!.report)!;
          const l = loaded[w.key];
          let data = l?.result ? reportChartData(report, l.result, source!.group, source!.measures, tr) : null;
          // A funnel follows the state machine's order (pending before in progress before finished).
          if (data && w.kind === 'funnel' && report.entity) {
            const states = getEntity(report.entity)?.states?.states.map((s) => s.code) ?? [];
            const order = data.categories.map((c, i) => ({ c, i })).sort((a, b) => states.indexOf(a.c.key ?? '') - states.indexOf(b.c.key ?? ''));
            data = { ...data, categories: order.map((o) => o.c), series: data.series.map((s) => ({ ...s, values: order.map((o) => s.values[o.i]) })) };
          }
          const kind = chartKindFor(w.kind, source!.group.length);
          const own = settings[w.key];
          if (data) data = topCategories(data, kind, own?.top);
          const empty = !data || !data.categories.length;
          return (
            <div key={w.key} data-testid={`widget-${w.key}`} data-report={report.name} title={empty ? undefined : tr(T.clickHint)} style={{ gridColumn: `span ${w.span ?? 1}`, background: WALL.card, border: `1px solid ${WALL.border}`, borderRadius: 10, padding: 12, display: 'flex', flexDirection: 'column', minHeight: 280 }}>
              <div style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 24 }}>
                <span style={{ fontSize: 15, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', flex: 1, minWidth: 0 }} title={tr(w.title)}>
                  {tr(w.title)}
                </span>
                {loadedOrg && l && !l.byOrg ? (
                  <span data-testid={`widget-not-by-org-${w.key}`} title={tr(T.notByOrgHint)} style={{ color: WALL.muted, fontSize: 12, whiteSpace: 'nowrap', border: `1px solid ${WALL.border}`, borderRadius: 4, padding: '0 4px' }}>
                    {tr(T.notByOrg)}
                  </span>
                ) : null}
                {own?.period ? (
                  <span data-testid={`widget-period-label-${w.key}`} style={{ color: WALL.muted, fontSize: 12, whiteSpace: 'nowrap' }}>
                    {tr(PERIOD_LABELS[own.period])}
                  </span>
                ) : null}
                {full ? null : <WidgetSettingsMenu widgetKey={w.key} settings={own} onChange={(x) => void changeSettings(w.key, x)} buttonStyle={{ color: WALL.muted, minWidth: 24 }} />}
              </div>
              {empty ? (
                <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', color: w.key === 'stock' && l?.result ? WALL.good : WALL.muted }}>
                  {!l ? <Spinner size="small" /> : w.key === 'stock' && l.result ? tr(T.noStockAlerts) : tr(T.empty)}
                </div>
              ) : (
                <ReportChart testId={`chart-${w.key}`} kind={kind} data={data!} theme={theme} height={w.key === 'capacity' ? Math.min(440, Math.max(240, 80 + data!.categories.length * 20)) : 240} onPoint={onPoint(w, source!, data!)} />
              )}
            </div>
          );
        })}
      </section>
    </div>
  );
}
