import { Button, Checkbox, Input } from '@fluentui/react-components';
import { ArrowDownloadRegular, CheckmarkRegular, PrintRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { financeCalls } from '../../../model/calls/finance';
import { structureText } from '../../../model/field-types';
import { downloadFile } from '../../engine/upload-api';
import type { WidgetProps } from '../../form/widgets';
import type { RecordForm } from '../../form/use-record-form';
import { toast } from '../../kernel/toast-bus';

const LIVE = ['matching', 'buyer_confirmed', 'seller_confirmed'];

/** The period's rates as agreed (one unit in CNY), e.g. "CNY 1 · USD 7.1": a value of the statement, never typed. */
export function RatesField(p: WidgetProps) {
  return <Input id={p.id} readOnly disabled={p.disabled} value={structureText(p.value)} data-testid="statement-rates" />;
}

/**
 * The caller's own side's confirmation of a statement being matched, with "accept differences" while
 * some are unexplained (`confirm` is an action of its own: it lands in one side's confirmed state or
 * locked, finance.service.ts); then the workbook and the printed document of any statement.
 */
export function StatementTools({ rf, onChanged }: { rf: RecordForm; onChanged: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [accept, setAccept] = useState(false);
  const r = rf.record;
  if (!r) return null;
  const open = Number(r.open_diffs ?? 0);
  const mine = String(r.side);
  const confirming = LIVE.includes(String(r.status)) && !r[`${mine}_confirmed_at`];
  const confirm = async () => {
    rf.setBusy(true);
    try {
      await rf.api.action('confirm', [Number(r.id)], { accept_differences: accept }, Number(r.version));
      toast.success(t('engine.actionDone'));
    } catch {
      // The API reactions said why (the open differences, a stale version).
    } finally {
      rf.setBusy(false);
      rf.reload();
      onChanged();
    }
  };
  return (
    <>
      {confirming && open > 0 && <Checkbox checked={accept} onChange={(_, d) => setAccept(Boolean(d.checked))} label={t('fin.page.acceptDiff', { n: open })} data-testid="accept-differences" />}
      {confirming && (
        <Button appearance="primary" icon={<CheckmarkRegular />} disabled={rf.busy} onClick={() => void confirm()} data-testid="confirm-statement">{t('fin.page.confirm')}</Button>
      )}
      <Button icon={<ArrowDownloadRegular />} onClick={() => void downloadFile(financeCalls.workbook.path, { id: Number(r.id) }, `${String(r.stmt_no)}.xlsx`).catch(() => undefined)} data-testid="statement-excel">
        {t('fin.page.excel')}
      </Button>
      <Button icon={<PrintRegular />} onClick={() => navigate(`/page/document/finstatement?id=${Number(r.id)}`)} data-testid="statement-print">{t('fin.page.print')}</Button>
    </>
  );
}
