import { ApiError } from '../api/client';
import { takeEarly } from '../api/early-calls';
import { accessApi, PROFILE_PATH, type UserinfoReply } from './access-api';
import { access, applyUserInfo, clearSession, nowSeconds, signInWith } from './access-state';
import { decideNavigation, loginRedirectUrl } from './guard';
import { userInfoOf } from './login-reply';
import { readStoredSession } from '../kernel/storage';

/**
 * The impure half of the navigation guard: carries out `decideNavigation` (guard.ts) with real
 * calls. Returns where to go instead, or null to continue.
 */

let unauthorizedSuppressed = 0;
/** True while the guard's own calls run: their 401 is handled here, not by the global hook. */
export function isUnauthorizedSuppressed(): boolean {
  return unauthorizedSuppressed > 0;
}

async function quietly<T>(work: () => Promise<T>): Promise<T> {
  unauthorizedSuppressed++;
  try {
    return await work();
  } finally {
    unauthorizedSuppressed--;
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * Refreshes the token once even when several navigations or tabs ask at the same moment: a
 * refresh token presented twice revokes its whole family on the server, so two tabs must never
 * both use the same one. Tabs serialise through a Web Lock; after taking it a tab re-reads
 * storage, and if another tab already rotated the token it simply uses the new one.
 */
export function refreshSession(username: string, refreshToken: string): Promise<boolean> {
  if (refreshing) return refreshing;
  const run = async (): Promise<boolean> => {
    const current = readStoredSession();
    if (current.refreshToken && current.refreshToken !== refreshToken && current.token && (current.tokenExpire ?? 0) - nowSeconds() > 300) {
      // Another tab refreshed while we waited for the lock.
      return true;
    }
    try {
      const data = await quietly(() => accessApi.refresh(username, refreshToken));
      const info = userInfoOf(data);
      return !!info && signInWith(info);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return false;
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const pending: Promise<boolean> = (locks ? locks.request('access-token-refresh', run).then((ok) => ok) : run()).finally(() => {
    refreshing = null;
  });
  refreshing = pending;
  return pending;
}

/** The profile's address as the document's script asks it (without the page's build: it is the server's own at a first load). */
export const EARLY_PROFILE_URL = `/api${PROFILE_PATH}`;

/** Loads the current user's profile into the access state; false when the token was refused. */
export async function loadProfile(): Promise<boolean> {
  try {
    // The document's script may have asked it already (early/early-calls.js): taken once, else asked.
    const data = (await takeEarly<UserinfoReply>('__profileEarly', EARLY_PROFILE_URL)) ?? (await quietly(() => accessApi.profile()));
    const info = userInfoOf(data);
    if (!info) return false;
    applyUserInfo(info);
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return false;
    throw e;
  }
}

/**
 * Runs the guard for a navigation to `url` (spec 2 "Navigation behaviour"). Returns null to
 * continue, or the login address carrying the former path and parameters after signing out.
 */
export async function guardNavigation(url: URL): Promise<string | null> {
  const signOut = () => {
    clearSession();
    return loginRedirectUrl(url.pathname, url.search);
  };
  const decision = decideNavigation(readStoredSession(), access.id !== null, nowSeconds());
  if (decision.kind === 'signOut') return signOut();
  if (decision.kind === 'refresh') {
    const ok = await refreshSession(decision.username, decision.refreshToken);
    if (!ok) return signOut();
    // The refresh reply's userinfo carries the user id; a partial one still needs the profile.
    if (access.id === null && !(await loadProfile())) return signOut();
    return null;
  }
  if (decision.loadProfile && !(await loadProfile())) return signOut();
  return null;
}

/**
 * Keeps a long-open page signed in: the guard runs on navigation only, so a page left open past
 * the token's life would meet a 401 on its next save. This applies the same decision on a timer.
 */
export async function keepSessionFresh(): Promise<void> {
  const decision = decideNavigation(readStoredSession(), access.id !== null, nowSeconds());
  if (decision.kind === 'refresh') await refreshSession(decision.username, decision.refreshToken);
}

/**
 * Explicit sign-out: checks the token first (spec 7 user-state), ends the session on the server
 * when it still honours the token (best effort), and clears it here. A failed token check only
 * skips the server's sign-out: the user goes to login all the same (spec 8).
 */
export async function endSession(): Promise<void> {
  const { token } = readStoredSession();
  if (token) {
    try {
      const state = await quietly(() => accessApi.userState());
      if (state.valid) await quietly(() => accessApi.logout());
    } catch {
      /* the session ends locally whatever the server says (spec 8: failed token check -> login) */
    }
  }
  clearSession();
}
