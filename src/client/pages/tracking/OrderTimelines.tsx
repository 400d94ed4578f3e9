/**
 * The tracked orders' drawers (issue 12; the lists and the node grids are the engine's,
 * grids/tracking/trackedorders.grid.ts): what the drawer adds under the order's declared nodes:
 * - the maker's (`trackedorder`): the order's timeline (plan against actual, critical path, a planned
 *   bar dragged to re-plan), "regenerate node plan", the node plans as Excel;
 * - the brand's (`brandnodeorder`): the same timeline at its maker, read-only;
 * - the supplier's (`suppliernodeorder`): the timeline of the nodes its customer sent it.
 * Each reads its timeline again with the drawer's record.
 */
import { Button, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { trackingCalls } from '../../../model/calls/tracking';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import { ConfirmDialog } from '../../form/dialogs';
import { supplierNodesPage } from '../../../../grids/tracking/trackedorders.grid';
import { TimelinePanel } from './TimelinePanel';
import './tracking-messages';
import { CSS } from './tracking-style';
import { useNodeTracking } from './use-node-tracking';
import { useOrderTimeline } from './use-order-timeline';

const idOf = (p: DrawerExtensionProps) => Number(p.rf.record?.id);

function Loading() {
  const { t } = useTranslation();
  return <Spinner size="small" label={t('nt.loading')} />;
}

/** The maker's drawer of a tracked order. */
export function MakerOrderTimeline(props: DrawerExtensionProps) {
  const { t } = useTranslation();
  const p = useNodeTracking(idOf(props), props.rf);
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
      />
      <ConfirmDialog open={p.confirm} text={t('nt.regenerateConfirm', { order: String(tl.order.order_no ?? '') })} onConfirm={p.regenerate} onCancel={() => p.setConfirm(false)} />
    </div>
  );
}

/** The brand's drawer: its requirement order's timeline at its maker, read-only. */
export function BrandOrderTimeline(props: DrawerExtensionProps) {
  const { tl } = useOrderTimeline(trackingCalls.brandTimeline, 'pr_id', idOf(props), props.rf.revision);
  if (!tl) return <Loading />;
  return (
    <div className="nt-drawer">
      <style>{CSS}</style>
      <TimelinePanel tl={tl} no={String(tl.order.pr_no ?? '')} />
    </div>
  );
}

/** The supplier's drawer: what its page is for and the timeline of the nodes its customer sent it (their dates are typed in the node grid's cells). */
export function SupplierOrderTimeline(props: DrawerExtensionProps) {
  const { i18n } = useTranslation();
  const { tl } = useOrderTimeline(trackingCalls.supplierTimeline, 'task_id', idOf(props), props.rf.revision);
  if (!tl) return <Loading />;
  return (
    <div className="nt-drawer">
      <style>{CSS}</style>
      <Text>{i18n.language === 'en' ? supplierNodesPage.purpose!.en : supplierNodesPage.purpose!.zh}</Text>
      <TimelinePanel tl={tl} no={String(tl.order.source_no ?? '')} showEmpty={false} />
    </div>
  );
}
