import { sql } from 'kysely';
import type { Db } from './database';
import { CORE_MIGRATIONS } from './migrations';
import { syncRegistrySchema } from './registry-schema';
import { derivedTables } from './derived-tables';

/** A timestamped migration: its id sorts by time and is recorded once applied. */
export type Migration = { id: string; up: (db: Db) => Promise<void> };

/** Runs a multi-statement SQL text one statement at a time (PGlite's extended protocol takes one). */
export async function execStatements(db: Db, text: string): Promise<void> {
  for (const statement of text.split(/;\s*\n/).map((s) => s.trim()).filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

/**
 * Brings the database up to date: timestamped migrations first (each in its own transaction,
 * recorded in _migrations), then the tables and columns derived from the registry. Idempotent:
 * running it again changes nothing. On PostgreSQL an advisory lock keeps two starting processes
 * from migrating at once.
 */
export async function migrate(db: Db, extra: Migration[] = []): Promise<string[]> {
  await sql`create table if not exists _migrations (id text primary key, applied_at timestamptz not null default now())`.execute(db);
  const applied: string[] = [];
  // What is applied, read once: a start on an up-to-date database checks each migration without a
  // transaction of its own (four statements each before). One still missing is checked again under the lock.
  const recorded = new Set((await sql<{ id: string }>`select id from _migrations`.execute(db)).rows.map((r) => r.id));
  const all = [...CORE_MIGRATIONS, ...extra].filter((m) => !recorded.has(m.id)).sort((a, b) => a.id.localeCompare(b.id));
  for (const m of all) {
    const done = await db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(72810001)`.execute(tx);
      const seen = await sql<{ id: string }>`select id from _migrations where id = ${m.id}`.execute(tx);
      if (seen.rows.length) return false;
      await m.up(tx);
      await sql`insert into _migrations (id) values (${m.id})`.execute(tx);
      return true;
    });
    if (done) applied.push(m.id);
  }
  await syncRegistrySchema(db);
  // Tables services derive from the registry's tables, registered as their modules load (db/derived-tables.ts):
  // report aggregates and their triggers (docs/architecture-reports.md), each plan's scheduled end and
  // days late kept from its bars (services/planning/plan-lateness.ts).
  const derived = derivedTables();
  if (!derived.length) throw new Error('migrate: no derived tables registered; load the server (src/server/app.ts) before migrating');
  for (const d of derived) await d.install(db);
  return applied;
}
