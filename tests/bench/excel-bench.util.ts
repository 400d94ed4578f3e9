import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
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
    const t = await createTestApp({ argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 } }, options);
    try {
      const u = (await sql<{ id: number; client_id: number }>`select id, client_id from users where username = 'brand'`.execute(t.app.db)).rows[0];
      yield { name, t, clientId: u.client_id, userId: u.id };
    } finally {
      await t.close();
      if (pg) process.env.TEST_DATABASE_URL = pg;
    }
  }
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
