import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateBox } from '../../form/widgets/date-input';
import { money } from './statement-format';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * Records an invoice (the seller) or a payment (the buyer) against a locked statement: its number, its
 * date and its amount in the statement's currency, by default what is left (not yet invoiced, or
 * outstanding). The browser refuses an amount above that; the server checks again.
 */
export function SettleDialog({ action, currency, left, busy, onCancel, onRun }: {
  action: 'invoice' | 'pay'; currency: string; left: number; busy: boolean; onCancel: () => void; onRun: (body: Record<string, unknown>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [no, setNo] = useState('');
  const [date, setDate] = useState(today());
  const [amount, setAmount] = useState(left > 0 ? left.toFixed(2) : '');
  const [note, setNote] = useState('');
  const n = Number(amount);
  const amountError = amount.trim() === '' || !Number.isFinite(n) || n <= 0 ? t('fin.settle.dialog.positive') : n > left + 1e-9 ? t('fin.settle.dialog.tooMuch', { left: money(left) }) : undefined;
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onCancel()}>
      <DialogSurface data-testid="settle-dialog">
        <DialogBody>
          <DialogTitle>{t(action === 'invoice' ? 'fin.settle.dialog.invoice' : 'fin.settle.dialog.pay', { cur: currency })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <p>{t('fin.settle.dialog.hint')}</p>
            <Field label={t(action === 'invoice' ? 'fin.settle.dialog.no.invoice' : 'fin.settle.dialog.no.pay')} required>
              <Input value={no} onChange={(_, d) => setNo(d.value)} data-testid="settle-no" />
            </Field>
            <Field label={t('fin.settle.dialog.date')} required>
              <DateBox value={date} onChange={setDate} testId="settle-date" ariaLabel={t('fin.settle.dialog.date')} />
            </Field>
            <Field label={t('fin.settle.dialog.amount', { left: money(left) })} required validationMessage={amount ? amountError : undefined}>
              <Input value={amount} onChange={(_, d) => setAmount(d.value)} inputMode="decimal" data-testid="settle-amount" />
            </Field>
            <Field label={t('fin.settle.dialog.note')}>
              <Input value={note} onChange={(_, d) => setNote(d.value)} data-testid="settle-note" />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel}>{t('fin.page.cancel')}</Button>
            <Button appearance="primary" disabled={busy || Boolean(amountError) || !no.trim() || !date} data-testid="settle-ok"
              onClick={() => void onRun({ doc_no: no.trim(), doc_date: date, amount: n, ...(note.trim() ? { note: note.trim() } : {}) })}>
              {t('fin.page.ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
