import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { unauthorized } from '../http/errors';
import { nowSeconds } from './clock';
import { verifyAccessToken } from './jwt';
import { assertPasswordChangeDone } from './password-change-gate';

/** Who is calling: filled from the access token on every request that carries one. */
export type AuthContext = {
  userId: number;
  username: string;
  fullname: string;
  clientId: number | null;
  sessionId: string;
  /** Role codes (spec: dashroles). */
  roles: string[];
  isSuper: boolean;
  platformId: string;
  language: string;
  tokenExp: number;
  /** Spec 2 first login: set until the user changes the password (password-change-gate.ts). */
  mustChangePassword?: boolean;
  /**
   * The roles as the token check read them (id, code, company), so the permission check of the same
   * request does not read them again (permission.service.ts); absent on contexts built otherwise.
   */
  roleRows?: Array<{ id: number; code: string; client_id: number | null }>;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The token from `Authorization: Bearer` or, as the spec marks some calls, the `token` query. */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const query = req.query as Record<string, unknown> | undefined;
  const t = query?.token;
  return typeof t === 'string' && t ? t : null;
}

/** Reads the caller from a token: signature, expiry, a live session and an active user. */
export async function resolveAuth(app: FastifyInstance, token: string): Promise<AuthContext | null> {
  const claims = verifyAccessToken(token, app.config.jwtSecret, nowSeconds());
  if (!claims) return null;
  const row = await sql<{
    id: number; username: string; fullname: string | null; client_id: number | null; is_super: boolean;
    language: string; status: string; revoked_at: string | null; platform_id: string; client_status: string | null;
    must_change_password: boolean;
  }>`
    select u.id, u.username, u.fullname, s.client_id, u.is_super, u.language, u.status, s.revoked_at, s.platform_id,
           c.status as client_status, u.must_change_password
    from sessions s join users u on u.id = s.user_id left join clients c on c.id = s.client_id
    where s.id = ${claims.sid} and u.id = ${claims.sub}`.execute(app.db);
  const r = row.rows[0];
  if (!r || r.revoked_at || r.status !== 'active') return null;
  if (!r.is_super && r.client_status !== 'active') return null;
  const roles = await sql<{ id: number; code: string; client_id: number | null }>`
    select r.id, r.code, r.client_id from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${r.id} and (r.client_id is null or r.client_id = ${r.client_id})`.execute(app.db);
  return {
    userId: r.id,
    username: r.username,
    fullname: r.fullname ?? r.username,
    clientId: r.client_id,
    sessionId: claims.sid,
    roles: roles.rows.map((x) => x.code),
    isSuper: r.is_super,
    platformId: r.platform_id,
    language: r.language,
    tokenExp: claims.exp,
    mustChangePassword: r.must_change_password,
    roleRows: roles.rows,
  };
}

/**
 * Registers the hook that fills `req.auth` (null when there is no valid token) and refuses the
 * calls of a user who must change the password first (password-change-gate.ts).
 */
export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (req) => {
    const token = tokenOf(req);
    req.auth = token ? await resolveAuth(app, token) : null;
    assertPasswordChangeDone(req);
  });
}

/** A route guard: 401 in the envelope unless signed in. Example: `{ preHandler: requireAuth }`. */
export async function requireAuth(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!req.auth) throw unauthorized();
}

/** Narrows `req.auth` for handlers behind requireAuth. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
