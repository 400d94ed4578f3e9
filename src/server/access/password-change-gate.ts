import type { FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors';

/**
 * Spec 2 "first-login or new password": a user whose password was set by someone else (the first
 * sign-in, an administrator's reset) changes it before working. The browser shows the change
 * dialog, but the rule holds on the server: while `must_change_password` is set, a call made
 * with that user's access token answers 403 "change your password first", except these.
 *
 * Keyed by the route's pattern (not the raw URL), so a query string or a trailing parameter
 * cannot slip a call through.
 */
export const OPEN_DURING_PASSWORD_CHANGE: ReadonlySet<string> = new Set([
  // What the first-login step itself needs: change the password, give up and sign out, know who
  // is signed in and whether the token is still good.
  '/api/access/change-password',
  '/api/access/logout',
  '/api/access/profile',
  '/api/access/user-state',
  // Calls that do not act as the token's user (they authenticate by password or refresh token,
  // or not at all) but that the browser sends with its stored token attached.
  '/api/access/login',
  '/api/access/refresh-token',
  '/api/health',
]);

/**
 * Refuses the call when the signed-in caller must change the password first. Runs once per
 * request, right after the token is resolved (auth-context.ts installAuth), so every route,
 * present and future, is covered without a line of its own. Paths outside /api (the app's pages
 * and files) are never refused.
 */
export function assertPasswordChangeDone(req: FastifyRequest): void {
  if (!req.auth?.mustChangePassword) return;
  const route = req.routeOptions.url;
  if (!route || !route.startsWith('/api/')) return;
  if (OPEN_DURING_PASSWORD_CHANGE.has(route)) return;
  throw forbidden('profile.mustChangePassword');
}
