/**
 * The chosen order's timeline in its drawer (the maker's, the brand's, the supplier's): its head,
 * the summary and the drawn timeline. The order's nodes are the drawer's child grid, above it
 * (grids/tracking/trackedorders.grid.ts).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Timeline, TimelineNode } from '../../../model/calls/tracking';
import { NodeTimeline } from './NodeTimeline';

export function Summary({ tl }: { tl: Timeline }) {
  const { t } = useTranslation();
  const tr = tl.tracking;
  return (
    <div className="nt-summary" data-testid="timeline-summary">
      {t('nt.summary', { delivery: tl.order.delivery_date ?? '-', done: tr.done, total: tr.nodes.length, late: tr.late, risk: tr.at_risk, projected: tr.projected_end ?? '-' })}
    </div>
  );
}

/** The head, the summary and the timeline (`children`: what follows it, a hand table). */
export function TimelinePanel(props: { tl: Timeline; no: string; head?: ReactNode; showEmpty?: boolean; onPlanDrag?: (n: TimelineNode, planDate: string) => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const { tl, onPlanDrag: drop } = props;
  const empty = props.showEmpty !== false && !tl.tracking.nodes.length;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid="order-timeline" data-order={props.no}>
      {props.head && <div className="nt-head">{props.head}</div>}
      <Summary tl={tl} />
      {empty ? (
        <div>{t('nt.noNodes')}</div>
      ) : (
        <>
          <NodeTimeline nodes={tl.tracking.nodes} today={tl.today} delivery={(tl.order.delivery_date as string | null) ?? null} width={900} onPlanDrag={drop ? (n, d) => drop(n as TimelineNode, d) : undefined} />
          {props.children}
        </>
      )}
    </div>
  );
}
