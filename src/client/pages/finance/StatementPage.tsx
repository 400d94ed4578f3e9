import {
  Badge, Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, mergeClasses, tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, ArrowLeftRegular, ArrowSyncRegular, CheckmarkRegular, PrintRegular, SendRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { getDictionary } from '../../../model/dictionaries';
import { finStatement } from '../../../model/entities/finstatement.entity';
import { DIFFERING, type FinMatch, type FinSide } from '../../../model/finance-match';
import { api } from '../../api/client';
import { downloadFile } from '../../engine/upload-api';
import { toast } from '../../kernel/toast-bus';
import './finance-messages';

type Line = {
  seq: number; kind: string; doc_no: string; item: string; item_name: string | null; doc_currency: string; buyer_qty: number | null; buyer_amount: number | null;
  seller_qty: number | null; seller_amount: number | null; rate: number; buyer_amount_stmt: number | null; seller_amount_stmt: number | null; diff_qty: number; diff_amount: number;
  match: FinMatch; explained: boolean; note: string | null; added_by: FinSide | null;
};
type Statement = Record<string, unknown> & { id: number; version: number; stmt_no: string; status: string; side: FinSide; currency: string; lines: Line[] };

const BASE = '/finapi/finstatement';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '16px 24px', maxWidth: '1500px' },
  toolbar: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  head: { display: 'flex', gap: '12px', alignItems: 'center', flexWrap: 'wrap' },
  parties: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '8px 24px', padding: '12px 16px', borderRadius: '6px', backgroundColor: tokens.colorNeutralBackground2 },
  label: { color: tokens.colorNeutralForeground3, fontSize: '12px' },
  value: { fontWeight: 600 },
  totals: { display: 'grid', gridTemplateColumns: 'repeat(6, minmax(140px, 1fr))', gap: '8px' },
  total: { padding: '8px 12px', borderRadius: '6px', border: `1px solid ${tokens.colorNeutralStroke2}` },
  totalValue: { fontSize: '18px', fontWeight: 700, fontVariantNumeric: 'tabular-nums' },
  bad: { color: '#c50f1f' },
  confirms: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px' },
  confirm: { padding: '12px 16px', borderRadius: '6px', border: `1px solid ${tokens.colorNeutralStroke1}`, display: 'flex', flexDirection: 'column', gap: '8px' },
  confirmDone: { borderTopColor: '#107c10', borderRightColor: '#107c10', borderBottomColor: '#107c10', borderLeftColor: '#107c10', backgroundColor: '#f1faf1' },
  tableWrap: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse', width: '100%', fontSize: '13px',
    '& td, & th': { border: `1px solid ${tokens.colorNeutralStroke2}`, padding: '4px 8px', whiteSpace: 'nowrap' },
    '& th': { backgroundColor: tokens.colorNeutralBackground3, textAlign: 'left' },
  },
  num: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  rowOpen: { backgroundColor: '#fde7e9' },
  rowExplained: { backgroundColor: '#fff4ce' },
  rowAdjust: { backgroundColor: '#ebf3fc' },
  note: { whiteSpace: 'normal', minWidth: '200px' },
  sign: { display: 'none' },
});

/**
 * Printing (issue 18 "printable document"): only the statement prints, without the shell; the
 * signature lines show on paper only. A style element of the page, so it exists only while the page does.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-print-area], [data-print-area] * { visibility: visible !important; }
  [data-print-area] { position: absolute; left: 0; top: 0; width: 100%; padding: 0 !important; }
  [data-print-area] .fin-no-print { display: none !important; }
  [data-print-area] .fin-print-only { display: flex !important; }
  [data-print-area] table { font-size: 10px; }
  [data-print-area] tr { break-inside: avoid; }
  @page { size: A4 landscape; margin: 12mm; }
}`;

const money = (v: unknown) => (v === null || v === undefined || v === '' ? '' : Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const qty = (v: unknown) => (v === null || v === undefined || v === '' ? '' : Number(v).toLocaleString('en-US', { maximumFractionDigits: 4 }));
/** A side's quantity and amount; an adjustment has an amount only, a side without the record a dash. */
const figures = (q: number | null, amount: number | null) => {
  if (amount === null) return '—';
  return q === null ? money(amount) : `${qty(q)} / ${money(amount)}`;
};
const at = (v: unknown) => (v ? String(v).replace('T', ' ').slice(0, 19) : '');

/**
 * A statement between two companies (issue 18): both parties and the period, the period's rates,
 * every matched line with both sides' figures and the difference (unexplained differences red,
 * explained amber, adjustments blue), the totals, each side's confirmation (the caller confirms its
 * own side), matching again, adjustments, the workbook and the printed document.
 */
export function StatementPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const s = useStyles();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { data, error, mutate, isLoading } = useSWR(id ? ['fin-statement', id] : null, () => api.get<Statement>(`${BASE}/view`, { id }, { quiet: true }));
  const [busy, setBusy] = useState(false);
  const [accept, setAccept] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const dict = (code: string, v: unknown) => {
    const item = getDictionary(code)?.items.find((x) => x.value === String(v ?? ''));
    return item ? (en ? item.label.en : item.label.zh) : String(v ?? '');
  };

  const run = async (action: string, body: Record<string, unknown> = {}): Promise<boolean> => {
    if (!data) return false;
    setBusy(true);
    try {
      await api.post(`${BASE}/action/${action}`, { ids: [data.id], version: data.version, ...body });
      toast.success(t('fin.page.done'));
      await mutate();
      return true;
    } catch {
      await mutate();
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!id || error) return <div className={s.page}><MessageBar intent="error"><MessageBarBody>{t('fin.page.notFound')}</MessageBarBody></MessageBar><Link to="/fin/index/finstatement">{t('fin.page.back')}</Link></div>;
  if (isLoading || !data) return <div className={s.page}><Spinner /></div>;

  const st = data.status;
  const open = Number(data.open_diffs ?? 0);
  const cur = data.currency;
  const live = st === 'matching' || st === 'buyer_confirmed' || st === 'seller_confirmed';
  const rates = (typeof data.rates === 'string' ? JSON.parse(data.rates) : data.rates ?? {}) as Record<string, number>;
  const rateText = Object.entries(rates).map(([c, r]) => `${c} ${r}`).join(' · ') || t('fin.page.noRates');
  const stateColor = getStateColor(st);

  const confirmBox = (side: FinSide) => {
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
        {mine && live && !done && (
          <div className="fin-no-print" style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
            {open > 0 && <Checkbox checked={accept} onChange={(_, d) => setAccept(Boolean(d.checked))} label={t('fin.page.acceptDiff', { n: open })} data-testid="accept-differences" />}
            <Button appearance="primary" icon={<CheckmarkRegular />} disabled={busy} onClick={() => void run('confirm', { accept_differences: accept })} data-testid="confirm-statement">
              {t('fin.page.confirm')}
            </Button>
          </div>
        )}
      </div>
    );
  };

  const rowClass = (l: Line) => (l.kind === 'adjustment' ? s.rowAdjust : DIFFERING.has(l.match) ? (l.explained ? s.rowExplained : s.rowOpen) : undefined);
  const sideText = (side: FinSide) => t(side === 'buyer' ? 'fin.page.buyer' : 'fin.page.seller');

  return (
    <div className={s.page} data-print-area data-testid="statement-page">
      <style>{PRINT_CSS}</style>
      <div className={mergeClasses(s.toolbar, 'fin-no-print')}>
        <Link to="/fin/index/finstatement"><Button appearance="subtle" icon={<ArrowLeftRegular />}>{t('fin.page.back')}</Button></Link>
        {st === 'draft' && <Button icon={<SendRegular />} disabled={busy} onClick={() => void run('send')} data-testid="statement-send">{t('fin.page.send')}</Button>}
        {live && <Button icon={<ArrowSyncRegular />} disabled={busy} onClick={() => void run('rematch')} data-testid="statement-rematch">{t('fin.page.rematch')}</Button>}
        {live && <Button icon={<AddRegular />} disabled={busy} onClick={() => setAdjusting(true)} data-testid="statement-adjust">{t('fin.page.adjust')}</Button>}
        <Button icon={<ArrowDownloadRegular />} onClick={() => void downloadFile(`${BASE}/workbook`, { id: data.id }, `${data.stmt_no}.xlsx`).catch(() => undefined)} data-testid="statement-excel">{t('fin.page.excel')}</Button>
        <Button icon={<PrintRegular />} onClick={() => window.print()} data-testid="statement-print">{t('fin.page.print')}</Button>
      </div>
      <div className={s.head}>
        <Title2 as="h1">{t('fin.page.title')} {data.stmt_no}</Title2>
        <Badge appearance="filled" color={stateColor} size="large" data-testid="statement-status">{dict('fin_statement_status', st)}</Badge>
        <Badge appearance="outline">{t('fin.page.ourSide', { side: dict('fin_side', data.side) })}</Badge>
      </div>
      {st === 'locked' && <MessageBar intent="success" data-testid="statement-locked"><MessageBarBody>{t('fin.page.lockedHint')}</MessageBarBody></MessageBar>}
      {st === 'draft' && <MessageBar intent="info"><MessageBarBody>{t('fin.page.draftHint')}</MessageBarBody></MessageBar>}
      {st === 'cancelled' && <MessageBar intent="warning"><MessageBarBody>{t('fin.page.cancelledHint')}</MessageBarBody></MessageBar>}
      {live && (open > 0
        ? <MessageBar intent="error" data-testid="statement-open-hint"><MessageBarBody>{t('fin.page.openHint', { n: open })}</MessageBarBody></MessageBar>
        : <MessageBar intent="success"><MessageBarBody>{t('fin.page.allExplained')}</MessageBarBody></MessageBar>)}
      <div className={s.parties}>
        {([
          [sideText('buyer'), data.buyer_name], [sideText('seller'), data.seller_name],
          [t('fin.page.period'), `${String(data.period_from ?? '').slice(0, 10)} ~ ${String(data.period_to ?? '').slice(0, 10)}`],
          [t('fin.page.currency'), `${cur} ${dict('currency', cur)}`], [t('fin.page.rates'), rateText],
          [t('fin.page.partnerNo'), data.partner_no], [t('fin.page.matchedAt'), at(data.matched_at)], [t('fin.page.remark'), data.remark],
        ] as Array<[string, unknown]>).map(([k, v]) => (
          <div key={k}><div className={s.label}>{k}</div><div className={s.value}>{String(v ?? '') || '—'}</div></div>
        ))}
      </div>
      <div className={s.totals} data-testid="statement-totals">
        {([
          ['buyer', data.buyer_total], ['seller', data.seller_total], ['diff', data.diff_total], ['adjust', data.adjust_total], ['settle', data.settle_total], ['open', open],
        ] as Array<[string, unknown]>).map(([k, v]) => (
          <div key={k} className={s.total} data-testid={`total-${k}`}>
            <div className={s.label}>{t(`fin.page.totals.${k}`)}{k !== 'open' ? ` (${cur})` : ''}</div>
            <div className={mergeClasses(s.totalValue, ((k === 'open' && open > 0) || (k === 'diff' && Math.abs(Number(v ?? 0)) >= 0.005)) && s.bad)}>{k === 'open' ? String(v) : money(v ?? 0)}</div>
          </div>
        ))}
      </div>
      <div className={s.confirms}>{confirmBox('buyer')}{confirmBox('seller')}</div>
      <Title2 as="h2" style={{ fontSize: 18 }}>{t('fin.page.lines')}</Title2>
      {data.lines.length === 0 ? <p>{t('fin.page.noLines')}</p> : (
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
              {[...data.lines].sort((a, b) => a.seq - b.seq).map((l) => (
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
      )}
      <div className={mergeClasses(s.sign, 'fin-print-only')} style={{ justifyContent: 'space-between', marginTop: 32 }}>
        <span>{t('fin.page.signBuyer')} ________________</span>
        <span>{t('fin.page.signSeller')} ________________</span>
        <span>{t('fin.page.printedAt', { at: new Date().toISOString().slice(0, 16).replace('T', ' ') })}</span>
      </div>
      {adjusting && <AdjustDialog currency={cur} busy={busy} onCancel={() => setAdjusting(false)} onRun={async (b) => { if (await run('adjust', b)) setAdjusting(false); }} />}
    </div>
  );
}

type BadgeColor = 'informative' | 'warning' | 'brand' | 'success' | 'subtle' | 'danger';

/** The state's colour as the entity declares it (the lists' status badges use the same). */
function getStateColor(st: string): BadgeColor {
  return (finStatement.states?.states.find((x) => x.code === st)?.color ?? 'informative') as BadgeColor;
}

function AdjustDialog({ currency, busy, onCancel, onRun }: { currency: string; busy: boolean; onCancel: () => void; onRun: (body: Record<string, unknown>) => Promise<void> }) {
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
