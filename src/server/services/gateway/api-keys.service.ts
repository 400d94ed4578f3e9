import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { DEFAULT_PLATFORM } from '../../../model/platforms';
import type { AuthContext } from '../../access/auth-context';
import { callerCan } from '../../access/permission.service';
import type { Db } from '../../db/database';
import { AppError, validationError, type FieldError } from '../../http/errors';
import type { ApiKeyView } from '../../../model/calls/gateway';
import { gatewayEntity, parseScopes, type KeyScope } from './api-key-scopes';
import { tokenHash } from './push-signature';

/**
 * A company's API keys for the third-party gateway (issue 35). A key is created by a company
 * administrator, acts for that company, and is never wider than its creator's rights: its calls run
 * as the creator (roles, data permissions, the same SQL as the screens) narrowed to its scopes.
 * The key itself (`gk_` and 43 characters of 32 random bytes) is shown once; only its SHA-256 is
 * kept, with its first 11 characters to tell keys apart.
 */
export const KEY_PREFIX = 'gk_';
const SHOWN_PREFIX = 11;
export const DEFAULT_RATE_PER_MINUTE = 60;
export const MAX_RATE_PER_MINUTE = 6000;

/** A key as the administration screen reads it: the reply type the client's call declares. */
export type ApiKeyRow = ApiKeyView;

export type ApiKeyInput = { name?: unknown; scopes?: unknown; rate_per_minute?: unknown; expires_at?: unknown };

const jsonOf = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const isoOf = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function statusOf(r: { revoked_at: unknown; expires_at: unknown }, now: number): ApiKeyRow['status'] {
  if (r.revoked_at) return 'revoked';
  if (r.expires_at && new Date(r.expires_at as string).getTime() <= now) return 'expired';
  return 'active';
}

/** The company's keys, newest first (the secret is never read back: only its hash exists). */
export async function listKeys(db: Db, clientId: number): Promise<ApiKeyRow[]> {
  const r = await sql<Record<string, unknown>>`
    select k.id, k.name, k.key_prefix, k.scopes, k.rate_per_minute, k.expires_at, k.created_by, coalesce(u.fullname, u.username) as created_by_name,
      k.created_at, k.revoked_at, coalesce(rv.fullname, rv.username) as revoked_by_name, k.last_used_at
    from api_key k left join users u on u.id = k.created_by left join users rv on rv.id = k.revoked_by
    where k.client_id = ${clientId} order by k.id desc limit 500`.execute(db);
  const now = Date.now();
  return r.rows.map((x) => ({
    id: Number(x.id), name: String(x.name), key_prefix: String(x.key_prefix), scopes: jsonOf<KeyScope[]>(x.scopes), rate_per_minute: Number(x.rate_per_minute),
    expires_at: isoOf(x.expires_at), created_by: Number(x.created_by), created_by_name: (x.created_by_name as string | null) ?? null, created_at: isoOf(x.created_at)!,
    revoked_at: isoOf(x.revoked_at), revoked_by_name: (x.revoked_by_name as string | null) ?? null, last_used_at: isoOf(x.last_used_at), status: statusOf({ revoked_at: x.revoked_at, expires_at: x.expires_at }, now),
  }));
}

/** Checks a key's input; the field errors name the form's fields. */
async function checkedInput(db: Db, auth: AuthContext, input: ApiKeyInput): Promise<{ name: string; scopes: KeyScope[]; rate: number; expiresAt: string | null }> {
  const errors: Record<string, FieldError> = {};
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) errors.name = { key: 'rule.required' };
  else if (name.length > 60) errors.name = { key: 'rule.maxLength', params: { max: 60 } };
  const parsed = parseScopes(input.scopes ?? '');
  let scopes: KeyScope[] = [];
  if ('problem' in parsed) errors.scopes = { key: parsed.problem === 'empty' ? 'gatewayui.scopesEmpty' : 'gatewayui.scopesInvalid' };
  else scopes = parsed.scopes;
  const rateText = input.rate_per_minute === undefined || input.rate_per_minute === null || input.rate_per_minute === '' ? String(DEFAULT_RATE_PER_MINUTE) : String(input.rate_per_minute);
  const rate = /^[1-9]\d{0,4}$/.test(rateText) ? Number(rateText) : NaN;
  if (!(rate >= 1 && rate <= MAX_RATE_PER_MINUTE)) errors.rate_per_minute = { key: 'gatewayui.rateRange', params: { max: MAX_RATE_PER_MINUTE } };
  let expiresAt: string | null = null;
  if (input.expires_at !== undefined && input.expires_at !== null && input.expires_at !== '') {
    const text = String(input.expires_at);
    // A date alone expires at the end of that day (UTC+8, the product's business time zone).
    const when = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T23:59:59+08:00`) : new Date(text);
    if (Number.isNaN(when.getTime())) errors.expires_at = { key: 'rule.date' };
    else if (when.getTime() <= Date.now()) errors.expires_at = { key: 'gatewayui.expiryPast' };
    else expiresAt = when.toISOString();
  }
  if (Object.keys(errors).length) throw validationError(errors);
  // Never wider than its creator: each scope needs the creator's own view (read) or edit (write).
  for (const s of scopes) {
    const entity = gatewayEntity(s.entity)!;
    const can = await callerCan(db, auth, entity.menuCode, s.access === 'write' ? 'edit' : 'view');
    if (!can) throw new AppError('gateway.scopeBeyondCreator', { params: { entity: entity.label }, fields: { scopes: { key: 'gateway.scopeBeyondCreator', params: { entity: entity.label } } } });
  }
  return { name, scopes, rate, expiresAt };
}

/** Creates a key; the reply carries the key once (`secret`), the list never does. */
export async function createKey(db: Db, auth: AuthContext, clientId: number, input: ApiKeyInput): Promise<{ key: ApiKeyRow; secret: string }> {
  const { name, scopes, rate, expiresAt } = await checkedInput(db, auth, input);
  const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const r = await sql<{ id: number }>`insert into api_key (client_id, name, key_prefix, secret_hash, scopes, rate_per_minute, expires_at, created_by)
    values (${clientId}, ${name}, ${secret.slice(0, SHOWN_PREFIX)}, ${tokenHash(secret)}, ${JSON.stringify(scopes)}::jsonb, ${rate}, ${expiresAt}, ${auth.userId}) returning id`.execute(db);
  const key = (await listKeys(db, clientId)).find((k) => k.id === Number(r.rows[0].id))!;
  return { key, secret };
}

/** Revokes a key of the company (at once: the next call with it is refused). */
export async function revokeKey(db: Db, auth: AuthContext, clientId: number, id: number): Promise<ApiKeyRow> {
  const r = await sql`update api_key set revoked_at = coalesce(revoked_at, now()), revoked_by = coalesce(revoked_by, ${auth.userId})
    where id = ${id} and client_id = ${clientId}`.execute(db);
  if (!Number(r.numAffectedRows ?? 0)) throw new AppError('gateway.keyNotFound');
  return (await listKeys(db, clientId)).find((k) => k.id === id)!;
}

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
