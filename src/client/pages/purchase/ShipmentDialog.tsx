import { Text } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { fieldErrorsOf } from '../../api/reactions';
import type { EntityApi, Row } from '../../api/entity-api';
import { toast } from '../../kernel/toast-bus';
import { QtyLines } from './line-table';
import './purchase-messages';
import { QtyDialog } from './QtyDialog';
import { fmt, lineKey, num, wholeLine, shipmentErrors, type ShipLine } from './quantities';
import { useQtyLines } from './use-qty-lines';

/**
 * The supplier's shipment editor (issue 17): each line of a confirmed incoming purchase order with its
 * ordered quantity and the quantity shipped now (0..ordered, ordered by default), checked here per
 * line and as a whole, then `dispatch` with `shipment` = {"<line seq>": qty}. The server checks the
 * same again (pur.order.badShipment) and copies the dispatched quantities to the buyer's lines.
 */
export function ShipmentDialog(props: { api: EntityApi; order: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const q = useQtyLines({ ...props, initial: (l) => fmt(l.qty) });
  const shipLines = useMemo<ShipLine[]>(() => (q.lines ?? []).map((l) => ({ key: lineKey(l), whole: wholeLine(l), ordered: num(l.qty) })), [q.lines]);
  const total = shipLines.reduce((sum, l) => sum + (Number(q.values[l.key]) || 0), 0);

  const submit = async () => {
    const check = shipmentErrors(shipLines, q.values);
    q.setErrors(check.lines);
    q.setFormError(check.form ? t(check.form.key) : null);
    if (Object.keys(check.lines).length || check.form) return;
    await q.runAction(async (version) => {
      const shipment = Object.fromEntries(shipLines.map((l) => [l.key, Number(q.values[l.key])]));
      await props.api.action('dispatch', [q.orderId], { shipment: JSON.stringify(shipment) }, version);
      toast.success(t('pur.ship.done'));
      props.onDone();
    }, (e) => {
      // The server's refusal (shown by the API reactions) stays in the dialog too.
      const fields = e instanceof ApiError ? fieldErrorsOf(e.errors) : {};
      q.setFormError(fields.shipment ?? (e instanceof Error ? e.message : null));
    });
  };

  return (
    <QtyDialog
      testId="shipment" title={t('pur.ship.title', { no: String(props.order.so_no ?? '') })} explain={t('pur.ship.explain')} width={860} loading={!q.lines}
      formError={q.formError} okLabel={t('pur.ship.ok')} okDisabled={q.busy || !q.lines} onOk={() => void submit()} onClose={props.onClose}
      footer={<Text style={{ marginRight: 'auto' }} data-testid="shipment-total">{t('pur.ship.total', { qty: fmt(total) })}</Text>}
    >
      <QtyLines
        prefix="shipment" lines={q.lines ?? []} itemHeader={t('pur.col.item')} figures={[{ header: t('pur.col.ordered'), value: (l) => l.qty, testId: 'ordered' }]}
        qtyHeader={t('pur.col.toShip')} values={q.values} errors={q.errors} keyOf={lineKey} format={fmt} onChange={q.onChange}
      />
    </QtyDialog>
  );
}
