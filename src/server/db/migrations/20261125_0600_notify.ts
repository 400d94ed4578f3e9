import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * In-app notifications (spec 7 notify-msg): one row per recipient user, always under the tenant
 * (client_id) that raised it; reads and writes filter by client_id and user_id in SQL
 * (src/server/services/notify/notice.service.ts). `doc_no` names the document by its number.
 */
export const notify0600: Migration = {
  id: '20261125_0600_notify',
  up: (db) =>
    execStatements(
      db,
      `
create table notify_notice (
  id serial primary key,
  client_id integer not null references clients(id) on delete cascade,
  user_id integer not null,
  kind text not null,
  title text not null,
  body text not null default '',
  link text,
  doc_no text,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notify_notice_user_idx on notify_notice (client_id, user_id, read_at, created_at)
`,
    ),
};
