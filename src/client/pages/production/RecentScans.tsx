import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecentScan } from '../../../model/calls/production';

/**
 * The station's latest scans, each with 撤销 (undo): a dialog asks the reason (required), then the
 * scan is taken back (issue 31; the server refuses once its work order is finished or a later scan of
 * the bundle follows, and the page shows why in its result panel).
 */
export function RecentScans(props: { rows: RecentScan[]; className: string; onUndo: (scan: RecentScan, reason: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [undoing, setUndoing] = useState<RecentScan | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setUndoing(null);
    setReason('');
  };
  const confirm = async () => {
    if (!undoing || !reason.trim()) return;
    setBusy(true);
    try {
      if (await props.onUndo(undoing, reason.trim())) close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section>
      <h2>{t('wo.scanpage.recent')}</h2>
      <table className={props.className} data-testid="scan-recent">
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.id} data-testid={`recent-scan-${r.id}`}>
              <td>{r.scanned_at}</td>
              <td>{r.bundle_no}</td>
              <td>{r.process}</td>
              <td>{r.direction === 'in' ? t('wo.scanpage.in') : t('wo.scanpage.out')}</td>
              <td>{r.qty}</td>
              <td>{r.scanned_by ?? ''}</td>
              <td>
                <Button size="small" appearance="subtle" onClick={() => setUndoing(r)} data-testid={`undo-scan-${r.id}`}>{t('wo.undo.button')}</Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Dialog open={undoing !== null} onOpenChange={(_, d) => !d.open && close()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('wo.undo.title', { barcode: undoing?.bundle_no ?? '', process: undoing?.process ?? '' })}</DialogTitle>
            <DialogContent>
              <Field label={t('wo.undo.reason')} required validationMessage={reason.trim() ? undefined : t('wo.undo.reasonHint')} validationState={reason.trim() ? 'none' : 'warning'}>
                <Textarea value={reason} onChange={(_, d) => setReason(d.value)} maxLength={200} data-testid="undo-reason" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" disabled={busy || !reason.trim()} onClick={() => void confirm()} data-testid="undo-confirm">{t('wo.undo.confirm')}</Button>
              <Button onClick={close}>{t('wo.undo.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </section>
  );
}
