import {
  Button,
  Link,
  makeStyles,
  Toast,
  ToastBody,
  ToastTitle,
  ToastTrigger,
  Toaster,
  useId,
  useToastController,
} from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openContactAdmin } from './ContactAdminDialog';
import { registerToastDispatcher, type ToastRequest } from '../kernel/toast-bus';

/** The toasts' corner: below the shell's header, at the right. */
const TOP = 56;
const GAP = 16;

// Above the drawers' layer (their portal sits at z-index 1,000,000): a toast about a wide drawer's
// document, shown in the corner over it, stays readable.
const useStyles = makeStyles({ toaster: { zIndex: 1000001 } });

/**
 * How far from the right edge toasts sit: left of an open drawer (forms and documents open at the
 * right), so a message never covers the drawer's title or fields it is about.
 */
function rightOffset(): number {
  // The bell's open list sits at the right too: a notice arriving while it is read goes beside it.
  const drawers = [...document.querySelectorAll<HTMLElement>('.fui-OverlayDrawer, [data-testid=notice-list]')].filter((d) => d.offsetWidth > 0);
  const widest = Math.max(0, ...drawers.map((d) => (d.getBoundingClientRect().left > 0 ? window.innerWidth - d.getBoundingClientRect().left : 0)));
  // A drawer taking nearly the whole window leaves the corner as it is.
  return widest > 0 && widest < window.innerWidth - 360 ? widest + GAP : GAP;
}

/**
 * Mounts Fluent's toaster and lets code outside React (API hooks, socket) raise toasts. Every toast
 * goes to one corner (top right, where spec 9 puts notifications), stacked, and the same message is
 * shown once while it is on screen (a burst of identical failures is one toast).
 */
export function ToastHost() {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  const { t } = useTranslation();
  const [right, setRight] = useState(GAP);
  const showing = useRef(new Map<string, number>());
  const s = useStyles();

  // A drawer or the bell's list opened or closed while toasts show: they move beside it (portals are
  // the body's children; placed a frame later).
  useEffect(() => {
    const observer = new MutationObserver(() => requestAnimationFrame(() => setRight(rightOffset())));
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    registerToastDispatcher((r: ToastRequest) => {
      const key = `${r.intent}|${r.title ?? ''}|${r.body}`;
      const now = Date.now();
      for (const [k, until] of showing.current) if (until <= now) showing.current.delete(k);
      if (showing.current.has(key)) return;
      showing.current.set(key, now + r.timeoutMs);
      setRight(rightOffset());
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
        {
          intent: r.intent,
          timeout: r.timeoutMs,
          position: 'top-end',
          pauseOnHover: true,
          onStatusChange: (_e, d) => {
            if (d.status === 'unmounted') showing.current.delete(key);
          },
        },
      );
    });
    return () => registerToastDispatcher(null);
  }, [dispatchToast, t]);

  return <Toaster toasterId={toasterId} className={s.toaster} position="top-end" offset={{ 'top-end': { horizontal: right, vertical: TOP } }} limit={5} />;
}
