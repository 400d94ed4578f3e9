import { mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { StatementLine } from '../../../model/calls/finance';
import { DIFFERING } from '../../../model/finance-match';
import { figures, money, qty, useStatementStyles } from './statement-format';
import { useDictLabel } from './use-statement';

/** The matched lines: both sides' figures and the difference (unexplained red, explained amber, adjustments blue). */
export function StatementLines({ lines, currency: cur }: { lines: StatementLine[]; currency: string }) {
  const { t } = useTranslation();
  const s = useStatementStyles();
  const dict = useDictLabel();
  const rowClass = (l: StatementLine) => (l.kind === 'adjustment' ? s.rowAdjust : DIFFERING.has(l.match) ? (l.explained ? s.rowExplained : s.rowOpen) : undefined);
  if (lines.length === 0) return <p>{t('fin.page.noLines')}</p>;
  return (
    <div className={s.tableWrap}>
      <table className={s.table} data-testid="statement-lines">
        <thead>
          <tr>
            <th>{t('fin.page.col.seq')}</th><th>{t('fin.page.col.kind')}</th><th>{t('fin.page.col.doc')}</th><th>{t('fin.page.col.item')}</th><th>{t('fin.page.col.cur')}</th>
            <th>{t('fin.page.col.buyer')}</th><th>{t('fin.page.col.seller')}</th><th>{t('fin.page.col.rate')}</th>
            <th>{t('fin.page.col.buyerStmt', { cur })}</th><th>{t('fin.page.col.sellerStmt', { cur })}</th><th>{t('fin.page.col.diffQty')}</th><th>{t('fin.page.col.diffAmount', { cur })}</th>
            <th>{t('fin.page.col.match')}</th><th>{t('fin.page.col.note')}</th>
          </tr>
        </thead>
        <tbody>
          {[...lines].sort((a, b) => a.seq - b.seq).map((l) => (
            <tr key={l.seq} className={rowClass(l)} data-testid="statement-line" data-match={l.match} data-explained={l.explained ? 'yes' : 'no'}>
              <td className={s.num}>{l.seq}</td>
              <td>{dict('fin_line_kind', l.kind)}</td>
              <td>{l.doc_no}</td>
              <td>{l.item}{l.item_name ? ` ${l.item_name}` : ''}</td>
              <td>{l.doc_currency}</td>
              <td className={s.num}>{figures(l.kind === 'deduction' ? null : l.buyer_qty, l.buyer_amount)}</td>
              <td className={s.num}>{figures(l.kind === 'deduction' ? null : l.seller_qty, l.seller_amount)}</td>
              <td className={s.num}>{qty(l.rate)}</td>
              <td className={s.num}>{money(l.buyer_amount_stmt)}</td>
              <td className={s.num}>{money(l.seller_amount_stmt)}</td>
              <td className={mergeClasses(s.num, Math.abs(Number(l.diff_qty)) > 0 && s.bad)}>{Number(l.diff_qty) === 0 ? '' : qty(l.diff_qty)}</td>
              <td className={mergeClasses(s.num, Math.abs(Number(l.diff_amount)) >= 0.005 && s.bad)}>{Math.abs(Number(l.diff_amount)) < 0.005 ? '' : money(l.diff_amount)}</td>
              <td>{dict('fin_match', l.match)}{DIFFERING.has(l.match) && l.explained ? ` · ${t('fin.page.explained')}` : ''}</td>
              <td className={s.note}>{l.note ?? ''}{l.added_by ? ` (${t('fin.page.addedBy', { side: t(`fin.page.side.${l.added_by}`) })})` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
