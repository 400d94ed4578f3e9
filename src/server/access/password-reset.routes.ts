import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { checkRule } from '../../model/rules';
import { translate } from '../../model/i18n';
import { ok } from '../http/envelope';
import { AppError, validationError } from '../http/errors';
import { logoutSessions } from '../realtime';
import { queueMessage } from '../kernel/outbox/outbox.service';
import { clock, createdAndExpiry, isoNow } from './clock';
import { inputOf, text, textOf } from './input.util';
import { mailLanguage } from './language.util';
import { accountKey, type LoginLimiter } from './login-limiter.service';
import { hashPassword } from '../kernel/password';
import { newPasswordErrors } from './password-rules.util';
import { ACCESS_BODY_LIMIT } from './session.routes';
import { revokeUserSessions } from './sessions.service';
import { randomToken, sha256 } from './tokens.util';

/** A reset link lives 30 minutes; one link per account per minute at most. */
export const RESET_LINK_TTL_SECONDS = 30 * 60;
const RESET_RESEND_SECONDS = 60;

type LinkState = { state: 'valid' | 'expired' | 'invalid'; userId?: number; expiresAt?: string };

async function linkState(app: FastifyInstance, token: string | undefined): Promise<LinkState> {
  if (!token) return { state: 'invalid' };
  const r = await sql<{ user_id: number; expires_at: string; used_at: string | null; status: string }>`
    select p.user_id, p.expires_at, p.used_at, u.status from password_resets p join users u on u.id = p.user_id
    where p.token_hash = ${sha256(token)}`.execute(app.db);
  const row = r.rows[0];
  if (!row || row.used_at || row.status !== 'active') return { state: 'invalid' };
  if (new Date(row.expires_at).getTime() <= clock.now()) return { state: 'expired', userId: row.user_id };
  return { state: 'valid', userId: row.user_id, expiresAt: row.expires_at };
}

/**
 * Forgot password (spec 2 /forgotpwd/fillemail, /forgotpwd/newpwd, /forgotpwd/deadline): a mailed
 * link that expires; an expired link says so and offers to resend (spec 5, spec 8 "link expired,
 * please resend").
 */
export async function passwordResetRoutes(app: FastifyInstance, deps: { limiter: LoginLimiter }): Promise<void> {
  const { db, config } = app;
  const opts = { bodyLimit: ACCESS_BODY_LIMIT };

  // Always OK, whether or not the address has an account: the reply must not tell (no enumeration).
  app.post('/access/request-password-reset-link', opts, async (req) => {
    const email = text(inputOf(req), 'email', { max: 200 });
    if (!email) throw validationError({ email: { key: 'rule.required' } });
    if (!checkRule('email', email)) throw validationError({ email: { key: 'rule.email' } });
    const found = await sql<{ id: number; client_id: number | null; language: string; username: string; last: string | null }>`
      select u.id, u.client_id, u.language, u.username,
             (select max(created_at) from password_resets p where p.user_id = u.id) as last
      from users u where lower(u.email) = lower(${email}) and u.status = 'active'`.execute(db);
    const user = found.rows[0];
    const tooSoon = user?.last && new Date(user.last).getTime() + RESET_RESEND_SECONDS * 1000 > clock.now();
    if (user && !tooSoon) {
      const token = randomToken(32);
      // Only the newest link works: earlier unused ones are retired.
      await sql`update password_resets set used_at = ${isoNow()} where user_id = ${user.id} and used_at is null`.execute(db);
      const at = createdAndExpiry(RESET_LINK_TTL_SECONDS);
      await sql`insert into password_resets (token_hash, user_id, expires_at, created_at) values (${sha256(token)}, ${user.id}, ${at.expires}, ${at.created})`.execute(db);
      const link = `${config.publicUrl}/forgotpwd/newpwd?token=${encodeURIComponent(token)}`;
      const lang = mailLanguage(user.language);
      await queueMessage(db, config, {
        clientId: user.client_id, channel: 'email', to: email, link,
        subject: translate(lang, 'mail.reset.subject'),
        body: translate(lang, 'mail.reset.body', { username: user.username, link, minutes: RESET_LINK_TTL_SECONDS / 60 }),
      });
    }
    return ok({ sent: true, expire: RESET_LINK_TTL_SECONDS });
  });

  app.get('/access/reset-link-state', async (req) => {
    const s = await linkState(app, text(inputOf(req), 'token', { max: 200 }));
    return ok({ valid: s.state === 'valid', expired: s.state === 'expired', expire_at: s.expiresAt ?? null });
  });

  app.post('/access/reset-password', opts, async (req) => {
    const input = inputOf(req);
    const token = text(input, 'token', { max: 200 });
    const password = textOf(input, ['password', 'new_password', 'newpwd'], { trim: false });
    const repeat = textOf(input, ['repeat', 'repeat_password', 'repeatpwd'], { trim: false });
    const s = await linkState(app, token);
    if (s.state === 'expired') throw new AppError('access.resetLinkExpired', { extra: { expired: true } });
    if (s.state === 'invalid' || !s.userId) throw new AppError('access.resetLinkInvalid', { extra: { invalid: true } });
    const errors = newPasswordErrors(config, password, repeat, { password: 'password', repeat: 'repeat' });
    if (Object.keys(errors).length) throw validationError(errors);
    const hash = await hashPassword(password!, config.argon2);
    const userId = s.userId;
    const used = await db.transaction().execute(async (tx) => {
      const r = await sql`update password_resets set used_at = ${isoNow()} where token_hash = ${sha256(token!)} and used_at is null`.execute(tx);
      if (Number(r.numAffectedRows ?? 0) !== 1) return false;
      await sql`update users set password_hash = ${hash}, must_change_password = false, password_changed_at = now(), version = version + 1, updated_at = now() where id = ${userId}`.execute(tx);
      return true;
    });
    if (!used) throw new AppError('access.resetLinkInvalid', { extra: { invalid: true } });
    // A reset means the old password may be known to someone else: every session ends.
    const ended = await revokeUserSessions(db, userId, 'reset');
    logoutSessions(ended, 'reset');
    const u = (await sql<{ username: string }>`select username from users where id = ${userId}`.execute(db)).rows[0];
    await deps.limiter.reset(accountKey(u.username));
    return ok({ username: u.username });
  });
}
