import { Button, Caption1, MessageBar, MessageBarBody, Spinner, Text, Title2 } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, request } from '../../api/client';
import { applyServerFieldErrors } from '../../api/form-errors';
import { clearSession, signInWith } from '../../session/access-state';
import type { LoginReply } from '../../session/login-reply';
import { AppLink } from '../../shell/AppLink';
import { TextField } from '../../form/TextField';
import { providerOf, type ChatProvider } from './third-provider';

type Outcome = LoginReply & { need_binding?: boolean; bind_ticket?: string; name?: string | null };

const CALLS: Record<ChatProvider, { prepare: string; signIn: (code: string, state: string) => Promise<Outcome>; bind: string }> = {
  wecom: {
    prepare: '/thirdpartyapi/qywx-basic/prepared-login',
    signIn: (code, state) => request<Outcome>('/access/qw3rd-login', { method: 'GET', query: { code, state } }, { quiet: true }),
    bind: '/thirdpartyapi/qywx-basic/binding-qywx',
  },
  dingtalk: {
    prepare: '/thirdpartyapi/dingtalk/prepared-login',
    signIn: (code, state) => request<Outcome>('/access/dd-login', { method: 'POST', body: { code, state } }, { quiet: true }),
    bind: '/thirdpartyapi/dingtalk/binding-dingtalk',
  },
};

/** A vendor's one-time code is used once, even if React runs the effect twice. */
const usedCodes = new Set<string>();

type Stage = { kind: 'start' } | { kind: 'signing' } | { kind: 'bind'; ticket: string; name: string } | { kind: 'error'; message: string };

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
  const [stage, setStage] = useState<Stage>(code && state ? { kind: 'signing' } : { kind: 'start' });
  const startForm = useForm<{ client: string }>({ defaultValues: { client: client ?? '' } });
  const bindForm = useForm<{ username: string; password: string }>({ defaultValues: { username: '', password: '' } });
  const started = useRef(false);
  const app = provider === 'wecom' ? t('ui.third.wecom') : provider === 'dingtalk' ? t('ui.third.dingtalk') : type || t('ui.third.generic');

  const enter = (reply: LoginReply) => {
    clearSession();
    if (signInWith(reply)) navigate('/workspace/home', { replace: true });
    else setStage({ kind: 'error', message: t('msg.actionFailed') });
  };

  useEffect(() => {
    if (!provider || !code || !state || started.current || usedCodes.has(code)) return;
    started.current = true;
    usedCodes.add(code);
    CALLS[provider]
      .signIn(code, state)
      .then((r) => {
        if (r.need_binding && r.bind_ticket) setStage({ kind: 'bind', ticket: r.bind_ticket, name: r.name ?? '' });
        else enter(r);
      })
      .catch((e) => setStage({ kind: 'error', message: e instanceof ApiError ? e.message : t('form.serverError') }));
    // A one-time call per vendor code: `enter` and `t` need not re-run it.
  }, [provider, code, state]);

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

  const startSubmit = startForm.handleSubmit(async ({ client: clientCode }) => {
    try {
      const r = await request<{ url: string }>(CALLS[provider].prepare, { method: 'GET', query: { client: clientCode.trim() } }, { quiet: true });
      window.location.assign(r.url);
    } catch (e) {
      startForm.setError('client', { message: e instanceof ApiError && e.message ? e.message : t('form.serverError') });
    }
  });

  const bindSubmit = bindForm.handleSubmit(async (v) => {
    if (stage.kind !== 'bind') return;
    try {
      const reply = await request<LoginReply>(CALLS[provider].bind, { method: 'POST', body: { bind_ticket: stage.ticket, username: v.username.trim(), password: v.password } }, { quiet: true });
      enter(reply);
    } catch (e) {
      if (!applyServerFieldErrors(e, bindForm.setError, {}, ['username', 'password'])) {
        setStage({ kind: 'error', message: e instanceof ApiError ? e.message : t('form.serverError') });
      }
    }
  });

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
          <TextField control={bindForm.control} name="password" label={t('ui.login.password')} required size="large" type="password" autoComplete="current-password" rules={{ required: t('rule.required') }} />
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
