import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { proxy, useSnapshot } from 'valtio';
import type { ErrorDetails } from '../kernel/toast-bus';

const state = proxy({ details: null as ErrorDetails | null, copied: false });

/** Spec 8 "contact administrator": shows what went wrong in a form the user can pass on. */
export function openContactAdmin(details: ErrorDetails): void {
  state.details = details;
  state.copied = false;
}

export function detailsText(d: ErrorDetails): string {
  return [`HTTP ${d.status || '-'}`, `code ${d.code ?? '-'}`, d.message || '-', d.path, d.at].join('\n');
}

export function ContactAdminDialog() {
  const snap = useSnapshot(state);
  const { t } = useTranslation();
  const details = snap.details;
  return (
    <Dialog open={!!details} onOpenChange={(_, d) => { if (!d.open) state.details = null; }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('form.contactAdmin')}</DialogTitle>
          <DialogContent>
            <Text block>{t('ui.contactAdmin.explain')}</Text>
            <pre style={{ background: '#f5f5f5', padding: 12, borderRadius: 6, whiteSpace: 'pre-wrap', fontSize: 12 }} data-testid="contact-admin-details">
              {details ? detailsText(details as ErrorDetails) : ''}
            </pre>
          </DialogContent>
          <DialogActions>
            <Button
              appearance="primary"
              onClick={() => {
                if (details && navigator.clipboard) void navigator.clipboard.writeText(detailsText(details as ErrorDetails)).then(() => (state.copied = true), () => undefined);
              }}
            >
              {snap.copied ? t('ui.contactAdmin.copied') : t('ui.contactAdmin.copy')}
            </Button>
            <Button onClick={() => (state.details = null)}>{t('ui.common.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
