import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, MessageBar, MessageBarBody, Option, Spinner, Text } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { warehouseLocation } from '../../../model/entities';
import { ApiError } from '../../api/client';
import { fieldErrorsOf } from '../../api/reactions';
import { entityApiOf, type EntityApi, type Row } from '../../api/entity-api';
import { toast } from '../../kernel/toast-bus';
import { QtyLines, receiptFigures, useLineTableStyles } from './line-table';
import './purchase-messages';
import { byLine, fmt, lineKey, num, wholeLine, receiptErrors, type QtyError, type ReceiptLine } from './quantities';

const LOCATIONS = entityApiOf(`/api/${warehouseLocation.prefix}/${warehouseLocation.name}`);

/**
 * The buyer's receipt (issue 17): each line of a dispatched, partly received or hand-tracked purchase
 * order with what was dispatched, what is received and what is still to receive, the quantity received
 * now (by default what is still to receive) and the receiving location, picked from the company's
 * locations. Everything still to come goes through `receive` (the order is received); less through
 * `receive_part` with `receipt` = {"<line seq>": qty} (partly received). Over-receipt is refused here
 * per line; the server refuses it again, naming the line, and its message is shown under that line.
 */
export function ReceiptDialog(props: { api: EntityApi; order: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const s = useLineTableStyles();
  const [lines, setLines] = useState<Row[] | null>(null);
  const [locations, setLocations] = useState<Row[] | null>(null);
  const [location, setLocation] = useState<string>('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, QtyError | string>>({});
  const [locationError, setLocationError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The version the lines were read at: a change by someone else in between is refused as stale.
  const [version, setVersion] = useState<number>(Number(props.order.version));
  const orderId = Number(props.order.id);
  // An order tracked by hand had no dispatch: what was ordered counts as arrived (as on the server).
  const manual = props.order.status === 'manual';
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
    LOCATIONS.page({ page: '1', size: '500', sort: 'code' }).then(
      (reply) => {
        if (!live) return;
        setLocations(reply.rows);
        if (reply.rows.length === 1) setLocation(String(reply.rows[0].code));
      },
      () => live && setLocations([]),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId]);

  const receiptLines = useMemo<ReceiptLine[]>(
    () => (lines ?? []).map((l) => ({ key: lineKey(l), whole: wholeLine(l), remaining: dispatchedOf(l) - num(l.received_qty) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lines],
  );
  const check = receiptErrors(receiptLines, values);

  const submit = async () => {
    setErrors(check.lines);
    setFormError(check.form ? t(check.form.key) : null);
    setLocationError(location ? null : t('pur.receipt.locationRequired'));
    if (Object.keys(check.lines).length || check.form || !location) return;
    setBusy(true);
    try {
      if (check.complete) {
        await props.api.action('receive', [orderId], { location_code: location }, version);
        toast.success(t('pur.receipt.done'));
      } else {
        const receipt = Object.fromEntries(receiptLines.map((l) => [l.key, Number(values[l.key])]));
        await props.api.action('receive_part', [orderId], { location_code: location, receipt: JSON.stringify(receipt) }, version);
        toast.success(t('pur.receipt.partDone'));
      }
      props.onDone();
    } catch (e) {
      const fields = e instanceof ApiError ? fieldErrorsOf(e.errors) : {};
      if (fields.location_code) setLocationError(fields.location_code);
      if (fields.receipt) {
        // "第 1 行…" / "Line 1: …": the server names the line it refused; its message goes under that line.
        const named = /\d+/.exec(fields.receipt)?.[0];
        if (named && receiptLines.some((l) => l.key === named)) setErrors((x) => ({ ...x, [named]: fields.receipt }));
        else setFormError(fields.receipt);
      }
      if (!fields.location_code && !fields.receipt) setFormError(e instanceof Error ? e.message : null);
    } finally {
      setBusy(false);
    }
  };

  // The unit column shows when a line names its unit.
  const no = String(props.order.po_no ?? '');
  const locationText = (r: Row) => `${String(r.code)} ${String(r.name ?? '')}`.trim();
  const chosen = locations?.find((r) => String(r.code) === location);
  const ready = Boolean(lines && locations);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface style={{ maxWidth: 980, width: '92vw' }}>
        <DialogBody>
          <DialogTitle>{t('pur.receipt.title', { no })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid="receipt-dialog">
            <Text>{t('pur.receipt.explain')}</Text>
            {!ready || !lines ? (
              <Spinner size="small" label={t('pur.dialog.loading')} />
            ) : (
              <>
                <Field
                  label={t('pur.receipt.location')}
                  required
                  validationState={locationError ? 'error' : 'none'}
                  validationMessage={locationError ?? (locations?.length ? undefined : t('pur.receipt.noLocations'))}
                  style={{ maxWidth: 360 }}
                >
                  <Dropdown
                    value={chosen ? locationText(chosen) : ''}
                    selectedOptions={location ? [location] : []}
                    placeholder={t('pur.receipt.locationRequired')}
                    onOptionSelect={(_, d) => {
                      setLocation(String(d.optionValue ?? ''));
                      setLocationError(null);
                    }}
                    data-testid="receipt-location"
                  >
                    {(locations ?? []).map((r) => (
                      <Option key={String(r.id)} value={String(r.code)} text={locationText(r)}>
                        {locationText(r)}
                      </Option>
                    ))}
                  </Dropdown>
                </Field>
                                <QtyLines
                  prefix="receipt"
                  lines={lines}
                  itemHeader={t('pur.col.item')}
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
                    <MessageBarBody>{t(check.complete ? 'pur.receipt.willComplete' : 'pur.receipt.willPart')}</MessageBarBody>
                  </MessageBar>
                ) : null}
              </>
            )}
            {formError ? <Text className={s.formErr} role="alert" data-testid="receipt-error">{formError}</Text> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('engine.cancel')}</Button>
            <Button appearance="primary" disabled={busy || !ready} onClick={() => void submit()} data-testid="receipt-ok">{t('pur.receipt.ok')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
