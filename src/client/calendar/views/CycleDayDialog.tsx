import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CycleCalendarState } from './use-cycle-calendar';

/** The confirmation of a day's new kind, with the holiday's or overtime day's name. */
export function CycleDayDialog({ s }: { s: CycleCalendarState }) {
  const { t } = useTranslation();
  return (
    <Dialog open={s.pending !== null} onOpenChange={(_, d) => !d.open && s.setPending(null)} modalType="alert">
      <DialogSurface aria-describedby="cal-confirm-text" data-testid="cal-confirm">
        <DialogBody>
          <DialogTitle>{t('calview.confirm.title')}</DialogTitle>
          <DialogContent>
            <p id="cal-confirm-text">{s.confirmText}</p>
            {s.shown?.kind && (
              <Field label={t('calview.confirm.name')}>
                <Input value={s.name} maxLength={60} onChange={(_, v) => s.setName(v.value)} data-testid="cal-confirm-name" />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => s.setPending(null)}>{t('calview.confirm.cancel')}</Button>
            <Button appearance="primary" disabled={s.saving} onClick={() => void s.confirm()} data-testid="cal-confirm-ok">
              {t('calview.confirm.ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
