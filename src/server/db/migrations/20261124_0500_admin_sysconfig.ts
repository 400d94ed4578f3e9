import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * The super administrator's system configuration (spec 6: system config): one row per declared
 * setting (src/server/services/admin/sys-settings.service.ts declares the keys, their types and
 * defaults). Platform-wide, so it has no client_id and is not under row-level security; only the
 * super administrator's calls write it.
 */
export const adminSysConfig0500: Migration = {
  id: '20261124_0500_admin_sysconfig',
  up: (db) =>
    execStatements(
      db,
      `
create table sys_config (
  key text primary key,
  value jsonb not null,
  version integer not null default 1,
  updated_by integer,
  updated_at timestamptz not null default now()
)
`,
    ),
};
