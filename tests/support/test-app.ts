import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/database';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { cloneFromTemplate, dropPostgresDatabase, prepareDatabase, TEST_CONFIG_OVERRIDES } from './pglite-template';

export type TestApp = { app: FastifyInstance; database: Database; config: AppConfig; close: () => Promise<void> };

/**
 * A migrated, seeded app for API tests: in-memory PGlite by default, or a fresh schema on the
 * PostgreSQL of TEST_DATABASE_URL (the suite's second run in .ci/run).
 */
export async function createTestApp(overrides: Partial<AppConfig> = {}, options: { pgliteDir?: string } = {}): Promise<TestApp> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  let schema: string | null = null;
  let clone: string | null = null;
  let databaseUrl: string | undefined;
  const pgTemplate = pgUrl ? injected('postgresTemplate') : '';
  if (pgUrl && pgTemplate) {
    // The run's migrated and seeded template database, cloned (tests/support/global-setup.ts).
    clone = `${pgTemplate}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    databaseUrl = await cloneFromTemplate(pgUrl, pgTemplate, clone);
  } else if (pgUrl) {
    schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = await openDatabase({ databaseUrl: pgUrl, dataDir: '' });
    await sql.raw(`create schema ${schema}`).execute(admin.db);
    await admin.close();
    const u = new URL(pgUrl);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
  }
  // A data directory of its own (uploads, import errors, exports): test databases start from one
  // template, so two apps running side by side number their jobs alike, and files named by job id
  // (imports/<company>/<job>.xlsx) of one app were overwritten by the other's.
  // It starts with the files the template's seed wrote (sample and sourcing attachments).
  const ownDataDir = overrides.dataDir ? null : join(TEST_CONFIG_OVERRIDES.dataDir, `app-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const seededFiles = join(TEST_CONFIG_OVERRIDES.dataDir, 'files');
  if (ownDataDir && existsSync(seededFiles)) cpSync(seededFiles, join(ownDataDir, 'files'), { recursive: true });
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl ?? '', REDIS_URL: process.env.TEST_REDIS_URL ?? '' }, {
    ...TEST_CONFIG_OVERRIDES,
    ...(ownDataDir ? { dataDir: ownDataDir } : {}),
    ...overrides,
  });
  // On PGlite, start from the run's prepared image (tests/support/global-setup.ts) when there is one.
  // A benchmark may ask for PGlite on disk, as `npm start` runs it (migrated and seeded afresh).
  const onDisk = !pgUrl && options.pgliteDir ? options.pgliteDir : null;
  const template = pgUrl || onDisk ? '' : injected('pgliteTemplate');
  const image = template && existsSync(template) ? new Uint8Array(readFileSync(template)) : undefined;
  const database = onDisk ? await openDatabase({ ...config, dataDir: onDisk }) : await openDatabase(config, { memory: true, image });
  if (!image && !clone) await prepareDatabase(database, onDisk ? { ...config, dataDir: onDisk } : config);
  const app = await buildApp({ config, database, logger: false, serveClient: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      // Not forced: a background task of the app still holding a connection would have it killed
      // under it (an uncaught error in the test process); such a clone is dropped when the run ends.
      if (clone && pgUrl) await dropPostgresDatabase(pgUrl, clone, { force: false }).catch(() => undefined);
      if (schema && pgUrl) {
        const admin = await openDatabase({ databaseUrl: pgUrl, dataDir: '' });
        await sql.raw(`drop schema ${schema} cascade`).execute(admin.db);
        await admin.close();
      }
    },
  };
}

function injected(key: 'pgliteTemplate' | 'postgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

export { DEMO_PASSWORD };

/** Signs in through the API and returns the access token. */
export async function signIn(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/access/login', payload: { username, password } });
  const body = res.json() as { code: number; data: { access_token: string } };
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.body}`);
  return body.data.access_token;
}

/**
 * Adds a user of `colleague`'s company with no role yet (spec 6 "unassigned": signed in, granted
 * nothing), with that colleague's password, and signs them in; returns the access token.
 */
export async function signInUnassigned(t: TestApp, colleague: string, username: string, mobile: string): Promise<string> {
  await sql`insert into users (client_id, username, fullname, email, mobile, password_hash, status)
    select client_id, ${username}, '未分配用户', ${`${username}@demo.local`}, ${mobile}, password_hash, 'active' from users where username = ${colleague}`.execute(t.app.db);
  await sql`insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r where u.username = ${username} and r.code = 'unassigned' and r.client_id is null`.execute(t.app.db);
  return signIn(t.app, username);
}
