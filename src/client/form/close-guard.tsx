import { useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './dialogs';
import type { EntityFormHandle } from './EntityForm';

/**
 * Closing a drawer whose form has changes asks first ("有未保存的修改，确定关闭吗？"): Esc, the X and
 * the cancel button all go through `requestClose`; a form without changes, a read-only view and a
 * saved form close at once. `dialog` is rendered by the drawer.
 */
export function useCloseGuard(form: RefObject<EntityFormHandle | null>, options: { busy: boolean; editable: boolean; onClose: () => void }): { requestClose: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (options.busy) return;
    if (options.editable && form.current?.dirty()) setAsking(true);
    else options.onClose();
  };
  const dialog = (
    <ConfirmDialog
      open={asking}
      text={t('engine.discardChanges')}
      onCancel={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        // Closing drops the changes: their kept draft goes too, and leaving the page no longer asks.
        form.current?.forget();
        options.onClose();
      }}
    />
  );
  return { requestClose, dialog };
}
