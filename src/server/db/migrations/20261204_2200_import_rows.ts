import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * The fixing grid's work on an import job (issue 33, services/import/import-rows.service.ts): per
 * sheet row, the cells as the user edited them (null: as in the file), whether the user left the row
 * out, and whether a commit held it (it failed; the valid rows were written). Saved as the user
 * types, so nothing is lost when the browser closes; a reopened job shows its held rows. Kept under
 * the company (row-level security, like every tenant table); only the job's owner or an
 * administrator of the company reads them (checked with the job).
 */
export const importRows2200: Migration = {
  id: '20261204_2200_import_rows',
  up: (db) =>
    execStatements(
      db,
      `
create table import_row (
  client_id integer not null references clients(id) on delete cascade,
  job_id integer not null references jobs(id) on delete cascade,
  sheet_row integer not null,
  cells jsonb,
  excluded boolean not null default false,
  held boolean not null default false,
  updated_by integer,
  updated_at timestamptz not null default now(),
  primary key (job_id, sheet_row)
);
create index import_row_client on import_row (client_id, job_id)
`,
    ),
};
