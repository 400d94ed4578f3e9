import { Button, Caption1, MessageBar, MessageBarBody, Spinner, Text, Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { AppLink } from '../../shell/AppLink';
import { TextField } from '../../form/TextField';
import { PasswordField } from '../../form/PasswordField';
import { providerOf } from './third-provider';
import { useThirdWelcome } from './use-third-welcome';

/**
 * The workplace-chat sign-in (spec 2 login children /login/qywxwelcome, /login/ddwelcome/{client},
 * /login/third/{type}; spec 7 qw3rd-login, dd-login, binding). Without a vendor code the page asks
 * for the company code and sends the browser to the vendor's sign-in page; coming back with a
 * code it signs in, or, for a member not bound yet, asks once for the platform account to bind.
 */
export function ThirdWelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { type, client } = useParams();
  const [params] = useSearchParams();
  const provider = providerOf(pathname, type);
  const code = params.get('code') ?? params.get('authCode') ?? params.get('auth_code') ?? '';
  const state = params.get('state') ?? '';
  const { stage, setStage, startForm, bindForm, startSubmit, bindSubmit } = useThirdWelcome(provider, code, state, client);
  const app = provider === 'wecom' ? t('ui.third.wecom') : provider === 'dingtalk' ? t('ui.third.dingtalk') : type || t('ui.third.generic');

  if (!provider) {
    return (
      <div style={{ display: 'grid', gap: 16 }} data-testid="third-welcome">
        <Title2 as="h1">{t('ui.third.heading', { app })}</Title2>
        <MessageBar intent="warning">
          <MessageBarBody>{t('ui.third.unsupported', { app })}</MessageBarBody>
        </MessageBar>
        <Button appearance="primary" size="large" onClick={() => navigate('/login')}>
          {t('ui.third.usePassword')}
        </Button>
      </div>
    );
  }

  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid="third-welcome">
      <Title2 as="h1">{t('ui.third.heading', { app })}</Title2>
      {stage.kind === 'signing' ? <Spinner label={t('ui.third.signingIn')} /> : null}
      {stage.kind === 'error' ? (
        <>
          <MessageBar intent="error">
            <MessageBarBody>{stage.message}</MessageBarBody>
          </MessageBar>
          <Button onClick={() => setStage({ kind: 'start' })}>{t('ui.third.tryAgain')}</Button>
        </>
      ) : null}
      {stage.kind === 'start' ? (
        <form onSubmit={startSubmit} noValidate style={{ display: 'grid', gap: 16 }}>
          <Text>{t('ui.third.startExplain', { app })}</Text>
          <TextField control={startForm.control} name="client" label={t('ui.third.companyCode')} required size="large" rules={{ required: t('rule.required') }} />
          <Button appearance="primary" size="large" type="submit" disabled={startForm.formState.isSubmitting}>
            {t('ui.third.continue', { app })}
          </Button>
        </form>
      ) : null}
      {stage.kind === 'bind' ? (
        <form onSubmit={bindSubmit} noValidate style={{ display: 'grid', gap: 16 }} data-testid="third-bind">
          <Text>{t('ui.third.bindExplain', { app, name: stage.name || '—' })}</Text>
          <TextField control={bindForm.control} name="username" label={t('ui.login.username')} required size="large" autoComplete="username" rules={{ required: t('rule.required') }} />
          <PasswordField control={bindForm.control} name="password" label={t('ui.login.password')} role="current" size="large" />
          <Button appearance="primary" size="large" type="submit" disabled={bindForm.formState.isSubmitting}>
            {t('ui.third.bind')}
          </Button>
        </form>
      ) : null}
      <Caption1>
        <AppLink to="/login">{t('ui.third.usePassword')}</AppLink>
      </Caption1>
    </div>
  );
}
