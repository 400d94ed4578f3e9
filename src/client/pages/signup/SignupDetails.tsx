import { Button, Field, MessageBar, MessageBarBody, Radio, RadioGroup } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkRule } from '../../../model/rules';
import { PasswordField } from '../../form/PasswordField';
import { TextField } from '../../form/TextField';
import type { SignupKind } from './signup-steps';
import { useSignupStyles as useStyles } from './signup-styles';
import { useEmailCode, type SignupForm as Form } from './use-signup';

/** Step 2: e-mail with its verification code (10 minutes, spec 9) and the mobile number. */
export function VerifyStep({ form, onBack, onNext }: { form: Form; onBack: () => void; onNext: () => void }) {
  const s = useStyles();
  const { t } = useTranslation();
  const { control, trigger } = form;
  const { wait, sentTo, send } = useEmailCode(form);

  const next = async () => {
    if (await trigger(['email', 'mobile', 'email_code'])) onNext();
  };

  return (
    <>
      <TextField
        control={control}
        name="email"
        label={t('ui.signup.email')}
        required
        type="email"
        autoComplete="email"
        rules={{ required: t('rule.required'), validate: (v) => checkRule('email', v.trim()) || t('rule.email') }}
        after={
          <Button onClick={() => void send()} disabled={wait > 0} data-testid="send-code">
            {wait > 0 ? t('ui.signup.resendIn', { seconds: wait }) : sentTo ? t('ui.signup.resend') : t('ui.signup.sendCode')}
          </Button>
        }
      />
      {sentTo ? (
        <MessageBar intent="success">
          <MessageBarBody data-testid="code-sent">{t('ui.signup.codeSent', { email: sentTo })}</MessageBarBody>
        </MessageBar>
      ) : null}
      <TextField
        control={control}
        name="email_code"
        label={t('ui.signup.emailCode')}
        required
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        rules={{ required: t('rule.required'), pattern: { value: /^\s*\d{6}\s*$/, message: t('ui.signup.codeFormat') } }}
      />
      <TextField
        control={control}
        name="mobile"
        label={t('ui.signup.mobile')}
        required
        type="tel"
        autoComplete="tel"
        rules={{ required: t('rule.required'), validate: (v) => checkRule('telephone', v.trim()) || t('rule.telephone') }}
      />
      <div className={s.actions}>
        <Button onClick={onBack}>{t('ui.common.back')}</Button>
        <Button appearance="primary" onClick={() => void next()} data-testid="signup-next">
          {t('ui.common.next')}
        </Button>
      </div>
    </>
  );
}

const COMPANY_TYPES = ['brand', 'maker', 'supplier'] as const;

/** Step 3: the account (username, name, password) and, for a new company, the company. */
export function ProfileStep({ kind, company, form, busy, onBack, onSubmit }: { kind: SignupKind; company: string; form: Form; busy: boolean; onBack: () => void; onSubmit: () => void }) {
  const s = useStyles();
  const { t } = useTranslation();
  const { control, getValues } = form;
  return (
    <>
      {kind === 'company' ? (
        <>
          <div className={s.two}>
            <TextField control={control} name="company_name" label={t('ui.signup.companyName')} required rules={{ required: t('rule.required') }} />
            <TextField control={control} name="company_full_name" label={t('ui.signup.companyFullName')} />
          </div>
          <Controller
            control={control}
            name="company_type"
            rules={{ required: t('rule.required') }}
            render={({ field, fieldState }) => (
              <Field label={t('ui.signup.companyType')} required validationMessage={fieldState.error?.message}>
                <RadioGroup layout="horizontal" value={field.value} onChange={(_, d) => field.onChange(d.value)} data-testid="company-type">
                  {COMPANY_TYPES.map((c) => (
                    <Radio key={c} value={c} label={t(`ui.signup.type.${c}`)} />
                  ))}
                </RadioGroup>
              </Field>
            )}
          />
        </>
      ) : (
        <MessageBar intent="info">
          <MessageBarBody>{t('ui.signup.joining', { company })}</MessageBarBody>
        </MessageBar>
      )}
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
