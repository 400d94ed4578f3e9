import { Spinner } from '@fluentui/react-components';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import '../../../../reports';
import { drillOf } from '../../../../reports/charts';
import { getReport, type Label } from '../../../model';
import { periodRange, type WidgetSettings } from '../../../model/workspace';
import { reportCalls } from '../../../model/calls/reports';
import { useCall } from '../../api/calls';
import { ReportChart } from '../../engine/report/ReportChart';
import { useReportTheme } from '../../engine/report/report-theme';
import { chartKindFor, reportChartData } from '../../engine/report/report-view';
import { T } from '../../engine/report/dashboard-texts';
import { useSocketReload } from '../../engine/report/wall-parts';
import { defaultRange, drillPath, inStateOrder, isRefreshMessage, topCategories, widgetQuery, type WidgetDef } from '../visual/control-tower.logic';


/**
 * One control tower widget on a personal board: the tower's own declaration (WIDGETS) and query
 * (`widgetQuery` over the widget's period from the user's board settings, else the tower's default
 * range; its top N drawn when set), through the report API, so tenant and data
 * permissions apply as on the tower; drawn in the session's report theme on the light board. A
 * click opens the list behind the element, and it reloads on the tower's socket messages, as on the tower.
 */
export function TowerWidgetBlock({ widget, source, settings, height }: { widget: WidgetDef; source: WidgetDef['sources'][number]; settings?: WidgetSettings; height: number }) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const tr = useCallback((l: Label) => (en ? l.en : l.zh), [en]);
  const navigate = useNavigate();
  const { theme } = useReportTheme();
  // The widget's own period (board settings), else the tower's default range.
  const range = useMemo(() => {
    const today = new Date().toISOString().slice(0, 10);
    return periodRange(settings?.period, today) ?? defaultRange(today);
  }, [settings?.period]);
  const query = useMemo(() => ({ ...widgetQuery(source, range), name: source.report }), [source, range]);
  const { data: result, error, mutate } = useCall(reportCalls.run, query, { quiet: true });
  // Live as on the tower: the company's socket says the data under it changed; reload once the write settled.
  useSocketReload(isRefreshMessage, mutate, 1500);
  const report = getReport(source.report);
  if (!report) return null;
  if (error) return <div style={{ height, display: 'grid', placeItems: 'center', color: '#a4262c' }}>{tr(T.failed)}</div>;
  if (!result) return <div style={{ height, display: 'grid', placeItems: 'center' }}><Spinner size="small" /></div>;
  let data = reportChartData(report, result, source.group, source.measures, tr);
  if (widget.kind === 'funnel') data = inStateOrder(data, report);
  data = topCategories(data, chartKindFor(widget.kind, source.group.length), settings?.top);
  // An empty widget says what the tower's declaration says of it (no stock alert is good news).
  if (!data.categories.length)
    return <div style={{ height, display: 'grid', placeItems: 'center', color: widget.whenEmpty?.good ? '#107c10' : '#707070' }}>{tr(widget.whenEmpty?.text ?? T.empty)}</div>;
  const total = data.series.reduce((sum, x) => sum + x.values.reduce<number>((a, v) => a + (v ?? 0), 0), 0);
  return (
    <div data-testid={`board-widget-${widget.key}`} data-total={total}>
    <ReportChart
      testId={`board-chart-${widget.key}`}
      kind={chartKindFor(widget.kind, source.group.length)}
      data={data}
      theme={theme}
      height={height}
      onPoint={(p) => navigate(drillPath(report, source, range, drillOf(data, p.ci, p.si)))}
    />
    </div>
  );
}
