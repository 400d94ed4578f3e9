import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../form/widgets/date-input';
import type { VersionDialogState } from './use-version-dialog';
import type { WorkbenchData } from './use-workbench-data';

type Props = { dialog: VersionDialogState; version: WorkbenchData['version']; busy: boolean };

/** The dialog that creates a version (code, name, months) or copies the shown one (code, name). */
export function VersionDialog({ dialog: d, version, busy }: Props) {
  const { t } = useTranslation();
  const { form, setForm, formErrors } = d;
  const state = (key: string): 'error' | 'none' => (formErrors[key] ? 'error' : 'none');
  return (
    <Dialog open={d.dialog !== null} onOpenChange={(_, o) => !o.open && d.setDialog(null)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{d.dialog === 'copy' ? t('alloc.copyTitle', { code: String(version?.version_code ?? '') }) : t('alloc.createTitle')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
            <Field label={t('alloc.field.code')} required validationMessage={formErrors.version_code} validationState={state('version_code')}>
              <Input value={form.version_code} onChange={(_, v) => setForm((f) => ({ ...f, version_code: v.value.toUpperCase() }))} data-testid="dialog-code" />
            </Field>
            <Field label={t('alloc.field.name')} validationMessage={formErrors.name} validationState={state('name')}>
              <Input value={form.name} onChange={(_, v) => setForm((f) => ({ ...f, name: v.value }))} data-testid="dialog-name" />
            </Field>
            {d.dialog === 'create' && (
              <>
                <Field label={t('alloc.field.from')} required validationMessage={formErrors.month_from} validationState={state('month_from')}>
                  <DateText kind="month" value={form.month_from} onChange={(v) => setForm((f) => ({ ...f, month_from: v }))} testId="dialog-from" />
                </Field>
                <Field label={t('alloc.field.to')} required validationMessage={formErrors.month_to} validationState={state('month_to')}>
                  <DateText kind="month" value={form.month_to} onChange={(v) => setForm((f) => ({ ...f, month_to: v }))} testId="dialog-to" />
                </Field>
                <Text size={200}>{t('alloc.createHint')}</Text>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => d.setDialog(null)}>{t('engine.cancel')}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void d.submitDialog()} data-testid="dialog-ok">{t('engine.confirm')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
