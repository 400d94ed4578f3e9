import { Button, Spinner, Tooltip } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { drillOf, fmtValue, type ChartTheme } from '../../../../reports/charts';
import { drillFilters, drillUrl, getEntity, getReport, type Label } from '../../../model';
import { ReportChart, type ChartPoint } from '../../engine/report/ReportChart';
import { chartKindFor, reportChartData } from '../../engine/report/report-view';
import { PERIOD_LABELS, WidgetSettingsMenu } from '../workspace/WidgetSettingsMenu';
import { alertFromTile, kpis, topCategories, widgetQuery, type WidgetDef } from './control-tower.logic';
import { T, WALL } from './tower-texts';
import { todayIso, type ControlTowerState } from './use-control-tower';

type Tr = (l: Label | string) => string;

/** The headline numbers over the widgets' rows, each coloured good / warning / bad, shown when its widget is there. */
export function TowerKpis({ tower, tr }: { tower: ControlTowerState; tr: Tr }) {
  const { loaded, widgets, full } = tower;
  // Before the tower's reply, a card for every widget the user may read (a dash for its figure), so the
  // row has its height from the first render and nothing under it moves when the figures arrive.
  const asked = Object.keys(loaded).length ? new Set(Object.keys(loaded)) : new Set(widgets.map(({ w }) => w.key));
  const has = (key: string) => asked.has(key);
  const rowsOf = Object.fromEntries(Object.entries(loaded).map(([k, v]) => [k, v.result?.rows ?? []]));
  const k = kpis(Object.fromEntries(widgets.map(({ w }) => [w.key, rowsOf[w.key]]).filter(([, r]) => r)), todayIso());
  const pct = (v: number | null) => (v === null ? '—' : fmtValue(v, true));
  const tone = (v: number | null, good: number, warn: number, higherIsBetter = true) =>
    v === null ? WALL.text : higherIsBetter ? (v >= good ? WALL.good : v >= warn ? WALL.warn : WALL.bad) : v <= good ? WALL.good : v <= warn ? WALL.warn : WALL.bad;
  const tiles: Array<{ key: string; label: Label; value: string; color: string; sub?: string; show: boolean }> = [
    { key: 'openOrders', label: T.openOrders, value: k.openOrders === null ? '—' : String(k.openOrders), color: WALL.text, show: has('funnel') },
    { key: 'onTime', label: T.onTime, value: pct(k.onTime), color: tone(k.onTime, 0.95, 0.85), sub: k.lateOpen ? `${tr(T.lateOpen)} ${k.lateOpen}` : undefined, show: has('ontime') },
    // Beside the orders' on-time rate, what the live schedule will deliver late (the board's rule).
    { key: 'latePlans', label: T.latePlans, value: k.latePlans === null ? '—' : String(k.latePlans), color: k.latePlans ? WALL.bad : WALL.good, sub: k.scheduledPlans !== null ? `${tr(T.ofScheduled)} ${k.scheduledPlans}` : undefined, show: has('lateness') },
    { key: 'utilisation', label: T.utilisation, value: pct(k.utilisation), color: tone(k.utilisation, 0.9, 1.0, false), show: has('capacity') },
    { key: 'coverage', label: T.coverage, value: pct(k.coverage), color: tone(k.coverage, 0.95, 0.6), show: has('allocation') },
    { key: 'purchases', label: T.purchases, value: k.purchasesInFlight === null ? '—' : String(k.purchasesInFlight), color: WALL.text, show: has('purchase') },
    { key: 'stockAlerts', label: T.stockAlerts, value: k.stockAlerts === null ? '—' : String(k.stockAlerts), color: k.stockAlerts ? WALL.bad : WALL.good, show: has('stock') },
    { key: 'nodesFlagged', label: T.nodesFlagged, value: k.nodesFlagged === null ? '—' : String(k.nodesFlagged), color: k.nodesLate ? WALL.bad : k.nodesFlagged ? WALL.warn : WALL.good, sub: k.nodesLate ? `${tr(T.nodesLate)} ${k.nodesLate}` : undefined, show: has('noderisk') },
    { key: 'openExceptions', label: T.openExceptions, value: k.openExceptions === null ? '—' : String(k.openExceptions), color: k.oldExceptions ? WALL.bad : k.openExceptions ? WALL.warn : WALL.good, sub: k.oldExceptions ? `${tr(T.oldExceptions)} ${k.oldExceptions}` : undefined, show: has('exceptions') },
    { key: 'defectRate', label: T.defectRate, value: pct(k.defectRate), color: tone(k.defectRate, 0.025, 0.065, false), sub: k.failedLots ? `${tr(T.failedLots)} ${k.failedLots}` : undefined, show: has('quality') },
  ];
  return (
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
  );
}

/**
 * One widget of the tower: its chart (a funnel in the state machine's order, its top N when set), its
 * period and "not by organisation" marks and its settings menu; a click on an element opens the list
 * filtered to it (or the report, where the rows are computed).
 */
export function TowerWidgetCard({ tower, w, source, theme, tr }: { tower: ControlTowerState; w: WidgetDef; source: WidgetDef['sources'][number]; theme: ChartTheme; tr: Tr }) {
  const navigate = useNavigate();
  const { loaded, range, members, settings, loadedOrg, full, changeSettings, reloading } = tower;
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

  const report = getReport(source.report)!;
  const l = loaded[w.key];
  let data = l?.result ? reportChartData(report, l.result, source.group, source.measures, tr) : null;
  // A funnel follows the state machine's order (pending before in progress before finished).
  if (data && w.kind === 'funnel' && report.entity) {
    const states = getEntity(report.entity)?.states?.states.map((s) => s.code) ?? [];
    const order = data.categories.map((c, i) => ({ c, i })).sort((a, b) => states.indexOf(a.c.key ?? '') - states.indexOf(b.c.key ?? ''));
    data = { ...data, categories: order.map((o) => o.c), series: data.series.map((s) => ({ ...s, values: order.map((o) => s.values[o.i]) })) };
  }
  const kind = chartKindFor(w.kind, source.group.length);
  const own = settings[w.key];
  if (data) data = topCategories(data, kind, own?.top);
  const empty = !data || !data.categories.length;
  return (
    <div key={w.key} data-testid={`widget-${w.key}`} data-report={report.name} data-reloading={reloading.includes(w.key) ? '1' : '0'} title={empty ? undefined : tr(T.clickHint)} style={{ gridColumn: `span ${w.span ?? 1}`, background: WALL.card, border: `1px solid ${WALL.border}`, borderRadius: 10, padding: 12, display: 'flex', flexDirection: 'column', minHeight: 280 }}>
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
        {full ? null : (
          <Tooltip content={tr(T.setAlert)} relationship="label">
            <Button
              data-testid={`widget-alert-${w.key}`}
              size="small"
              appearance="subtle"
              icon={<AlertRegular />}
              style={{ color: WALL.muted, minWidth: 24 }}
              onClick={() => navigate(alertFromTile(source, l?.range ?? range, l?.byOrg ? (members ?? []) : null))}
            />
          </Tooltip>
        )}
        {full ? null : <WidgetSettingsMenu widgetKey={w.key} settings={own} onChange={(x) => void changeSettings(w.key, x)} buttonStyle={{ color: WALL.muted, minWidth: 24 }} />}
      </div>
      {empty ? (
        <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', color: w.key === 'stock' && l?.result ? WALL.good : WALL.muted }}>
          {!l ? <Spinner size="small" /> : w.key === 'stock' && l.result ? tr(T.noStockAlerts) : tr(T.empty)}
        </div>
      ) : (
        <ReportChart lazy testId={`chart-${w.key}`} kind={kind} data={data!} theme={theme} height={w.key === 'capacity' ? Math.min(440, Math.max(240, 80 + data!.categories.length * 20)) : 240} onPoint={onPoint(w, source, data!)} />
      )}
    </div>
  );
}
