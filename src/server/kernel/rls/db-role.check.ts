import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * Start refuses to run on PostgreSQL as a role that bypasses row-level security (issue 5): a
 * superuser or a BYPASSRLS role would make every policy void. PGlite is exempt: it can only run as
 * its built-in superuser, and tenant transactions drop to a plain role there (tenant-scope.ts).
 *
 * Tests connect as the postgres superuser through `buildApp`, which does not call this check; they
 * prove the policies by dropping to the plain role inside each tenant transaction, the same code
 * path PGlite uses. There is no switch to turn the check off in production.
 */
export type RoleFacts = { name: string; superuser: boolean; bypassRls: boolean };

export async function databaseRole(db: Db): Promise<RoleFacts> {
  const r = await sql<{ name: string; su: boolean; bypass: boolean }>`
    select rolname as name, rolsuper as su, rolbypassrls as bypass from pg_roles where rolname = current_user`.execute(db);
  const row = r.rows[0];
  return { name: row?.name ?? 'unknown', superuser: row?.su === true, bypassRls: row?.bypass === true };
}

/** The message start prints, with the statements that create a suitable role. Pure. */
export function unsafeRoleMessage(role: RoleFacts, database = 'garment'): string | null {
  if (!role.superuser && !role.bypassRls) return null;
  const why = role.superuser ? 'is a superuser' : 'has BYPASSRLS';
  return [
    `Refusing to start: the database role "${role.name}" ${why}, so row-level security (the second line of tenant isolation) would not apply.`,
    'Create a plain application role and connect as it, for example (as the postgres superuser):',
    `  CREATE ROLE garment_app LOGIN PASSWORD '<choose one>' NOSUPERUSER NOBYPASSRLS NOCREATEROLE;`,
    `  CREATE DATABASE ${database} OWNER garment_app;   -- or: GRANT CREATE, USAGE ON SCHEMA public TO garment_app;`,
    `then set DATABASE_URL=postgres://garment_app:<password>@<host>:5432/${database}`,
  ].join('\n');
}

/** Throws with the explanation above when the connection's role could bypass row-level security. */
export async function assertSafeDatabaseRole(db: Db): Promise<void> {
  const message = unsafeRoleMessage(await databaseRole(db));
  if (message) throw new Error(message);
}
