import {
  Badge,
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  OverlayDrawer,
  Spinner,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransitionDef } from '../../../model/entity';
import type { ResolvedPage } from '../../../model/page-resolve';
import { entityApi, type Row } from '../../engine/entity-api';
import { ConfirmDialog, TransitionDialog } from '../../form/dialogs';
import { EntityForm, type EntityFormHandle } from '../../form/EntityForm';
import { useCloseGuard } from '../../form/close-guard';
import { orderActions, orderEditable, type OrderAction } from './order-actions';
import { OrderEntriesMatrix } from './OrderEntriesMatrix';
import { performOrderAction } from './order-run';

export type OrderDrawerState = { id: number | null } | null;

type Notice = { intent: 'info' | 'warning' | 'error' | 'success'; title?: string; text: string };

/** The state bar of an order: what its status means for the person looking at it. */
function noticeOf(entity: string, row: Row | null, t: (k: string, p?: Record<string, unknown>) => string): Notice | null {
  if (!row) return null;
  const status = String(row.status ?? '');
  const reason = String(row.reject_reason ?? '');
  if (entity === 'prorder') {
    if (status === 'manual') return { intent: 'warning', title: t('orders.notice.manualTitle'), text: t('scm.order.makerNotJoined') };
    if (status === 'rejected') return { intent: 'error', title: t('orders.notice.rejectedTitle'), text: reason };
    if (status === 'sent') return { intent: 'info', text: t('orders.notice.sent') };
    if (status === 'in_progress') return { intent: 'success', text: t('orders.notice.accepted') };
  }
  if (entity === 'customerorder') {
    if (status === 'pending' && row.share_id) return { intent: 'info', text: t('orders.notice.pending', { brand: String(row.brand_name ?? '') }) };
    if (status === 'rejected') return { intent: 'error', title: t('orders.notice.youRejected'), text: reason };
    if (status === 'cancelled' && row.share_id) return { intent: 'warning', text: t('orders.notice.cancelledByBrand') };
  }
  return null;
}

/**
 * An order in a side drawer over its list (ARCHITECTURE "Browser"): the engine's form for the header,
 * the colour x size entries as matrices, the BOM and process lines as child grids, and the order's
 * state actions with their confirmations. Used by the brand's requirement orders and by the maker's
 * customer orders; `reloadKey` changes when the socket says the order changed.
 */
export function OrderDrawer(props: { resolved: ResolvedPage; state: OrderDrawerState; reloadKey?: number; onClose: () => void; onChanged: (row: Row | null) => void }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { resolved, state } = props;
  const entity = resolved.entity.name;
  const api = useMemo(() => entityApi(resolved), [resolved]);
  const [record, setRecord] = useState<Row | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [confirm, setConfirm] = useState<OrderAction | null>(null);
  const [reject, setReject] = useState<TransitionDef | null>(null);
  const [sendNotice, setSendNotice] = useState<Notice | null>(null);
  const formRef = useRef<EntityFormHandle>(null);
  const sendAfterSave = useRef(false);
  const open = state !== null;
  const { requestClose, dialog } = useCloseGuard(formRef, { busy, editable: true, onClose: props.onClose });

  const load = (id: number) => {
    setLoading(true);
    return api
      .view(id)
      .then((r) => {
        setRecord(r);
        setFormKey((k) => k + 1);
      })
      .catch(() => props.onClose())
      .finally(() => setLoading(false));
  };

  useEffect(() => {
    setRecord(null);
    setSendNotice(null);
    if (!state) return;
    if (state.id === null) setFormKey((k) => k + 1);
    else void load(state.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, api]);

  // The other company moved the order: show its new state.
  useEffect(() => {
    if (props.reloadKey && record?.id) void load(Number(record.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.reloadKey]);

  const locked = resolved.entity.states?.locked ?? [];
  const editable = orderEditable(entity, record, locked);
  // A new order becomes a stored one at its first save (then it can be sent, and its title shows its number).
  const stored = record?.id !== undefined && record?.id !== null;
  const action = !stored ? 'add' : editable ? 'edit' : 'view';
  // A new requirement order can be saved and sent in one go.
  const actions: OrderAction[] = action === 'add' && entity === 'prorder' ? ['send'] : orderActions(entity, record);
  const transition = (name: string) => resolved.entity.states?.transitions.find((x) => x.action === name) ?? null;
  const label = (a: OrderAction) => {
    const tr = transition(a);
    return tr ? (en ? tr.label.en : tr.label.zh) : t(`orders.action.${a}`);
  };

  const run = async (a: OrderAction, params: Record<string, unknown> = {}, row: Row | null = record) => {
    if (!row?.id) return;
    setConfirm(null);
    setReject(null);
    setBusy(true);
    try {
      const outcome = await performOrderAction(api, a, row, params, (k, p) => t(k, p ?? {}));
      const next = outcome.row;
      if (outcome.manualMessage) setSendNotice({ intent: 'warning', title: t('orders.notice.manualTitle'), text: outcome.manualMessage });
      if (next) {
        const full = await api.view(Number(next.id));
        setRecord(full);
        setFormKey((k) => k + 1);
      }
      props.onChanged(next);
    } catch {
      /* the API reactions showed why */
    } finally {
      setBusy(false);
    }
  };

  const startAction = (a: OrderAction) => {
    if (a === 'reject') setReject(transition('reject'));
    else setConfirm(a);
  };

  const confirmText = (a: OrderAction) => {
    const tr = transition(a);
    if (tr?.confirm) return en ? tr.confirm.en : tr.confirm.zh;
    const maker = record?.maker_vendor_id__label ?? '';
    if (a === 'send') return maker ? t('orders.confirm.send', { maker: String(maker) }) : t('orders.confirm.sendNew');
    return t(`orders.confirm.${a}`);
  };

  const onConfirm = () => {
    const a = confirm;
    if (!a) return;
    setConfirm(null);
    // Send saves the form first when it can be edited, so what is sent is what is on the screen.
    if (a === 'send' && action !== 'view') {
      sendAfterSave.current = true;
      void formRef.current?.submit().then(() => {
        // A refused save leaves the flag up; it is cleared so a later plain save does not send.
        setTimeout(() => (sendAfterSave.current = false), 0);
      });
      return;
    }
    void run(a);
  };

  const title = en ? resolved.entity.label.en : resolved.entity.label.zh;
  const status = record ? String(record.status ?? '') : '';
  const stateDef = resolved.entity.states?.states.find((x) => x.code === status);
  const notice = sendNotice ?? noticeOf(entity, record, (k, p) => t(k, p ?? {}));
  const ready = state && (state.id === null || (record && !loading));
  const hasMatrix = resolved.children.some((c) => c.matrix);

  return (
    <OverlayDrawer
      open={open}
      position="end"
      size="full"
      style={{ maxWidth: '1240px' }}
      onOpenChange={(_, d) => !d.open && requestClose()}
      data-testid="order-drawer"
    >
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('engine.close')} icon={<Dismiss24Regular />} onClick={requestClose} />}>
          {!stored ? t('engine.titleCreate', { entity: title }) : title}
          {record?.[resolved.entity.titleField] ? ` · ${String(record[resolved.entity.titleField])}` : ''}{' '}
          {stateDef && (
            <Badge appearance="tint" color={stateDef.color ?? 'informative'} data-testid="order-status">
              {en ? stateDef.label.en : stateDef.label.zh}
            </Badge>
          )}
        </DrawerHeaderTitle>
        {notice && (
          <MessageBar intent={notice.intent} data-testid="order-notice" style={{ marginTop: 8 }}>
            <MessageBarBody>
              {notice.title && <MessageBarTitle>{notice.title}</MessageBarTitle>}
              {notice.text}
            </MessageBarBody>
          </MessageBar>
        )}
      </DrawerHeader>
      <DrawerBody>
        {!ready && <Spinner label={t('engine.loading')} />}
        {ready && (
          <EntityForm
            key={formKey}
            ref={formRef}
            resolved={resolved}
            action={action}
            record={record}
            onBusyChange={setBusy}
            childRenderers={hasMatrix ? { entries: (p) => <OrderEntriesMatrix {...p} currency={String(record?.currency ?? '')} /> } : undefined}
            onSaved={(saved) => {
              setRecord(saved);
              setFormKey((k) => k + 1);
              props.onChanged(saved);
              if (sendAfterSave.current) {
                sendAfterSave.current = false;
                void run('send', {}, saved);
              }
            }}
          />
        )}
      </DrawerBody>
      {ready && (
        <DrawerFooter style={{ flexWrap: 'wrap' }}>
          {action !== 'view' && (
            <Button appearance={actions.length ? 'secondary' : 'primary'} disabled={busy} onClick={() => void formRef.current?.submit()} data-testid="order-save">
              {busy ? <Spinner size="tiny" /> : t('engine.save')}
            </Button>
          )}
          {actions.map((a) => (
            <Button key={a} appearance={a === 'send' || a === 'accept' ? 'primary' : 'secondary'} disabled={busy} onClick={() => startAction(a)} data-testid={`order-action-${a}`}>
              {a === 'send' && action !== 'view' ? t('orders.action.saveAndSend') : label(a)}
            </Button>
          ))}
          <Button disabled={busy} onClick={requestClose}>{t('engine.close')}</Button>
        </DrawerFooter>
      )}
      {dialog}
      <ConfirmDialog open={confirm !== null} text={confirm ? confirmText(confirm) : ''} onConfirm={onConfirm} onCancel={() => setConfirm(null)} />
      {reject && <TransitionDialog transition={reject} count={1} onRun={(params) => void run('reject', params)} onCancel={() => setReject(null)} />}
    </OverlayDrawer>
  );
}
