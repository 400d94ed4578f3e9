import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Text } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { fieldErrorsOf } from '../../api/reactions';
import type { EntityApi, Row } from '../../api/entity-api';
import { toast } from '../../kernel/toast-bus';
import { QtyLines, useLineTableStyles } from './line-table';
import './purchase-messages';
import { byLine, fmt, lineKey, num, wholeLine, shipmentErrors, type QtyError, type ShipLine } from './quantities';

/**
 * The supplier's shipment editor (issue 17): each line of a confirmed incoming purchase order with its
 * ordered quantity and the quantity shipped now (0..ordered, ordered by default), checked here per
 * line and as a whole, then `dispatch` with `shipment` = {"<line seq>": qty}. The server checks the
 * same again (pur.order.badShipment) and copies the dispatched quantities to the buyer's lines.
 */
export function ShipmentDialog(props: { api: EntityApi; order: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const s = useLineTableStyles();
  const [lines, setLines] = useState<Row[] | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, QtyError>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The version the lines were read at: a change by someone else in between is refused as stale.
  const [version, setVersion] = useState<number>(Number(props.order.version));
  const orderId = Number(props.order.id);

  useEffect(() => {
    let live = true;
    props.api.view(orderId).then(
      (doc) => {
        if (!live) return;
        setVersion(Number(doc.version));
        const rows = ((doc.lines as Row[] | undefined) ?? []).slice().sort(byLine);
        setLines(rows);
        setValues(Object.fromEntries(rows.map((l) => [lineKey(l), fmt(l.qty)])));
      },
      () => props.onClose(),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId]);

  const shipLines = useMemo<ShipLine[]>(() => (lines ?? []).map((l) => ({ key: lineKey(l), whole: wholeLine(l), ordered: num(l.qty) })), [lines]);
  const total = shipLines.reduce((sum, l) => sum + (Number(values[l.key]) || 0), 0);

  const submit = async () => {
    const check = shipmentErrors(shipLines, values);
    setErrors(check.lines);
    setFormError(check.form ? t(check.form.key) : null);
    if (Object.keys(check.lines).length || check.form) return;
    setBusy(true);
    try {
      const shipment = Object.fromEntries(shipLines.map((l) => [l.key, Number(values[l.key])]));
      await props.api.action('dispatch', [orderId], { shipment: JSON.stringify(shipment) }, version);
      toast.success(t('pur.ship.done'));
      props.onDone();
    } catch (e) {
      // The server's refusal (shown by the API reactions) stays in the dialog too.
      const fields = e instanceof ApiError ? fieldErrorsOf(e.errors) : {};
      setFormError(fields.shipment ?? (e instanceof Error ? e.message : null));
    } finally {
      setBusy(false);
    }
  };

  // The unit column shows when a line names its unit.
  const no = String(props.order.so_no ?? '');
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface style={{ maxWidth: 860, width: '90vw' }}>
        <DialogBody>
          <DialogTitle>{t('pur.ship.title', { no })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid="shipment-dialog">
            <Text>{t('pur.ship.explain')}</Text>
            {!lines ? (
              <Spinner size="small" label={t('pur.dialog.loading')} />
            ) : (
                            <QtyLines
                prefix="shipment"
                lines={lines}
                itemHeader={t('pur.col.item')}
                figures={[{ header: t('pur.col.ordered'), value: (l) => l.qty, testId: 'ordered' }]}
                qtyHeader={t('pur.col.toShip')}
                values={values}
                errors={errors}
                keyOf={lineKey}
                format={fmt}
                onChange={(key, v) => {
                  setValues((x) => ({ ...x, [key]: v }));
                  setErrors(({ [key]: _, ...rest }) => rest);
                  setFormError(null);
                }}
              />
            )}
            {formError ? <Text className={s.formErr} role="alert" data-testid="shipment-error">{formError}</Text> : null}
          </DialogContent>
          <DialogActions>
            <Text style={{ marginRight: 'auto' }} data-testid="shipment-total">{t('pur.ship.total', { qty: fmt(total) })}</Text>
            <Button onClick={props.onClose}>{t('engine.cancel')}</Button>
            <Button appearance="primary" disabled={busy || !lines} onClick={() => void submit()} data-testid="shipment-ok">{t('pur.ship.ok')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
