import { Spinner } from '@fluentui/react-components';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import '../../../../reports';
import '../../../../reports/dashboards';
import { type ChartTheme } from '../../../../reports/charts';
import { followsOrg, getDashboard, type DashboardDef, type Label } from '../../../model';
import { useReportTheme } from './report-theme';
import { LOOKS, T } from './dashboard-texts';
import { DashboardWidgetCard } from './DashboardWidgetCard';
import { useDashboard, useVisibleWidgets } from './use-dashboard';
import { useArrangedDashboard } from './use-composed-board';
import { ArrangeBar, ArrangeTools, CatalogueDialog } from './ArrangedBoard';
import { DataBarVertical20Regular } from '@fluentui/react-icons';
import { WallControls } from './wall-parts';
import { clockText } from '../../../model/number-text';
import { labelIn } from '../../../model/label-text';

/** `/visual/{opt}` (wall) and `/workspace/ecindex/{opt}`, `/clientrpt/page/{opt}` (workbench): the dashboard named by opt. */
export function DashboardRoute({ look = 'wall' }: { look?: 'wall' | 'board' }) {
  const { opt = '' } = useParams();
  const { i18n } = useTranslation();
  // A composed board (the personal boards) is drawn by its own page.
  const def = getDashboard(opt);
  if (!def || def.composed) {
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
  const offered = useMemo(() => visible.map((w) => w.key), [visible]);
  // The user's arrangement (issue 30); nothing saved or a failed read: the declared order.
  const arranged = useArrangedDashboard(def, offered, () => offered.map((key) => ({ key, hidden: false })));
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
