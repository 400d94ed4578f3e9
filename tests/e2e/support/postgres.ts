import pg from 'pg';
import { cloneStrategyClause } from '../../support/clone-strategy';

/**
 * The e2e run's databases on PostgreSQL (when TEST_DATABASE_URL names a server): one template
 * database seeded by the run's first server, and a clone of it for each file's server. A clone is
 * made by PostgreSQL in well under a second, and a server on PostgreSQL starts without opening an
 * embedded cluster (about 4 CPU-seconds of the 7 of a start on PGlite) and answers its queries from
 * the native server instead of from WebAssembly in its own process (docs/architecture.md "Tests and CI").
 */

/**
 * The role the e2e servers connect as. The server refuses a superuser (row-level security would not
 * apply to it), so the run makes a plain login role that owns the run's databases, as an operator would.
 */
export const E2E_ROLE = 'garment_e2e';

/** The URL of database `name` on the server of `url`, connecting as `user` when given (else the same role). */
export function databaseUrlFor(url: string, name: string, user?: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  if (user) {
    u.username = user;
    u.password = '';
  }
  return u.toString();
}

/** Runs statements on the server's maintenance connection (create and drop database cannot run in a transaction). */
export async function onPostgres(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

/** A fresh database for the run's template (the seeding server fills it), dropped first if a killed run left it. */
export async function createTemplateDatabase(url: string, name: string): Promise<string> {
  await onPostgres(
    url,
    // Made once per machine; a login role without superuser, RLS bypass or role creation.
    `do $$ begin if not exists (select from pg_roles where rolname = '${E2E_ROLE}') then create role ${E2E_ROLE} login nosuperuser nobypassrls nocreaterole nocreatedb; end if; end $$`,
    `drop database if exists ${name} with (force)`,
    `create database ${name} owner ${E2E_ROLE}`,
  );
  return databaseUrlFor(url, name, E2E_ROLE);
}

/**
 * Marks the seeded database as the run's template. Its installation id is forgotten so that each clone
 * makes its own (two servers sharing one would share Redis keys and socket.io channels).
 */
export async function sealTemplate(url: string, name: string): Promise<void> {
  await onPostgres(databaseUrlFor(url, name), 'delete from access_instance');
  await onPostgres(url, `alter database ${name} is_template true`);
}

/** A file's database: a clone of the template whose commits need not wait for the disk (thrown away after the file). */
export async function cloneTemplate(url: string, template: string, name: string): Promise<string> {
  await onPostgres(url, `create database ${name} template ${template} owner ${E2E_ROLE}${cloneStrategyClause()}`, `alter database ${name} set synchronous_commit = off`);
  return databaseUrlFor(url, name, E2E_ROLE);
}

/** Drops a database, closing any connection a killed server left to it. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  await onPostgres(url, `drop database if exists ${name} with (force)`);
}

/** Drops the run's template and every clone of it still there (named `<template>_...`). */
export async function dropTemplateAndClones(url: string, template: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let clones: string[];
  try {
    clones = (await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${template}\\_%`])).rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
  for (const name of clones) await dropDatabase(url, name);
  await onPostgres(url, `alter database ${template} is_template false`, `drop database if exists ${template} with (force)`);
}
