import { sql } from 'kysely';
import type { Migration } from '../migrate';

/**
 * A notice has a version and a time of its last change (issue 30: the notification centre's notices
 * tab is the engine's list of the editable view entity `notice`, whose 标为已读 runs through the view
 * writer at the row's version): a notice stored before starts at 1, changed when it was read, else
 * when it was raised.
 */
export const noticeVersions1600: Migration = {
  id: '20261206_1600_notice_versions',
  up: async (db) => {
    await sql`alter table notify_notice add column if not exists version integer not null default 1`.execute(db);
    await sql`alter table notify_notice add column if not exists updated_at timestamptz not null default now()`.execute(db);
    await sql`update notify_notice set updated_at = coalesce(read_at, created_at)`.execute(db);
  },
};
