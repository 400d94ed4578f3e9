import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Text } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLineTableStyles } from './line-table-styles';

/**
 * The frame of every quantity dialog (shipment, receipt, outsourced receipt): title, what it does,
 * the lines (a spinner until they are read), the dialog's own message, cancel and the action.
 * `testId` names the content (`<testId>-dialog`), the message (`<testId>-error`) and the action (`<testId>-ok`).
 */
export function QtyDialog(p: {
  testId: string; title: string; explain: string; width: number; loading: boolean; formError: string | null;
  okLabel: string; okDisabled: boolean; onOk: () => void; onClose: () => void; footer?: ReactNode; children: ReactNode;
}) {
  const { t } = useTranslation();
  const s = useLineTableStyles();
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && p.onClose()}>
      <DialogSurface style={{ maxWidth: p.width, width: p.width > 900 ? '92vw' : '90vw' }}>
        <DialogBody>
          <DialogTitle>{p.title}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid={`${p.testId}-dialog`}>
            <Text>{p.explain}</Text>
            {p.loading ? <Spinner size="small" label={t('pur.dialog.loading')} /> : p.children}
            {p.formError ? <Text className={s.formErr} role="alert" data-testid={`${p.testId}-error`}>{p.formError}</Text> : null}
          </DialogContent>
          <DialogActions>
            {p.footer}
            <Button onClick={p.onClose}>{t('engine.cancel')}</Button>
            <Button appearance="primary" disabled={p.okDisabled} onClick={p.onOk} data-testid={`${p.testId}-ok`}>{p.okLabel}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
