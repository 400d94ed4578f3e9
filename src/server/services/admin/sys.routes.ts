import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { sysDictionaryItem } from '../../../model/entities/admin-sysdict.entity';
import { authOf, requireAuth, type AuthContext } from '../../access/auth-context';
import { inputOf } from '../../access/input.util';
import { ok, requestLanguage } from '../../http/envelope';
import { validationError } from '../../http/errors';
import { assertCan } from '../../access/permissions';
import { withTenant } from '../../kernel/rls';
import { viewPage, viewRecord } from '../../resources/view-reader';
import { viewSave } from '../../resources/view-writer';
import { sysConfig } from '../../../model/entities/admin-sysconfig.entity';
import { registerSysConfigView } from './sysconfig.views';
import './sysdict.views';
import { defaultSettings, loadSystemSettings, SYSTEM_SETTINGS, type SystemSettings } from './sys-settings.service';

const BODY_LIMIT = 32 * 1024;
/** Menu codes of the super administrator's screens (permission-model: `admin.sys.*` is theirs alone). */
export const SYS_MENUS = { client: 'admin.sys.client', dict: 'admin.sys.dict', config: 'admin.sys.config', service: 'admin.sys.service' } as const;
/** How often a process re-reads the system configuration another process may have changed. */
const SETTINGS_REFRESH_MS = 30_000;

export async function auditPlatform(app: FastifyInstance, auth: AuthContext, entity: string, recordId: number, action: string, ip: string, changes: unknown[]): Promise<void> {
  // The super administrator's own changes are recorded in the platform tenant's audit log.
  if (auth.clientId === null) return;
  await withTenant(app.db, auth.clientId, (tx) => sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
    values (${auth.clientId}, ${entity}, ${recordId}, ${action}, ${auth.userId}, ${auth.username}, ${ip}, ${JSON.stringify(changes)}::jsonb)`.execute(tx));
}

/**
 * The super administrator's screens (spec 6: system-wide sign-up approval, system config; spec 2
 * "Admin": system dictionary). Sign-up approval and client management are the engine's view entity
 * `client` (clients.views.ts, signups.views.ts). Every route is refused (403) to anyone else: the menu
 * codes are `admin.sys.*`, which only the super administrator's grants reach.
 */
export async function sysRoutes(app: FastifyInstance): Promise<void> {
  const opts = { bodyLimit: BODY_LIMIT, preHandler: requireAuth };
  const settings = await watchSystemSettings(app);
  registerDictionaryRoute(app);
  registerSysConfigView(settings.defaults, async () => void (settings.current = await loadSystemSettings(app.db, app.config, settings.defaults)));
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

/**
 * The system dictionary (spec 2 "system dictionary"): the engine's list of the view entity `sysdict`
 * (/api/adminapi/sysdict/page, sysdict.views.ts); its old address answers through the same reader,
 * every item of every dictionary grouped by dictionary (`[{ code, label, items: [{ value, label }] }]`).
 */
function registerDictionaryRoute(app: FastifyInstance): void {
  app.get('/adminapi/sys/dictionaries', { preHandler: requireAuth }, async (req) => {
    const ctx = { db: app.db, auth: authOf(req), ip: req.ip ?? null, language: requestLanguage(req) };
    const byCode = new Map<string, { code: string; label: { zh: string; en: string }; items: Array<{ value: string; label: { zh: string; en: string } }> }>();
    for (let page = 1; ; page++) {
      const { rows } = await viewPage(ctx, sysDictionaryItem, { page: String(page), size: '500', sort: 'id', count: 'none' });
      for (const r of rows) {
        const code = String(r.dict_code);
        const dict = byCode.get(code) ?? { code, label: { zh: String(r.dict_zh), en: String(r.dict_en) }, items: [] };
        dict.items.push({ value: String(r.value), label: { zh: String(r.label_zh), en: String(r.label_en) } });
        byCode.set(code, dict);
      }
      if (rows.length < 500) break;
    }
    return ok([...byCode.values()]);
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

  // The old save (the settings by key, no version) through the view's writer, at the version read now.
  app.post('/adminapi/sys/config/save', opts, async (req) => {
    const input = inputOf(req);
    const body = Object.fromEntries(SYSTEM_SETTINGS.filter((d) => input[d.key] !== undefined).map((d) => [d.key, input[d.key]]));
    const ctx = { db, auth: authOf(req), ip: req.ip ?? null, language: requestLanguage(req) };
    await assertCan(ctx.auth, SYS_MENUS.config, 'update', { db });
    if (!Object.keys(body).length) throw validationError({ [SYSTEM_SETTINGS[0].key]: { key: 'form.chooseDataFirst' } });
    const now = await viewRecord(ctx, sysConfig, 1);
    await viewSave(ctx, sysConfig, { id: 1, version: now.version, ...body });
    return ok(settings.current);
  });
}
