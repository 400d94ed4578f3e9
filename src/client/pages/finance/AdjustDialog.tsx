import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An adjustment with its amount (statement currency), its reason and optionally the line it explains. */
export function AdjustDialog({ currency, busy, onCancel, onRun }: { currency: string; busy: boolean; onCancel: () => void; onRun: (body: Record<string, unknown>) => Promise<void> }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [line, setLine] = useState('');
  const amountBad = amount.trim() === '' || !Number.isFinite(Number(amount));
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface data-testid="adjust-dialog">
        <DialogBody>
          <DialogTitle>{t('fin.page.adjust.title')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <p>{t('fin.page.adjust.hint')}</p>
            <Field label={t('fin.page.adjust.amount', { cur: currency })} required>
              <Input value={amount} onChange={(_, d) => setAmount(d.value)} inputMode="decimal" data-testid="adjust-amount" />
            </Field>
            <Field label={t('fin.page.adjust.reason')} required>
              <Input value={reason} onChange={(_, d) => setReason(d.value)} data-testid="adjust-reason" />
            </Field>
            <Field label={t('fin.page.adjust.line')}>
              <Input value={line} onChange={(_, d) => setLine(d.value.replace(/\D/g, ''))} inputMode="numeric" data-testid="adjust-line" />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{t('fin.page.cancel')}</Button>
            <Button appearance="primary" disabled={busy || amountBad || !reason.trim()} data-testid="adjust-ok"
              onClick={() => void onRun({ amount: Number(amount), reason: reason.trim(), ...(line ? { line_seq: Number(line) } : {}) })}>
              {t('fin.page.ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
