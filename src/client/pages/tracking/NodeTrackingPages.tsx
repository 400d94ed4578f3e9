/**
 * Node tracking's pages (issue 12):
 * - the maker's order node tracking (`/scm/page/node-tracking`): its orders in progress with what
 *   their nodes say today (done, late, at risk, current node, projected end), one order's timeline
 *   (plan against actual, critical path), actual dates recorded per node, "regenerate node plan";
 * - the brand's order node progress (`/scm/page/order-node-timeline`): its own requirement orders at
 *   its makers and the same timeline, read-only, moving live when the maker records a date.
 * Both follow `nodetrack.changed` on the company socket. The maker sends supplier nodes to its
 * supplier's company from here (SupplierNodes.tsx has that dialog and the supplier's own page).
 */
import { Button } from '@fluentui/react-components';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../form/dialogs';
import { LineActions } from '../../form/LineActions';
import { orderNode } from '../../../model/entities/nodeconfig.entity';
import { trackingCalls, type Timeline as TimelineReply, type TimelineNode, type TrackedOrderRow } from '../../../model/calls/tracking';
import { TimelinePanel, type NodeColumn } from './NodeTable';
import { SendToSupplierDialog } from './SupplierNodes';
import './tracking-messages';
import { CSS } from './tracking-style';
import { figureColumns, TrackedOrdersLayout } from './TrackedOrdersLayout';
import { useNodeEvents } from './use-node-events';
import { useNodeTracking } from './use-node-tracking';
import { useTrackedOrders } from './use-tracked-orders';

export type Node = TimelineNode;
export type Timeline = TimelineReply;
export type OrderRow = TrackedOrderRow;

export { CSS, useNodeEvents };
export { Count, partyLabel, sourceLabel, StateTag, Summary } from './NodeTable';

// ---------------------------------------------------------------------------------------------
// maker

const MAKER_COLUMNS: NodeColumn[] = ['node', 'party', 'days', 'planStart', 'plan', 'forecast', 'state', 'actual', 'source', 'actions'];

/** The maker's node table shows where a sent node went, and takes it back (the node line's `recall`). */
function SentTo({ n, tl, disabled, onRecalled }: { n: Node; tl: Timeline; disabled: boolean; onRecalled: () => void }) {
  const { t } = useTranslation();
  const supplier = n.share_id ? tl.suppliers?.[String(n.share_id)] : undefined;
  if (!supplier) return null;
  return (
    <span style={{ marginLeft: 6, color: '#0f6cbd', fontSize: 12 }}>
      {t('nt.sentTo', { supplier })}
      <LineActions entity={orderNode} master={tl.order} line={n} only={['recall']} disabled={disabled} testId={`line-${n.node_code}`} doneText={t('nt.recalled', { node: n.node_name })} onDone={onRecalled} />
    </span>
  );
}

export function NodeTrackingPage() {
  const { t } = useTranslation();
  const p = useNodeTracking();
  const { tl, busy, closed } = p;
  const timeline = !tl ? null : (
    <TimelinePanel
      tl={tl}
      no={String(tl.order.order_no ?? '')}
      head={
        <>
          <span className="nt-summary">{`${String(tl.order.brand_name ?? '')} ${tl.order.source_no ? `· ${String(tl.order.source_no)}` : ''}`}</span>
          <Button size="small" disabled={busy || closed} onClick={() => p.setConfirm(true)} data-testid="regenerate-nodes">{t('nt.regenerate')}</Button>
          <Button size="small" disabled={busy || closed || !p.supplierNodes.length} onClick={() => p.setSending(true)} data-testid="send-supplier">{t('nt.send')}</Button>
          <Button size="small" disabled={busy} onClick={p.exportPlans} data-testid="export-nodes">{t('nt.export')}</Button>
        </>
      }
      onPlanDrag={busy || closed ? undefined : p.movePlan}
      table={{
        columns: MAKER_COLUMNS,
        critical: 'badge',
        editing: { drafts: p.drafts, setDrafts: p.setDrafts, disabled: busy || closed, onRecord: (n, date) => void p.record(n, date) },
        partyExtra: (n) => <SentTo n={n} tl={tl} disabled={busy || closed} onRecalled={p.recalled} />,
        // Re-planning a node from its row (the drag's keyboard twin); its actual date has the cell of its own.
        lineActions: { order: tl.order, only: ['plan'], disabled: busy || closed, onDone: p.lineDone },
      }}
    />
  );
  return (
    <>
      <TrackedOrdersLayout<OrderRow>
        testId="node-tracking-page"
        title={t('nt.title')}
        error={p.error}
        onReload={p.reload}
        rows={p.rows}
        emptyText={t('nt.noOrders')}
        listTestId="tracked-orders"
        rowId={(r) => Number(r.id)}
        rowTestId={(r) => `tracked-order-${String(r.order_no)}`}
        selected={p.selected}
        onOpen={p.open}
        columns={[
          { header: t('nt.col.order'), cell: (r) => String(r.order_no ?? '') },
          { header: t('nt.col.brand'), cell: (r) => String(r.brand_name ?? '') },
          { header: t('nt.col.delivery'), cell: (r) => String(r.delivery_date ?? '') },
          ...figureColumns<OrderRow>(t),
        ]}
        timeline={timeline}
      />
      {p.sending && tl ? (
        <SendToSupplierDialog
          order={tl.order}
          nodes={p.supplierNodes}
          onClose={() => p.setSending(false)}
          onDone={() => {
            p.setSending(false);
            void p.loadTimeline(Number(tl.order.id));
          }}
        />
      ) : null}
      <ConfirmDialog open={p.confirm} text={t('nt.regenerateConfirm', { order: String(tl?.order.order_no ?? '') })} onConfirm={p.regenerate} onCancel={() => p.setConfirm(false)} />
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// brand

type BrandRow = OrderRow & { pr_id: number; share_id: number };
const BRAND = { list: trackingCalls.brandOrders, timeline: trackingCalls.brandTimeline, param: 'pr_id' as const };
const BRAND_COLUMNS: NodeColumn[] = ['node', 'party', 'plan', 'actual', 'source', 'state'];

export function BrandNodeTimelinePage() {
  const { t } = useTranslation();
  const { rows, tl, selected, open, error, loadList, loadTimeline, reload } = useTrackedOrders(BRAND, 'pr');
  const shown = useRef<number | null>(null);
  shown.current = tl ? Number(tl.order.share_id) : null;
  useNodeEvents((m) => {
    void loadList();
    if (m.share_id !== undefined && m.share_id === shown.current) void loadTimeline(selected);
  });

  return (
    <TrackedOrdersLayout<BrandRow>
      testId="brand-node-page"
      title={t('nt.brandTitle')}
      error={error}
      onReload={reload}
      rows={rows}
      emptyText={t('nt.noBrandOrders')}
      listTestId="brand-orders"
      rowId={(r) => r.pr_id}
      rowTestId={(r) => `brand-order-${String(r.pr_no)}`}
      selected={selected}
      onOpen={open}
      columns={[
        { header: t('nt.col.pr'), cell: (r) => String(r.pr_no ?? '') },
        { header: t('nt.col.maker'), cell: (r) => String(r.maker_name ?? '') },
        { header: t('nt.col.delivery'), cell: (r) => String(r.delivery_date ?? '') },
        ...figureColumns<BrandRow>(t),
      ]}
      timeline={
        !tl ? null : (
          <TimelinePanel tl={tl} no={String(tl.order.pr_no ?? '')} head={<span className="nt-summary">{String(tl.order.maker_name ?? '')}</span>} table={{ columns: BRAND_COLUMNS, critical: 'bold' }} />
        )
      }
    />
  );
}
