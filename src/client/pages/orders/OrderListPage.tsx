import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedPage } from '../../../model/page-resolve';
import { ListPage, type ListSlots } from '../../engine/ListPage';
import { resolvedPageOf } from '../../api/resolved-page';
import type { ListController } from '../../engine/use-list-controller';
import { toast } from '../../kernel/toast-bus';
import { orderEditable } from './order-actions';
import { OrderDrawerActions, OrderListActions, runOrderAction, type SendNotice } from './order-slots';
import { useOrderStateEvents, type OrderStateEvent } from './order-socket';
import { OrderEntriesMatrix } from './OrderEntriesMatrix';
import { labelIn } from '../../../model/label-text';

/**
 * Live: the other company accepted, rejected, finished, sent or cancelled an order (spec 4). The
 * list refreshes, a notification says what changed, and the open order is read again.
 */
function OrderLive({ list, onOpenChanged }: { list: ListController; onOpenChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const { resolved } = list;
  useOrderStateEvents(resolved.entity.name, (e: OrderStateEvent) => {
    list.refresh();
    const state = resolved.entity.states?.states.find((x) => x.code === e.status);
    const stateText = state ? labelIn(state.label, i18n.language) : e.status;
    // Documents are named by their number, never by an internal id.
    toast.notification(t('orders.live.title'), e.no ? t('orders.live.changed', { no: e.no, status: stateText }) : t('orders.live.changedUnnumbered', { status: stateText }));
    if (list.drawer?.id === e.id) onOpenChanged();
  });
  return null;
}

/**
 * The order lists of issue 6 are the generic list page with the orders' slots: the state actions in
 * the toolbar and the drawer's footer, the colour x size entries as matrices, the order read-only once
 * it belongs to both companies, "save and send", and live state over the socket. The state notices
 * (sent, rejected with its reason, not joined) come from the entities' state declarations.
 */
export function OrderListPage({ opt }: { opt: 'prorder' | 'customerorder' }) {
  const resolved = resolvedPageOf(opt) as ResolvedPage;
  const { t } = useTranslation();
  const entity = resolved.entity.name;
  const sendAfterSave = useRef(false);
  const [sendNotice, setSendNotice] = useState<SendNotice>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const hasMatrix = resolved.children.some((c) => c.matrix);
  const locked = resolved.entity.states?.locked ?? [];

  const slots = useMemo<ListSlots>(
    () => ({
      testId: `orders-${opt}`,
      actions: (list) => <OrderListActions list={list} />,
      extras: (list) => <OrderLive list={list} onOpenChanged={() => setReloadKey((k) => k + 1)} />,
      drawer: (list) => ({
        testIdPrefix: 'order',
        keepOpenAfterSave: true,
        reloadKey,
        readOnly: (record) => !orderEditable(entity, record, locked),
        childRenderers: (rf) => (hasMatrix ? { entries: (p) => <OrderEntriesMatrix {...p} currency={String(rf.record?.currency ?? '')} /> } : undefined),
        // The "not sent" reply of this visit's send stands above the state's own notice.
        notices: (rf) => (sendNotice && rf.id === sendNotice.id ? [{ intent: 'warning', title: t('orders.notice.manualTitle'), text: sendNotice.text }] : []),
        extraActions: (rf) => (
          <OrderDrawerActions rf={rf} resolved={resolved} sendAfterSave={sendAfterSave} onSendNotice={setSendNotice} onChanged={list.refresh} />
        ),
        onSaved: (saved, rf) => {
          if (!sendAfterSave.current) return;
          sendAfterSave.current = false;
          void runOrderAction(rf, 'send', {}, saved, (k, p) => t(k, p ?? {}), { onSendNotice: setSendNotice, onChanged: list.refresh });
        },
      }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resolved, entity, locked and hasMatrix follow opt; list and the refs are read when called
    [opt, reloadKey, sendNotice, t],
  );
  return <ListPage key={opt} resolved={resolved} slots={slots} />;
}

/** The brand's requirement orders (spec 2 business: large-goods requirement orders). */
export function PrOrdersPage() {
  return <OrderListPage opt="prorder" />;
}

/** The maker's customer orders: pending, in progress, finished, cancelled (spec 2, spec 4). */
export function CustomerOrdersPage() {
  return <OrderListPage opt="customerorder" />;
}
