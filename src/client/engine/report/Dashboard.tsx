import { Spinner } from '@fluentui/react-components';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import '../../../../reports';
import '../../../../reports/dashboards';
import { type ChartTheme } from '../../../../reports/charts';
import { followsOrg, getDashboard, type DashboardDef, type DashboardWidget, type Label } from '../../../model';
import { useReportTheme } from './report-theme';
import { LOOKS, T } from './dashboard-texts';
import { DashboardWidgetCard } from './DashboardWidgetCard';
import { useDashboard, useVisibleWidgets } from './use-dashboard';
import { useArrangedBoard } from './use-arranged-board';
import { ArrangeBar, ArrangeTools, CatalogueDialog } from './ArrangedBoard';
import { dashboardCalls } from '../../../model/calls/dashboards';
import { callApi, useCall } from '../../api/calls';
import { DataBarVertical20Regular } from '@fluentui/react-icons';
import { WallControls } from './wall-parts';
import { clockText } from '../../../model/number-text';
import { labelIn } from '../../../model/label-text';

/** `/visual/{opt}` (wall) and `/workspace/ecindex/{opt}`, `/clientrpt/page/{opt}` (workbench): the dashboard named by opt. */
export function DashboardRoute({ look = 'wall' }: { look?: 'wall' | 'board' }) {
  const { opt = '' } = useParams();
  const { i18n } = useTranslation();
  const def = getDashboard(opt);
  if (!def) {
    const L = LOOKS[look];
    return (
      <div data-testid="dashboard-unknown" style={{ padding: 24, color: L.muted }}>
        {labelIn(T.unknown, i18n.language)}: {opt}
      </div>
    );
  }
  return <Dashboard key={opt} def={def} look={look} />;
}

export const WorkbenchDashboardRoute = () => <DashboardRoute look="board" />;

/**
 * The user's arrangement of a declared dashboard (issue 30: every declared dashboard is arranged by
 * its users, as the personal boards are): the widgets the menus allow, in the user's order, hidden
 * ones back in the dashboard's widget market; read and saved per company and user by the dashboard's
 * layout calls. A failed read draws the declared order.
 */
function useArrangedDashboard(def: DashboardDef, visible: readonly DashboardWidget[]) {
  const { data, error, mutate } = useCall(dashboardCalls.layout, { name: def.name }, { quiet: true });
  const offered = useMemo(() => visible.map((w) => w.key), [visible]);
  return useArrangedBoard({
    stored: error ? null : data?.items,
    offered,
    defaults: () => offered.map((key) => ({ key, hidden: false })),
    persist: async (items) => {
      const saved = await callApi(dashboardCalls.saveLayout, { name: def.name, items });
      await mutate({ items: saved.items }, { revalidate: false });
    },
  });
}

/**
 * A declared dashboard (src/model/dashboard.ts, reports/dashboards), arranged by its user: a date range and an organisation
 * (kept in the URL), one chart per widget the user's menus allow, each through the report API (tenant
 * and data permissions applied by the server); a click opens the list behind the element. It reloads
 * when the company's socket says the data changed and every five minutes; the wall has a full screen.
 */
function Dashboard({ def, look }: { def: DashboardDef; look: 'wall' | 'board' }) {
  const { i18n } = useTranslation();
  const tr = useCallback((l: Label | string) => (typeof l === 'string' ? l : labelIn(l, i18n.language)), [i18n.language]);
  const L = LOOKS[look];
  const visible = useVisibleWidgets(def);
  const arranged = useArrangedDashboard(def, visible);
  const board = useDashboard(def, tr, arranged.items ? arranged.shown : null);
  const { widgets, orgs, filters, updatedAt, loadedOrg, loading, root, full, toggleFull, load, setParam, loaded, charts, onPoint } = board;
  const { theme: sessionTheme } = useReportTheme();
  const theme: ChartTheme = useMemo(() => (look === 'wall' ? { ...sessionTheme, text: L.text, grid: L.border, background: 'transparent' } : sessionTheme), [sessionTheme, look, L]);

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
            {updatedAt ? ` · ${tr(T.updated)} ${clockText(updatedAt)}` : ''}
          </span>
        </div>
        <WallControls
          ids="dashboard"
          tr={tr}
          colours={L}
          range={filters}
          onRange={setParam}
          dateWidth={132}
          orgs={orgs}
          org={filters.org ? String(filters.org) : ''}
          onOrg={(v) => setParam('org', v || null)}
          orgWidth={172}
          actions={<span style={{ width: 16, display: 'inline-flex' }}>{loading ? <Spinner size="extra-tiny" /> : null}</span>}
          onRefresh={() => void load()}
          fullScreen={look === 'wall' ? { full, toggle: toggleFull } : undefined}
        />
      </header>
      {/* The user's arranging and widget market (not on a full screen wall). */}
      {full ? null : <ArrangeBar board={arranged} colours={L} />}

      {arranged.items && !widgets.length ? <div style={{ color: L.muted }}>{tr(T.nothing)}</div> : null}

      <section style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 12 }}>
        {arranged.shown.map((k) => widgets.find((w) => w.key === k)).filter((w) => !!w).map((w) => (
          <DashboardWidgetCard
            key={w.key}
            w={w}
            look={look}
            theme={theme}
            tr={tr}
            loaded={loaded[w.key]}
            chart={charts[w.key]}
            notByOrg={!!filters.users && !followsOrg(w)}
            onPoint={onPoint(w)}
            frame={arranged.frame(w.key)}
            marks={arranged.arranging ? <ArrangeTools board={arranged} k={w.key} colour={L.text} /> : undefined}
          />
        ))}
      </section>
      {arranged.items ? <CatalogueDialog board={arranged} offers={visible.map((w) => ({ key: w.key, title: w.title, sub: def.title, icon: <DataBarVertical20Regular /> }))} /> : null}
    </div>
  );
}
