/**
 * The tracked orders' drawers (issue 12; the lists, the node grids with their timeline, and the
 * maker's "regenerate node plan" and Excel commands are the engine's, grids/tracking/trackedorders.grid.ts):
 * what the drawer adds under the order's declared nodes, drawn from the drawer's record and its node
 * lines (so it follows the record as it is read again):
 * - the maker's (`trackedorder`) and the brand's (`brandnodeorder`, at its maker): the summary of the order's nodes;
 * - the supplier's (`suppliernodeorder`): what its page is for, the summary of the nodes its customer sent it.
 */
import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import { supplierNodesPage } from '../../../../grids/tracking/trackedorders.grid';
import { TimelinePanel } from './TimelinePanel';
import { CSS } from './tracking-style';
import { labelIn } from '../../../model/label-text';

/** The maker's and the brand's drawers: the summary of the order's nodes, named by the record's number (`field`). */
const orderSummary = (field: string) =>
  function OrderSummary({ rf }: DrawerExtensionProps) {
    if (!rf.record) return null;
    return (
      <div className="nt-drawer">
        <style>{CSS}</style>
        <TimelinePanel record={rf.record} no={String(rf.record[field] ?? '')} />
      </div>
    );
  };
export const MakerOrderTimeline = orderSummary('order_no');
export const BrandOrderTimeline = orderSummary('pr_no');

/** The supplier's drawer: what its page is for and the summary of the nodes its customer sent it (their dates are typed in the node grid's cells). */
export function SupplierOrderTimeline({ rf }: DrawerExtensionProps) {
  const { i18n } = useTranslation();
  if (!rf.record) return null;
  return (
    <div className="nt-drawer">
      <style>{CSS}</style>
      <Text>{labelIn(supplierNodesPage.purpose!, i18n.language)}</Text>
      <TimelinePanel record={rf.record} no={String(rf.record.source_no ?? '')} showEmpty={false} />
    </div>
  );
}
