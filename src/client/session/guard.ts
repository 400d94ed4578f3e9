import type { StoredSession } from '../kernel/storage';

/** Spec 9: the token refresh margin is 300 seconds. */
export const REFRESH_MARGIN_SECONDS = 300;

/**
 * What the navigation guard does for a non-public path (spec 2 "Navigation behaviour"):
 * - `refresh`: call the token refresh with the username and refresh token, then continue;
 * - `continue`: go on; `loadProfile` when the session holds no user id yet;
 * - `signOut`: clear the session and go to /login carrying the former path and parameters.
 */
export type GuardDecision =
  | { kind: 'refresh'; username: string; refreshToken: string }
  | { kind: 'continue'; loadProfile: boolean }
  | { kind: 'signOut' };

/**
 * The guard's decision, a pure function of the stored session, whether the in-memory session has a
 * user id, and the current time in epoch seconds. Expiries are absolute epoch seconds.
 *
 * Spec 2, to the second:
 * - no token, but a refresh token whose expiry has not passed (expiry > now) -> refresh;
 * - a token within 300 s of expiry or past it (expiry - now <= 300) -> refresh; a refresh needs a
 *   refresh token that has not expired, without one the server could only refuse, so we sign out;
 * - a token valid for more than 300 s (expiry - now > 300) -> continue (profile first if no user id);
 * - otherwise -> sign out.
 */
export function decideNavigation(stored: StoredSession, hasUserId: boolean, nowSeconds: number): GuardDecision {
  const refreshUsable = !!stored.refreshToken && stored.refreshExpire !== null && stored.refreshExpire > nowSeconds;
  const refresh = (): GuardDecision =>
    refreshUsable && stored.refreshToken ? { kind: 'refresh', username: stored.username ?? '', refreshToken: stored.refreshToken } : { kind: 'signOut' };

  if (!stored.token) return refresh();
  // A token without a known expiry cannot be trusted to be valid; treat it as expiring now.
  const left = (stored.tokenExpire ?? nowSeconds) - nowSeconds;
  if (left <= REFRESH_MARGIN_SECONDS) return refresh();
  return { kind: 'continue', loadProfile: !hasUserId };
}

/** Whether a valid token exists (discovery pages load the profile only then, spec 2). */
export function hasValidToken(stored: StoredSession, nowSeconds: number): boolean {
  return !!stored.token && stored.tokenExpire !== null && stored.tokenExpire > nowSeconds;
}

/**
 * The login address that carries the former path and parameters, e.g.
 * `/login?redirect=%2Fworkspace%2Fhome%3Ftab%3D2`. The login page is not sent back to itself.
 */
export function loginRedirectUrl(pathname: string, search: string, hash = ''): string {
  if (pathname === '/login' || pathname.startsWith('/login/')) return '/login';
  const former = `${pathname}${search}${hash}`;
  if (!former || former === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(former)}`;
}

/**
 * Where to go after signing in: the `redirect` parameter when it is a path of this site (an
 * absolute URL or `//host` would make the login page an open redirect), else the workspace.
 */
export function safeRedirectTarget(redirect: string | null | undefined, fallback = '/workspace/home'): string {
  if (!redirect) return fallback;
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return fallback;
  if (redirect === '/login' || redirect.startsWith('/login?') || redirect.startsWith('/login/')) return fallback;
  return redirect;
}
