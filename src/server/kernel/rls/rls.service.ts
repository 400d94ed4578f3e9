import { sql } from 'kysely';
import { allEntities } from '../../../model';
import type { Db } from '../../db/database';
import { derivedTables } from '../../db/derived-tables';
import { isProtectedAsDeclared, type PolicyKind, protectTableSql, quoteIdent, TENANT_ROLE, type TableProtectionState } from './rls-policy';

/**
 * Tables outside the registry that hold one tenant's rows and are only read and written inside a
 * tenant (or system) scope: the audit log and sequence counters (written in the save transaction),
 * and the administration tables of issue 5. `shared` tables also hold platform rows (client_id null).
 *
 * Deliberately NOT here, and why: clients, users, sessions, refresh_tokens, roles, user_roles,
 * user_clients, outbox, verification codes and third-party apps are identity tables, read before a
 * tenant is known (sign-in by user name, token resolution, workplace-chat sign-in, sign-up
 * approval by the super administrator). They are guarded by the SQL tenant filter of the admin
 * services and by the generated isolation suites instead (docs/architecture-admin.md).
 */
export const TENANT_CORE_TABLES: ReadonlyArray<{ table: string; kind: PolicyKind }> = [
  { table: 'audit_log', kind: 'tenant' },
  { table: 'sequences', kind: 'tenant' },
  { table: 'role_grants', kind: 'tenant' },
  { table: 'data_permissions', kind: 'tenant' },
  { table: 'menus', kind: 'shared' },
  // The personal area's arranged boards and app subscriptions (issue 13), one user's rows of one company.
  { table: 'user_workspace_board', kind: 'tenant' },
  // Approval flows at run time and dynamic forms' versions and records (issue 14, services/approvals).
  { table: 'wf_instance', kind: 'tenant' },
  { table: 'wf_task', kind: 'tenant' },
  { table: 'wf_history', kind: 'tenant' },
  { table: 'dyn_form_version', kind: 'tenant' },
  { table: 'dyn_form_record', kind: 'tenant' },
  // The undo journal of an import written batch by batch (issue 19, services/import/import-journal.ts).
  { table: 'import_journal', kind: 'tenant' },
  // A company's remembered import mappings of its own sheets (issue 33, services/import/mapping.service.ts).
  { table: 'import_mapping', kind: 'tenant' },
  // The fixing grid's edited, left-out and held rows of an import job (issue 33, services/import/import-rows.service.ts).
  { table: 'import_row', kind: 'tenant' },
  // Saved list views, the roles' defaults and each user's choices (issue 32, services/list-views).
  { table: 'list_view', kind: 'tenant' },
  { table: 'list_view_role_default', kind: 'tenant' },
  { table: 'list_view_user_choice', kind: 'tenant' },
  // A company's out-api pushes: its allowed hosts and endpoints (issue 35, services/gateway).
  { table: 'push_allowed_host', kind: 'tenant' },
  { table: 'push_endpoint', kind: 'tenant' },
];

/**
 * Every protected table: each registry entity's table, TENANT_CORE_TABLES and the tenant tables
 * services derive (db/derived-tables.ts: the pre-aggregated report tables of issue 13, kept by
 * triggers in the writer's transaction).
 */
export function protectedTables(): Array<{ table: string; kind: PolicyKind }> {
  const seen = new Set<string>();
  const out: Array<{ table: string; kind: PolicyKind }> = [];
  for (const t of [...allEntities().map((e) => ({ table: e.table, kind: 'tenant' as const })), ...TENANT_CORE_TABLES, ...derivedTenantTables()]) {
    if (seen.has(t.table)) continue;
    seen.add(t.table);
    out.push(t);
  }
  return out;
}

function derivedTenantTables(): Array<{ table: string; kind: PolicyKind }> {
  return derivedTables().flatMap((d) => d.tenantTables().map((table) => ({ table, kind: 'tenant' as const })));
}

async function isSuperuser(db: Db): Promise<boolean> {
  const r = await sql<{ su: boolean }>`select rolsuper as su from pg_roles where rolname = current_user`.execute(db);
  return r.rows[0]?.su === true;
}

/**
 * Creates the plain tenant role a superuser connection drops to, and grants it the schema's tables
 * (run at each start, so tables the registry added since are covered). PostgreSQL roles are
 * cluster-wide, so two processes may race to create it: a duplicate is fine.
 */
async function ensureTenantRole(db: Db): Promise<void> {
  const exists = await sql<{ n: number }>`select count(*)::int as n from pg_roles where rolname = ${TENANT_ROLE}`.execute(db);
  if (exists.rows[0].n === 0) {
    try {
      await sql.raw(`create role ${TENANT_ROLE} nologin nosuperuser nobypassrls`).execute(db);
    } catch (e) {
      if (!/already exists/i.test(String(e))) throw e;
    }
  }
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0].s;
  const s = quoteIdent(schema);
  await sql.raw(`grant usage on schema ${s} to ${TENANT_ROLE}`).execute(db);
  await sql.raw(`grant select, insert, update, delete on all tables in schema ${s} to ${TENANT_ROLE}`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema ${s} to ${TENANT_ROLE}`).execute(db);
}

/**
 * Turns on row-level security for every protected table that exists (idempotent; run after
 * `migrate`, which creates the registry's tables). On a superuser connection (PGlite, PostgreSQL
 * in tests) it also prepares TENANT_ROLE; an application role that is not a superuser needs none.
 * Returns the tables it protected.
 */
export async function applyRowLevelSecurity(db: Db): Promise<string[]> {
  if (await isSuperuser(db)) await ensureTenantRole(db);
  const present = await protectionStates(db);
  const done: string[] = [];
  for (const { table, kind } of protectedTables()) {
    if (!present.has(table)) continue;
    // Already protected as declared (the catalogue says so): nothing to write. Re-creating 117
    // tables' policies at every start was about 0.9 s of a start on PGlite.
    if (!isProtectedAsDeclared(present.get(table), kind)) for (const statement of protectTableSql(table, kind)) await sql.raw(statement).execute(db);
    done.push(table);
  }
  return done;
}

/** Every table of the schema with its row-level security flags and its policies' comments, in one query. */
async function protectionStates(db: Db): Promise<Map<string, TableProtectionState>> {
  const rows = await sql<{ name: string; enabled: boolean; forced: boolean; policy: string | null; note: string | null }>`
    select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
      p.polname as policy, obj_description(p.oid, 'pg_policy') as note
    from pg_class c left join pg_policy p on p.polrelid = c.oid
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')`.execute(db);
  const states = new Map<string, TableProtectionState>();
  for (const r of rows.rows) {
    const state = states.get(r.name) ?? { enabled: r.enabled, forced: r.forced, policies: new Map<string, string | null>() };
    if (r.policy) state.policies.set(r.policy, r.note);
    states.set(r.name, state);
  }
  return states;
}

/** What the catalogue says about a table's protection (for tests and the start-up report). */
export async function tableProtection(db: Db, table: string): Promise<{ enabled: boolean; forced: boolean; policies: number }> {
  const r = await sql<{ enabled: boolean; forced: boolean; policies: number }>`
    select c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
      (select count(*)::int from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname) as policies
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = ${table}`.execute(db);
  return r.rows[0] ?? { enabled: false, forced: false, policies: 0 };
}
