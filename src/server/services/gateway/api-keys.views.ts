import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { apiKey } from '../../../model/entities/admin-apikey.entity';
import { GATEWAY_PREFIXES, gatewayCalls, type ApiKeyScope, type ApiKeyView } from '../../../model/calls/gateway';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, intOf } from '../../access/input.util';
import { callerCan } from '../../access/permission.service';
import { assertCan } from '../../access/permissions';
import { serveCall } from '../../http/calls';
import { requestLanguage } from '../../http/envelope';
import { AppError, validationError } from '../../http/errors';
import { registerViewScope, viewPage } from '../../resources/view-reader';
import { registerViewWriter, viewAction, viewSave, type ViewSaveContext } from '../../resources/view-writer';
import { entityOptions, gatewayEntity, parseScopes } from './api-key-scopes';
import { KEY_PREFIX } from './api-keys.service';
import { tokenHash } from './push-signature';

/**
 * The company's API keys as the editable view entity `api_key` (issue 30; the key's use at the
 * gateway is api-keys.service.ts `resolveKey`). The key (`gk_` and 43 characters of 32 random bytes)
 * is made by the save and given in its reply once; the table keeps its SHA-256 and first 11
 * characters. Scopes are fixed once made and never wider than the maker's own rights; a revoked key
 * is read-only.
 */
const SHOWN_PREFIX = 11;
export const DEFAULT_RATE_PER_MINUTE = 60;
export const MAX_RATE_PER_MINUTE = 6000;

const nameOf = (column: string) => sql`(select coalesce(u.fullname, u.username) from users u where u.id = ${sql.ref(`t.${column}`)})`;

/** The state: revoked, past its expiry, or active (computed, so a key expires without a write). */
const STATUS = sql`(case when t.revoked_at is not null then 'revoked' when t.expires_at is not null and t.expires_at <= now() then 'expired' else 'active' end)`;
/** The expiry as the day it ends on in the business time zone (UTC+8). */
const EXPIRES_ON = sql`((t.expires_at at time zone 'UTC') + interval '8 hours')::date`;

const ACCESS_WORDS = { read: { zh: '读取', en: 'read' }, write: { zh: '读写', en: 'read and write' } } as const;

/** A key's scopes in words (`客户订单 · 读取`), in the reader's language. */
function scopesText(scopes: unknown, en: boolean): string {
  const list = (typeof scopes === 'string' ? JSON.parse(scopes) : scopes) as ApiKeyScope[] | null;
  return (list ?? [])
    .map((s) => {
      const label = gatewayEntity(s.entity)?.label;
      return `${label ? (en ? label.en : label.zh) : s.entity} · ${en ? ACCESS_WORDS[s.access].en : ACCESS_WORDS[s.access].zh}`;
    })
    .join(', ');
}

/** The company's keys (menu code `admin.apikey`): another company's key is a 404 on every call. */
registerViewScope(
  apiKey.name,
  async (auth, db) => {
    const clientId = await assertCan(auth, apiKey.menuCode, 'read', { db });
    return { where: sql`t.client_id = ${clientId}`, tenant: clientId };
  },
  {
    // scopes_text is the stored JSON in SQL (a filter or the quick search reads entity names), words once read.
    computed: { status: STATUS, expires_on: EXPIRES_ON, scopes_text: sql`t.scopes::text`, created_by_name: nameOf('created_by'), revoked_by_name: nameOf('revoked_by') },
    present: (rows, { language }) => rows.map((r) => ({ ...r, scopes_text: scopesText(r.scopes, language === 'en') })),
  },
);

/** Scopes of a new key: known objects, each within the maker's own view (read) or edit (write) right. */
async function checkScopes(sc: ViewSaveContext, creating: boolean): Promise<void> {
  const { values, errors, before } = sc;
  if (!('scopes' in values) || errors.scopes) return;
  const parsed = parseScopes(values.scopes ?? '');
  if ('problem' in parsed) return void (errors.scopes = { key: parsed.problem === 'empty' ? 'gatewayui.scopesEmpty' : 'gatewayui.scopesInvalid' });
  if (!creating) {
    const stored = parseScopes(before.scopes ?? []);
    if (!('scopes' in stored) || JSON.stringify(stored.scopes) !== JSON.stringify(parsed.scopes)) errors.scopes = { key: 'gateway.scopesFixed' };
    delete values.scopes;
    return;
  }
  values.scopes = parsed.scopes;
  for (const s of parsed.scopes) {
    const entity = gatewayEntity(s.entity)!;
    if (await callerCan(sc.db, sc.auth, entity.menuCode, s.access === 'write' ? 'edit' : 'view')) continue;
    errors.scopes = { key: 'gateway.scopeBeyondCreator', params: { entity: entity.label } };
    return;
  }
}

/** The last day becomes the moment the key stops (that day's end, UTC+8); a day already over is refused. */
function checkExpiry(sc: ViewSaveContext, creating: boolean): void {
  const { values, errors, before } = sc;
  if (!('expires_on' in values) || errors.expires_on) return;
  const day = values.expires_on as string | null;
  if (!creating && (day ?? null) === (before.expires_on ?? null)) return void delete values.expires_on;
  const when = day ? new Date(`${day}T23:59:59+08:00`) : null;
  if (when && when.getTime() <= Date.now()) return void (errors.expires_on = { key: 'gatewayui.expiryPast' });
  values.expires_at = when ? when.toISOString() : null;
  sc.audit = [...(sc.audit ?? []), { field: 'expires_on', old: creating ? null : (before.expires_on ?? null), new: day ?? null }];
}

async function checkKey(sc: ViewSaveContext): Promise<void> {
  const creating = sc.before.id === undefined;
  if (!creating && sc.before.status === 'revoked') throw new AppError('res.lockedState');
  await checkScopes(sc, creating);
  const rate = sc.values.rate_per_minute;
  if ('rate_per_minute' in sc.values && !sc.errors.rate_per_minute && !(Number.isInteger(rate) && Number(rate) >= 1 && Number(rate) <= MAX_RATE_PER_MINUTE)) {
    sc.errors.rate_per_minute = { key: 'gatewayui.rateRange', params: { max: MAX_RATE_PER_MINUTE } };
  }
  checkExpiry(sc, creating);
}

registerViewWriter(apiKey.name, {
  validate: checkKey,
  // A new key: the secret made here goes to the reply alone; its digest and first characters are stored.
  beforeSave: async (sc) => {
    if (sc.before.id !== undefined) return;
    const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    sc.values.key_prefix = secret.slice(0, SHOWN_PREFIX);
    sc.values.secret_hash = tokenHash(secret);
    sc.reply = { secret };
  },
  create: ({ auth, clientId }) => ({ client_id: clientId, created_by: auth.userId }),
  // Revoked at once: the gateway refuses the key at its next call (resolveKey reads revoked_at).
  actions: { revoke: async ({ auth }) => ({ patch: { revoked_at: new Date().toISOString(), revoked_by: auth.userId } }) },
});

const contextOf = (app: FastifyInstance, req: FastifyRequest) => ({ db: app.db, auth: authOf(req), ip: req.ip ?? null, language: requestLanguage(req) });
const asView = (r: Record<string, unknown>) => r as unknown as ApiKeyView;

/**
 * The addresses the API key screen always had (`/adminapi/api-keys`, `save` with `name`, `scopes`,
 * `rate_per_minute`, `expires_at` as a day, `revoke` with `id`), answered by the same reader and
 * writer, and the objects a key may be granted (the drawer's scopes).
 */
export function apiKeyRoutes(app: FastifyInstance): void {
  const opts = { preHandler: requireAuth, bodyLimit: 64 * 1024 };
  serveCall(app, gatewayCalls.keys, opts, async (req) => {
    const rows = (await viewPage(contextOf(app, req), apiKey, { size: '100', count: 'none' })).rows;
    return { rows: rows.map(asView), entities: await entityOptions(app.db, authOf(req)), prefixes: GATEWAY_PREFIXES };
  });
  // For the key and the endpoint drawers: to an administrator of keys or of pushes.
  serveCall(app, gatewayCalls.entities, opts, async (req) => {
    const auth = authOf(req);
    if (!(await callerCan(app.db, auth, apiKey.menuCode, 'view')) && !(await callerCan(app.db, auth, 'admin.push', 'view'))) await assertCan(auth, apiKey.menuCode, 'read', { db: app.db });
    return entityOptions(app.db, auth);
  });
  serveCall(app, gatewayCalls.createKey, opts, async (req) => {
    const input = inputOf(req);
    const rate = input.rate_per_minute === undefined || input.rate_per_minute === null || input.rate_per_minute === '' ? DEFAULT_RATE_PER_MINUTE : input.rate_per_minute;
    const { secret, ...key } = await viewSave(contextOf(app, req), apiKey, { name: input.name, scopes: input.scopes, rate_per_minute: rate, expires_on: input.expires_at ?? null });
    return { key: asView(key), secret: String(secret) };
  });
  serveCall(app, gatewayCalls.revokeKey, opts, async (req) => {
    const id = intOf(inputOf(req), 'id');
    if (!id) throw validationError({ id: { key: 'rule.required' } });
    return asView((await viewAction(contextOf(app, req), apiKey, 'revoke', { ids: [id] })).rows[0]);
  });
}
