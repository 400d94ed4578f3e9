import { Avatar, Badge, Body1, Button, Caption1, Card, CardHeader, MessageBar, MessageBarBody, Radio, RadioGroup, Spinner, Subtitle2, Text, Title3 } from '@fluentui/react-components';
import { Edit20Regular, LocalLanguage24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGUAGES, type Language } from '../../../model/i18n';
import { ROLE_LABELS, type RoleCode } from '../../../model/roles';
import { ApiError } from '../../api/client';
import { changeLanguage, currentLanguage } from '../../kernel/i18n';
import { access } from '../../session/access-state';
import { profileApi } from '../../session/profile-api';
import { loadProfile } from '../../session/session-flow';
import { LANGUAGE_NAMES } from '../../shell/LanguageSwitch';
import { toast } from '../../kernel/toast-bus';
import { userGender } from '../../../model/account-profile';
import { dictLabel } from './DictSelectField';
import { ImagePicker } from './ImagePicker';
import { ProfileForm } from './ProfileForm';
import { useOwnProfile } from './use-account-profile';
import { useUserStyles } from './user-styles';
import { labelIn } from '../../../model/label-text';

export { SecurityPage } from './SecurityPage';
export { CompanyProfilePage } from './CompanyProfilePage';

function roleName(code: string, lang: Language): string {
  const l = ROLE_LABELS[code as RoleCode];
  return l ? labelIn(l, lang) : code;
}

/**
 * /page/userinfo: the signed-in user's own profile. Name, names, gender, title, e-mail, mobile,
 * personal ID, work percentage and the avatar are edited here (save-profile, avatar); username,
 * company and roles belong to the company administrator.
 */
export function UserInfoPage() {
  const s = useUserStyles();
  const { t, i18n } = useTranslation();
  const user = useSnapshot(access);
  const lang = currentLanguage();
  const [editing, setEditing] = useState(false);
  const { profile, error, save, avatar } = useOwnProfile();
  const p = profile;
  // [label, value, test id]; the own fields leave the list while the form edits them. Until the
  // stored profile is read they are not shown as empty ("—"): a loading row (or the failure) stands
  // in their place.
  const own: [string, React.ReactNode, string?][] = [
    [t('ui.userinfo.fullname'), user.fullname, 'profile-fullname'],
    [t('ui.userinfo.lastName'), p?.last_name || '—', 'profile-last-name-value'],
    [t('ui.userinfo.firstName'), p?.first_name || '—', 'profile-first-name-value'],
    [t('ui.userinfo.gender'), dictLabel(userGender, p?.gender, i18n.language === 'en'), 'profile-gender-value'],
    [t('ui.userinfo.jobTitle'), p?.title || '—', 'profile-title-value'],
    [t('ui.userinfo.email'), user.email || '—', 'profile-email'],
    [t('ui.userinfo.mobile'), user.mobile || user.phone || '—', 'profile-mobile'],
    [t('ui.userinfo.personalId'), p?.personal_id || '—', 'profile-personal-id-value'],
    [t('ui.userinfo.percent'), p?.user_percent ?? '—', 'profile-percent-value'],
  ];
  const pending: [string, React.ReactNode, string?][] = [
    [t('ui.userinfo.title'), error ? t('msg.loadingFailed') : <Spinner key="loading" size="tiny" label={t('ui.common.loading')} labelPosition="after" />, 'profile-own-loading'],
  ];
  const rows: [string, React.ReactNode, string?][] = [
    [t('ui.userinfo.username'), user.username],
    ...(editing ? [] : p ? own : pending),
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
          <ImagePicker src={user.avatar} alt={t('ui.userinfo.avatar')} width={64} height={64} round label={t('ui.userinfo.uploadAvatar')} hint={t('ui.userinfo.avatarHint', { max: 5 })} busy={avatar.busy} message={avatar.message} onChoose={(f) => void avatar.choose(f)} testId="profile-avatar" placeholder={<Avatar size={64} name={user.fullname || user.username} color="colorful" />} />
          <div className={s.headText}>
            <Subtitle2 block data-testid="profile-name">{user.fullname}</Subtitle2>
            <Caption1>{user.clientName}</Caption1>
          </div>
          {editing || !p ? null : (
            <Button icon={<Edit20Regular />} onClick={() => setEditing(true)} data-testid="profile-edit">
              {t('ui.profile.edit')}
            </Button>
          )}
        </div>
        {editing && p ? <ProfileForm profile={p} save={save} onDone={() => setEditing(false)} /> : null}
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

/**
 * /page/settings: personal settings. The interface language is kept in this browser (spec 9) and
 * saved to the account (save-setting), so the server's messages, mails and menus use it on every
 * device where the page does not say otherwise.
 */
export function SettingsPage() {
  const s = useUserStyles();
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
