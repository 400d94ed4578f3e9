/**
 * The chosen order's timeline panel in its drawer (the maker's, the brand's, the supplier's): the summary of the drawer's record's node lines (the view's lines, computed with the record:
 * tracking.views.ts). The nodes are the drawer's child grid above it, with their timeline drawn under
 * them (grids/tracking/trackedorders.grid.ts).
 */
import { useTranslation } from 'react-i18next';
import type { TimelineNode } from '../../../model/calls/tracking';
import { nodeSummary } from './timeline-layout';

type Row = Record<string, unknown>;

/** The summary of `record`'s node lines (or that it has none). */
export function TimelinePanel(props: { record: Row; no: string; showEmpty?: boolean }) {
  const { t } = useTranslation();
  const nodes = (props.record.nodes as TimelineNode[] | undefined) ?? [];
  const s = nodeSummary(nodes);
  const delivery = (props.record.delivery_date as string | null | undefined) ?? null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid="order-timeline" data-order={props.no}>
      <div className="nt-summary" data-testid="timeline-summary">
        {t('nt.summary', { delivery: delivery ?? '-', done: s.done, total: nodes.length, late: s.late, risk: s.at_risk, projected: s.projected_end ?? '-' })}
      </div>
      {props.showEmpty !== false && !nodes.length && <div>{t('nt.noNodes')}</div>}
    </div>
  );
}
