import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * What demo seed a database holds (src/server/db/seed.ts): the fingerprint of the seed that last
 * ran to its end (its seeders' code, the demo companies and roles). A start on a database seeded by
 * the same seed runs none of the seeders, which were about 5 CPU-seconds of idempotent checks on
 * every start; a changed seeder, or a new one, changes the fingerprint and they all run again.
 */
export const demoSeed1200: Migration = {
  id: '20261204_1200_demo_seed',
  up: (db) =>
    execStatements(
      db,
      `
create table demo_seed (
  singleton boolean primary key default true check (singleton),
  fingerprint text not null,
  seeded_at timestamptz not null default now()
)
`,
    ),
};
