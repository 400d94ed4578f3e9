import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { tempTokenCalls } from '../../../model/calls/gateway';
import { ApiError } from '../../api/client';
import { callApi } from '../../api/calls';
import { clearSession, signInWith } from '../../session/access-state';
import { safeRedirectTarget } from '../../session/guard';
import type { LoginReply } from '../../session/login-reply';

/** A temporary token is exchanged once, even if React runs the effect twice. */
const usedTokens = new Set<string>();

export type TempTokenStage = { kind: 'signing' } | { kind: 'error'; message: string };

/**
 * Signs this device in with the temporary token of a link made on another device (spec 7
 * `/sf/send-temp-token`, exchanged at `/access/temp-token-login`) and opens the page the link names.
 * Whoever was signed in here before is signed out first.
 */
export function useTempTokenWelcome(token: string, to: string | null): TempTokenStage {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [stage, setStage] = useState<TempTokenStage>(token ? { kind: 'signing' } : { kind: 'error', message: t('ui.device.noToken') });
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current || usedTokens.has(token)) return;
    started.current = true;
    usedTokens.add(token);
    clearSession();
    callApi(tempTokenCalls.login, { temp_token: token }, { quiet: true })
      .then((reply) => {
        if (signInWith(reply as LoginReply)) navigate(safeRedirectTarget(to), { replace: true });
        else setStage({ kind: 'error', message: t('msg.actionFailed') });
      })
      .catch((e: unknown) => setStage({ kind: 'error', message: e instanceof ApiError && e.message ? e.message : t('form.serverError') }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a one-time exchange per token: `navigate`, `t` and `to` need not re-run it
  }, [token]);
  return stage;
}
