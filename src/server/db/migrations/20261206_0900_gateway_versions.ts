import { sql } from 'kysely';
import type { Migration } from '../migrate';

/**
 * An API key and a push's allowed host have a version and a time of their last change (issue 30: the
 * API key and push screens are the engine's lists of the editable view entities `api_key` and
 * `push_host`, whose saves and actions are refused at a stale version): a row stored before starts
 * at 1, changed when it was made.
 */
export const gatewayVersions0900: Migration = {
  id: '20261206_0900_gateway_versions',
  up: async (db) => {
    for (const table of ['api_key', 'push_allowed_host']) {
      await sql`alter table ${sql.table(table)} add column if not exists version integer not null default 1`.execute(db);
      await sql`alter table ${sql.table(table)} add column if not exists updated_at timestamptz not null default now()`.execute(db);
      await sql`update ${sql.table(table)} set updated_at = created_at`.execute(db);
    }
  },
};
