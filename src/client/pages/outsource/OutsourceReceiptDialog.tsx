import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { fieldErrorsOf } from '../../api/reactions';
import type { EntityApi, Row } from '../../api/entity-api';
import { toast } from '../../kernel/toast-bus';
import { QtyLines, receiptFigures, useLineTableStyles } from '../purchase/line-table';
import '../purchase/purchase-messages';
import { byLine, fmt, lineKey, num, receiptErrors, type QtyError, type ReceiptLine } from '../purchase/quantities';
import './outsource-messages';

/**
 * The maker receives an outsourced order (issue 12), the purchase area's receipt pattern without a
 * stock location (the pieces go back to the line, not into a warehouse): each line (colour x size)
 * with ordered, dispatched by the vendor, received and still to receive, and the pieces received now
 * (by default what is still to receive; whole pieces, 0..still to receive, checked per line here and
 * again by the server, whose message naming a line goes under that line). Everything still to come
 * runs `receive` (received, the plan lock turns "received"); less runs `receive_part` with
 * `receipt` = {"<line seq>": qty}. An order tracked by hand had no dispatch: what was ordered counts.
 */
export function OutsourceReceiptDialog(props: { api: EntityApi; order: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const s = useLineTableStyles();
  const [lines, setLines] = useState<Row[] | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, QtyError | string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState<number>(Number(props.order.version));
  const orderId = Number(props.order.id);
  const manual = props.order.tracking === 'manual';
  const dispatchedOf = (l: Row) => (manual ? num(l.qty) : num(l.dispatched_qty));

  useEffect(() => {
    let live = true;
    props.api.view(orderId).then(
      (doc) => {
        if (!live) return;
        setVersion(Number(doc.version));
        const rows = ((doc.lines as Row[] | undefined) ?? []).slice().sort(byLine);
        setLines(rows);
        setValues(Object.fromEntries(rows.map((l) => [lineKey(l), fmt(Math.max(dispatchedOf(l) - num(l.received_qty), 0))])));
      },
      () => props.onClose(),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId]);

  // Pieces: whole numbers on every line.
  const receiptLines = useMemo<ReceiptLine[]>(
    () => (lines ?? []).map((l) => ({ key: lineKey(l), whole: true, remaining: dispatchedOf(l) - num(l.received_qty) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lines],
  );
  const check = receiptErrors(receiptLines, values);

  const submit = async () => {
    setErrors(check.lines);
    setFormError(check.form ? t(check.form.key) : null);
    if (Object.keys(check.lines).length || check.form) return;
    setBusy(true);
    try {
      if (check.complete) {
        await props.api.action('receive', [orderId], {}, version);
        toast.success(t('os.receipt.done'));
      } else {
        const receipt = Object.fromEntries(receiptLines.map((l) => [l.key, Number(values[l.key])]));
        await props.api.action('receive_part', [orderId], { receipt: JSON.stringify(receipt) }, version);
        toast.success(t('os.receipt.partDone'));
      }
      props.onDone();
    } catch (e) {
      const fields = e instanceof ApiError ? fieldErrorsOf(e.errors) : {};
      if (fields.receipt) {
        // "第 1 行…" / "Line 1: …": the server names the line it refused; its message goes under that line.
        const named = /\d+/.exec(fields.receipt)?.[0];
        if (named && receiptLines.some((l) => l.key === named)) setErrors((x) => ({ ...x, [named]: fields.receipt }));
        else setFormError(fields.receipt);
      } else setFormError(e instanceof Error ? e.message : null);
    } finally {
      setBusy(false);
    }
  };

  const no = String(props.order.os_no ?? '');
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface style={{ maxWidth: 980, width: '92vw' }}>
        <DialogBody>
          <DialogTitle>{t('os.receipt.title', { no })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid="receipt-dialog">
            <Text>{t(manual ? 'os.receipt.explainManual' : 'os.receipt.explain')}</Text>
            {!lines ? (
              <Spinner size="small" label={t('pur.dialog.loading')} />
            ) : (
              <>
                                <QtyLines
                  prefix="receipt"
                  lines={lines}
                  itemHeader={t('os.receipt.item')}
                  figures={receiptFigures(t, dispatchedOf)}
                  qtyHeader={t('pur.col.toReceive')}
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
                {!Object.keys(check.lines).length && !check.form ? (
                  <MessageBar intent={check.complete ? 'success' : 'info'} data-testid="receipt-kind">
                    <MessageBarBody>{t(check.complete ? 'os.receipt.willComplete' : 'os.receipt.willPart')}</MessageBarBody>
                  </MessageBar>
                ) : null}
              </>
            )}
            {formError ? <Text className={s.formErr} role="alert" data-testid="receipt-error">{formError}</Text> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('engine.cancel')}</Button>
            <Button appearance="primary" disabled={busy || !lines} onClick={() => void submit()} data-testid="receipt-ok">{t('pur.receipt.ok')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
