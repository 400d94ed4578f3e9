import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * A company's remembered import mappings (issue 33): when a buyer confirms how the columns of a
 * sheet of its own layout map to an entity's fields, the mapping is kept under the company, the
 * entity and the signature of the sheet's header set (services/import/mapping.service.ts); the
 * same header set is proposed from it first next time. One row per header set (the last
 * confirmation wins). Kept under the company (row-level security, like every tenant table).
 */
export const importMapping1900: Migration = {
  id: '20261204_1900_import_mapping',
  up: (db) =>
    execStatements(
      db,
      `
create table import_mapping (
  id bigserial primary key,
  client_id integer not null references clients(id) on delete cascade,
  entity text not null,
  signature text not null,
  headers jsonb not null default '[]'::jsonb,
  mapping jsonb not null default '{}'::jsonb,
  uses integer not null default 1,
  created_by integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index import_mapping_key on import_mapping (client_id, entity, signature)
`,
    ),
};
