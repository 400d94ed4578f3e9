import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { translate } from '../../model/i18n';
import { DEFAULT_PLATFORM, isPlatform } from '../../model/platforms';
import { ok } from '../http/envelope';
import { AppError, forbidden, validationError, type FieldError } from '../http/errors';
import { logoutSessions } from '../realtime';
import { queueMessage } from '../kernel/outbox/outbox.service';
import { authOf, requireAuth, tokenOf } from './auth-context';
import { clock, nowSeconds } from './clock';
import { verifyAccessToken } from './jwt';
import { inputOf, intOf, text, textOf } from './input.util';
import { languageFor, mailLanguage } from './language.util';
import { accountKey, addressKey, limitKeys, type LimitKey, type LoginLimiter } from './login-limiter.service';
import { hashPassword, verifyPassword } from '../kernel/password';
import { newPasswordErrors } from './password-rules.util';
import { openSession, revokeSession, revokeUserSessions, rotateRefresh, switchSession, type SessionRow } from './sessions.service';
import { sha256 } from './tokens.util';
import { buildUserinfo, companiesOf } from './userinfo.service';

export type AccessDeps = { limiter: LoginLimiter; dummyHash: () => Promise<string> };

/** Access calls take small bodies; anything bigger is refused with 413 before it is parsed. */
export const ACCESS_BODY_LIMIT = 16 * 1024;

type LoginUser = {
  id: number; username: string; password_hash: string; status: string; is_super: boolean; language: string;
  client_id: number | null; platform_id: string; client_status: string | null; review_note: string | null;
};

/** spec 7: the page reports the build it was loaded with as `build`; hasnewversion compares. */
const buildOf = (req: FastifyRequest) => text(inputOf(req), 'build', { max: 100 });

/** Counts the attempt before anything is verified (see login-limiter.service.ts); 429 when a key is over its limit. */
export async function admitAttempt(limiter: LoginLimiter, keys: LimitKey[]): Promise<void> {
  const state = await limiter.attempt(keys);
  if (state.locked) {
    const minutes = Math.max(1, Math.ceil(state.retryAfterSeconds / 60));
    throw new AppError('access.lockedOut', {
      params: { minutes },
      extra: { retry_after: state.retryAfterSeconds, retry_at: new Date(clock.now() + state.retryAfterSeconds * 1000).toISOString() },
    });
  }
}

/**
 * Why a user with the right password still cannot sign in (issue: "pending company, rejected,
 * frozen user: clear messages"). The password is checked first, so these states are told only to
 * whoever knows it.
 */
function refusal(u: LoginUser): AppError | null {
  if (u.is_super) return u.status === 'active' ? null : forbidden('access.accountFrozen');
  if (u.client_status === 'pending') return forbidden('access.companyPending');
  if (u.client_status === 'rejected' || u.status === 'rejected') return new AppError('access.signupRejected', { params: { reason: u.review_note ?? '-' } });
  if (u.client_status !== 'active') return forbidden('access.companyFrozen');
  if (u.status === 'pending') return forbidden('access.accountPending');
  if (u.status !== 'active') return forbidden('access.accountFrozen');
  return null;
}

/** Login, refresh, profile, user state, logout, password change and platform or company switch. */
export async function sessionRoutes(app: FastifyInstance, deps: AccessDeps): Promise<void> {
  const opts = { bodyLimit: ACCESS_BODY_LIMIT };
  registerSignInRoutes(app, opts, deps);
  registerSessionStateRoutes(app, opts);
  registerPasswordChangeRoute(app, opts, deps);
  registerSwitchRoutes(app, opts);
}

/** Options of the access write routes: the body limit. */
type AccessOpts = { bodyLimit: number };

/** Signing in (counted against the login limiter) and refreshing the tokens. */
function registerSignInRoutes(app: FastifyInstance, opts: AccessOpts, deps: AccessDeps): void {
  const { db, config } = app;
  app.post('/access/login', opts, async (req) => {
    const input = inputOf(req);
    const username = text(input, 'username', { max: 100 });
    const password = text(input, 'password', { trim: false, max: 200 });
    const platformId = text(input, 'platform_id', { max: 30 });
    const errors: Record<string, FieldError> = {};
    if (!username) errors.username = { key: 'rule.required' };
    if (!password) errors.password = { key: 'rule.required' };
    if (platformId && !isPlatform(platformId)) errors.platform_id = { key: 'access.platformUnknown' };
    if (Object.keys(errors).length || !username || !password) throw validationError(errors);

    await admitAttempt(deps.limiter, limitKeys(config, username, req.ip));
    const found = await sql<LoginUser>`
      select u.id, u.username, u.password_hash, u.status, u.is_super, u.language, u.client_id, u.platform_id,
             c.status as client_status, c.review_note
      from users u left join clients c on c.id = u.client_id where lower(u.username) = lower(${username})`.execute(db);
    const user = found.rows[0];
    // An unknown user costs the same hash as a known one, and answers the same message.
    const good = user ? await verifyPassword(user.password_hash, password) : (await verifyPassword(await deps.dummyHash(), password), false);
    // A failure stays counted; a success clears the account and gives its address the attempt back.
    if (!user || !good) throw new AppError('access.badCredentials');
    await deps.limiter.reset(accountKey(username));
    await deps.limiter.refund([addressKey(req.ip)]);
    const refused = refusal(user);
    if (refused) throw refused;

    const platform = platformId ?? (isPlatform(user.platform_id) ? user.platform_id : DEFAULT_PLATFORM);
    await sql`update users set last_login_at = now(), last_login_ip = ${req.ip}, platform_id = ${platform} where id = ${user.id}`.execute(db);
    const { session, tokens } = await openSession(db, config, { userId: user.id, clientId: user.client_id, platformId: platform, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    req.log.info({ user: user.id, session: session.id }, 'signed in');
    return ok(await buildUserinfo(db, config, session, { language: languageFor(req, user.language), build: buildOf(req), tokens }));
  });

  app.post('/access/refresh-token', opts, async (req) => {
    const input = inputOf(req);
    const username = text(input, 'username', { max: 100 });
    const refreshToken = textOf(input, ['refresh_token', 'refreshtoken'], { max: 200 });
    const errors: Record<string, FieldError> = {};
    if (!username) errors.username = { key: 'rule.required' };
    if (!refreshToken) errors.refresh_token = { key: 'rule.required' };
    if (!username || !refreshToken) throw validationError(errors);
    try {
      const { session, tokens } = await rotateRefresh(db, config, username, refreshToken);
      const lang = await sql<{ language: string }>`select language from users where id = ${session.user_id}`.execute(db);
      const userinfo = await buildUserinfo(db, config, session, { language: languageFor(req, lang.rows[0]?.language), build: buildOf(req), tokens });
      return ok({ userinfo });
    } catch (error) {
      // A reused refresh token revoked its session: sign out the browsers still using it.
      if (error instanceof AppError && error.extra?.revoked) {
        const sid = await sql<{ session_id: string }>`select session_id from refresh_tokens where token_hash = ${sha256(refreshToken)}`.execute(db);
        if (sid.rows[0]) logoutSessions([sid.rows[0].session_id], 'reuse');
      }
      throw error;
    }
  });
}

/** The signed-in user's profile and token state, and signing out of one session or all. */
function registerSessionStateRoutes(app: FastifyInstance, opts: AccessOpts): void {
  const { db, config } = app;
  app.get('/access/profile', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const session: SessionRow = { id: auth.sessionId, user_id: auth.userId, client_id: auth.clientId, platform_id: auth.platformId };
    const userinfo = await buildUserinfo(db, config, session, { language: languageFor(req, auth.language), build: buildOf(req) });
    return ok({ userinfo });
  });

  app.get('/access/user-state', async (req) => {
    const token = tokenOf(req);
    const claims = token ? verifyAccessToken(token, config.jwtSecret, nowSeconds()) : null;
    // The auth hook already resolved this token (signature, live session, active user).
    const auth = claims ? req.auth : null;
    if (!auth || !claims) return ok({ valid: false, username: null, expire_at: null, expires_in: 0 });
    return ok({ valid: true, username: auth.username, user_id: auth.userId, expire_at: claims.exp, expires_in: claims.exp - nowSeconds() });
  });

  app.post('/access/logout', { ...opts, preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    await revokeSession(db, auth.sessionId, 'logout');
    logoutSessions([auth.sessionId], 'logout');
    return ok({ ended_sessions: 1 });
  });

  app.post('/access/logout-all', { ...opts, preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const ended = await revokeUserSessions(db, auth.userId, 'logout-all');
    logoutSessions(ended, 'logout-all');
    return ok({ ended_sessions: ended.length });
  });
}

/** Changing one's password: the old one checked (and counted) unless the first login asks for a new one. */
function registerPasswordChangeRoute(app: FastifyInstance, opts: AccessOpts, deps: AccessDeps): void {
  const { db, config } = app;
  app.post('/access/change-password', { ...opts, preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const input = inputOf(req);
    const oldPassword = textOf(input, ['old_password', 'oldpwd', 'oldPassword'], { trim: false });
    const newPassword = textOf(input, ['new_password', 'newpwd', 'newPassword', 'password'], { trim: false });
    const repeat = textOf(input, ['repeat_password', 'repeatpwd', 'repeatPassword', 'repeat'], { trim: false });
    const u = (await sql<{ password_hash: string; must_change_password: boolean; email: string | null; language: string; client_id: number | null }>`
      select password_hash, must_change_password, email, language, client_id from users where id = ${auth.userId}`.execute(db)).rows[0];
    const errors = newPasswordErrors(config, newPassword, repeat, { password: 'new_password', repeat: 'repeat_password' });
    // The first-login change (must_change_password) follows a sign-in with the initial password a
    // moment ago, so it asks only for the new one (spec 2: "first-login or new password").
    if (!u.must_change_password && !oldPassword) errors.old_password = { key: 'rule.required' };
    if (Object.keys(errors).length) throw validationError(errors);
    if (oldPassword) {
      const keys = limitKeys(config, auth.username, req.ip).slice(0, 1);
      // Guessing the password through a stolen session counts like failed sign-ins.
      await admitAttempt(deps.limiter, keys);
      if (!(await verifyPassword(u.password_hash, oldPassword))) throw validationError({ old_password: { key: 'access.oldPasswordWrong' } });
      await deps.limiter.refund(keys.map((k) => k.key));
    }
    if (await verifyPassword(u.password_hash, newPassword!)) throw validationError({ new_password: { key: 'access.passwordSame' } });
    const hash = await hashPassword(newPassword!, config.argon2);
    await sql`update users set password_hash = ${hash}, must_change_password = false, password_changed_at = now(), version = version + 1, updated_at = now() where id = ${auth.userId}`.execute(db);
    const ended = await revokeUserSessions(db, auth.userId, 'password', auth.sessionId);
    logoutSessions(ended, 'password');
    if (u.email) {
      const lang = mailLanguage(u.language);
      await queueMessage(db, config, { clientId: u.client_id, channel: 'email', to: u.email, subject: translate(lang, 'mail.passwordChanged.subject'), body: translate(lang, 'mail.passwordChanged.body', { username: auth.username }) });
    }
    return ok({ ended_sessions: ended.length });
  });
}

/** Switching the session to another platform or to another company the user belongs to. */
function registerSwitchRoutes(app: FastifyInstance, opts: AccessOpts): void {
  const { db, config } = app;
  app.post('/access/switch-plt', { ...opts, preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const platformId = textOf(inputOf(req), ['platform_id', 'platformId', 'plt'], { max: 30 });
    if (!platformId) throw validationError({ platform_id: { key: 'rule.required' } });
    if (!isPlatform(platformId)) throw validationError({ platform_id: { key: 'access.platformUnknown' } });
    const { session, tokens } = await switchSession(db, config, auth.sessionId, { platformId });
    await sql`update users set platform_id = ${platformId} where id = ${auth.userId}`.execute(db);
    return ok(await buildUserinfo(db, config, session, { language: languageFor(req, auth.language), build: buildOf(req), tokens }));
  });

  app.post('/access/switch-token', { ...opts, preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = intOf(inputOf(req), 'client_id');
    if (!clientId) throw validationError({ client_id: { key: 'rule.required' } });
    const companies = await companiesOf(db, auth.userId);
    if (!companies.some((c) => c.id === clientId)) throw forbidden('access.notMember');
    const { session, tokens } = await switchSession(db, config, auth.sessionId, { clientId });
    return ok(await buildUserinfo(db, config, session, { language: languageFor(req, auth.language), build: buildOf(req), tokens }));
  });
}
