import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { fieldErrorsOf } from '../../api/reactions';
import type { EntityApi, Row } from '../../api/entity-api';
import { toast } from '../../kernel/toast-bus';
import { byLine, fmt, lineKey, num, receiptErrors, type QtyError, type ReceiptLine } from './quantities';

/**
 * The state every quantity dialog shares (issue 30: the supplier's shipment, the buyer's receipt and
 * the maker's outsourced receipt were three copies of it): the order's lines read again with the
 * version they were read at (a change by someone else in between is refused as stale), a quantity
 * typed per line (its first value from `initial`), per-line and whole-dialog messages, busy while the
 * action runs.
 */
export function useQtyLines(p: { api: EntityApi; order: Row; onClose: () => void; initial: (line: Row) => string }) {
  const [lines, setLines] = useState<Row[] | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, QtyError | string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState<number>(Number(p.order.version));
  const orderId = Number(p.order.id);
  useEffect(() => {
    let live = true;
    p.api.view(orderId).then(
      (doc) => {
        if (!live) return;
        setVersion(Number(doc.version));
        const rows = ((doc.lines as Row[] | undefined) ?? []).slice().sort(byLine);
        setLines(rows);
        setValues(Object.fromEntries(rows.map((l) => [lineKey(l), p.initial(l)])));
      },
      () => p.onClose(),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per order: the dialog's props are fixed while it is open
  }, [orderId]);
  const onChange = (key: string, v: string) => {
    setValues((x) => ({ ...x, [key]: v }));
    setErrors(({ [key]: _, ...rest }) => rest);
    setFormError(null);
  };
  /** Runs the dialog's action (busy meanwhile); a refusal goes to `refused`, to be shown in the dialog. */
  const runAction = async (work: (version: number) => Promise<void>, refused: (e: unknown) => void) => {
    setBusy(true);
    try {
      await work(version);
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };
  return { orderId, lines, values, errors, setErrors, formError, setFormError, busy, onChange, runAction };
}

export type QtyLinesState = ReturnType<typeof useQtyLines>;

/**
 * A receipt of an order's lines (the buyer's purchase order, the maker's outsourced order): by default
 * what is still to receive on each line; everything still to come runs `receive`, less runs
 * `receive_part` with `receipt` = {"<line seq>": qty}. The server's message naming a line goes under
 * that line. An order tracked by hand had no dispatch: what was ordered counts as arrived.
 */
export function useReceipt(p: { api: EntityApi; order: Row; onClose: () => void; onDone: () => void; manual: boolean; whole: (line: Row) => boolean; area: 'pur' | 'os' }) {
  const { t } = useTranslation();
  const dispatchedOf = (l: Row) => (p.manual ? num(l.qty) : num(l.dispatched_qty));
  const q = useQtyLines({ ...p, initial: (l) => fmt(Math.max(dispatchedOf(l) - num(l.received_qty), 0)) });
  const receiptLines = useMemo<ReceiptLine[]>(
    () => (q.lines ?? []).map((l) => ({ key: lineKey(l), whole: p.whole(l), remaining: dispatchedOf(l) - num(l.received_qty) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lines decide; the order's tracking is fixed while the dialog is open
    [q.lines],
  );
  const check = receiptErrors(receiptLines, q.values);
  /** Sends the receipt with the dialog's own parameters; `fieldRefused` takes a field error the dialog shows itself (true: handled). */
  const submit = async (params: Row, ready: boolean, fieldRefused: (fields: Record<string, string>) => boolean = () => false) => {
    q.setErrors(check.lines);
    q.setFormError(check.form ? t(check.form.key) : null);
    if (Object.keys(check.lines).length || check.form || !ready) return;
    await q.runAction(async (version) => {
      if (check.complete) {
        await p.api.action('receive', [q.orderId], params, version);
        toast.success(t(`${p.area}.receipt.done`));
      } else {
        const receipt = Object.fromEntries(receiptLines.map((l) => [l.key, Number(q.values[l.key])]));
        await p.api.action('receive_part', [q.orderId], { ...params, receipt: JSON.stringify(receipt) }, version);
        toast.success(t(`${p.area}.receipt.partDone`));
      }
      p.onDone();
    }, (e) => {
      const fields = e instanceof ApiError ? fieldErrorsOf(e.errors) : {};
      const handled = fieldRefused(fields);
      if (fields.receipt) {
        // "第 1 行…" / "Line 1: …": the server names the line it refused; its message goes under that line.
        const named = /\d+/.exec(fields.receipt)?.[0];
        if (named && receiptLines.some((l) => l.key === named)) q.setErrors((x) => ({ ...x, [named]: fields.receipt }));
        else q.setFormError(fields.receipt);
      } else if (!handled) q.setFormError(e instanceof Error ? e.message : null);
    });
  };
  return { ...q, dispatchedOf, check, submit };
}
