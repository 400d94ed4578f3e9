import { Button, Spinner } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../../reports';
import { type ChartTheme } from '../../../../reports/charts';
import { type Label } from '../../../model';
import { useReportTheme } from '../../engine/report/report-theme';
import { controlTower } from '../../../../reports/control-tower';
import { DashboardHeadlines } from '../../engine/report/DashboardHeadlines';
import { TowerWidgetCard } from './TowerParts';
import { T, WALL } from './tower-texts';
import { todayIso, useControlTower } from './use-control-tower';
import { WallControls } from '../../engine/report/wall-parts';
import { TowerTiles } from './tiles/TowerTiles';
import { TowerScenarios } from './scenarios/TowerScenarios';
import { clockText } from '../../../model/number-text';

/**
 * The control tower (`/visual/control-tower`, spec `/visual/{opt}`): headline numbers and one ECharts
 * widget per report the user may read, over a date range; a click on an element opens the list
 * filtered to it (or the report, where the rows are computed); it reloads when the company's socket
 * says the data under it changed (`report.dataset` after a committed write: only the widgets reading
 * those reports reload; `schedule.changed` after a board
 * move), and every five minutes on a wall; full screen for a wall display.
 */
export function ControlTower() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const tr = useCallback((l: Label | string) => (typeof l === 'string' ? l : en ? l.en : l.zh), [en]);
  const tower = useControlTower(tr);
  const navigate = useNavigate();
  const { org, orgs, setOrg, widgets, range, setRange, updatedAt, loading, root, full, toggleFull, loadedOrg, load } = tower;
  const { theme: sessionTheme } = useReportTheme();
  // The session theme's colours on the wall's dark ground.
  const theme: ChartTheme = useMemo(() => ({ ...sessionTheme, text: WALL.text, grid: WALL.border, background: 'transparent' }), [sessionTheme]);

  return (
    <div ref={root} data-testid="control-tower" data-org={loadedOrg} data-fullscreen={full ? '1' : '0'} data-loaded={updatedAt && !loading ? '1' : '0'} style={{ background: WALL.page, color: WALL.text, minHeight: '100%', padding: full ? 24 : 16, boxSizing: 'border-box', display: 'flex', flexDirection: 'column', gap: 14, overflow: 'auto', height: full ? '100vh' : undefined }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <span style={{ fontSize: full ? 30 : 24, fontWeight: 700, letterSpacing: 1 }}>{tr(T.title)}</span>
        </div>
        <span data-testid="tower-live" style={{ display: 'inline-flex', alignItems: 'center', gap: 6, color: WALL.muted, fontSize: 13 }}>
          <span style={{ width: 8, height: 8, borderRadius: 4, background: WALL.good, boxShadow: `0 0 8px ${WALL.good}` }} />
          {tr(T.live)}
          {/* The time and the spinner keep their room before the first reply: the heading's line never grows and wraps (pushing the tower down). */}
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>{` · ${tr(T.updated)} ${updatedAt ? clockText(updatedAt) : '--:--:--'}`}</span>
          <span style={{ display: 'inline-flex', width: 16 }}>{loading ? <Spinner size="extra-tiny" /> : null}</span>
        </span>
        <div style={{ flex: 1 }} />
        <WallControls
          ids="tower"
          tr={tr}
          colours={WALL}
          range={range}
          onRange={(side, v) => setRange((r) => ({ ...r, [side]: v }))}
          orgs={orgs}
          org={org}
          onOrg={setOrg}
          orgWidth={160}
          actions={
            full ? null : (
              <Button data-testid="tower-alerts" size="small" appearance="subtle" icon={<AlertRegular />} onClick={() => navigate('/rpt/page/alerts')} style={{ color: WALL.text }}>
                {tr(T.alerts)}
              </Button>
            )
          }
          onRefresh={() => void load()}
          fullScreen={{ full, toggle: toggleFull }}
        />
      </header>

      {!widgets.length ? <div style={{ color: WALL.muted }}>{tr(T.nothing)}</div> : null}

      <DashboardHeadlines testId="tower-kpis" headlines={controlTower.headlines ?? []} widgets={widgets} loaded={tower.loaded} today={todayIso()} look="tower" large={full} tr={tr} />

      <TowerTiles theme={theme} tr={tr} full={full} />

      {/* The scenarios' figures are asked once the tower's first reply (or its failure) is drawn. */}
      <TowerScenarios tr={tr} full={full} towerDrawn={updatedAt !== null || Object.keys(tower.loaded).length > 0} />

      <section style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 12, flex: 1 }}>
        {widgets.map((w) => (
          <TowerWidgetCard key={w.key} tower={tower} w={w} theme={theme} tr={tr} />
        ))}
      </section>
    </div>
  );
}
