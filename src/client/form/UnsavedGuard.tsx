import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { pruneDrafts, type Draft } from './unsaved-drafts';
import { anyUnsaved, leavesPage, leaveUnsaved } from './unsaved-registry';

const two = (n: number) => String(n).padStart(2, '0');
/** The product's one way to write a time (docs/architecture.md "Browser shell"): YYYY-MM-DD HH:mm. */
export function draftTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** "Leave this page?": stay keeps every edit, leave drops them (and their drafts). */
export function LeaveDialog(props: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} modalType="alert" onOpenChange={(_, d) => !d.open && props.onStay()}>
      <DialogSurface aria-describedby="unsaved-leave-text" data-testid="unsaved-leave-dialog">
        <DialogBody>
          <DialogTitle>{t('unsaved.leaveTitle')}</DialogTitle>
          <DialogContent id="unsaved-leave-text">{t('unsaved.leaveText')}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onStay} data-testid="unsaved-stay">{t('unsaved.stay')}</Button>
            <Button onClick={props.onLeave} data-testid="unsaved-leave">{t('unsaved.leave')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** A draft kept from an earlier visit: restore its edits or discard it. */
export function RestoreDraftDialog(props: { draft: Draft<unknown> | null; onRestore: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  const d = props.draft;
  const time = d ? draftTime(d.savedAt) : '';
  return (
    <Dialog open={d !== null} modalType="alert">
      <DialogSurface aria-describedby="unsaved-restore-text" data-testid="unsaved-restore-dialog">
        <DialogBody>
          <DialogTitle>{t('unsaved.restoreTitle')}</DialogTitle>
          <DialogContent id="unsaved-restore-text">
            {d?.count ? t('unsaved.restoreCount', { count: d.count, time }) : t('unsaved.restoreText', { time })}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={props.onRestore} data-testid="unsaved-restore">{t('unsaved.restore')}</Button>
            <Button onClick={props.onDiscard} data-testid="unsaved-discard">{t('unsaved.discard')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * The router's one blocker and the browser's `beforeunload` for every `useUnsavedGuard` shown
 * (rendered once, by the root layout): a navigation to another page or document while any of
 * them holds edits asks "leave?" first; a reload or a closed tab gets the browser's question.
 */
export function UnsavedGuardHost() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => leavesPage(currentLocation, nextLocation) && anyUnsaved());

  useEffect(() => {
    pruneDrafts();
    const ask = (e: BeforeUnloadEvent) => {
      if (!anyUnsaved()) return;
      e.preventDefault();
      // Older browsers ask only when a return value is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);

  return (
    <LeaveDialog
      open={blocker.state === 'blocked'}
      onStay={() => blocker.state === 'blocked' && blocker.reset()}
      onLeave={() => {
        if (blocker.state !== 'blocked') return;
        leaveUnsaved();
        blocker.proceed();
      }}
    />
  );
}
