import { Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, Title2 } from '@fluentui/react-components';
import { CheckmarkCircle48Regular, Mail20Regular, MailRead48Regular, Clock48Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { checkRule } from '../../../model/rules';
import { applyServerFieldErrors } from '../../api/form-errors';
import { accessApi } from '../../session/access-api';
import { AppLink } from '../../shell/AppLink';
import { AuthLayout } from '../common/AuthLayout';
import { TextField } from '../../form/TextField';
import { PasswordField } from '../../form/PasswordField';
import { useNewPassword } from './use-new-password';

function Centered({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div style={{ display: 'grid', gap: 14, justifyItems: 'center', textAlign: 'center' }}>
      <div style={{ color: '#2E60B2' }}>{icon}</div>
      <Title2 as="h1">{title}</Title2>
      {children}
    </div>
  );
}

/** The e-mail form that asks for a reset link; shows "mail sent" once the server took it. */
function RequestLinkForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sentTo, setSentTo] = useState<{ email: string; minutes: number } | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<{ email: string }>({ defaultValues: { email: initialEmail } });

  const submit = handleSubmit(async ({ email }) => {
    try {
      const r = await accessApi.requestResetLink(email.trim());
      setSentTo({ email: email.trim(), minutes: Math.round((r.expire || 1800) / 60) });
    } catch (e) {
      applyServerFieldErrors(e, setError, {}, ['email']);
    }
  });

  if (sentTo) {
    return (
      <Centered icon={<MailRead48Regular />} title={t('ui.forgot.sentTitle')}>
        <Text data-testid="reset-mail-sent">{t('ui.forgot.sent', { email: sentTo.email, minutes: sentTo.minutes })}</Text>
        <Button appearance="primary" onClick={() => navigate('/login')}>
          {t('ui.common.backToLogin')}
        </Button>
      </Centered>
    );
  }
  return (
    <form onSubmit={submit} noValidate style={{ display: 'grid', gap: 16 }} data-testid="reset-request-form">
      <TextField
        control={control}
        name="email"
        label={t('ui.forgot.email')}
        required
        size="large"
        type="email"
        autoComplete="email"
        contentBefore={<Mail20Regular />}
        rules={{ required: t('rule.required'), validate: (v) => checkRule('email', v.trim()) || t('rule.email') }}
      />
      <Button appearance="primary" size="large" type="submit" disabled={formState.isSubmitting}>
        {t('ui.forgot.send')}
      </Button>
      <AppLink to="/login">{t('ui.common.backToLogin')}</AppLink>
    </form>
  );
}

/** /forgotpwd/fillemail (spec 2: enter the registered e-mail, send mail, return to login). */
export function FillEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <div>
        <Title2 as="h1">{t('ui.forgot.heading')}</Title2>
        <Text block style={{ marginTop: 6 }}>{t('ui.forgot.explain')}</Text>
      </div>
      <RequestLinkForm initialEmail={params.get('email') ?? ''} />
    </AuthLayout>
  );
}

/** /forgotpwd/deadline: the link has expired (spec 5/8: "link expired, please resend"). */
export function DeadlinePage() {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <Centered icon={<Clock48Regular />} title={t('ui.deadline.heading')}>
        <Text data-testid="link-expired">{t('ui.deadline.explain')}</Text>
      </Centered>
      <RequestLinkForm initialEmail="" />
    </AuthLayout>
  );
}

/** /forgotpwd/newpwd?token=...: the new password and its repeat, from the mailed link. */
export function NewPasswordPage() {
  const { t } = useTranslation();
  const { navigate, check, doneFor, control, formState, getValues, submit } = useNewPassword();

  let body: React.ReactNode;
  if (doneFor) {
    body = (
      <Centered icon={<CheckmarkCircle48Regular />} title={t('ui.newpwd.doneTitle')}>
        <Text data-testid="password-reset-done">{t('ui.newpwd.done', { username: doneFor })}</Text>
        <Button appearance="primary" onClick={() => navigate('/login')}>
          {t('ui.newpwd.signIn')}
        </Button>
      </Centered>
    );
  } else if (check === 'checking') {
    body = <Spinner label={t('ui.newpwd.checking')} />;
  } else if (check === 'invalid') {
    body = (
      <>
        <MessageBar intent="error" data-testid="link-invalid">
          <MessageBarBody>
            <MessageBarTitle>{t('ui.newpwd.invalidTitle')}</MessageBarTitle>
            {t('access.resetLinkInvalid')}
          </MessageBarBody>
        </MessageBar>
        <Button appearance="primary" onClick={() => navigate('/forgotpwd/fillemail')}>
          {t('ui.newpwd.requestAgain')}
        </Button>
      </>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate style={{ display: 'grid', gap: 16 }} data-testid="new-password-form">
        <PasswordField control={control} name="password" label={t('ui.password.new')} hint={t('rule.pwd')} size="large" role="new" />
        <PasswordField control={control} name="repeat" label={t('ui.password.repeat')} size="large" role="repeat" matches={() => getValues('password')} />
        <Button appearance="primary" size="large" type="submit" disabled={formState.isSubmitting}>
          {t('ui.newpwd.submit')}
        </Button>
      </form>
    );
  }
  return (
    <AuthLayout>
      {doneFor ? null : <Title2 as="h1">{t('ui.newpwd.heading')}</Title2>}
      {body}
    </AuthLayout>
  );
}
