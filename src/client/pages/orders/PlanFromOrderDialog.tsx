import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Link, Radio, RadioGroup, Text } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import type { EntityApi, Row } from '../../api/entity-api';
import { DateText } from '../../form/widgets/date-input';
import { toast } from '../../kernel/toast-bus';

type Batch = { qty: string; delivery_date: string };

/** The checks the server makes again: a batch quantity is a whole number above 0, a date is a day. */
export function batchErrors(batches: Batch[]): Record<string, string> {
  const out: Record<string, string> = {};
  batches.forEach((b, i) => {
    if (!/^\d+$/.test(b.qty.trim()) || Number(b.qty) <= 0) out[`${i}.qty`] = 'rule.interger';
    if (b.delivery_date && !/^\d{4}-\d{2}-\d{2}$/.test(b.delivery_date)) out[`${i}.delivery_date`] = 'rule.date';
  });
  return out;
}

/**
 * "生成生产计划" for an accepted order (issue 11): one plan for what is still open, or one per delivery
 * batch (quantity and delivery date each). The server splits the colour x size matrix over the
 * batches, keeps the style's category, and refuses more than the open quantity with its message.
 */
export function PlanFromOrderDialog(props: { open: boolean; api: EntityApi; order: Row | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'one' | 'batches'>('one');
  const [batches, setBatches] = useState<Batch[]>([{ qty: '', delivery_date: '' }]);
  const [minutes, setMinutes] = useState('');
  const [ready, setReady] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const order = props.order;
  const no = String(order?.order_no ?? order?.pr_no ?? '');

  const submit = async () => {
    if (!order) return;
    const errs = mode === 'batches' ? batchErrors(batches) : {};
    if (minutes.trim() && !(Number(minutes) > 0)) errs.minutes = 'orders.plan.minutesPositive';
    setErrors(errs);
    if (Object.keys(errs).length) {
      toast.error(t('form.correctErrors'));
      return;
    }
    setBusy(true);
    try {
      const params: Row = {
        ...(mode === 'batches' ? { batches: batches.map((b) => ({ qty: Number(b.qty), delivery_date: b.delivery_date || null })) } : {}),
        ...(minutes.trim() ? { minutes_per_piece: Number(minutes) } : {}),
        ...(ready ? { material_ready_date: ready } : {}),
      };
      const reply = (await props.api.action('plan', [Number(order.id)], params, Number(order.version))) as { data?: Array<{ plans?: Array<{ plan_no: string; qty: number }> }> };
      const plans = reply.data?.[0]?.plans ?? [];
      toast.success(t('orders.plan.done', { count: plans.length, plans: plans.map((p) => `${p.plan_no}（${p.qty}）`).join('、') }));
      props.onDone();
    } catch (e) {
      // The server's reason was shown; a refused batch field lands on its field too.
      if (e instanceof ApiError && e.errors) setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, Array.isArray(v) ? v.join(' ') : String(v)])));
    } finally {
      setBusy(false);
    }
  };

  const msg = (k: string) => (errors[k] ? t(errors[k]) : undefined);
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('orders.plan.title', { no })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid="plan-dialog">
            <Text>{t('orders.plan.explain')}</Text>
            <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as 'one' | 'batches')} layout="horizontal">
              <Radio value="one" label={t('orders.plan.one')} data-testid="plan-mode-one" />
              <Radio value="batches" label={t('orders.plan.batches')} data-testid="plan-mode-batches" />
            </RadioGroup>
            {mode === 'batches' ? <BatchEditor batches={batches} setBatches={setBatches} errors={errors} /> : null}
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
              <Field label={t('orders.plan.minutes')} hint={t('orders.plan.minutesHint')} validationMessage={msg('minutes')} validationState={errors.minutes ? 'error' : 'none'}>
                <Input value={minutes} inputMode="decimal" onChange={(_, d) => setMinutes(d.value)} data-testid="plan-minutes" />
              </Field>
              <Field label={t('orders.plan.ready')} hint={t('orders.plan.readyHint')}>
                <DateText kind="date" value={ready} onChange={setReady} testId="plan-ready" />
              </Field>
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('engine.cancel')}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void submit()} data-testid="plan-ok">{t('orders.plan.create')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The delivery batches: a quantity and a date each, one more on demand, never fewer than one. */
function BatchEditor({ batches, setBatches, errors }: { batches: Batch[]; setBatches: (update: (list: Batch[]) => Batch[]) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const setBatch = (i: number, patch: Partial<Batch>) => setBatches((list) => list.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const msg = (k: string) => (errors[k] ? t(errors[k]) : undefined);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr auto', gap: 8, alignItems: 'end' }}>
      {batches.map((b, i) => (
        <div key={i} style={{ display: 'contents' }}>
          <Field label={t('orders.plan.batchQty', { n: i + 1 })} required validationMessage={msg(`${i}.qty`)} validationState={errors[`${i}.qty`] ? 'error' : 'none'}>
            <Input value={b.qty} inputMode="numeric" onChange={(_, d) => setBatch(i, { qty: d.value })} data-testid={`plan-batch-qty-${i}`} />
          </Field>
          <Field label={t('orders.plan.batchDate')} validationMessage={msg(`${i}.delivery_date`)} validationState={errors[`${i}.delivery_date`] ? 'error' : 'none'}>
            <DateText kind="date" value={b.delivery_date} onChange={(v) => setBatch(i, { delivery_date: v })} testId={`plan-batch-date-${i}`} />
          </Field>
          <Button icon={<DeleteRegular />} aria-label={t('engine.removeRows')} disabled={batches.length === 1} onClick={() => setBatches((list) => list.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Link as="button" onClick={() => setBatches((list) => [...list, { qty: '', delivery_date: '' }])} data-testid="plan-batch-add">
        <AddRegular /> {t('orders.plan.addBatch')}
      </Link>
    </div>
  );
}
