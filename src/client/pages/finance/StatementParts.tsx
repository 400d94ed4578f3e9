import { Button, Checkbox, mergeClasses } from '@fluentui/react-components';
import { CheckmarkRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statement } from '../../../model/calls/finance';
import type { FinSide } from '../../../model/finance-match';
import { at, money, useStatementStyles } from './statement-format';
import { useDictLabel } from './use-statement';

/** Whether the statement is still being matched (neither locked, cancelled nor a draft). */
export const isLive = (st: string) => st === 'matching' || st === 'buyer_confirmed' || st === 'seller_confirmed';

/** One side's confirmation; the caller confirms its own side while the statement is live. */
export function ConfirmBox({ data, side, busy, onConfirm }: { data: Statement; side: FinSide; busy: boolean; onConfirm: (acceptDifferences: boolean) => void }) {
  const { t } = useTranslation();
  const s = useStatementStyles();
  const [accept, setAccept] = useState(false);
  const open = Number(data.open_diffs ?? 0);
  const done = Boolean(data[`${side}_confirmed_at`]);
  const mine = data.side === side;
  return (
    <div className={mergeClasses(s.confirm, done && s.confirmDone)} data-testid={`confirm-${side}`}>
      <span className={s.value}>{t(side === 'buyer' ? 'fin.page.confirmBuyer' : 'fin.page.confirmSeller')} · {String(data[`${side}_name`] ?? '')}</span>
      {done ? (
        <span data-testid={`confirmed-${side}`}>
          <CheckmarkRegular /> {t('fin.page.confirmedBy', { by: String(data[`${side}_confirmed_by`] ?? ''), at: at(data[`${side}_confirmed_at`]) })}
          {data[`${side}_accepted_diff`] ? t('fin.page.acceptedDiff') : ''}
        </span>
      ) : (
        <span>{t('fin.page.waiting')}{mine ? '' : ` · ${t('fin.page.otherSide')}`}</span>
      )}
      {mine && isLive(data.status) && !done && (
        <div className="fin-no-print" style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
          {open > 0 && <Checkbox checked={accept} onChange={(_, d) => setAccept(Boolean(d.checked))} label={t('fin.page.acceptDiff', { n: open })} data-testid="accept-differences" />}
          <Button appearance="primary" icon={<CheckmarkRegular />} disabled={busy} onClick={() => onConfirm(accept)} data-testid="confirm-statement">
            {t('fin.page.confirm')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Both parties, the period, the currency and its rates, the other company's number. */
export function StatementParties({ data }: { data: Statement }) {
  const { t } = useTranslation();
  const s = useStatementStyles();
  const dict = useDictLabel();
  const cur = data.currency;
  const rates = (typeof data.rates === 'string' ? JSON.parse(data.rates) : data.rates ?? {}) as Record<string, number>;
  const rateText = Object.entries(rates).map(([c, r]) => `${c} ${r}`).join(' · ') || t('fin.page.noRates');
  const sideText = (side: FinSide) => t(side === 'buyer' ? 'fin.page.buyer' : 'fin.page.seller');
  const items: Array<[string, unknown]> = [
    [sideText('buyer'), data.buyer_name], [sideText('seller'), data.seller_name],
    [t('fin.page.period'), `${String(data.period_from ?? '').slice(0, 10)} ~ ${String(data.period_to ?? '').slice(0, 10)}`],
    [t('fin.page.currency'), `${cur} ${dict('currency', cur)}`], [t('fin.page.rates'), rateText],
    [t('fin.page.partnerNo'), data.partner_no], [t('fin.page.matchedAt'), at(data.matched_at)], [t('fin.page.remark'), data.remark],
  ];
  return (
    <div className={s.parties}>
      {items.map(([k, v]) => (
        <div key={k}><div className={s.label}>{k}</div><div className={s.value}>{String(v ?? '') || '—'}</div></div>
      ))}
    </div>
  );
}

/** The totals in the statement's currency and the number of unexplained differences (red when any). */
export function StatementTotals({ data }: { data: Statement }) {
  const { t } = useTranslation();
  const s = useStatementStyles();
  const open = Number(data.open_diffs ?? 0);
  const items: Array<[string, unknown]> = [
    ['buyer', data.buyer_total], ['seller', data.seller_total], ['diff', data.diff_total], ['adjust', data.adjust_total], ['settle', data.settle_total], ['open', open],
  ];
  return (
    <div className={s.totals} data-testid="statement-totals">
      {items.map(([k, v]) => (
        <div key={k} className={s.total} data-testid={`total-${k}`}>
          <div className={s.label}>{t(`fin.page.totals.${k}`)}{k !== 'open' ? ` (${data.currency})` : ''}</div>
          <div className={mergeClasses(s.totalValue, ((k === 'open' && open > 0) || (k === 'diff' && Math.abs(Number(v ?? 0)) >= 0.005)) && s.bad)}>{k === 'open' ? String(v) : money(v ?? 0)}</div>
        </div>
      ))}
    </div>
  );
}
