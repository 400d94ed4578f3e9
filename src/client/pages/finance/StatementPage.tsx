import { Badge, Button, MessageBar, MessageBarBody, Spinner, Title2, mergeClasses } from '@fluentui/react-components';
import { AddRegular, ArrowDownloadRegular, ArrowLeftRegular, ArrowSyncRegular, PrintRegular, SendRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { Statement } from '../../../model/calls/finance';
import { AdjustDialog } from './AdjustDialog';
import { StatementLines } from './StatementLines';
import { StatementSettlement } from './StatementSettlement';
import { ConfirmBox, isLive, StatementParties, StatementTotals } from './StatementParts';
import { PRINT_CSS, useStatementStyles } from './statement-format';
import { stateColorOf, useDictLabel, useStatement } from './use-statement';
import './finance-messages';

/**
 * A statement between two companies (issue 18): both parties and the period, the period's rates,
 * every matched line with both sides' figures and the difference (unexplained differences red,
 * explained amber, adjustments blue), the totals, each side's confirmation (the caller confirms its
 * own side), matching again, adjustments, the workbook and the printed document.
 */
export function StatementPage() {
  const { t } = useTranslation();
  const s = useStatementStyles();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { data, error, isLoading, busy, run, download } = useStatement(id);
  const [adjusting, setAdjusting] = useState(false);

  if (!id || error) return <div className={s.page}><MessageBar intent="error"><MessageBarBody>{t('fin.page.notFound')}</MessageBarBody></MessageBar><Link to="/fin/index/finstatement">{t('fin.page.back')}</Link></div>;
  if (isLoading || !data) return <div className={s.page}><Spinner /></div>;

  const st = data.status;
  const live = isLive(st);
  return (
    <div className={s.page} data-print-area data-testid="statement-page">
      <style>{PRINT_CSS}</style>
      <div className={mergeClasses(s.toolbar, 'fin-no-print')}>
        <Link to="/fin/index/finstatement"><Button appearance="subtle" icon={<ArrowLeftRegular />}>{t('fin.page.back')}</Button></Link>
        {st === 'draft' && <Button icon={<SendRegular />} disabled={busy} onClick={() => void run('send')} data-testid="statement-send">{t('fin.page.send')}</Button>}
        {live && <Button icon={<ArrowSyncRegular />} disabled={busy} onClick={() => void run('rematch')} data-testid="statement-rematch">{t('fin.page.rematch')}</Button>}
        {live && <Button icon={<AddRegular />} disabled={busy} onClick={() => setAdjusting(true)} data-testid="statement-adjust">{t('fin.page.adjust')}</Button>}
        <Button icon={<ArrowDownloadRegular />} onClick={() => download(data)} data-testid="statement-excel">{t('fin.page.excel')}</Button>
        <Button icon={<PrintRegular />} onClick={() => window.print()} data-testid="statement-print">{t('fin.page.print')}</Button>
      </div>
      <StatementHead data={data} />
      <div className={s.confirms}>
        {(['buyer', 'seller'] as const).map((side) => <ConfirmBox key={side} data={data} side={side} busy={busy} onConfirm={(accept) => void run('confirm', { accept_differences: accept })} />)}
      </div>
      {st === 'locked' && <StatementSettlement data={data} busy={busy} run={run} />}
      <Title2 as="h2" style={{ fontSize: 18 }}>{t('fin.page.lines')}</Title2>
      <StatementLines lines={data.lines} currency={data.currency} />
      <div className={mergeClasses(s.sign, 'fin-print-only')} style={{ justifyContent: 'space-between', marginTop: 32 }}>
        <span>{t('fin.page.signBuyer')} ________________</span>
        <span>{t('fin.page.signSeller')} ________________</span>
        <span>{t('fin.page.printedAt', { at: new Date().toISOString().slice(0, 16).replace('T', ' ') })}</span>
      </div>
      {adjusting && <AdjustDialog currency={data.currency} busy={busy} onCancel={() => setAdjusting(false)} onRun={async (b) => { if (await run('adjust', b)) setAdjusting(false); }} />}
    </div>
  );
}

/** The number, the state badge, our side, the state's hint, the parties and the totals. */
function StatementHead({ data }: { data: Statement }) {
  const { t } = useTranslation();
  const s = useStatementStyles();
  const dict = useDictLabel();
  const st = data.status;
  const open = Number(data.open_diffs ?? 0);
  return (
    <>
      <div className={s.head}>
        <Title2 as="h1">{t('fin.page.title')} {data.stmt_no}</Title2>
        <Badge appearance="filled" color={stateColorOf(st)} size="large" data-testid="statement-status">{dict('fin_statement_status', st)}</Badge>
        <Badge appearance="outline">{t('fin.page.ourSide', { side: dict('fin_side', data.side) })}</Badge>
      </div>
      {st === 'locked' && <MessageBar intent="success" data-testid="statement-locked"><MessageBarBody>{t('fin.page.lockedHint')}</MessageBarBody></MessageBar>}
      {st === 'draft' && <MessageBar intent="info"><MessageBarBody>{t('fin.page.draftHint')}</MessageBarBody></MessageBar>}
      {st === 'cancelled' && <MessageBar intent="warning"><MessageBarBody>{t('fin.page.cancelledHint')}</MessageBarBody></MessageBar>}
      {isLive(st) && (open > 0
        ? <MessageBar intent="error" data-testid="statement-open-hint"><MessageBarBody>{t('fin.page.openHint', { n: open })}</MessageBarBody></MessageBar>
        : <MessageBar intent="success"><MessageBarBody>{t('fin.page.allExplained')}</MessageBarBody></MessageBar>)}
      <StatementParties data={data} />
      <StatementTotals data={data} />
    </>
  );
}
