import {
  Avatar,
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Subtitle2,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { Key24Regular, LocalLanguage24Regular, SignOut24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LANGUAGES, type Language } from '../../../model/i18n';
import { ROLE_LABELS, type RoleCode } from '../../../model/roles';
import { changeLanguage, currentLanguage } from '../../app/i18n';
import { accessApi } from '../../session/access-api';
import { access, clearSession } from '../../session/access-state';
import { loadProfile } from '../../session/session-flow';
import { LANGUAGE_NAMES } from '../../shell/LanguageSwitch';
import { disconnectNotificationSocket } from '../../shell/notification-socket';
import { toast } from '../../shell/toast-bus';
import { ChangePasswordForm } from '../password/ChangePasswordForm';

const useStyles = makeStyles({
  page: { display: 'grid', gap: '20px', maxWidth: '880px' },
  card: { padding: '20px 24px', display: 'grid', gap: '16px' },
  head: { display: 'flex', gap: '16px', alignItems: 'center' },
  grid: { display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: '14px', columnGap: '16px', alignItems: 'baseline' },
  label: { color: tokens.colorNeutralForeground3 },
  roles: { display: 'flex', flexWrap: 'wrap', gap: '6px' },
  form: { maxWidth: '420px' },
});

function roleName(code: string, lang: Language): string {
  const l = ROLE_LABELS[code as RoleCode];
  return l ? (lang === 'en' ? l.en : l.zh) : code;
}

/**
 * /page/userinfo: the signed-in user's own profile. The server offers no call to change one's own
 * name, e-mail or mobile yet, so the page shows them read-only and says who can change them.
 */
export function UserInfoPage() {
  const s = useStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const lang = currentLanguage();
  const rows: [string, React.ReactNode][] = [
    [t('ui.userinfo.username'), user.username],
    [t('ui.userinfo.fullname'), user.fullname],
    [t('ui.userinfo.email'), user.email || '—'],
    [t('ui.userinfo.mobile'), user.mobile || user.phone || '—'],
    [t('ui.userinfo.company'), user.clientName || '—'],
    [t('ui.userinfo.platform'), user.platformName || user.platformId],
    [t('ui.userinfo.licence'), user.licenceType || '—'],
    [
      t('ui.userinfo.roles'),
      <span className={s.roles} key="roles">
        {user.dashroles.map((r) => (
          <Badge key={r} appearance="tint" shape="rounded">
            {roleName(r, lang)}
          </Badge>
        ))}
      </span>,
    ],
  ];
  return (
    <div className={s.page} data-testid="userinfo">
      <Title3 as="h1">{t('ui.userinfo.title')}</Title3>
      <Card className={s.card}>
        <div className={s.head}>
          <Avatar size={64} name={user.fullname || user.username} image={user.avatar ? { src: user.avatar } : undefined} color="colorful" />
          <div>
            <Subtitle2 block>{user.fullname}</Subtitle2>
            <Caption1>{user.clientName}</Caption1>
          </div>
        </div>
        <div className={s.grid}>
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <Text className={s.label}>{label}</Text>
              <Body1>{value}</Body1>
            </div>
          ))}
        </div>
        <MessageBar intent="info">
          <MessageBarBody>{t('ui.userinfo.readOnly')}</MessageBarBody>
        </MessageBar>
      </Card>
    </div>
  );
}

/** /page/security: change password (spec 2 "security") and sign out everywhere. */
export function SecurityPage() {
  const s = useStyles();
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

/** /page/settings: personal settings; the interface language is kept in this browser (spec 9). */
export function SettingsPage() {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  return (
    <div className={s.page} data-testid="settings">
      <Title3 as="h1">{t('ui.settings.title')}</Title3>
      <Card className={s.card}>
        <CardHeader image={<LocalLanguage24Regular />} header={<Subtitle2>{t('ui.settings.language')}</Subtitle2>} description={<Caption1>{t('ui.settings.languageHint')}</Caption1>} />
        <RadioGroup
          value={i18n.language}
          onChange={(_, d) =>
            void changeLanguage(d.value as Language).then(() => {
              void loadProfile().catch(() => false);
              toast.success(i18n.t('ui.settings.saved'));
            })
          }
          data-testid="settings-language"
        >
          {LANGUAGES.map((l) => (
            <Radio key={l} value={l} label={LANGUAGE_NAMES[l]} />
          ))}
        </RadioGroup>
      </Card>
    </div>
  );
}
