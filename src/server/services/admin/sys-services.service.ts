import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { allEntities, type Label } from '../../../model/entity';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';

/**
 * The super administrator's services (spec 2 "Admin": services): the platform's business API modules,
 * each answering under `/api/{prefix}/`, can be put under maintenance and back. While a module is
 * under maintenance every call to it is refused for every tenant with HTTP 503 and code 503 (the
 * envelope, message `err.serviceUnavailable`, the maintenance note in `data.note`).
 *
 * Access (sign-in), the administration (`adminapi`, where the switch itself lives), health and the
 * third-party sign-in are never switchable, so that nobody can lock themselves out.
 */
export type ServiceDef = { prefix: string; label: Label };

/** Prefixes that are never switchable (sign-in, the administration, health, third-party sign-in). */
export const NEVER_SWITCHABLE: readonly string[] = ['access', 'adminapi', 'health', 'thirdpartyapi'];

/** Names of the modules the platform knows; a module declared later without a name shows its prefix. */
const SERVICE_LABELS: Record<string, Label> = {
  mdapi: { zh: '主数据', en: 'Master data' },
  scmapi: { zh: '订单与分配', en: 'Orders and allocation' },
  srmapi: { zh: '供应商协同', en: 'Supplier collaboration' },
  vfapi: { zh: '工厂协同', en: 'Factory collaboration' },
  crossapi: { zh: '导入导出中心', en: 'Import/export centre' },
};

/** Modules not declared by an entity but served by hand-made routes (the import/export centre). */
const EXTRA_PREFIXES = ['crossapi'];

/** The switchable modules: the registry's entity prefixes plus the extra ones, minus the protected. Pure. */
export function switchableServices(entityPrefixes: Iterable<string>): ServiceDef[] {
  const seen = new Set<string>();
  for (const p of [...entityPrefixes, ...EXTRA_PREFIXES]) {
    if (/^[a-z][a-z0-9]{1,30}api$/.test(p) && !NEVER_SWITCHABLE.includes(p)) seen.add(p);
  }
  return [...seen].sort().map((prefix) => ({ prefix, label: SERVICE_LABELS[prefix] ?? { zh: prefix, en: prefix } }));
}

/** The switchable modules of this build. */
export function declaredServices(): ServiceDef[] {
  return switchableServices(allEntities().map((e) => e.prefix));
}

/** The module a request path addresses (`/api/{prefix}/...`), or null. Pure. */
export function prefixOfUrl(url: string): string | null {
  const path = url.split('?')[0];
  const m = /^\/api\/([^/]+)(?:\/|$)/.exec(path);
  if (!m) return null;
  try {
    // A percent-encoded prefix reaches the same routes, so it is refused the same way.
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/** Per database, the modules under maintenance and their notes (each test app has its own database). */
const states = new WeakMap<Db, Map<string, string | null>>();

/** How often a process re-reads the switches another process may have changed. */
const REFRESH_MS = 30_000;

/** Reads the stored switches into this process's state; returns the modules under maintenance. */
export async function loadServiceStates(db: Db): Promise<Map<string, string | null>> {
  const known = new Set(declaredServices().map((s) => s.prefix));
  const rows = (await sql<{ prefix: string; note: string | null }>`select prefix, note from sys_services where enabled = false`.execute(db)).rows;
  const disabled = new Map(rows.filter((r) => known.has(r.prefix)).map((r) => [r.prefix, r.note]));
  states.set(db, disabled);
  return disabled;
}

/** The refusal for a request path, or null when its module is in service. Pure over the state. */
export function maintenanceRefusal(url: string, disabled: ReadonlyMap<string, string | null>): AppError | null {
  const prefix = prefixOfUrl(url);
  if (prefix === null || NEVER_SWITCHABLE.includes(prefix) || !disabled.has(prefix)) return null;
  return new AppError('err.serviceUnavailable', { extra: { prefix, note: disabled.get(prefix) ?? null } });
}

/**
 * Installs the gate (once, in app.ts): an onRequest hook, so a refused call costs no body parsing
 * (uploads to the import centre can be large) and no database work.
 */
export async function installServiceGate(app: FastifyInstance): Promise<void> {
  const { db } = app;
  await loadServiceStates(db).catch(() => states.set(db, new Map()));
  const timer = setInterval(() => {
    loadServiceStates(db).catch(() => undefined);
  }, REFRESH_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  app.addHook('onRequest', async (req) => {
    const refusal = maintenanceRefusal(req.url, states.get(db) ?? new Map());
    if (refusal) throw refusal;
  });
}
