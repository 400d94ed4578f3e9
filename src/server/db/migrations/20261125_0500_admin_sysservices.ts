import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * The super administrator's service switches (spec 2 "Admin": services): one row per business API
 * module (`/api/{prefix}/...`) that has been switched at least once; a module without a row is in
 * service. Platform-wide, so no client_id and no row-level security; only the super administrator's
 * calls write it (src/server/services/admin/sys-services.service.ts reads it).
 */
export const adminSysServices0500: Migration = {
  id: '20261125_0500_admin_sysservices',
  up: (db) =>
    execStatements(
      db,
      `
create table sys_services (
  prefix text primary key,
  enabled boolean not null default true,
  note text,
  updated_by integer,
  updated_at timestamptz
)
`,
    ),
};
