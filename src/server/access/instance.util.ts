import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

const cache = new WeakMap<Db, string>();

/**
 * The installation id: one random id per database, created on first use. Shared Redis keys (sign-in
 * counters, socket.io channels) carry it, so every process of one installation shares them and two
 * installations (or two test databases) on one Redis never do.
 */
export async function instanceId(db: Db): Promise<string> {
  const known = cache.get(db);
  if (known) return known;
  await sql`insert into access_instance (singleton, id) values (true, ${randomUUID()}) on conflict (singleton) do nothing`.execute(db);
  const id = (await sql<{ id: string }>`select id from access_instance`.execute(db)).rows[0].id;
  cache.set(db, id);
  return id;
}
