import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * The import's undo journal (issue 19): on the embedded database an import writes batch by batch,
 * each batch its own short transaction, so that sign-in and every other request get PGlite's one
 * connection between batches. The run notes here where the audit log stood when it started, and
 * each batch, in its own transaction, what it changed: the ids it inserted (one row per statement,
 * `ids`), the stored rows it updated and their lines (one row per record, `record_id`). A run
 * that fails, or whose process died, is undone from these rows (services/import/import-journal.ts);
 * a run that succeeds deletes them. Kept under the company like the audit log (row-level security).
 */
export const importJournal1100: Migration = {
  id: '20261127_1100_import_journal',
  up: (db) =>
    execStatements(
      db,
      `
create table import_journal (
  id bigserial primary key,
  client_id integer not null references clients(id) on delete cascade,
  run_id bigint not null,
  kind text not null check (kind in ('start', 'insert', 'update', 'lines')),
  entity text not null,
  record_id bigint,
  ids bigint[],
  child_key text,
  before jsonb,
  created_at timestamptz not null default now()
);
create index import_journal_run_idx on import_journal (client_id, run_id, kind)
`,
    ),
};
