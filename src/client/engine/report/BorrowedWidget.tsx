import { Spinner } from '@fluentui/react-components';
import { useMemo } from 'react';
import '../../../../reports';
import { dashboardQuery, type DashboardWidget } from '../../../model';
import { periodRange, type WidgetSettings } from '../../../model/widget-settings';
import { reportCalls } from '../../../model/calls/reports';
import { useCall } from '../../api/calls';
import { ReportChart } from './ReportChart';
import { useReportTheme } from './report-theme';
import { chartKindFor } from './report-view';
import { T } from './dashboard-texts';
import { isDashboardRefresh } from './dashboard.logic';
import { useCharts, useDrill } from './use-dashboard';
import { useSocketReload } from './wall-parts';
import { useTr } from './use-arranged-board';

/**
 * One borrowed widget on a composed dashboard (a control tower widget on a personal board): the tower's declared widget (the source the user's
 * menus give, `visibleWidgets`) run and drawn as every dashboard's widget is (`dashboardQuery` over
 * the widget's period from the user's board settings, else the declared `range`; the declared
 * reshaping and the top N by `useCharts`), through the report API, so tenant and data permissions
 * apply as on the tower; in the session's report theme on the light board. A click opens the list
 * behind the element (`useDrill`, with the way back to `backLabel`), and it reloads on the dashboards' socket messages.
 */
export function BorrowedWidget({ widget: w, settings, height, backLabel, range }: { widget: DashboardWidget; settings?: WidgetSettings; height: number; backLabel: string; range: (today: string) => { from: string; to: string } }) {
  const tr = useTr();
  const { theme } = useReportTheme();
  // The widget's own period (board settings), else the tower's default range.
  const filters = useMemo(() => {
    const today = new Date().toISOString().slice(0, 10);
    return { ...(periodRange(settings?.period, today) ?? range(today)), users: null };
  }, [settings?.period, range]);
  const query = useMemo(() => ({ ...dashboardQuery(w, filters), name: w.report }), [w, filters]);
  const { data: result, error, mutate } = useCall(reportCalls.run, query, { quiet: true });
  // Live as on the tower: the company's socket says the data under it changed; reload once the write settled.
  useSocketReload(isDashboardRefresh, mutate, 1500);
  const widgets = useMemo(() => [w], [w]);
  const loaded = useMemo(() => (result || error ? { [w.key]: { result: result ?? null, error: Boolean(error) } } : {}), [w.key, result, error]);
  const tops = useMemo(() => ({ [w.key]: settings?.top }), [w.key, settings?.top]);
  const { empty, data } = useCharts(widgets, loaded, tr, tops)[w.key];
  const drill = useDrill(backLabel);
  if (error) return <div style={{ height, display: 'grid', placeItems: 'center', color: '#a4262c' }}>{tr(T.failed)}</div>;
  if (!result) return <div style={{ height, display: 'grid', placeItems: 'center' }}><Spinner size="small" /></div>;
  // An empty widget says what the tower's declaration says of it (no stock alert is good news).
  if (empty || !data) return <div style={{ height, display: 'grid', placeItems: 'center', color: w.whenEmpty?.good ? '#107c10' : '#707070' }}>{tr(w.whenEmpty?.text ?? T.empty)}</div>;
  const total = data.series.reduce((sum, x) => sum + x.values.reduce<number>((a, v) => a + (v ?? 0), 0), 0);
  return (
    <div data-testid={`board-widget-${w.key}`} data-total={total}>
      <ReportChart testId={`board-chart-${w.key}`} kind={chartKindFor(w.kind, w.group.length)} data={data} theme={theme} build={w.option} height={height} onPoint={(p) => drill(w, data, filters, p)} />
    </div>
  );
}
