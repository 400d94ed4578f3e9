import { sql } from 'kysely';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seed';
import { applyRowLevelSecurity } from '../../src/server/kernel/rls';
import { seedMenus } from '../../src/server/services/admin';
import '../../src/server/app';
import { cloneStrategyClause } from './clone-strategy';

/** Test configuration shared by the template and every test app. */
export const TEST_CONFIG_OVERRIDES = {
  jwtSecret: 'test-secret-test-secret-test-secret',
  dataDir: '.tmp/test-data',
  logLevel: 'silent',
} as const;

/** Prepares a database exactly as a test app needs it: migrated, row-level security, demo seed. */
export async function prepareDatabase(database: Awaited<ReturnType<typeof openDatabase>>, config: ReturnType<typeof loadConfig>): Promise<void> {
  await migrate(database.db);
  // Issue 5: the same row-level security as `npm start` (tenant transactions drop to a plain role).
  await applyRowLevelSecurity(database.db);
  await seedMenus(database.db);
  await seedDemo(database.db, config);
}

/**
 * What a copy must not inherit from its template: the installation id is made on first use, and two
 * test databases sharing one would share Redis keys (sign-in counters, socket.io channels).
 */
async function forgetInstallation(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await sql`delete from access_instance`.execute(database.db);
}

/** A migrated, seeded in-memory PGlite cluster as a tar image. */
export async function buildPgliteTemplate(): Promise<Uint8Array> {
  const config = loadConfig({ ...process.env, DATABASE_URL: '', REDIS_URL: '' }, { ...TEST_CONFIG_OVERRIDES });
  const database = await openDatabase(config, { memory: true });
  await prepareDatabase(database, config);
  await forgetInstallation(database);
  const image = await database.dumpImage!();
  await database.close();
  return image;
}

/** The URL of another database on the server of `url` (same role, same options). */
export function databaseUrlFor(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on the server's maintenance connection (create and drop database cannot run in a transaction). */
async function onServer(url: string, statement: string): Promise<void> {
  const admin = await openDatabase({ databaseUrl: url, dataDir: '' });
  try {
    await sql.raw(statement).execute(admin.db);
  } finally {
    await admin.close();
  }
}

/**
 * A migrated, seeded PostgreSQL database `name`, marked as a template: each test app clones it
 * (`cloneFromTemplate`) instead of migrating and seeding its own schema.
 */
export async function buildPostgresTemplate(url: string, name: string): Promise<void> {
  await onServer(url, `drop database if exists ${name} with (force)`);
  await onServer(url, `create database ${name}`);
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrlFor(url, name), REDIS_URL: '' }, { ...TEST_CONFIG_OVERRIDES });
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, config);
    await forgetInstallation(database);
  } finally {
    await database.close();
  }
  await onServer(url, `alter database ${name} is_template true`);
}

/** A new database `name` as a copy of the template (no one may be connected to the template meanwhile). */
export async function cloneFromTemplate(url: string, template: string, name: string): Promise<string> {
  await onServer(url, `create database ${name} template ${template}${cloneStrategyClause()}`);
  // A test database is thrown away after its file: its commits need not wait for the WAL to reach the
  // disk (what the tests read is the same; only a crash of the server could lose the last commits).
  await onServer(url, `alter database ${name} set synchronous_commit = off`);
  return databaseUrlFor(url, name);
}

/** Drops a test database; forced (the default) closes any connection left to it, else it fails while one is open. */
export async function dropPostgresDatabase(url: string, name: string, options: { template?: boolean; force?: boolean } = {}): Promise<void> {
  if (options.template) await onServer(url, `alter database ${name} is_template false`);
  await onServer(url, `drop database if exists ${name}${options.force === false ? '' : ' with (force)'}`);
}

/** Drops the run's template and every clone of it still there (named `<template>_...`), when no test process is left. */
export async function dropTemplateAndClones(url: string, template: string): Promise<void> {
  const admin = await openDatabase({ databaseUrl: url, dataDir: '' });
  let clones: string[];
  try {
    clones = (await sql<{ datname: string }>`select datname from pg_database where datname like ${`${template}\\_%`}`.execute(admin.db)).rows.map((r) => r.datname);
  } finally {
    await admin.close();
  }
  for (const name of clones) await dropPostgresDatabase(url, name);
  await dropPostgresDatabase(url, template, { template: true });
}
