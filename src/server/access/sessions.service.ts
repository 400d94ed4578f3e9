import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { AppError, unauthorized } from '../http/errors';
import { clock, isoIn, isoNow, nowSeconds } from './clock';
import { signAccessToken } from './jwt';
import { randomToken, sha256 } from './tokens.util';

/**
 * Sessions and refresh-token families.
 *
 * A session is one sign-in on one device: it carries the tenant and platform the user works in, and
 * every access token names it (`sid`), so revoking the session ends its access tokens at once.
 * Its refresh tokens form a family: each refresh uses one token and issues the next; the database
 * keeps only SHA-256 hashes. A token presented a second time means it was copied, so the whole
 * family (the session) is revoked (issue: "reusing an old one revokes the whole family").
 */
export type TokenPair = { access_token: string; expire: number; refresh_token: string; refresh_expire: number };

export type SessionRow = { id: string; user_id: number; client_id: number | null; platform_id: string };

export type RevokeReason = 'logout' | 'logout-all' | 'password' | 'reset' | 'reuse' | 'frozen';

async function issueRefresh(db: Db, config: AppConfig, sessionId: string): Promise<string> {
  const token = randomToken(32);
  const expires = isoIn(config.refreshTtl);
  await sql`insert into refresh_tokens (token_hash, session_id, created_at, expires_at) values (${sha256(token)}, ${sessionId}, ${isoNow()}, ${expires})`.execute(db);
  // The session lives as long as its newest refresh token (a sliding life).
  await sql`update sessions set expires_at = ${expires}, refreshed_at = ${isoNow()} where id = ${sessionId}`.execute(db);
  return token;
}

function accessToken(config: AppConfig, session: SessionRow): string {
  const iat = nowSeconds();
  return signAccessToken({ sub: session.user_id, sid: session.id, cid: session.client_id, iat, exp: iat + config.tokenTtl, jti: randomToken(9) }, config.jwtSecret);
}

/** Opens a new session (every sign-in gets its own) and its first token pair. */
export async function openSession(db: Db, config: AppConfig, s: { userId: number; clientId: number | null; platformId: string; ip: string; userAgent: string }): Promise<{ session: SessionRow; tokens: TokenPair }> {
  const session: SessionRow = { id: randomUUID(), user_id: s.userId, client_id: s.clientId, platform_id: s.platformId };
  await sql`insert into sessions (id, user_id, client_id, platform_id, ip, user_agent, created_at, expires_at)
    values (${session.id}, ${s.userId}, ${s.clientId}, ${s.platformId}, ${s.ip}, ${s.userAgent.slice(0, 300)}, ${isoNow()}, ${isoIn(config.refreshTtl)})`.execute(db);
  const refresh = await issueRefresh(db, config, session.id);
  return { session, tokens: { access_token: accessToken(config, session), expire: config.tokenTtl, refresh_token: refresh, refresh_expire: config.refreshTtl } };
}

/**
 * Uses a refresh token: marks it used (atomically: of two concurrent uses only one wins) and issues
 * the next pair. Errors are 401 with a message saying why (invalid, expired, reused).
 */
export async function rotateRefresh(db: Db, config: AppConfig, username: string, refreshToken: string): Promise<{ session: SessionRow; tokens: TokenPair }> {
  const hash = sha256(refreshToken);
  const found = await sql<{ session_id: string; expires_at: string; used_at: string | null; revoked_at: string | null; user_id: number; client_id: number | null; platform_id: string; username: string; user_status: string; is_super: boolean; client_status: string | null }>`
    select t.session_id, t.expires_at, t.used_at, s.revoked_at, s.user_id, s.client_id, s.platform_id, u.username,
           u.status as user_status, u.is_super, c.status as client_status
    from refresh_tokens t join sessions s on s.id = t.session_id join users u on u.id = s.user_id
    left join clients c on c.id = s.client_id
    where t.token_hash = ${hash}`.execute(db);
  const row = found.rows[0];
  if (!row || row.username.toLowerCase() !== username.toLowerCase()) throw unauthorized('access.refreshInvalid');
  if (row.revoked_at) throw unauthorized('access.refreshInvalid');
  if (row.used_at) {
    await revokeSession(db, row.session_id, 'reuse');
    throw new AppError('access.refreshReused', { extra: { revoked: true } });
  }
  if (new Date(row.expires_at).getTime() <= clock.now()) throw unauthorized('access.refreshExpired');
  // A user frozen (or a company frozen) since signing in cannot stay signed in by refreshing.
  if (row.user_status !== 'active' || (!row.is_super && row.client_status !== 'active')) {
    await revokeSession(db, row.session_id, 'frozen');
    throw unauthorized('access.accountFrozen');
  }
  const used = await sql`update refresh_tokens set used_at = ${isoNow()} where token_hash = ${hash} and used_at is null`.execute(db);
  if (Number(used.numAffectedRows ?? 0) !== 1) {
    // Another request used it between our read and our write: that is a reuse too.
    await revokeSession(db, row.session_id, 'reuse');
    throw new AppError('access.refreshReused', { extra: { revoked: true } });
  }
  const session: SessionRow = { id: row.session_id, user_id: row.user_id, client_id: row.client_id, platform_id: row.platform_id };
  const refresh = await issueRefresh(db, config, session.id);
  return { session, tokens: { access_token: accessToken(config, session), expire: config.tokenTtl, refresh_token: refresh, refresh_expire: config.refreshTtl } };
}

/**
 * Moves a live session to another platform or company (switch-plt, switch-token) and hands out a
 * fresh pair. The session's unused refresh tokens are dropped rather than marked used, so a tab
 * still holding one gets a plain 401 instead of revoking the session it just switched.
 */
export async function switchSession(db: Db, config: AppConfig, sessionId: string, change: { clientId?: number | null; platformId?: string }): Promise<{ session: SessionRow; tokens: TokenPair }> {
  if (change.platformId !== undefined) await sql`update sessions set platform_id = ${change.platformId} where id = ${sessionId} and revoked_at is null`.execute(db);
  if (change.clientId !== undefined) await sql`update sessions set client_id = ${change.clientId} where id = ${sessionId} and revoked_at is null`.execute(db);
  await sql`delete from refresh_tokens where session_id = ${sessionId} and used_at is null`.execute(db);
  const r = await sql<SessionRow>`select id, user_id, client_id, platform_id from sessions where id = ${sessionId} and revoked_at is null`.execute(db);
  const session = r.rows[0];
  if (!session) throw unauthorized();
  const refresh = await issueRefresh(db, config, session.id);
  return { session, tokens: { access_token: accessToken(config, session), expire: config.tokenTtl, refresh_token: refresh, refresh_expire: config.refreshTtl } };
}

export async function revokeSession(db: Db, sessionId: string, reason: RevokeReason): Promise<void> {
  await sql`update sessions set revoked_at = ${isoNow()}, revoked_reason = ${reason} where id = ${sessionId} and revoked_at is null`.execute(db);
}

/** Revokes every live session of a user except `keep`; returns the ids it ended (to sign their sockets out). */
export async function revokeUserSessions(db: Db, userId: number, reason: RevokeReason, keep?: string): Promise<string[]> {
  const r = await sql<{ id: string }>`update sessions set revoked_at = ${isoNow()}, revoked_reason = ${reason}
    where user_id = ${userId} and revoked_at is null and id <> ${keep ?? ''} returning id`.execute(db);
  return r.rows.map((x) => x.id);
}
