import {
  Button,
  Caption1,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { BuildingMultiple24Regular, CheckmarkCircle48Regular, PeopleAdd24Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { checkRule } from '../../../model/rules';
import { ApiError, request } from '../../api/client';
import { applyServerFieldErrors } from '../../api/form-errors';
import { fieldErrorsOf } from '../../api/reactions';
import { AppLink } from '../../shell/AppLink';
import { AuthLayout } from '../common/AuthLayout';
import { TextField } from '../../form/TextField';
import { FINISH_COUNTDOWN_SECONDS, firstStepWithError, SIGNUP_STEPS, signupBody, type SignupKind, type SignupStep, type SignupValues } from './signup-steps';

const useStyles = makeStyles({
  steps: { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: '6px' },
  step: { display: 'grid', gap: '6px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  bar: { height: '4px', borderRadius: '2px', background: tokens.colorNeutralStroke2 },
  barOn: { background: tokens.colorBrandBackground },
  current: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  kinds: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px' },
  kind: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: '16px',
    display: 'grid',
    gap: '6px',
    cursor: 'pointer',
    background: tokens.colorNeutralBackground1,
    textAlign: 'left',
    ':hover': { border: `1px solid ${tokens.colorBrandStroke1}` },
  },
  kindOn: { border: `2px solid ${tokens.colorBrandStroke1}`, background: tokens.colorBrandBackground2, padding: '15px' },
  two: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px', alignItems: 'start' },
  actions: { display: 'flex', justifyContent: 'space-between', gap: '8px', marginTop: '4px' },
});

type Form = UseFormReturn<SignupValues>;

function StepBar({ step }: { step: SignupStep }) {
  const s = useStyles();
  const { t } = useTranslation();
  const at = SIGNUP_STEPS.indexOf(step);
  return (
    <div className={s.steps} aria-label={t('ui.signup.progress')}>
      {SIGNUP_STEPS.map((name, i) => (
        <div key={name} className={`${s.step} ${i === at ? s.current : ''}`} aria-current={i === at ? 'step' : undefined}>
          <div className={`${s.bar} ${i <= at ? s.barOn : ''}`} />
          <span>
            {i + 1}. {t(`ui.signup.step.${name}`)}
          </span>
        </div>
      ))}
    </div>
  );
}

/** Step 1: a new company account, or joining an existing company with its invite code. */
function KindStep({ kind, setKind, form, company, setCompany, onNext }: {
  kind: SignupKind; setKind: (k: SignupKind) => void; form: Form; company: string; setCompany: (c: string) => void; onNext: () => void;
}) {
  const s = useStyles();
  const { t } = useTranslation();
  const { setError, getValues } = form;
  const [checking, setChecking] = useState(false);
  const code = form.watch('invite_code');
  // A changed code names another company (or none): it is checked again on "next".
  useEffect(() => setCompany(''), [code, setCompany]);

  const next = async () => {
    if (kind === 'company') return onNext();
    const code = getValues('invite_code').trim();
    if (!code) return setError('invite_code', { message: t('rule.required') });
    setChecking(true);
    try {
      const info = await request<{ client_id: number; client_name: string }>('/utilsapi/invite-info', { method: 'GET', query: { code } }, { quiet: true });
      setCompany(info.client_name);
      onNext();
    } catch (e) {
      setError('invite_code', { message: e instanceof ApiError && e.message ? e.message : t('access.inviteInvalid') });
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <div className={s.kinds} role="radiogroup" aria-label={t('ui.signup.kindLabel')}>
        <button type="button" role="radio" aria-checked={kind === 'company'} className={`${s.kind} ${kind === 'company' ? s.kindOn : ''}`} onClick={() => setKind('company')} data-testid="signup-kind-company">
          <BuildingMultiple24Regular />
          <Text weight="semibold">{t('ui.signup.kindCompany')}</Text>
          <Caption1>{t('ui.signup.kindCompanyHint')}</Caption1>
        </button>
        <button type="button" role="radio" aria-checked={kind === 'join'} className={`${s.kind} ${kind === 'join' ? s.kindOn : ''}`} onClick={() => setKind('join')} data-testid="signup-kind-join">
          <PeopleAdd24Regular />
          <Text weight="semibold">{t('ui.signup.kindJoin')}</Text>
          <Caption1>{t('ui.signup.kindJoinHint')}</Caption1>
        </button>
      </div>
      {kind === 'join' ? (
        <TextField control={form.control} name="invite_code" label={t('ui.signup.inviteCode')} required hint={company ? t('ui.signup.joining', { company }) : t('ui.signup.inviteHint')} />
      ) : null}
      <div className={s.actions}>
        <AppLink to="/login">{t('ui.signup.haveAccount')}</AppLink>
        <Button appearance="primary" onClick={() => void next()} disabled={checking} data-testid="signup-next">
          {t('ui.common.next')}
        </Button>
      </div>
    </>
  );
}

/** Step 2: e-mail with its verification code (10 minutes, spec 9) and the mobile number. */
function VerifyStep({ form, onBack, onNext }: { form: Form; onBack: () => void; onNext: () => void }) {
  const s = useStyles();
  const { t } = useTranslation();
  const { control, setError, getValues, trigger, clearErrors } = form;
  const [wait, setWait] = useState(0);
  const [sentTo, setSentTo] = useState('');

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    if (!(await trigger('email'))) return;
    const email = getValues('email').trim();
    try {
      const r = await request<{ expire: number; resend_after: number }>('/utilsapi/send-code', { method: 'POST', body: { channel: 'email', purpose: 'signup', target: email } }, { quiet: true });
      setSentTo(email);
      setWait(r.resend_after || 60);
      clearErrors('email');
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = fieldErrorsOf(e.errors);
        const waitFor = (e.data as { retry_after?: number } | null)?.retry_after;
        if (waitFor) setWait(waitFor);
        setError('email', { message: fields.target || fields.email || e.message });
      }
    }
  };

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
function ProfileStep({ kind, company, form, busy, onBack, onSubmit }: { kind: SignupKind; company: string; form: Form; busy: boolean; onBack: () => void; onSubmit: () => void }) {
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
        <TextField
          control={control}
          name="password"
          label={t('ui.password.new')}
          required
          type="password"
          autoComplete="new-password"
          rules={{ required: t('rule.required'), validate: (v) => checkRule('pwd', v) || t('rule.pwd') }}
        />
        <TextField
          control={control}
          name="repeat"
          label={t('ui.password.repeat')}
          required
          type="password"
          autoComplete="new-password"
          rules={{ required: t('rule.required'), validate: (v) => v === getValues('password') || t('access.passwordMismatch') }}
        />
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

/** Step 4: done; goes to the sign-in page after a countdown. */
function FinishStep({ kind, company }: { kind: SignupKind; company: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(FINISH_COUNTDOWN_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate('/login', { replace: true });
      return;
    }
    const timer = window.setTimeout(() => setLeft((x) => x - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, navigate]);
  return (
    <div style={{ display: 'grid', gap: 14, justifyItems: 'center', textAlign: 'center' }} data-testid="signup-finished">
      <CheckmarkCircle48Regular style={{ color: tokens.colorPaletteGreenForeground1 }} />
      <Title2 as="h2">{kind === 'company' ? t('ui.signup.doneCompanyTitle') : t('ui.signup.doneJoinTitle')}</Title2>
      <Text>{kind === 'company' ? t('ui.signup.doneCompany', { company }) : t('ui.signup.doneJoin', { company })}</Text>
      <Caption1 data-testid="signup-countdown">{t('ui.signup.redirectIn', { seconds: left })}</Caption1>
      <Button appearance="primary" onClick={() => navigate('/login', { replace: true })}>
        {t('ui.signup.signInNow')}
      </Button>
    </div>
  );
}

/** /signup: the sign-up wizard. Everything is checked again, and created, on the server. */
export function SignupPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState<SignupStep>('kind');
  const [kind, setKind] = useState<SignupKind>('company');
  const [company, setCompany] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useForm<SignupValues>({
    mode: 'onTouched',
    defaultValues: { invite_code: '', email: '', mobile: '', email_code: '', username: '', fullname: '', password: '', repeat: '', company_name: '', company_full_name: '', company_type: '' },
  });

  const submit = async () => {
    const fields: (keyof SignupValues)[] = kind === 'company' ? ['company_name', 'company_type', 'username', 'fullname', 'password', 'repeat'] : ['username', 'fullname', 'password', 'repeat'];
    if (!(await form.trigger(fields))) return;
    setBusy(true);
    try {
      const path = kind === 'company' ? '/utilsapi/signup' : '/utilsapi/signup-join';
      const r = await request<{ client_name?: string }>(path, { method: 'POST', body: signupBody(kind, form.getValues()) });
      setCompany(kind === 'company' ? form.getValues('company_name').trim() : (r.client_name ?? company));
      setStep('finish');
    } catch (e) {
      // Spec 8: the 11000 errors go onto their fields (the toast came from the API reactions);
      // the wizard goes back to the first step that shows one of them.
      if (applyServerFieldErrors(e, form.setError) && e instanceof ApiError && e.errors) {
        const back = firstStepWithError(Object.keys(e.errors));
        if (back) setStep(back);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout wide>
      {step !== 'finish' ? (
        <div>
          <Title2 as="h1">{t('ui.signup.heading')}</Title2>
          <Caption1 block style={{ marginTop: 6 }}>{t('ui.signup.subheading')}</Caption1>
        </div>
      ) : null}
      <StepBar step={step} />
      <form onSubmit={(e) => e.preventDefault()} noValidate style={{ display: 'grid', gap: 16 }} data-testid={`signup-step-${step}`}>
        {step === 'kind' ? <KindStep kind={kind} setKind={setKind} form={form} company={company} setCompany={setCompany} onNext={() => setStep('verify')} /> : null}
        {step === 'verify' ? <VerifyStep form={form} onBack={() => setStep('kind')} onNext={() => setStep('profile')} /> : null}
        {step === 'profile' ? <ProfileStep kind={kind} company={company} form={form} busy={busy} onBack={() => setStep('verify')} onSubmit={() => void submit()} /> : null}
        {step === 'finish' ? <FinishStep kind={kind} company={company} /> : null}
      </form>
    </AuthLayout>
  );
}
