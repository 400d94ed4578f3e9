import { sql } from 'kysely';
import type { Migration } from '../migrate';

/**
 * A module's stored switch has a version (issue 30: the services screen is the engine's list of the
 * view entity `sys_service`, whose saves and actions are refused at a stale version): moved by one
 * at every change; a switch stored before starts at 1, a module never switched reads as 0.
 */
export const sysServicesVersion0300: Migration = {
  id: '20261206_0300_sys_services_version',
  up: async (db) => {
    await sql`alter table sys_services add column if not exists version integer not null default 1`.execute(db);
  },
};
