import { Button, Tooltip } from '@fluentui/react-components';
import { AlertRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import type { ChartTheme } from '../../../../reports/charts';
import { type DashboardWidget, type Label } from '../../../model';
import { DashboardWidgetCard } from '../../engine/report/DashboardWidgetCard';
import { PERIOD_LABELS, WidgetSettingsMenu } from '../../engine/report/WidgetSettingsMenu';
import { alertFromTile } from './control-tower.logic';
import { T, WALL } from './tower-texts';
import type { ControlTowerState } from './use-control-tower';

type Tr = (l: Label | string) => string;

/**
 * One widget of the tower, drawn by the dashboards' card (engine/report): its chart, its "not by
 * organisation" mark, and the tower's own period label, alert bell and settings menu.
 */
export function TowerWidgetCard({ tower, w, theme, tr }: { tower: ControlTowerState; w: DashboardWidget; theme: ChartTheme; tr: Tr }) {
  const navigate = useNavigate();
  const { loaded, range, members, settings, loadedOrg, full, changeSettings, reloading, charts, onPoint } = tower;
  const l = loaded[w.key];
  const own = settings[w.key];
  const marks = (
    <>
      {own?.period ? (
        <span data-testid={`widget-period-label-${w.key}`} style={{ color: WALL.muted, fontSize: 12, whiteSpace: 'nowrap' }}>
          {tr(PERIOD_LABELS[own.period])}
        </span>
      ) : null}
      {full ? null : (
        <Tooltip content={tr(T.setAlert)} relationship="label">
          <Button data-testid={`widget-alert-${w.key}`} size="small" appearance="subtle" icon={<AlertRegular />} style={{ color: WALL.muted, minWidth: 24 }} onClick={() => navigate(alertFromTile(w, l?.range ?? range, l?.byOrg ? (members ?? []) : null))} />
        </Tooltip>
      )}
      {full ? null : <WidgetSettingsMenu widgetKey={w.key} settings={own} onChange={(x) => void changeSettings(w.key, x)} buttonStyle={{ color: WALL.muted, minWidth: 24 }} />}
    </>
  );
  return <DashboardWidgetCard w={w} look="tower" theme={theme} tr={tr} loaded={l} chart={charts[w.key]} notByOrg={!!loadedOrg && !!l && !l.byOrg} onPoint={onPoint(w)} marks={marks} reloading={reloading.includes(w.key)} />;
}
