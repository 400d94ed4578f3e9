import { Spinner } from '@fluentui/react-components';
import type { ChartTheme } from '../../../../reports/charts';
import { followsOrg, getReport, type DashboardWidget, type Label } from '../../../model';
import { ReportChart } from './ReportChart';
import { chartKindFor } from './report-view';
import { LOOKS, T } from './dashboard-texts';
import type { DashboardState } from './use-dashboard';

/** One widget of a dashboard: its chart (a click opens the list behind the element), its "any date" and "not by organisation" marks, and its loading, failed or empty state. */
export function DashboardWidgetCard({ board, w, look, theme, tr }: { board: DashboardState; w: DashboardWidget; look: 'wall' | 'board'; theme: ChartTheme; tr: (l: Label | string) => string }) {
  const L = LOOKS[look];
  const { loaded, charts, filters, onPoint } = board;
  const tag = (text: string, hint?: string) => (
    <span title={hint} style={{ fontSize: 11, color: L.muted, background: L.tag, borderRadius: 4, padding: '1px 6px', whiteSpace: 'nowrap' }}>
      {text}
    </span>
  );
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
}
