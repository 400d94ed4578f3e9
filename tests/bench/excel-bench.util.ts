import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seed';
import { seedMenus } from '../../src/server/services/admin';
import { applyRowLevelSecurity, assertSafeDatabaseRole, systemScopedUrl, withSystemScope } from '../../src/server/kernel/rls';
import { TEST_CONFIG_OVERRIDES } from '../support/pglite-template';
import { createTestApp, type TestApp } from '../support/test-app';

/** Shared set-up of the Excel benchmarks (B2, B3): a migrated, seeded app per database. */
export const BENCH_DIR = resolve('.tmp/bench-excel');
mkdirSync(BENCH_DIR, { recursive: true });

export type BenchDb = { name: 'PGlite' | 'PostgreSQL'; t: TestApp; clientId: number; userId: number };

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (or only the one named). */
export async function* benchDatabases(only?: BenchDb['name'], options: { pgliteDir?: string } = {}): AsyncGenerator<BenchDb> {
  const pg = process.env.TEST_DATABASE_URL;
  const targets = (pg ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const)).filter((n) => !only || n === only);
  for (const name of targets) {
    if (name === 'PGlite') delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = pg;
    const t = name === 'PostgreSQL' ? await productRoleApp(pg!) : await createTestApp({ argon2: BENCH_ARGON2 }, options);
    try {
      // Users are a protected table: as the product's role only the system scope sees across tenants.
      const u = await withSystemScope(t.app.db, async (tx) => (await sql<{ id: number; client_id: number }>`select id, client_id from users where username = 'brand'`.execute(tx)).rows[0]);
      yield { name, t, clientId: u.client_id, userId: u.id };
    } finally {
      await t.close();
      if (pg) process.env.TEST_DATABASE_URL = pg;
    }
  }
}

const BENCH_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** The login role the PostgreSQL benchmarks run as: not a superuser, no BYPASSRLS, as the product must run. */
export const BENCH_ROLE = 'garment_bench';

/**
 * The app on PostgreSQL as the product runs it (issue 19: measured "against a non-superuser
 * database"): a plain login role owning a fresh schema, the start-up of main.ts (role check,
 * migrate, row-level security, menus, demo seed through a system-scoped connection), so every
 * tenant transaction only names its tenant (set_config) and the policies apply as in production.
 * The tests' superuser connection (which drops to the tenant role per transaction) is not used.
 * `adminUrl` (TEST_DATABASE_URL) creates the role and the schema and drops the schema at the end.
 */
async function productRoleApp(adminUrl: string): Promise<TestApp> {
  const schema = `bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
  try {
    const exists = await sql<{ n: number }>`select count(*)::int as n from pg_roles where rolname = ${BENCH_ROLE}`.execute(admin.db);
    if (!exists.rows[0].n) {
      await sql.raw(`create role ${BENCH_ROLE} login nosuperuser nobypassrls nocreaterole nocreatedb`).execute(admin.db).catch((e: unknown) => {
        if (!/already exists/i.test(String(e))) throw e;
      });
    }
    await sql.raw(`create schema ${schema} authorization ${BENCH_ROLE}`).execute(admin.db);
  } finally {
    await admin.close();
  }
  const u = new URL(adminUrl);
  u.username = BENCH_ROLE;
  u.password = '';
  u.searchParams.set('options', `-c search_path=${schema}`);
  const config = loadConfig({ ...process.env, DATABASE_URL: u.toString(), REDIS_URL: '' }, { ...TEST_CONFIG_OVERRIDES, argon2: BENCH_ARGON2 });
  const database = await openDatabase(config);
  await assertSafeDatabaseRole(database.db);
  await migrate(database.db);
  await applyRowLevelSecurity(database.db);
  await seedMenus(database.db);
  const system = await openDatabase({ ...config, databaseUrl: systemScopedUrl(config.databaseUrl!) });
  try {
    await seedDemo(system.db, config);
  } finally {
    await system.close();
  }
  const app = await buildApp({ config, database, logger: false, serveClient: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      const a = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
      await sql.raw(`drop schema ${schema} cascade`).execute(a.db);
      await a.close();
    },
  };
}

/** Samples the process RSS every 20 ms while `work` runs; returns its result, time and peak RSS. */
export async function measure<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; peakRss: number; startRss: number }> {
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  try {
    const value = await work();
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    return { value, ms: performance.now() - t0, peakRss, startRss };
  } finally {
    clearInterval(timer);
  }
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const gc = () => (globalThis as { gc?: () => void }).gc?.();
