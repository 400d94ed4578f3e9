import { Spinner } from '@fluentui/react-components';
import type { HTMLAttributes, ReactNode } from 'react';
import type { ChartTheme } from '../../../../reports/charts';
import { type DashboardWidget, type Label } from '../../../model';
import { ReportChart, type ChartPoint } from './ReportChart';
import { chartKindFor } from './report-view';
import { LOOKS, T, type DashboardLook } from './dashboard-texts';
import type { ChartOf } from './use-dashboard';

export type WidgetCardProps = {
  w: DashboardWidget;
  look: DashboardLook;
  theme: ChartTheme;
  tr: (l: Label | string) => string;
  /** Its report's run: none yet (a spinner), failed, or answered (`chart`). */
  loaded: { error: boolean } | undefined;
  chart: ChartOf | undefined;
  /** An organisation is chosen and this widget's records have no author: it shows the whole company, marked. */
  notByOrg: boolean;
  onPoint: (p: ChartPoint) => void;
  /** The page's own marks and buttons after the title (the tower's period, alert bell and settings). */
  marks?: ReactNode;
  /** Its figures are being asked again (a live reload of its report alone). */
  reloading?: boolean;
  /** The card's props on a board its user arranges (drag and drop, its class while arranged). */
  frame?: HTMLAttributes<HTMLDivElement>;
};

/** One widget of a dashboard: its chart (a click opens the list behind the element), its "any date" and "not by organisation" marks, and its loading, failed or empty state. */
export function DashboardWidgetCard({ w, look, theme, tr, loaded: l, chart, notByOrg, onPoint, marks, reloading, frame }: WidgetCardProps) {
  const L = LOOKS[look];
  const tag = (text: string, hint?: string, testId?: string) => (
    <span data-testid={testId} title={hint} style={{ fontSize: 11, color: L.muted, background: L.tag, borderRadius: 4, padding: '1px 6px', whiteSpace: 'nowrap' }}>
      {text}
    </span>
  );
  const { empty, data } = chart ?? { empty: true, data: null };
  const kind = chartKindFor(w.kind, w.group.length);
  // What no rows mean, when the declaration says (no stock alert is good news).
  const emptyText = l?.error ? tr(T.failed) : w.whenEmpty ? tr(w.whenEmpty.text) : tr(T.empty);
  return (
    <div
      {...frame}
      data-testid={`${L.ids}widget-${w.key}`}
      data-report={w.report}
      data-state={!l ? 'loading' : l.error ? 'error' : empty ? 'empty' : 'ready'}
      data-reloading={reloading ? '1' : '0'}
      title={empty ? undefined : tr(T.clickHint)}
      style={{ gridColumn: `span ${w.span ?? 1}`, background: L.card, border: `1px solid ${L.border}`, borderRadius: 10, padding: 12, display: 'flex', flexDirection: 'column', minHeight: L.cardHeight, minWidth: 0 }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: L.headGap, minWidth: 0, minHeight: 24 }}>
        <span style={{ fontSize: 15, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', flex: 1, minWidth: 0 }} title={tr(w.title)}>
          {tr(w.title)}
        </span>
        {L.nowTag && !w.dateField ? tag(tr(T.now), tr(T.nowHint)) : null}
        {notByOrg ? tag(tr(T.notByOrg), tr(T.notByOrgHint), `${L.ids}widget-not-by-org-${w.key}`) : null}
        {marks}
      </div>
      {empty || !data ? (
        <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', color: l && !l.error && w.whenEmpty?.good ? L.good : L.muted }}>{!l ? <Spinner size="small" /> : emptyText}</div>
      ) : (
        <ReportChart
          lazy={L.lazy}
          testId={`${L.ids}chart-${w.key}`}
          kind={kind}
          data={data}
          theme={theme}
          build={w.option}
          height={kind === 'heatmap' ? Math.min(440, Math.max(L.chartHeight, 80 + data.categories.length * L.heatRow)) : L.chartHeight}
          onPoint={onPoint}
        />
      )}
    </div>
  );
}
