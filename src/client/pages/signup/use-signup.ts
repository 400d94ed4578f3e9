import { useEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { signupCalls } from '../../../model/calls/access';
import { ApiError } from '../../api/client';
import { callApi } from '../../api/calls';
import { applyServerFieldErrors } from '../../api/form-errors';
import { fieldErrorsOf } from '../../api/reactions';
import { EMPTY_SIGNUP, firstStepWithError, signupBody, type SignupKind, type SignupStep, type SignupValues } from './signup-steps';

export type SignupForm = UseFormReturn<SignupValues>;

/** Step 1's "next": a join checks its invite code with the server and learns the company's name. */
export function useInviteCheck(kind: SignupKind, form: SignupForm, setCompany: (c: string) => void, onNext: () => void) {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const code = form.watch('invite_code');
  // A changed code names another company (or none): it is checked again on "next".
  useEffect(() => setCompany(''), [code, setCompany]);

  const next = async () => {
    if (kind === 'company') return onNext();
    const invite = form.getValues('invite_code').trim();
    if (!invite) return form.setError('invite_code', { message: t('rule.required') });
    setChecking(true);
    try {
      const info = await callApi(signupCalls.inviteInfo, { code: invite }, { quiet: true });
      setCompany(info.client_name);
      onNext();
    } catch (e) {
      form.setError('invite_code', { message: e instanceof ApiError && e.message ? e.message : t('access.inviteInvalid') });
    } finally {
      setChecking(false);
    }
  };
  return { checking, next };
}

/**
 * Step 2's codes: sends one to the e-mail (`email`) or the mobile number (`sms`), then counts down
 * until another may be sent. A refusal (wrong format, too soon, too many) goes onto the field.
 */
export function useSendCode(form: SignupForm, channel: 'email' | 'sms') {
  const field = channel === 'email' ? 'email' : 'mobile';
  const [wait, setWait] = useState(0);
  const [sentTo, setSentTo] = useState('');
  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    if (!(await form.trigger(field))) return;
    const target = form.getValues(field).trim();
    try {
      const r = await callApi(signupCalls.sendCode, { channel, purpose: 'signup', target }, { quiet: true });
      setSentTo(target);
      setWait(r.resend_after || 60);
      form.clearErrors(field);
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = fieldErrorsOf(e.errors);
        const waitFor = (e.data as { retry_after?: number } | null)?.retry_after;
        if (waitFor) setWait(waitFor);
        form.setError(field, { message: fields.target || fields[field] || e.message });
      }
    }
  };
  return { wait, sentTo, send };
}

/** The wizard: its step, the kind of sign-up, the company joined or created, and the submission. */
export function useSignupWizard() {
  const [step, setStep] = useState<SignupStep>('kind');
  const [kind, setKind] = useState<SignupKind>('company');
  const [company, setCompany] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useForm<SignupValues>({ mode: 'onTouched', defaultValues: EMPTY_SIGNUP });

  const submit = async () => {
    const fields: (keyof SignupValues)[] = ['username', 'fullname', 'password', 'repeat'];
    if (!(await form.trigger(fields))) return;
    setBusy(true);
    try {
      const body = signupBody(kind, form.getValues());
      if (kind === 'company') await callApi(signupCalls.signup, body);
      const joined = kind === 'join' ? await callApi(signupCalls.join, body) : null;
      setCompany(joined ? (joined.client_name ?? company) : form.getValues('company_name').trim());
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
  return { step, setStep, kind, setKind, company, setCompany, busy, form, submit };
}
