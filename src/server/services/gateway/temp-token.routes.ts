import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { TEMP_TOKEN_TARGETS, tempTokenCalls } from '../../../model/calls/gateway';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, text } from '../../access/input.util';
import { languageFor } from '../../access/language.util';
import { openSession } from '../../access/sessions.service';
import { buildUserinfo } from '../../access/userinfo.service';
import { serveCall } from '../../http/calls';
import { ok } from '../../http/envelope';
import { AppError, unauthorized, validationError } from '../../http/errors';
import { tokenHash } from './push-signature';

/**
 * `/sf/send-temp-token` (spec 7, "(third-party) /sf/send-temp-token"): a module's own UI (spec 9's
 * SFCENTER `sfcenterui`, SFPRINT `printui`) is opened in another window or host with a temporary
 * token instead of the user's tokens, so no access or refresh token travels in an address. The
 * token is one-use, lives TEMP_TOKEN_SECONDS, is kept only as its hash, and is bound to the user,
 * company and platform of the session that asked; the module exchanges it at
 * `/access/temp-token-login` for a session of its own (the login reply).
 */
export const TEMP_TOKEN_SECONDS = 60;

export async function tempTokenRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const opts = { preHandler: requireAuth, bodyLimit: 4096 };
  serveCall(app, tempTokenCalls.send, opts, async (req) => {
    const auth = authOf(req);
    const target = text(inputOf(req), 'target', { max: 30 }) ?? 'sfcenterui';
    if (!(TEMP_TOKEN_TARGETS as readonly string[]).includes(target)) throw validationError({ target: { key: 'access.invalidValue' } });
    const token = `tt_${randomBytes(32).toString('base64url')}`;
    await sql`insert into temp_token (token_hash, user_id, client_id, platform_id, target, expires_at)
      values (${tokenHash(token)}, ${auth.userId}, ${auth.clientId}, ${auth.platformId}, ${target}, now() + ${`${TEMP_TOKEN_SECONDS} seconds`}::interval)`.execute(db);
    // Spent and expired tokens are cleared as new ones are made (they are worthless, but need not pile up).
    await sql`delete from temp_token where expires_at < now() - interval '1 day'`.execute(db);
    return { temp_token: token, expire: TEMP_TOKEN_SECONDS, target };
  });

  app.post(tempTokenCalls.login.path, { bodyLimit: 4096 }, async (req) => {
    const token = text(inputOf(req), 'temp_token', { max: 100 });
    if (!token) throw validationError({ temp_token: { key: 'rule.required' } });
    // One statement: of two requests with one token, exactly one gets the row.
    const used = await sql<{ user_id: number; client_id: number | null; platform_id: string }>`update temp_token set used_at = now()
      where token_hash = ${tokenHash(token)} and used_at is null and expires_at > now() returning user_id, client_id, platform_id`.execute(db);
    const row = used.rows[0];
    if (!row) throw new AppError('gateway.tempTokenInvalid');
    const u = (await sql<{ status: string; language: string; is_super: boolean; client_status: string | null }>`
      select u.status, u.language, u.is_super, c.status as client_status from users u left join clients c on c.id = ${row.client_id} where u.id = ${row.user_id}`.execute(db)).rows[0];
    if (!u || u.status !== 'active' || (!u.is_super && u.client_status !== 'active')) throw unauthorized('gateway.tempTokenInvalid');
    const { session, tokens } = await openSession(db, config, { userId: row.user_id, clientId: row.client_id, platformId: row.platform_id, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    return ok(await buildUserinfo(db, config, session, { language: languageFor(req, u.language), tokens }));
  });
}
