import {
  Button,
  Link,
  Toast,
  ToastBody,
  ToastTitle,
  ToastTrigger,
  Toaster,
  useId,
  useToastController,
} from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { openContactAdmin } from './ContactAdminDialog';
import { registerToastDispatcher, type ToastRequest } from './toast-bus';

/** Mounts Fluent's toaster and lets code outside React (API hooks, socket) raise toasts. */
export function ToastHost() {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  const { t } = useTranslation();

  useEffect(() => {
    registerToastDispatcher((r: ToastRequest) => {
      const close = r.closable ? (
        <ToastTrigger>
          <Button size="small" appearance="transparent" icon={<Dismiss16Regular />} aria-label={t('ui.common.close')} data-testid="toast-close" />
        </ToastTrigger>
      ) : undefined;
      dispatchToast(
        <Toast data-testid={`toast-${r.intent}`}>
          <ToastTitle action={close}>{r.title ?? r.body}</ToastTitle>
          {r.title || r.contactAdmin || r.link ? (
            <ToastBody
              subtitle={
                r.contactAdmin || r.link ? (
                  <span style={{ display: 'inline-flex', gap: 12, marginTop: 4 }}>
                    {r.link ? <Link href={r.link.href}>{r.link.label}</Link> : null}
                    {r.contactAdmin ? (
                      <Link as="button" onClick={() => r.contactAdmin && openContactAdmin(r.contactAdmin)}>
                        {t('form.contactAdmin')}
                      </Link>
                    ) : null}
                  </span>
                ) : undefined
              }
            >
              {r.title ? r.body : null}
            </ToastBody>
          ) : null}
        </Toast>,
        { intent: r.intent, timeout: r.timeoutMs, position: r.position, pauseOnHover: true },
      );
    });
    return () => registerToastDispatcher(null);
  }, [dispatchToast, t]);

  return <Toaster toasterId={toasterId} position="top" limit={5} />;
}
