import { useTranslation } from 'react-i18next';
import type { RecentScan, ScanUndoResult } from '../../../model/calls/production';
import { woScan } from '../../../model/entities/workorder.entity';
import { LineActions } from '../../form/LineActions';

/**
 * The station's latest scans, each with the scan's declared line transition 撤销 (`wo_scan.undo`,
 * drawn by the engine's `LineActions`: the reason asked in the transition's dialog, the server's
 * refusal in a toast); `onUndone` gets what was undone.
 */
export function RecentScans(props: { rows: RecentScan[]; className: string; onUndone: (undone: ScanUndoResult | undefined) => void }) {
  const { t } = useTranslation();
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
                <LineActions entity={woScan} master={{ status: r.wo_status }} line={r} testId={`scan-${r.id}`} onDone={(data) => props.onUndone(data?.[0] as ScanUndoResult | undefined)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
