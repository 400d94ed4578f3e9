import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Divider, MessageBar, MessageBarActions, MessageBarBody, Text } from '@fluentui/react-components';
import { ArrowClockwise16Regular, Dismiss16Regular, SignOut20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { access, shellState } from '../session/access-state';
import { toast } from '../kernel/toast-bus';
import { ChangePasswordForm } from './ChangePasswordForm';
import { useSignOut } from './use-shell-session';
import { versionNotice } from './version-check';

/** The notices above the content: a newer build (offer a reload) or the login's hasnewversion. */
export function VersionNotice() {
  const { t } = useTranslation();
  const shell = useSnapshot(shellState);
  const user = useSnapshot(access);
  const kind = versionNotice(shell.pageBuild, shell.serverBuild, user.hasNewVersion, shell.versionNoticeDismissed);
  if (kind === 'none') return null;
  return (
    <MessageBar intent="info" data-testid="version-notice">
      <MessageBarBody>{kind === 'newBuild' ? t('ui.version.newBuild') : t('ui.version.newVersion')}</MessageBarBody>
      <MessageBarActions
        containerAction={<Button appearance="transparent" icon={<Dismiss16Regular />} aria-label={t('ui.common.close')} onClick={() => (shellState.versionNoticeDismissed = true)} />}
      >
        <Button icon={<ArrowClockwise16Regular />} onClick={() => window.location.reload()} data-testid="version-reload">
          {t('ui.version.reload')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/** Spec 2 first-login: a user who must change the password does so before working. */
export function FirstLoginDialog() {
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const signOut = useSignOut();
  return (
    <Dialog open={user.mustChangePassword} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('ui.firstLogin.title')}</DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 12 }}>
            <Text>{t('ui.firstLogin.explain')}</Text>
            <ChangePasswordForm
              requireOld={false}
              submitLabel={t('ui.firstLogin.submit')}
              onDone={() => {
                access.mustChangePassword = false;
                toast.success(t('ui.security.changed'));
              }}
            />
            <Divider />
            <Button
              appearance="subtle"
              icon={<SignOut20Regular />}
              onClick={() => void signOut()}
            >
              {t('ui.shell.signOut')}
            </Button>
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
