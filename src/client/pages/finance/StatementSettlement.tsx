import { Badge, Button, Title2, mergeClasses } from '@fluentui/react-components';
import { ReceiptRegular, MoneyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statement } from '../../../model/calls/finance';
import { SettleDialog } from './SettleDialog';
import { money, useStatementStyles } from './statement-format';

/**
 * A locked statement's balance and its invoices and payments (shown to both companies): the amount to
 * settle, invoiced, paid and outstanding, one row per record; the seller records invoices, the buyer
 * payments (the caller's own side's button only, while something is left).
 */
export function StatementSettlement({ data, busy, run }: { data: Statement; busy: boolean; run: (action: 'invoice' | 'pay', body: Record<string, unknown>) => Promise<boolean> }) {
  const { t } = useTranslation();
  const s = useStatementStyles();
  const [open, setOpen] = useState(false);
  const cur = data.currency;
  const settle = Number(data.settle_total ?? 0);
  const invoiced = Number(data.invoiced_total ?? 0);
  const paid = Number(data.paid_total ?? 0);
  const outstanding = data.outstanding_total === null || data.outstanding_total === undefined ? settle - paid : Number(data.outstanding_total);
  const action = data.side === 'seller' ? 'invoice' : 'pay';
  const left = Math.round((action === 'invoice' ? settle - invoiced : outstanding) * 100) / 100;
  const records = data.settlements ?? [];
  const boxes: Array<[string, number, boolean]> = [
    ['amount', settle, false], ['invoiced', invoiced, false], ['paid', paid, false], ['outstanding', outstanding, outstanding > 0.004],
  ];
  return (
    <section data-testid="statement-settlement" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div className={s.head}>
        <Title2 as="h2" style={{ fontSize: 18 }}>{t('fin.settle.title')}</Title2>
        {settle > 0 && outstanding <= 0.004 && <Badge appearance="filled" color="success" data-testid="settle-paid-in-full">{t('fin.settle.settled')}</Badge>}
        {settle - invoiced > 0.004 && <Badge appearance="outline" color="warning">{t('fin.settle.uninvoiced', { n: money(settle - invoiced) })}</Badge>}
        {left > 0.004 && (
          <Button className="fin-no-print" icon={action === 'invoice' ? <ReceiptRegular /> : <MoneyRegular />} disabled={busy} onClick={() => setOpen(true)} data-testid={`statement-${action}`}>
            {t(action === 'invoice' ? 'fin.settle.invoice' : 'fin.settle.pay')}
          </Button>
        )}
      </div>
      <span className={s.label}>{t('fin.settle.hint')}</span>
      <div className={s.totals} style={{ gridTemplateColumns: 'repeat(4, minmax(140px, 1fr))' }}>
        {boxes.map(([k, v, bad]) => (
          // `settle-total-<box>`: the dialog's fields are `settle-no`, `settle-amount`, `settle-note` (one name, one element).
          <div key={k} className={s.total} data-testid={`settle-total-${k}`}>
            <div className={s.label}>{t(`fin.settle.${k}`)} ({cur})</div>
            <div className={mergeClasses(s.totalValue, bad && s.bad)}>{money(v)}</div>
          </div>
        ))}
      </div>
      {records.length ? (
        <div className={s.tableWrap}>
          <table className={s.table} data-testid="settle-records">
            <thead>
              <tr>
                <th>{t('fin.page.col.seq')}</th><th>{t('fin.settle.col.kind')}</th><th>{t('fin.settle.col.no')}</th><th>{t('fin.settle.col.date')}</th>
                <th>{t('fin.settle.col.amount', { cur })}</th><th>{t('fin.settle.col.by')}</th><th>{t('fin.settle.col.remark')}</th>
              </tr>
            </thead>
            <tbody>
              {records.slice().sort((a, b) => Number(a.seq) - Number(b.seq)).map((r) => (
                <tr key={r.seq} data-testid={`settle-row-${r.kind}`}>
                  <td className={s.num}>{r.seq}</td>
                  <td>{t(`fin.settle.kind.${r.kind}`)}</td>
                  <td>{r.doc_no}</td>
                  <td>{String(r.doc_date ?? '').slice(0, 10)}</td>
                  <td className={s.num}>{money(r.amount)}</td>
                  <td>{t(r.recorded_side === 'buyer' ? 'fin.page.side.buyer' : 'fin.page.side.seller')} · {r.recorded_by ?? ''}</td>
                  <td className={s.note}>{r.remark ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <span data-testid="settle-none">{t('fin.settle.none')}</span>
      )}
      {open && <SettleDialog action={action} currency={cur} left={left} busy={busy} onCancel={() => setOpen(false)} onRun={async (b) => { if (await run(action, b)) setOpen(false); }} />}
    </section>
  );
}
