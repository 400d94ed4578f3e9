import { currentLanguage, tr } from '../kernel/i18n';
import { currentLocation, navigateTo } from '../kernel/navigation';
import { isPublicPath } from './route-table';
import { clearSession } from '../session/access-state';
import { loginRedirectUrl } from '../session/guard';
import { isUnauthorizedSuppressed } from '../session/session-flow';
import { toast } from '../kernel/toast-bus';
import { apiHooks, type ApiError } from '../api/client';
import { labellerForPath } from '../api/field-labels';
import { reactionTo } from '../api/reactions';

/**
 * Installs the spec 8 reactions into the API client: every failed call goes through `reactionTo`
 * (pure, unit-tested) and the outcome is carried out here (toast, sign-out, log).
 */
export function installApiReactions(): void {
  apiHooks.onUnauthorized = () => {
    // The guard handles the 401s of its own refresh and profile calls.
    if (isUnauthorizedSuppressed()) return;
    const here = currentLocation();
    clearSession();
    // Spec 8: HTTP 401 signs out with no message; on a public page there is nowhere to send them.
    if (!isPublicPath(here.pathname)) navigateTo(loginRedirectUrl(here.pathname, here.search, here.hash), { replace: true });
  };
  apiHooks.onError = (e: ApiError) => {
    const reaction = reactionTo(e, labellerForPath(e.path, currentLanguage()));
    if (reaction.kind === 'log' || reaction.kind === 'signOut') {
      // Spec 8: a network error is only logged (never the URL's token: the message is the error's).
      console.warn('request failed', e.network ? 'network error' : e.status, e.message);
      return;
    }
    const text = tr(reaction.text.key, reaction.text.params) + (reaction.text.suffix ?? '');
    const here = currentLocation();
    toast.error(text, {
      timeoutMs: reaction.timeoutMs,
      closable: reaction.closable,
      contactAdmin: reaction.contactAdmin ? { status: e.status, code: e.code, message: e.message, path: here.pathname, at: new Date().toISOString() } : undefined,
    });
  };
}
