import { CalendarLtrRegular } from '@fluentui/react-icons';
import { PlanFromOrderDialog } from './PlanFromOrderDialog';
import { Button, ToolbarButton } from '@fluentui/react-components';
import { PlayRegular } from '@fluentui/react-icons';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { PLANNABLE_ORDER_STATES, PLANNING_MENU } from '../../../model/entities/prodplan.entity';
import { access } from '../../session/access-state';
import type { TransitionDef } from '../../../model/entity';
import type { ResolvedPage } from '../../../model/page-resolve';
import type { Row } from '../../api/entity-api';
import type { ListController } from '../../engine/use-list-controller';
import { ConfirmDialog, TransitionDialog } from '../../form/dialogs';
import type { RecordForm } from '../../form/use-record-form';
import { toast } from '../../kernel/toast-bus';
import { orderActions, type OrderAction } from './order-actions';
import { performOrderAction } from './order-run';

type Translate = (k: string, p?: Record<string, unknown>) => string;

/** The order's actions in the interface language: the transition's own label, else the catalogue's. */
function useActionTexts(resolved: ResolvedPage) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const transition = (name: string): TransitionDef | null =>
    resolved.transitions.find((x) => x.action === name) ?? resolved.entity.states?.transitions.find((x) => x.action === name) ?? null;
  const label = (a: OrderAction) => {
    const tr = transition(a);
    return tr ? (en ? tr.label.en : tr.label.zh) : t(`orders.action.${a}`);
  };
  const confirmText = (a: OrderAction, row: Row | null) => {
    const tr = transition(a);
    if (tr?.confirm) return en ? tr.confirm.en : tr.confirm.zh;
    const maker = row?.maker_vendor_id__label ?? '';
    if (a === 'send') return maker ? t('orders.confirm.send', { maker: String(maker) }) : t('orders.confirm.sendNew');
    return t(`orders.confirm.${a}`);
  };
  const tr: Translate = (k, p) => t(k, p ?? {});
  return { t: tr, transition, label, confirmText };
}

/** One order action waiting for its confirmation (reject: for its reason). */
function useActionDialogs(resolved: ResolvedPage, run: (a: OrderAction, params?: Record<string, unknown>) => void, row: Row | null) {
  const texts = useActionTexts(resolved);
  const [confirm, setConfirm] = useState<OrderAction | null>(null);
  const [reject, setReject] = useState<TransitionDef | null>(null);
  const start = (a: OrderAction) => (a === 'reject' ? setReject(texts.transition('reject')) : setConfirm(a));
  const dialogs = (
    <>
      <ConfirmDialog
        open={confirm !== null}
        text={confirm ? texts.confirmText(confirm, row) : ''}
        onConfirm={() => {
          const a = confirm;
          setConfirm(null);
          if (a) run(a);
        }}
        onCancel={() => setConfirm(null)}
      />
      {reject && (
        <TransitionDialog
          transition={reject}
          count={1}
          onRun={(params) => {
            setReject(null);
            run('reject', params);
          }}
          onCancel={() => setReject(null)}
        />
      )}
    </>
  );
  return { start, dialogs, texts };
}

/**
 * The list toolbar's order actions (send, allocate, cancel, finish; accept, reject, finish for the
 * maker) on the selected order, each with its confirmation. A send that could not reach the maker
 * opens the order, whose state notice says so.
 */
export function OrderListActions({ list }: { list: ListController }) {
  const { resolved, one } = list;
  const entity = resolved.entity.name;
  const offered: OrderAction[] = entity === 'prorder' ? ['send', 'allocate', 'cancel', 'finish'] : ['accept', 'reject', 'finish'];
  const possible = orderActions(entity, one);
  const run = async (a: OrderAction, params: Record<string, unknown> = {}) => {
    if (!one) return;
    try {
      const outcome = await performOrderAction(list.api, a, one, params, texts.t);
      list.refresh();
      if (outcome.manualMessage && outcome.row?.id) list.openDrawer({ action: 'edit', id: Number(outcome.row.id) });
    } catch {
      /* shown by the API reactions */
    }
  };
  const { start, dialogs, texts } = useActionDialogs(resolved, (a, p) => void run(a, p), one);
  const need = (a: OrderAction) => (one ? start(a) : toast.warning(texts.t('form.selectRowsFirst')));
  // The maker plans an accepted order (issue 11): one plan, or one per delivery batch.
  const [planning, setPlanning] = useState(false);
  // A maker's own requirement orders are planned too, by those who may plan (the planning menu).
  const { menus } = useSnapshot(access);
  const canPlan = menus.some((g) => g.children?.some((c) => c.CODE === PLANNING_MENU));
  const states = entity === 'customerorder' || entity === 'prorder' ? PLANNABLE_ORDER_STATES[entity] : [];
  const plannable = entity === 'customerorder' || (entity === 'prorder' && canPlan);
  const startPlan = () => {
    if (!one) toast.warning(texts.t('form.selectRowsFirst'));
    else if (!states.includes(String(one.status))) toast.warning(texts.t(entity === 'prorder' ? 'orders.plan.onlyOpenRequirement' : 'orders.plan.onlyAccepted'));
    else setPlanning(true);
  };
  return (
    <>
      {offered.map((a) => (
        <ToolbarButton key={a} icon={<PlayRegular />} disabled={Boolean(one) && !possible.includes(a)} onClick={() => need(a)} data-testid={`action-${a}`}>
          {texts.label(a)}
        </ToolbarButton>
      ))}
      {plannable ? (
        <ToolbarButton icon={<CalendarLtrRegular />} disabled={Boolean(one) && !states.includes(String(one?.status))} onClick={startPlan} data-testid="action-plan">
          {texts.t('orders.plan.action')}
        </ToolbarButton>
      ) : null}
      {dialogs}
      {planning ? (
        <PlanFromOrderDialog
          open
          api={list.api}
          order={one}
          onClose={() => setPlanning(false)}
          onDone={() => {
            setPlanning(false);
            list.refresh();
          }}
        />
      ) : null}
    </>
  );
}

export type SendNotice = { id: number; text: string } | null;

/**
 * The order drawer's footer actions: those the order's state offers, "save and send" for an order
 * that can still be edited (the form is saved first, then sent: what is sent is what is on screen).
 */
export function OrderDrawerActions(props: { rf: RecordForm; resolved: ResolvedPage; sendAfterSave: RefObject<boolean>; onSendNotice: (n: SendNotice) => void; onChanged: () => void }) {
  const { rf, resolved, sendAfterSave } = props;
  const entity = resolved.entity.name;
  const actions: OrderAction[] = rf.action === 'add' && entity === 'prorder' ? ['send'] : orderActions(entity, rf.record);
  const run = (a: OrderAction, params: Record<string, unknown> = {}) => {
    // Send saves the form first when it can be edited; the save's reply continues in `runOrderAction`.
    if (a === 'send' && rf.action !== 'view') {
      sendAfterSave.current = true;
      void rf.formRef.current?.submit().then(() => {
        // A refused save leaves the flag up; it is cleared so a later plain save does not send.
        setTimeout(() => (sendAfterSave.current = false), 0);
      });
      return;
    }
    if (rf.record) void runOrderAction(rf, a, params, rf.record, texts.t, props);
  };
  const { start, dialogs, texts } = useActionDialogs(resolved, run, rf.record);
  return (
    <>
      {actions.map((a) => (
        <Button key={a} appearance={a === 'send' || a === 'accept' ? 'primary' : 'secondary'} disabled={rf.busy} onClick={() => start(a)} data-testid={`order-action-${a}`}>
          {a === 'send' && rf.action !== 'view' ? texts.t('orders.action.saveAndSend') : texts.label(a)}
        </Button>
      ))}
      {dialogs}
    </>
  );
}

/** Runs an action on the open order and shows the order as the server left it. */
export async function runOrderAction(
  rf: RecordForm,
  a: OrderAction,
  params: Record<string, unknown>,
  row: Row,
  t: Translate,
  out: { onSendNotice: (n: SendNotice) => void; onChanged: () => void },
): Promise<void> {
  if (!row.id) return;
  rf.setBusy(true);
  try {
    const outcome = await performOrderAction(rf.api, a, row, params, t);
    if (outcome.manualMessage) out.onSendNotice({ id: Number(row.id), text: outcome.manualMessage });
    if (outcome.row) rf.show(await rf.api.view(Number(outcome.row.id)));
    out.onChanged();
  } catch {
    /* the API reactions showed why */
  } finally {
    rf.setBusy(false);
  }
}
