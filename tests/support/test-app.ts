import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/db/seed';
import { applyRowLevelSecurity } from '../../src/server/services/rls';

export type TestApp = { app: FastifyInstance; database: Database; config: AppConfig; close: () => Promise<void> };

/**
 * A migrated, seeded app for API tests: in-memory PGlite by default, or a fresh schema on the
 * PostgreSQL of TEST_DATABASE_URL (the suite's second run in .ci/run).
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  let schema: string | null = null;
  let databaseUrl: string | undefined;
  if (pgUrl) {
    schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = await openDatabase({ databaseUrl: pgUrl, dataDir: '' });
    await sql.raw(`create schema ${schema}`).execute(admin.db);
    await admin.close();
    const u = new URL(pgUrl);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
  }
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl ?? '', REDIS_URL: process.env.TEST_REDIS_URL ?? '' }, {
    jwtSecret: 'test-secret-test-secret-test-secret',
    dataDir: '.tmp/test-data',
    logLevel: 'silent',
    ...overrides,
  });
  const database = await openDatabase(config, { memory: true });
  await migrate(database.db);
  // Issue 5: the same row-level security as `npm start` (tenant transactions drop to a plain role).
  await applyRowLevelSecurity(database.db);
  await seedDemo(database.db, config);
  const app = await buildApp({ config, database, logger: false, serveClient: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      if (schema && pgUrl) {
        const admin = await openDatabase({ databaseUrl: pgUrl, dataDir: '' });
        await sql.raw(`drop schema ${schema} cascade`).execute(admin.db);
        await admin.close();
      }
    },
  };
}

export { DEMO_PASSWORD };

/** Signs in through the API and returns the access token. */
export async function signIn(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/access/login', payload: { username, password } });
  const body = res.json() as { code: number; data: { access_token: string } };
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.body}`);
  return body.data.access_token;
}
