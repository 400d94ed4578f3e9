/**
 * The tracked orders' drawers (issue 12; the lists are the engine's, grids/tracking/trackedorders.grid.ts):
 * - the maker's (`trackedorder`): the order's timeline (plan against actual, critical path, a planned
 *   bar dragged to re-plan), its nodes with actual dates recorded, "regenerate node plan", a supplier
 *   node sent to the supplier's company from its row (the line's `send`) and taken back, the node plans as Excel;
 * - the brand's (`brandnodeorder`): the same timeline at its maker, read-only;
 * - the supplier's (`suppliernodeorder`): the nodes its customer sent it, their dates to record.
 * Each reads again on the `nodetrack.changed` that names its order.
 */
import { Button, Spinner, Text } from '@fluentui/react-components';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { orderNode } from '../../../model/entities/nodeconfig.entity';
import { trackingCalls, type Timeline, type TimelineNode as Node } from '../../../model/calls/tracking';
import { callApi } from '../../api/calls';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import { ConfirmDialog } from '../../form/dialogs';
import { LineActions } from '../../form/LineActions';
import { nodeTables, supplierNodesPage } from '../../../../grids/tracking/trackedorders.grid';
import { TimelinePanel } from './NodeTable';
import './tracking-messages';
import { CSS } from './tracking-style';
import { useNodeTracking } from './use-node-tracking';
import { useOrderTimeline } from './use-order-timeline';

const idOf = (p: DrawerExtensionProps) => Number(p.rf.record?.id);

function Loading() {
  const { t } = useTranslation();
  return <Spinner size="small" label={t('nt.loading')} />;
}

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

/** The maker's drawer of a tracked order. */
export function MakerOrderTimeline(props: DrawerExtensionProps) {
  const { t } = useTranslation();
  const p = useNodeTracking(idOf(props));
  const { tl, busy, closed } = p;
  if (!tl) return <Loading />;
  const off = busy || closed;
  return (
    <div className="nt-drawer">
      <style>{CSS}</style>
      <TimelinePanel
        tl={tl}
        no={String(tl.order.order_no ?? '')}
        head={
          <>
            <Button size="small" disabled={off} onClick={() => p.setConfirm(true)} data-testid="regenerate-nodes">{t('nt.regenerate')}</Button>
            <Button size="small" disabled={busy} onClick={p.exportPlans} data-testid="export-nodes">{t('nt.export')}</Button>
          </>
        }
        onPlanDrag={off ? undefined : p.movePlan}
        table={{
          columns: nodeTables.trackedorder,
          critical: 'badge',
          editing: { drafts: p.drafts, setDrafts: p.setDrafts, disabled: off, onRecord: (n, date) => void p.record(n, date) },
          partyExtra: (n) => <SentTo n={n} tl={tl} disabled={off} onRecalled={p.lineDone} />,
          // Re-planning a node from its row (the drag's keyboard twin), sending a supplier node to its
          // supplier's company; its actual date has the cell of its own.
          lineActions: { order: tl.order, only: ['plan', 'send'], disabled: off, onDone: p.lineDone },
        }}
      />
      <ConfirmDialog open={p.confirm} text={t('nt.regenerateConfirm', { order: String(tl.order.order_no ?? '') })} onConfirm={p.regenerate} onCancel={() => p.setConfirm(false)} />
    </div>
  );
}

/** The brand's drawer: its requirement order's timeline at its maker, read-only. */
export function BrandOrderTimeline(props: DrawerExtensionProps) {
  const shown = useRef<number | null>(null);
  const { tl } = useOrderTimeline(trackingCalls.brandTimeline, 'pr_id', idOf(props), (m) => m.share_id !== undefined && m.share_id === shown.current);
  shown.current = tl ? Number(tl.order.share_id) : null;
  if (!tl) return <Loading />;
  return (
    <div className="nt-drawer">
      <style>{CSS}</style>
      <TimelinePanel tl={tl} no={String(tl.order.pr_no ?? '')} table={{ columns: nodeTables.brandnodeorder, critical: 'bold' }} />
    </div>
  );
}

/** The supplier's drawer: the nodes its customer sent it, and their actual dates. */
export function SupplierOrderTimeline(props: DrawerExtensionProps) {
  const { i18n } = useTranslation();
  const taskId = idOf(props);
  const o = useOrderTimeline(trackingCalls.supplierTimeline, 'task_id', taskId, (m) => m.task_id === taskId);
  const { tl } = o;
  if (!tl) return <Loading />;
  const record = (n: Node, date: string | null) =>
    o.record((m, d) => callApi(trackingCalls.supplierActual, { task_id: taskId, node_code: m.node_code, date: d, version: m.version }), n, date);
  return (
    <div className="nt-drawer">
      <style>{CSS}</style>
      <Text>{i18n.language === 'en' ? supplierNodesPage.purpose!.en : supplierNodesPage.purpose!.zh}</Text>
      <TimelinePanel
        tl={tl}
        no={String(tl.order.source_no ?? '')}
        showEmpty={false}
        table={{ columns: nodeTables.suppliernodeorder, critical: 'none', editing: { drafts: o.drafts, setDrafts: o.setDrafts, disabled: o.busy || o.closed, onRecord: (n, date) => void record(n, date) } }}
      />
    </div>
  );
}
