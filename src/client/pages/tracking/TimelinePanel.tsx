/**
 * The chosen order's timeline in its drawer (the maker's, the brand's, the supplier's): its head,
 * the summary and the drawn timeline, from the drawer's record and its node lines (the view's lines,
 * computed with the record: tracking.views.ts). The nodes are the drawer's child grid, above it
 * (grids/tracking/trackedorders.grid.ts).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineNode } from '../../../model/calls/tracking';
import { NodeTimeline } from './NodeTimeline';
import { localToday, nodeSummary } from './timeline-layout';

type Row = Record<string, unknown>;

/** The head, the summary and the timeline of `record`'s node lines. */
export function TimelinePanel(props: { record: Row; no: string; head?: ReactNode; showEmpty?: boolean; onPlanDrag?: (n: TimelineNode, planDate: string) => void }) {
  const { t } = useTranslation();
  const { record, onPlanDrag: drop } = props;
  const nodes = (record.nodes as TimelineNode[] | undefined) ?? [];
  const s = nodeSummary(nodes);
  const delivery = (record.delivery_date as string | null | undefined) ?? null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid="order-timeline" data-order={props.no}>
      {props.head && <div className="nt-head">{props.head}</div>}
      <div className="nt-summary" data-testid="timeline-summary">
        {t('nt.summary', { delivery: delivery ?? '-', done: s.done, total: nodes.length, late: s.late, risk: s.at_risk, projected: s.projected_end ?? '-' })}
      </div>
      {props.showEmpty !== false && !nodes.length ? (
        <div>{t('nt.noNodes')}</div>
      ) : (
        <NodeTimeline nodes={nodes} today={localToday()} delivery={delivery} width={900} onPlanDrag={drop ? (n, d) => drop(n as TimelineNode, d) : undefined} />
      )}
    </div>
  );
}
