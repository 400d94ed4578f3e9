import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { EntityApi, Row } from '../../api/entity-api';
import { QtyLines, receiptFigures } from '../purchase/line-table';
import '../purchase/purchase-messages';
import { QtyDialog } from '../purchase/QtyDialog';
import { fmt, lineKey } from '../purchase/quantities';
import { useReceipt } from '../purchase/use-qty-lines';
import './outsource-messages';

/**
 * The maker receives an outsourced order (issue 12), the purchase area's receipt (`useReceipt`)
 * without a stock location (the pieces go back to the line, not into a warehouse): each line (colour x
 * size) with ordered, dispatched by the vendor, received and still to receive, and the pieces received
 * now (whole pieces, 0..still to receive, checked per line here and again by the server). Everything
 * still to come runs `receive` (received, the plan lock turns "received"); less runs `receive_part`.
 */
export function OutsourceReceiptDialog(props: { api: EntityApi; order: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const manual = props.order.tracking === 'manual';
  // Pieces: whole numbers on every line.
  const r = useReceipt({ ...props, manual, whole: () => true, area: 'os' });
  return (
    <QtyDialog
      testId="receipt" title={t('os.receipt.title', { no: String(props.order.os_no ?? '') })} explain={t(manual ? 'os.receipt.explainManual' : 'os.receipt.explain')}
      width={980} loading={!r.lines} formError={r.formError} okLabel={t('pur.receipt.ok')} okDisabled={r.busy || !r.lines} onOk={() => void r.submit({}, true)} onClose={props.onClose}
    >
      <QtyLines
        prefix="receipt" lines={r.lines ?? []} itemHeader={t('os.receipt.item')} figures={receiptFigures(t, r.dispatchedOf)} qtyHeader={t('pur.col.toReceive')}
        values={r.values} errors={r.errors} keyOf={lineKey} format={fmt} onChange={r.onChange}
      />
      {!Object.keys(r.check.lines).length && !r.check.form ? (
        <MessageBar intent={r.check.complete ? 'success' : 'info'} data-testid="receipt-kind">
          <MessageBarBody>{t(r.check.complete ? 'os.receipt.willComplete' : 'os.receipt.willPart')}</MessageBarBody>
        </MessageBar>
      ) : null}
    </QtyDialog>
  );
}
