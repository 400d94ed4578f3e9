/**
 * The tracked orders' drawers (issue 12; the lists and the node grids are the engine's,
 * grids/tracking/trackedorders.grid.ts): what the drawer adds under the order's declared nodes, drawn
 * from the drawer's record and its node lines (so it follows the record as it is read again):
 * - the maker's (`trackedorder`): the order's timeline (plan against actual, critical path, a planned
 *   bar dragged to re-plan), "regenerate node plan", the node plans as Excel;
 * - the brand's (`brandnodeorder`): the same timeline at its maker, read-only;
 * - the supplier's (`suppliernodeorder`): the timeline of the nodes its customer sent it.
 */
import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import { ConfirmDialog } from '../../form/dialogs';
import { supplierNodesPage } from '../../../../grids/tracking/trackedorders.grid';
import { TimelinePanel } from './TimelinePanel';
import './tracking-messages';
import { CSS } from './tracking-style';
import { useNodeTracking } from './use-node-tracking';

/** The maker's drawer of a tracked order. */
export function MakerOrderTimeline({ rf }: DrawerExtensionProps) {
  const { t } = useTranslation();
  const p = useNodeTracking(rf);
  if (!rf.record) return null;
  const no = String(rf.record.order_no ?? '');
  const off = p.busy || rf.record.status !== 'in_progress';
  return (
    <div className="nt-drawer">
      <style>{CSS}</style>
      <TimelinePanel
        record={rf.record}
        no={no}
        head={
          <>
            <Button size="small" disabled={off} onClick={() => p.setConfirm(true)} data-testid="regenerate-nodes">{t('nt.regenerate')}</Button>
            <Button size="small" disabled={p.busy} onClick={p.exportPlans} data-testid="export-nodes">{t('nt.export')}</Button>
          </>
        }
        onPlanDrag={off ? undefined : p.movePlan}
      />
      <ConfirmDialog open={p.confirm} text={t('nt.regenerateConfirm', { order: no })} onConfirm={p.regenerate} onCancel={() => p.setConfirm(false)} />
    </div>
  );
}

/** The brand's drawer: its requirement order's timeline at its maker, read-only. */
export function BrandOrderTimeline({ rf }: DrawerExtensionProps) {
  if (!rf.record) return null;
  return (
    <div className="nt-drawer">
      <style>{CSS}</style>
      <TimelinePanel record={rf.record} no={String(rf.record.pr_no ?? '')} />
    </div>
  );
}

/** The supplier's drawer: what its page is for and the timeline of the nodes its customer sent it (their dates are typed in the node grid's cells). */
export function SupplierOrderTimeline({ rf }: DrawerExtensionProps) {
  const { i18n } = useTranslation();
  if (!rf.record) return null;
  return (
    <div className="nt-drawer">
      <style>{CSS}</style>
      <Text>{i18n.language === 'en' ? supplierNodesPage.purpose!.en : supplierNodesPage.purpose!.zh}</Text>
      <TimelinePanel record={rf.record} no={String(rf.record.source_no ?? '')} showEmpty={false} />
    </div>
  );
}
