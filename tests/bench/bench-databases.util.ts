import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seed';
import { seedMenus } from '../../src/server/services/admin';
import { applyRowLevelSecurity, assertSafeDatabaseRole, systemScopedUrl, withSystemScope } from '../../src/server/kernel/rls';
import { TEST_CONFIG_OVERRIDES } from '../support/pglite-template';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * How the PostgreSQL benchmarks run the product as it must run (issue 5, issue 19 "against a
 * non-superuser database"): connected as a plain login role, so every policy of row-level security
 * applies and the server's start-up check (`assertSafeDatabaseRole`) passes. The test database's own
 * role is a superuser, which the server refuses; it only creates the role and the bench's space.
 */
export const BENCH_ROLE = 'garment_bench';

/** Where a bench's data lives on the server: a schema of the test database, or a database of its own. */
export type BenchSpace = { schema: string } | { database: string };

/** Runs statements on the server of `adminUrl` as its superuser, one connection, outside a transaction. */
async function asAdmin(adminUrl: string, ...statements: string[]): Promise<void> {
  const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '' });
  try {
    for (const s of statements) await sql.raw(s).execute(admin.db);
  } finally {
    await admin.close();
  }
}

/**
 * The bench's plain role (made once per server: no superuser, no BYPASSRLS, no role or database
 * creation) and a space owned by it; returns the URL connecting to that space as that role, the
 * superuser's URL of the same space (for bulk loads the product does not make) and `drop`.
 *
 * Example: `const s = await plainRoleSpace(process.env.TEST_DATABASE_URL!, { database: 'b8_1' })`.
 */
export async function plainRoleSpace(adminUrl: string, space: BenchSpace): Promise<{ url: string; adminUrl: string; drop: () => Promise<void> }> {
  // Two benches starting at once may both find it missing: the second's "already exists" is no failure.
  await asAdmin(adminUrl, `do $$ begin if not exists (select from pg_roles where rolname = '${BENCH_ROLE}') then create role ${BENCH_ROLE} login nosuperuser nobypassrls nocreaterole nocreatedb; end if; end $$`).catch((e: unknown) => {
    if (!/already exists|duplicate key/i.test(String(e))) throw e;
  });
  const admin = new URL(adminUrl);
  if ('database' in space) {
    // Thrown away after the run: commits need not wait for the WAL to reach the disk.
    await asAdmin(adminUrl, `drop database if exists ${space.database} with (force)`, `create database ${space.database} owner ${BENCH_ROLE}`, `alter database ${space.database} set synchronous_commit = off`);
    admin.pathname = `/${space.database}`;
  } else {
    await asAdmin(adminUrl, `create schema ${space.schema} authorization ${BENCH_ROLE}`);
    admin.searchParams.set('options', `-c search_path=${space.schema}`);
  }
  const url = new URL(admin);
  url.username = BENCH_ROLE;
  url.password = '';
  const drop = () => asAdmin(adminUrl, 'database' in space ? `drop database if exists ${space.database} with (force)` : `drop schema if exists ${space.schema} cascade`);
  return { url: url.toString(), adminUrl: admin.toString(), drop };
}

/**
 * The app on the space of `url` (a plain role's) started as src/server/main.ts starts it: the role
 * check, migrate, row-level security, menus, the demo seed through a system-scoped connection; no
 * listening (`app.inject`, or `app.listen` by the caller). `close` closes it and drops nothing.
 */
export async function productRoleApp(url: string, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const config = loadConfig({ ...process.env, DATABASE_URL: url, REDIS_URL: '' }, { ...TEST_CONFIG_OVERRIDES, ...overrides });
  const database = await openDatabase(config);
  await assertSafeDatabaseRole(database.db);
  await migrate(database.db);
  await applyRowLevelSecurity(database.db);
  await seedMenus(database.db);
  const system = await openDatabase({ ...config, databaseUrl: systemScopedUrl(url) });
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
    },
  };
}

/** Cheap password hashing for the benches' sign-ins (what they time is not the sign-in). */
const BENCH_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export type BenchDb = { name: 'PGlite' | 'PostgreSQL'; t: TestApp; clientId: number; userId: number };

/**
 * A migrated, seeded app per database: PGlite always (in memory, or on disk in `pgliteDir`), and
 * PostgreSQL too when TEST_DATABASE_URL is set, in a fresh schema as the plain role (`productRoleApp`),
 * dropped after; `only` names one. `clientId` and `userId` are the brand's administrator's.
 */
export async function* benchDatabases(only?: BenchDb['name'], options: { pgliteDir?: string } = {}): AsyncGenerator<BenchDb> {
  const pg = process.env.TEST_DATABASE_URL;
  const targets = (pg ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const)).filter((n) => !only || n === only);
  for (const name of targets) {
    if (name === 'PGlite') delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = pg;
    const space = name === 'PostgreSQL' ? await plainRoleSpace(pg!, { schema: `bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}` }) : null;
    const t = space ? await productRoleApp(space.url, { argon2: BENCH_ARGON2 }) : await createTestApp({ argon2: BENCH_ARGON2 }, options);
    try {
      // Users are a protected table: as the product's role only the system scope sees across tenants.
      const u = await withSystemScope(t.app.db, async (tx) => (await sql<{ id: number; client_id: number }>`select id, client_id from users where username = 'brand'`.execute(tx)).rows[0]);
      yield { name, t, clientId: u.client_id, userId: u.id };
    } finally {
      await t.close();
      await space?.drop();
      if (pg) process.env.TEST_DATABASE_URL = pg;
    }
  }
}
