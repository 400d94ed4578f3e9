import {
  Button,
  Caption1,
  Divider,
  Field,
  MessageBar,
  MessageBarBody,
  Select,
  Subtitle1,
  Text,
  Title2,
} from '@fluentui/react-components';
import { Key20Regular, Person20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutlet, useSearchParams } from 'react-router-dom';
import { DEFAULT_PLATFORM, PLATFORMS } from '../../../model/platforms';
import { ApiError } from '../../api/client';
import { currentLanguage } from '../../kernel/i18n';
import { prefetchRoute } from '../../kernel/route-prefetch';
import { AppLink } from '../../shell/AppLink';
import { accessApi } from '../../session/access-api';
import { access, clearSession, signInWith } from '../../session/access-state';
import { safeRedirectTarget } from '../../session/guard';
import { readPreference, readStoredSession, writePreference } from '../../kernel/storage';
import { AuthLayout } from '../common/AuthLayout';
import { TextField } from '../../form/TextField';
import { PasswordField } from '../../form/PasswordField';
import { ChangePasswordForm } from '../../shell/ChangePasswordForm';
import { labelIn } from '../../../model/label-text';

type Values = { username: string; password: string };

/**
 * The sign-in form (spec 2 "Login": username, password, platform selector, forgot password).
 * A reply with must_change_password asks for a new password before entering (first login).
 */
function LoginForm({ onSignedIn, onMustChange }: { onSignedIn: () => void; onMustChange: () => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState('');
  const [platform, setPlatform] = useState(() => readPreference('platformId') || DEFAULT_PLATFORM);
  const { control, handleSubmit, formState } = useForm<Values>({ defaultValues: { username: readStoredSession().username ?? '', password: '' } });
  const lang = currentLanguage();
  const [params] = useSearchParams();
  // The first keystroke warms the page opened after sign-in (its code loads while the user types, B7).
  const warm = () => prefetchRoute(safeRedirectTarget(params.get('redirect')));

  const submit = handleSubmit(async (v) => {
    setFailure('');
    warm();
    try {
      const reply = await accessApi.login({ username: v.username.trim(), password: v.password, platform_id: platform });
      clearSession();
      if (!signInWith(reply)) {
        setFailure(t('msg.actionFailed'));
        return;
      }
      writePreference('platformId', reply.platform_id ?? platform);
      if (reply.must_change_password) onMustChange();
      else onSignedIn();
    } catch (e) {
      // The server's message is already translated (access.badCredentials, lockout, pending company...).
      setFailure(e instanceof ApiError ? e.message || t('form.notFoundService', { status: e.status }) : t('form.serverError'));
    }
  });

  return (
    <form onSubmit={submit} onInput={warm} noValidate style={{ display: 'grid', gap: 16 }} data-testid="login-form">
      {failure ? (
        <MessageBar intent="error" data-testid="login-error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      <TextField
        control={control}
        name="username"
        label={t('ui.login.username')}
        required
        rules={{ required: t('rule.required') }}
        size="large"
        contentBefore={<Person20Regular />}
        autoComplete="username"
        placeholder={t('ui.login.usernamePlaceholder')}
      />
      <PasswordField control={control} name="password" label={t('ui.login.password')} role="current" size="large" contentBefore={<Key20Regular />} />
      <Field label={t('ui.login.platform')}>
        {/* A native select: the login page's first load carries no combobox and its positioning (B7). */}
        <Select size="large" data-testid="platform-select" value={platform} onChange={(_, d) => setPlatform(d.value)}>
          {PLATFORMS.map((p) => (
            <option key={p.id} value={p.id}>
              {labelIn(p.name, lang)}
            </option>
          ))}
        </Select>
      </Field>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <AppLink to="/forgotpwd/fillemail" data-testid="forgot-link">
          {t('ui.login.forgot')}
        </AppLink>
        <span style={{ display: 'inline-flex', gap: 12 }}>
          <AppLink to="/login/qywxwelcome">{t('ui.third.wecom')}</AppLink>
          <AppLink to="/login/third/dingtalk">{t('ui.third.dingtalk')}</AppLink>
        </span>
      </div>
      <Button appearance="primary" size="large" type="submit" disabled={formState.isSubmitting} data-testid="login-submit">
        {formState.isSubmitting ? t('ui.login.signingIn') : t('ui.login.submit')}
      </Button>
    </form>
  );
}

function useAfterSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return () => navigate(safeRedirectTarget(params.get('redirect')), { replace: true });
}

function FirstLoginChange({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid="first-login">
      <div>
        <Title2 as="h1">{t('ui.firstLogin.title')}</Title2>
        <Text block style={{ marginTop: 6 }}>{t('ui.firstLogin.explain')}</Text>
      </div>
      <ChangePasswordForm
        requireOld={false}
        onDone={() => {
          // The server cleared the flag with the change; the session here follows without a reload.
          access.mustChangePassword = false;
          onDone();
        }}
        submitLabel={t('ui.firstLogin.submit')}
      />
    </div>
  );
}

/** /login: the sign-in screen; its children (workplace-chat welcomes) render in its place. */
export function LoginPage() {
  const { t } = useTranslation();
  const outlet = useOutlet();
  const after = useAfterSignIn();
  const navigate = useNavigate();
  const [mustChange, setMustChange] = useState(false);
  if (outlet) return <AuthLayout>{outlet}</AuthLayout>;
  return (
    <AuthLayout>
      {mustChange ? (
        <FirstLoginChange onDone={after} />
      ) : (
        <>
          <div>
            <Title2 as="h1">{t('ui.login.heading')}</Title2>
            <Caption1 block style={{ marginTop: 6 }}>{t('ui.login.subheading')}</Caption1>
          </div>
          <LoginForm onSignedIn={after} onMustChange={() => setMustChange(true)} />
          <Divider>{t('ui.login.noAccount')}</Divider>
          <Button appearance="secondary" size="large" style={{ width: '100%' }} data-testid="signup-link" onClick={() => navigate('/signup')}>
            {t('ui.login.signup')}
          </Button>
        </>
      )}
    </AuthLayout>
  );
}

/** /login/inner: the same sign-in without the brand panel (opened inside other pages). */
export function InnerLoginPage() {
  const { t } = useTranslation();
  const after = useAfterSignIn();
  const [mustChange, setMustChange] = useState(false);
  return (
    <AuthLayout compact>
      {mustChange ? (
        <FirstLoginChange onDone={after} />
      ) : (
        <>
          <Subtitle1 as="h1">{t('ui.login.heading')}</Subtitle1>
          <LoginForm onSignedIn={after} onMustChange={() => setMustChange(true)} />
        </>
      )}
    </AuthLayout>
  );
}
