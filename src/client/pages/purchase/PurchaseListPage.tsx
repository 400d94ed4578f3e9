import { ToolbarButton } from '@fluentui/react-components';
import { BoxCheckmarkRegular, PlayRegular, VehicleTruckRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TransitionDef } from '../../../model/entity';
import type { ResolvedPage } from '../../../model/page-resolve';
import { ListPage, type ListSlots } from '../../engine/ListPage';
import { resolvedPageOf } from '../../api/resolved-page';
import type { ListController } from '../../engine/use-list-controller';
import { TransitionDialog } from '../../form/dialogs';
import { access } from '../../session/access-state';
import { toast } from '../../kernel/toast-bus';
import './purchase-messages';
import { ReceiptDialog } from './ReceiptDialog';
import { ShipmentDialog } from './ShipmentDialog';
import { useTransitionRunner } from '../../engine/use-transition-runner';

/** The actions that open a table dialog instead of the generic parameter dialog. */
const DIALOGS: Record<string, { action: string; from: string[] }> = {
  supplierorder: { action: 'dispatch', from: ['confirmed'] },
  purorder: { action: 'receive', from: ['dispatched', 'part_received', 'manual'] },
};

/**
 * The toolbar's state actions of a purchasing list: the page's declared transitions as the generic
 * list shows them (confirmation or parameter dialog), except the one that takes quantities per line —
 * the supplier's "发货" opens the shipment editor, the buyer's "收货" the receipt dialog (which runs
 * `receive` or `receive_part`).
 */
function PurchaseActions({ list }: { list: ListController }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { dashroles } = useSnapshot(access);
  const { resolved, selected } = list;
  const entity = resolved.entity.name;
  const special = DIALOGS[entity];
  const { transition, setTransition, runTransition } = useTransitionRunner(list);
  const [dialogFor, setDialogFor] = useState<ListController['one']>(null);
  const transitions = resolved.actions
    .filter((a): a is { kind: 'transition'; action: string } => a.kind === 'transition')
    .map((a) => resolved.transitions.find((x) => x.action === a.action))
    .filter((x): x is TransitionDef => Boolean(x))
    .filter((x) => !x.roles?.length || x.roles.some((r) => dashroles.includes(r)));


  const start = (tr: TransitionDef) =>
    list.withSelection((rows) => {
      if (special && tr.action === special.action) {
        if (rows.length !== 1) toast.warning(t('pur.selectOne'));
        else if (!special.from.includes(String(rows[0].status))) toast.warning(t(entity === 'purorder' ? 'pur.receipt.onlyArrived' : 'pur.ship.onlyConfirmed'));
        else setDialogFor(rows[0]);
      } else if (tr.params?.length || tr.confirm) setTransition(tr);
      else void runTransition(tr, {});
    });

  const done = () => {
    setDialogFor(null);
    list.refresh();
  };
  return (
    <>
      {transitions.map((tr) => {
        const table = special && tr.action === special.action;
        const text = table && entity === 'purorder' ? t('pur.receipt.action') : en ? tr.label.en : tr.label.zh;
        const icon = table ? (entity === 'purorder' ? <BoxCheckmarkRegular /> : <VehicleTruckRegular />) : <PlayRegular />;
        return (
          <ToolbarButton key={tr.action} icon={icon} onClick={() => start(tr)} data-testid={`action-${tr.action}`}>
            {text}
          </ToolbarButton>
        );
      })}
      {transition && <TransitionDialog transition={transition} count={selected.length} onRun={(p) => runTransition(transition, p)} onCancel={() => setTransition(null)} />}
      {dialogFor && entity === 'supplierorder' ? <ShipmentDialog api={list.api} order={dialogFor} onClose={() => setDialogFor(null)} onDone={done} /> : null}
      {dialogFor && entity === 'purorder' ? <ReceiptDialog api={list.api} order={dialogFor} onClose={() => setDialogFor(null)} onDone={done} /> : null}
    </>
  );
}

/**
 * The purchasing lists with quantities per line (issue 17): the generic list page of the page
 * declarations (grids/purchase), its state actions through `slots.actions`.
 */
export function PurchaseListPage({ opt }: { opt: 'purorder' | 'supplierorder' }) {
  const resolved = resolvedPageOf(opt) as ResolvedPage;
  const slots = useMemo<ListSlots>(() => ({ actions: (list) => <PurchaseActions list={list} /> }), []);
  return <ListPage key={opt} resolved={resolved} slots={slots} />;
}

/** The buyer's purchase orders: "收货" opens the receipt dialog. */
export function PurOrdersPage() {
  return <PurchaseListPage opt="purorder" />;
}

/** The supplier's incoming purchase orders: "发货" opens the shipment editor. */
export function SupplierOrdersPage() {
  return <PurchaseListPage opt="supplierorder" />;
}
