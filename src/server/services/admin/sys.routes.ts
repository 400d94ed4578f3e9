import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { allDictionaries } from '../../../model/dictionaries';
import { LICENCE_TYPES } from '../../../model/entities/admin-settings.entity';
import { authOf, requireAuth, type AuthContext } from '../../access/auth-context';
import { inputOf, pagingOf, text } from '../../access/input.util';
import { revokeUserSessions } from '../../access/sessions.service';
import { ok } from '../../http/envelope';
import { AppError, notFound, validationError, type FieldError } from '../../http/errors';
import { logoutSessions } from '../../realtime';
import { assertCan } from '../../access/permissions';
import { withTenant } from '../../kernel/rls';
import { idOf } from './input.util';
import { defaultSettings, loadSystemSettings, settingValue, SYSTEM_SETTINGS, type SystemSettings } from './sys-settings.service';

const BODY_LIMIT = 32 * 1024;
/** Menu codes of the super administrator's screens (permission-model: `admin.sys.*` is theirs alone). */
export const SYS_MENUS = { client: 'admin.sys.client', dict: 'admin.sys.dict', config: 'admin.sys.config', service: 'admin.sys.service' } as const;
const CLIENT_STATUSES = ['pending', 'active', 'rejected', 'frozen'] as const;
/** How often a process re-reads the system configuration another process may have changed. */
const SETTINGS_REFRESH_MS = 30_000;

export async function auditPlatform(app: FastifyInstance, auth: AuthContext, entity: string, recordId: number, action: string, ip: string, changes: unknown[]): Promise<void> {
  // The super administrator's own changes are recorded in the platform tenant's audit log.
  if (auth.clientId === null) return;
  await withTenant(app.db, auth.clientId, (tx) => sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
    values (${auth.clientId}, ${entity}, ${recordId}, ${action}, ${auth.userId}, ${auth.username}, ${ip}, ${JSON.stringify(changes)}::jsonb)`.execute(tx));
}

/**
 * The super administrator's screens (spec 6: system-wide sign-up approval, licence types, system
 * config; spec 2 "Admin": client management, system dictionary). Sign-up approval itself is the
 * access area's (/api/access/admin/signups). Every route is refused (403) to anyone else: the menu
 * codes are `admin.sys.*`, which only the super administrator's grants reach.
 */
export async function sysRoutes(app: FastifyInstance): Promise<void> {
  const opts = { bodyLimit: BODY_LIMIT, preHandler: requireAuth };
  const settings = await watchSystemSettings(app);
  registerClientRoutes(app, opts);
  registerDictionaryRoute(app);
  registerSystemConfigRoutes(app, opts, settings);
}

/** Options of the write routes: the body limit and the session check. */
type RouteOpts = { bodyLimit: number; preHandler: typeof requireAuth };

/** The system configuration as this process last read it, beside the defaults from the process config. */
type SettingsCache = { defaults: SystemSettings; current: SystemSettings };

/** Reads the system configuration now and keeps re-reading it until the app closes. */
async function watchSystemSettings(app: FastifyInstance): Promise<SettingsCache> {
  const { db, config } = app;
  const defaults: SystemSettings = defaultSettings(config);
  const cache: SettingsCache = { defaults, current: await loadSystemSettings(db, config, defaults).catch(() => defaults) };
  // Several processes share the table: each re-reads it now and then (one process applies a save at once).
  const timer = setInterval(() => {
    loadSystemSettings(db, config, defaults).then((s) => (cache.current = s)).catch(() => undefined);
  }, SETTINGS_REFRESH_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return cache;
}

/** Clients (spec 2 "client management"; spec 3 "client: licence type"): list, licence, freeze, activate. */
function registerClientRoutes(app: FastifyInstance, opts: RouteOpts): void {
  const { db } = app;
  app.get('/adminapi/sys/clients', { preHandler: requireAuth }, async (req) => {
    await assertCan(authOf(req), SYS_MENUS.client, 'read', { db });
    const input = inputOf(req);
    const { page, size } = pagingOf(input);
    const q = text(input, 'q', { max: 100 });
    const status = text(input, 'status', { max: 20 });
    if (status && !(CLIENT_STATUSES as readonly string[]).includes(status)) throw validationError({ status: { key: 'rule.notInDictionary' } });
    const where = sql`c.type <> 'platform' ${status ? sql`and c.status = ${status}` : sql``}
      ${q ? sql`and (c.code ilike ${`%${q}%`} or c.name ilike ${`%${q}%`} or c.full_name ilike ${`%${q}%`})` : sql``}`;
    const total = (await sql<{ n: number }>`select count(*)::int as n from clients c where ${where}`.execute(db)).rows[0].n;
    const rows = await sql`select c.id, c.code, c.name, c.full_name, c.type, c.status, c.licence_type, c.contact_name, c.contact_email, c.contact_mobile,
        c.created_at, c.reviewed_at, c.version, (select count(*)::int from users u where u.client_id = c.id) as users
      from clients c where ${where} order by c.id limit ${size} offset ${(page - 1) * size}`.execute(db);
    return ok({ rows: rows.rows, total, page, size, licence_types: LICENCE_TYPES });
  });

  app.post('/adminapi/sys/clients/save', opts, async (req) => {
    const auth = authOf(req);
    await assertCan(auth, SYS_MENUS.client, 'update', { db });
    const input = inputOf(req);
    const id = idOf(input, 'id');
    const version = idOf(input, 'version');
    const licence = text(input, 'licence_type', { max: 20 });
    const errors: Record<string, FieldError> = {};
    if (!id) errors.id = { key: 'rule.required' };
    if (!version) errors.version = { key: 'rule.required' };
    if (!licence) errors.licence_type = { key: 'rule.required' };
    else if (!(LICENCE_TYPES as readonly string[]).includes(licence)) errors.licence_type = { key: 'admin.licenceUnknown' };
    if (Object.keys(errors).length || !id || !licence) throw validationError(errors);
    const before = (await sql<{ licence_type: string; version: number }>`select licence_type, version from clients where id = ${id} and type <> 'platform'`.execute(db)).rows[0];
    if (!before) throw notFound('admin.clientNotFound');
    const u = await sql`update clients set licence_type = ${licence}, version = version + 1, updated_at = now()
      where id = ${id} and type <> 'platform' and version = ${version ?? 0} returning id`.execute(db);
    if (!u.rows.length) throw new AppError('err.staleVersion');
    await auditPlatform(app, auth, 'client', id, 'update', req.ip, [{ field: 'licence_type', old: before.licence_type, new: licence }]);
    return ok({ id, licence_type: licence });
  });

  app.post('/adminapi/sys/clients/freeze', opts, clientStatusHandler(app, 'frozen'));
  app.post('/adminapi/sys/clients/activate', opts, clientStatusHandler(app, 'active'));
}

/**
 * The handler that freezes or activates a client. Freeze: the company's users can no longer sign in,
 * and every open session ends now (the token check refuses a company that is not active; the socket
 * tells the open pages to sign out).
 */
function clientStatusHandler(app: FastifyInstance, to: 'frozen' | 'active') {
  const { db } = app;
  return async (req: FastifyRequest) => {
    const auth = authOf(req);
    await assertCan(auth, SYS_MENUS.client, to === 'frozen' ? 'action:freeze' : 'action:activate', { db });
    const id = idOf(inputOf(req), 'id');
    if (!id) throw validationError({ id: { key: 'rule.required' } });
    const from = to === 'frozen' ? 'active' : 'frozen';
    const u = await sql<{ id: number }>`update clients set status = ${to}, version = version + 1, updated_at = now()
      where id = ${id} and type <> 'platform' and status = ${from} returning id`.execute(db);
    if (!u.rows.length) {
      const exists = (await sql<{ status: string }>`select status from clients where id = ${id} and type <> 'platform'`.execute(db)).rows[0];
      if (!exists) throw notFound('admin.clientNotFound');
      throw new AppError('admin.clientStatusConflict');
    }
    if (to === 'frozen') {
      const users = await sql<{ id: number }>`select id from users where client_id = ${id}`.execute(db);
      for (const user of users.rows) logoutSessions(await revokeUserSessions(db, user.id, 'frozen'), 'frozen');
    }
    await auditPlatform(app, auth, 'client', id, to === 'frozen' ? 'freeze' : 'activate', req.ip, [{ field: 'status', old: from, new: to }]);
    return ok({ id, status: to });
  };
}

/** The system dictionary (spec 2 "system dictionary"): declared in src/model, read-only here. */
function registerDictionaryRoute(app: FastifyInstance): void {
  app.get('/adminapi/sys/dictionaries', { preHandler: requireAuth }, async (req) => {
    await assertCan(authOf(req), SYS_MENUS.dict, 'read', { db: app.db });
    return ok(allDictionaries().map((d) => ({ code: d.code, label: d.label, items: d.items })));
  });
}

/** The system configuration (spec 6 "system config"): read with defaults, and saved setting by setting. */
function registerSystemConfigRoutes(app: FastifyInstance, opts: RouteOpts, settings: SettingsCache): void {
  const { db, config } = app;
  const { defaults } = settings;
  app.get('/adminapi/sys/config', { preHandler: requireAuth }, async (req) => {
    await assertCan(authOf(req), SYS_MENUS.config, 'read', { db });
    settings.current = await loadSystemSettings(db, config, defaults);
    const stored = await sql<{ key: string; version: number; updated_at: string }>`select key, version, updated_at from sys_config`.execute(db);
    return ok(SYSTEM_SETTINGS.map((d) => {
      const row = stored.rows.find((r) => r.key === d.key);
      return { ...d, value: settings.current[d.key], default: defaults[d.key], stored: Boolean(row), updated_at: row?.updated_at ?? null };
    }));
  });

  app.post('/adminapi/sys/config/save', opts, async (req) => {
    const auth = authOf(req);
    await assertCan(auth, SYS_MENUS.config, 'update', { db });
    const input = inputOf(req);
    const errors: Record<string, FieldError> = {};
    const changes: Array<{ key: string; value: string | number }> = [];
    for (const def of SYSTEM_SETTINGS) {
      if (input[def.key] === undefined) continue;
      const v = settingValue(def, input[def.key]);
      if (v === null) errors[def.key] = { key: def.type === 'integer' ? 'admin.settingRange' : 'rule.notInDictionary', params: def.type === 'integer' ? { min: def.min, max: def.max } : undefined };
      else changes.push({ key: def.key, value: v });
    }
    if (Object.keys(errors).length) throw validationError(errors);
    if (!changes.length) throw validationError({ [SYSTEM_SETTINGS[0].key]: { key: 'form.chooseDataFirst' } });
    const before = { ...settings.current };
    await db.transaction().execute(async (tx) => {
      for (const c of changes) {
        await sql`insert into sys_config (key, value, updated_by) values (${c.key}, ${JSON.stringify(c.value)}::jsonb, ${auth.userId})
          on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, version = sys_config.version + 1, updated_at = now()`.execute(tx);
      }
    });
    settings.current = await loadSystemSettings(db, config, defaults);
    await auditPlatform(app, auth, 'sys_config', 0, 'update', req.ip, changes.map((c) => ({ field: c.key, old: before[c.key as keyof SystemSettings], new: c.value })));
    return ok(settings.current);
  });
}
