import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { chatSignInCalls } from '../../../model/calls/access';
import { ApiError } from '../../api/client';
import { callApi } from '../../api/calls';
import { applyServerFieldErrors } from '../../api/form-errors';
import { clearSession, signInWith } from '../../session/access-state';
import type { LoginReply } from '../../session/login-reply';
import type { ChatProvider } from './third-provider';

export type ThirdStage = { kind: 'start' } | { kind: 'signing' } | { kind: 'bind'; ticket: string; name: string } | { kind: 'error'; message: string };

/** A vendor's one-time code is used once, even if React runs the effect twice. */
const usedCodes = new Set<string>();

/**
 * The workplace-chat sign-in's state and commands: the one-time sign-in with the vendor's code, the
 * company code that starts it, and the binding of a platform account for a member not bound yet.
 */
export function useThirdWelcome(provider: ChatProvider | null, code: string, state: string, client: string | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [stage, setStage] = useState<ThirdStage>(code && state ? { kind: 'signing' } : { kind: 'start' });
  const startForm = useForm<{ client: string }>({ defaultValues: { client: client ?? '' } });
  const bindForm = useForm<{ username: string; password: string }>({ defaultValues: { username: '', password: '' } });
  const started = useRef(false);
  const failed = (e: unknown) => setStage({ kind: 'error', message: e instanceof ApiError ? e.message : t('form.serverError') });

  const enter = (reply: LoginReply) => {
    clearSession();
    if (signInWith(reply)) navigate('/workspace/home', { replace: true });
    else setStage({ kind: 'error', message: t('msg.actionFailed') });
  };

  useEffect(() => {
    if (!provider || !code || !state || started.current || usedCodes.has(code)) return;
    started.current = true;
    usedCodes.add(code);
    callApi(chatSignInCalls[provider].signIn, { code, state }, { quiet: true })
      .then((r) => {
        if (r.need_binding && r.bind_ticket) setStage({ kind: 'bind', ticket: r.bind_ticket, name: r.name ?? '' });
        else enter(r as LoginReply);
      })
      .catch(failed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a one-time call per vendor code: `enter` and `t` need not re-run it
  }, [provider, code, state]);

  const startSubmit = startForm.handleSubmit(async ({ client: clientCode }) => {
    if (!provider) return;
    try {
      const r = await callApi(chatSignInCalls[provider].prepare, { client: clientCode.trim() }, { quiet: true });
      window.location.assign(r.url);
    } catch (e) {
      startForm.setError('client', { message: e instanceof ApiError && e.message ? e.message : t('form.serverError') });
    }
  });

  const bindSubmit = bindForm.handleSubmit(async (v) => {
    if (stage.kind !== 'bind' || !provider) return;
    try {
      enter((await callApi(chatSignInCalls[provider].bind, { bind_ticket: stage.ticket, username: v.username.trim(), password: v.password }, { quiet: true })) as LoginReply);
    } catch (e) {
      if (!applyServerFieldErrors(e, bindForm.setError, {}, ['username', 'password'])) failed(e);
    }
  });

  return { stage, setStage, startForm, bindForm, startSubmit, bindSubmit };
}
