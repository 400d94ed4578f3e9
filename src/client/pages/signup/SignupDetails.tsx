import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { checkRule } from '../../../model/rules';
import { PasswordField } from '../../form/PasswordField';
import { TextField } from '../../form/TextField';
import type { SignupKind } from './signup-steps';
import { useSignupStyles as useStyles } from './signup-styles';
import { useSendCode, type SignupForm as Form } from './use-signup';

/** One target (e-mail or mobile) with its send button, the sent notice and its six-digit code. */
function CodePair({ form, channel }: { form: Form; channel: 'email' | 'sms' }) {
  const { t } = useTranslation();
  const { control } = form;
  const { wait, sentTo, send } = useSendCode(form, channel);
  const email = channel === 'email';
  return (
    <>
      <TextField
        control={control}
        name={email ? 'email' : 'mobile'}
        label={email ? t('ui.signup.email') : t('ui.signup.mobile')}
        required
        type={email ? 'email' : 'tel'}
        autoComplete={email ? 'email' : 'tel'}
        rules={{ required: t('rule.required'), validate: (v) => (email ? checkRule('email', v.trim()) || t('rule.email') : checkRule('telephone', v.trim()) || t('rule.telephone')) }}
        after={
          <Button onClick={() => void send()} disabled={wait > 0} data-testid={email ? 'send-code' : 'send-sms'}>
            {wait > 0 ? t('ui.signup.resendIn', { seconds: wait }) : sentTo ? t('ui.signup.resend') : email ? t('ui.signup.sendCode') : t('ui.signup.sendSms')}
          </Button>
        }
      />
      {sentTo ? (
        <MessageBar intent="success">
          <MessageBarBody data-testid={email ? 'code-sent' : 'sms-sent'}>{email ? t('ui.signup.codeSent', { email: sentTo }) : t('ui.signup.smsSent', { mobile: sentTo })}</MessageBarBody>
        </MessageBar>
      ) : null}
      <TextField
        control={control}
        name={email ? 'email_code' : 'mobile_code'}
        label={email ? t('ui.signup.emailCode') : t('ui.signup.mobileCode')}
        required
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        testId={email ? 'email-code' : 'mobile-code'}
        rules={{ required: t('rule.required'), pattern: { value: /^\s*\d{6}\s*$/, message: t('ui.signup.codeFormat') } }}
      />
    </>
  );
}

/** Step 2: the e-mail and the mobile number, each with its verification code (10 minutes, spec 9). */
export function VerifyStep({ form, onBack, onNext }: { form: Form; onBack: () => void; onNext: () => void }) {
  const s = useStyles();
  const { t } = useTranslation();
  const next = async () => {
    if (await form.trigger(['email', 'email_code', 'mobile', 'mobile_code'])) onNext();
  };
  return (
    <>
      <CodePair form={form} channel="email" />
      <CodePair form={form} channel="sms" />
      <div className={s.actions}>
        <Button onClick={onBack}>{t('ui.common.back')}</Button>
        <Button appearance="primary" onClick={() => void next()} data-testid="signup-next">
          {t('ui.common.next')}
        </Button>
      </div>
    </>
  );
}

/** The last step before finishing: the account (username, name, password). */
export function ProfileStep({ kind, company, form, busy, onBack, onSubmit }: { kind: SignupKind; company: string; form: Form; busy: boolean; onBack: () => void; onSubmit: () => void }) {
  const s = useStyles();
  const { t } = useTranslation();
  const { control, getValues } = form;
  return (
    <>
      {kind === 'join' ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('ui.signup.joining', { company })}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={s.two}>
        <TextField
          control={control}
          name="username"
          label={t('ui.signup.username')}
          required
          hint={t('ui.signup.usernameHint')}
          autoComplete="username"
          rules={{
            required: t('rule.required'),
            validate: (v) => (checkRule('chinese', v) ? /^[A-Za-z0-9_.@-]{3,50}$/.test(v.trim()) || t('access.usernameFormat') : t('rule.chinese')),
          }}
        />
        <TextField control={control} name="fullname" label={t('ui.signup.fullname')} required autoComplete="name" rules={{ required: t('rule.required') }} />
      </div>
      <div className={s.two}>
        <PasswordField control={control} name="password" label={t('ui.password.new')} role="new" />
        <PasswordField control={control} name="repeat" label={t('ui.password.repeat')} role="repeat" matches={() => getValues('password')} />
      </div>
      <div className={s.actions}>
        <Button onClick={onBack}>{t('ui.common.back')}</Button>
        <Button appearance="primary" onClick={onSubmit} disabled={busy} data-testid="signup-submit">
          {kind === 'company' ? t('ui.signup.submitCompany') : t('ui.signup.submitJoin')}
        </Button>
      </div>
    </>
  );
}
