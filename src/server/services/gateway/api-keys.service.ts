import { sql } from 'kysely';
import { DEFAULT_PLATFORM } from '../../../model/platforms';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import type { KeyScope } from './api-key-scopes';
import { tokenHash } from './push-signature';

/**
 * A company's API keys at the third-party gateway (issue 35). A key is made by a company
 * administrator (the view entity `api_key`, api-keys.views.ts), acts for that company, and is never
 * wider than its creator's rights: its calls run as the creator (roles, data permissions, the same
 * SQL as the screens) narrowed to its scopes. Only the key's SHA-256 is kept.
 */
export const KEY_PREFIX = 'gk_';

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** A resolved key: who it acts as, and what it may touch. */
export type KeyCaller = { keyId: number; name: string; scopes: KeyScope[]; ratePerMinute: number; auth: AuthContext };

/**
 * The caller a key stands for, or null when the key is unknown, revoked or expired, its creator is
 * no longer an active member of the company, or the company is not active. The roles are the
 * creator's in that company now (a right the creator lost, the key lost too).
 */
export async function resolveKey(db: Db, key: string): Promise<KeyCaller | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const r = await sql<{
    id: number; name: string; client_id: number; scopes: unknown; rate_per_minute: number; expires_at: string | null; revoked_at: string | null;
    user_id: number; username: string; fullname: string | null; language: string; status: string; client_status: string; member: boolean;
  }>`
    select k.id, k.name, k.client_id, k.scopes, k.rate_per_minute, k.expires_at, k.revoked_at,
      u.id as user_id, u.username, u.fullname, u.language, u.status, c.status as client_status,
      (u.client_id = k.client_id or exists (select 1 from user_clients uc where uc.user_id = u.id and uc.client_id = k.client_id)) as member
    from api_key k join users u on u.id = k.created_by join clients c on c.id = k.client_id
    where k.secret_hash = ${tokenHash(key)}`.execute(db);
  const row = r.rows[0];
  if (!row || row.revoked_at || (row.expires_at && new Date(row.expires_at).getTime() <= Date.now())) return null;
  if (row.status !== 'active' || row.client_status !== 'active' || !row.member) return null;
  const roles = await sql<{ id: number; code: string; client_id: number | null }>`
    select r.id, r.code, r.client_id from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${row.user_id} and (r.client_id is null or r.client_id = ${row.client_id})`.execute(db);
  // The super administrator's role never travels with a key (the platform does not trade).
  const roleRows = roles.rows.filter((x) => x.code !== 'superadmin');
  await sql`update api_key set last_used_at = now() where id = ${row.id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`.execute(db);
  return {
    keyId: Number(row.id),
    name: row.name,
    scopes: jsonOf<KeyScope[]>(row.scopes),
    ratePerMinute: Number(row.rate_per_minute),
    auth: {
      userId: Number(row.user_id),
      username: row.username,
      fullname: `${row.fullname ?? row.username} · API ${row.name}`,
      clientId: Number(row.client_id),
      sessionId: `apikey:${row.id}`,
      roles: roleRows.map((x) => x.code),
      isSuper: false,
      platformId: DEFAULT_PLATFORM,
      language: row.language,
      tokenExp: 0,
      roleRows,
    },
  };
}
