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
import { Edit20Regular, Key24Regular, LocalLanguage24Regular, SignOut24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { LANGUAGES, type Language } from '../../../model/i18n';
import { ROLE_LABELS, type RoleCode } from '../../../model/roles';
import { checkRule } from '../../../model/rules';
import { ApiError } from '../../api/client';
import { applyServerFieldErrors } from '../../api/form-errors';
import { changeLanguage, currentLanguage } from '../../kernel/i18n';
import { accessApi } from '../../session/access-api';
import { access, clearSession } from '../../session/access-state';
import { profileApi } from '../../session/profile-api';
import { loadProfile } from '../../session/session-flow';
import { LANGUAGE_NAMES } from '../../shell/LanguageSwitch';
import { disconnectNotificationSocket } from '../../session/notification-socket';
import { toast } from '../../kernel/toast-bus';
import { TextField } from '../../form/TextField';
import { ChangePasswordForm } from '../../shell/ChangePasswordForm';

const useStyles = makeStyles({
  page: { display: 'grid', gap: '20px', maxWidth: '880px' },
  card: { padding: '20px 24px', display: 'grid', gap: '16px' },
  head: { display: 'flex', gap: '16px', alignItems: 'center' },
  grid: { display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: '14px', columnGap: '16px', alignItems: 'baseline' },
  label: { color: tokens.colorNeutralForeground3 },
  roles: { display: 'flex', flexWrap: 'wrap', gap: '6px' },
  form: { maxWidth: '420px' },
  editForm: { display: 'grid', gap: '14px', maxWidth: '420px' },
  actions: { display: 'flex', gap: '8px' },
  headText: { flex: 1 },
});

type ProfileValues = { fullname: string; email: string; mobile: string };

/**
 * Editing one's own name, e-mail and mobile (spec 7 save-profile). The spec 5 rules run here
 * first (required name, `email`, `telephone`); the server checks them again and also that the
 * e-mail is not another account's, and its field errors land on the fields (spec 8).
 */
function ProfileForm({ onDone }: { onDone: () => void }) {
  const s = useStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const [failure, setFailure] = useState('');
  const { control, handleSubmit, setError, formState } = useForm<ProfileValues>({
    defaultValues: { fullname: user.fullname, email: user.email, mobile: user.mobile || user.phone },
  });
  const submit = handleSubmit(async (v) => {
    setFailure('');
    try {
      const saved = await profileApi.saveProfile({ fullname: v.fullname.trim(), email: v.email.trim(), mobile: v.mobile.trim() });
      Object.assign(access, { fullname: saved.fullname, names: saved.names, email: saved.email ?? '', mobile: saved.mobile ?? '' });
      toast.success(t('ui.profile.saved'));
      onDone();
    } catch (e) {
      // The spec 8 reactions already told the reply's message; field errors go onto the fields.
      if (!applyServerFieldErrors(e, setError, {}, ['fullname', 'email', 'mobile'])) setFailure(e instanceof ApiError ? e.message : String(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate className={s.editForm} data-testid="profile-form">
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      <TextField control={control} name="fullname" label={t('ui.userinfo.fullname')} required maxLength={50} rules={{ validate: (x) => x.trim() !== '' || t('rule.required') }} />
      <TextField control={control} name="email" label={t('ui.userinfo.email')} type="email" autoComplete="email" maxLength={100} rules={{ validate: (x) => x.trim() === '' || checkRule('email', x.trim()) || t('rule.email') }} />
      <TextField control={control} name="mobile" label={t('ui.userinfo.mobile')} type="tel" autoComplete="tel" maxLength={20} rules={{ validate: (x) => x.trim() === '' || checkRule('telephone', x.trim()) || t('rule.telephone') }} />
      <div className={s.actions}>
        <Button appearance="primary" type="submit" disabled={formState.isSubmitting} data-testid="profile-save">
          {formState.isSubmitting ? t('ui.profile.saving') : t('ui.profile.save')}
        </Button>
        <Button onClick={onDone} disabled={formState.isSubmitting}>
          {t('ui.profile.cancel')}
        </Button>
      </div>
    </form>
  );
}

function roleName(code: string, lang: Language): string {
  const l = ROLE_LABELS[code as RoleCode];
  return l ? (lang === 'en' ? l.en : l.zh) : code;
}

/**
 * /page/userinfo: the signed-in user's own profile. Name, e-mail and mobile are edited here
 * (save-profile); username, company and roles belong to the company administrator.
 */
export function UserInfoPage() {
  const s = useStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const lang = currentLanguage();
  const [editing, setEditing] = useState(false);
  // [label, value, test id]; the own fields leave the list while the form edits them.
  const own: [string, React.ReactNode, string?][] = [
    [t('ui.userinfo.fullname'), user.fullname, 'profile-fullname'],
    [t('ui.userinfo.email'), user.email || '—', 'profile-email'],
    [t('ui.userinfo.mobile'), user.mobile || user.phone || '—', 'profile-mobile'],
  ];
  const rows: [string, React.ReactNode, string?][] = [
    [t('ui.userinfo.username'), user.username],
    ...(editing ? [] : own),
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
          <div className={s.headText}>
            <Subtitle2 block data-testid="profile-name">{user.fullname}</Subtitle2>
            <Caption1>{user.clientName}</Caption1>
          </div>
          {editing ? null : (
            <Button icon={<Edit20Regular />} onClick={() => setEditing(true)} data-testid="profile-edit">
              {t('ui.profile.edit')}
            </Button>
          )}
        </div>
        {editing ? <ProfileForm onDone={() => setEditing(false)} /> : null}
        <div className={s.grid}>
          {rows.map(([label, value, testId]) => (
            <div key={label} style={{ display: 'contents' }}>
              <Text className={s.label}>{label}</Text>
              <Body1 data-testid={testId}>{value}</Body1>
            </div>
          ))}
        </div>
        <MessageBar intent="info">
          <MessageBarBody>{t('ui.profile.readOnlyHint')}</MessageBarBody>
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

/**
 * /page/settings: personal settings. The interface language is kept in this browser (spec 9) and
 * saved to the account (save-setting), so the server's messages, mails and menus use it on every
 * device where the page does not say otherwise.
 */
export function SettingsPage() {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const choose = async (language: Language) => {
    await changeLanguage(language);
    try {
      await profileApi.saveSetting({ language }, true);
      access.languageCode = language;
      toast.success(i18n.t('ui.settings.saved'));
    } catch (e) {
      // The page follows the choice anyway; say that the account did not.
      toast.warning(i18n.t('ui.profile.languageNotSynced', { message: e instanceof ApiError ? e.message || e.status : String(e) }));
    }
    // Server-titled menus follow the new language.
    void loadProfile().catch(() => false);
  };
  return (
    <div className={s.page} data-testid="settings">
      <Title3 as="h1">{t('ui.settings.title')}</Title3>
      <Card className={s.card}>
        <CardHeader image={<LocalLanguage24Regular />} header={<Subtitle2>{t('ui.settings.language')}</Subtitle2>} description={<Caption1>{t('ui.profile.accountSettingHint')}</Caption1>} />
        <RadioGroup value={i18n.language} onChange={(_, d) => void choose(d.value as Language)} data-testid="settings-language">
          {LANGUAGES.map((l) => (
            <Radio key={l} value={l} label={LANGUAGE_NAMES[l]} />
          ))}
        </RadioGroup>
      </Card>
    </div>
  );
}
