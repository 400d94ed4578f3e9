import { Button, Caption1, Card, CardHeader, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Subtitle2, Title3 } from '@fluentui/react-components';
import { Key24Regular, SignOut24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { accessApi } from '../../session/access-api';
import { clearSession } from '../../session/access-state';
import { disconnectNotificationSocket } from '../../session/notification-socket';
import { toast } from '../../kernel/toast-bus';
import { ChangePasswordForm } from '../../shell/ChangePasswordForm';
import { useUserStyles } from './user-styles';

/** /page/security: change password (spec 2 "security") and sign out everywhere. */
export function SecurityPage() {
  const s = useUserStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const signOutEverywhere = async () => {
    setConfirm(false);
    // On failure the API reactions tell why and the user stays signed in to try again.
    const r = await accessApi.logoutAll().catch(() => null);
    if (!r) return;
    toast.success(t('ui.security.signedOutAll', { count: r.ended_sessions }));
    disconnectNotificationSocket();
    clearSession();
    navigate('/login', { replace: true });
  };

  return (
    <div className={s.page} data-testid="security">
      <Title3 as="h1">{t('ui.security.title')}</Title3>
      <Card className={s.card}>
        <CardHeader image={<Key24Regular />} header={<Subtitle2>{t('ui.security.changePassword')}</Subtitle2>} description={<Caption1>{t('ui.security.changePasswordHint')}</Caption1>} />
        <div className={s.form}>
          <ChangePasswordForm
            key={formKey}
            requireOld
            onDone={(ended) => {
              toast.success(ended > 0 ? t('ui.security.changedOthers', { count: ended }) : t('ui.security.changed'));
              setFormKey((k) => k + 1);
            }}
          />
        </div>
      </Card>
      <Card className={s.card}>
        <CardHeader image={<SignOut24Regular />} header={<Subtitle2>{t('ui.security.signOutAll')}</Subtitle2>} description={<Caption1>{t('ui.security.signOutAllHint')}</Caption1>} />
        <div>
          <Button onClick={() => setConfirm(true)} data-testid="sign-out-all">
            {t('ui.security.signOutAll')}
          </Button>
        </div>
      </Card>
      <Dialog open={confirm} onOpenChange={(_, d) => setConfirm(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('ui.security.signOutAll')}</DialogTitle>
            <DialogContent>{t('ui.security.signOutAllConfirm')}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => void signOutEverywhere()} data-testid="sign-out-all-confirm">
                {t('ui.security.signOutAll')}
              </Button>
              <Button onClick={() => setConfirm(false)}>{t('ui.common.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
