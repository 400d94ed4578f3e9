import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntities } from '../../src/model';
import type { Db } from '../../src/server/db/database';
import {
  applyRowLevelSecurity,
  assertSafeDatabaseRole,
  currentScope,
  databaseRole,
  policyCount,
  protectedTables,
  tableProtection,
  TENANT_ROLE,
  withSystemScope,
  withTenant,
} from '../../src/server/kernel/rls';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 5, second line of defence: row-level security on every tenant table, keyed on the
 * transaction's `app.client_id`. These queries deliberately carry NO tenant filter: the database
 * alone must keep tenant B's rows away from tenant A. Runs on PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL (as the postgres superuser, which withTenant drops to the plain tenant role).
 */
let t: TestApp;
let db: Db;
let a: number;
let b: number;

const registryTables = () => allEntities().map((e) => e.table);

/** Inserts a minimal row of tenant `clientId` into a protected table (system scope). */
async function insertRow(tx: Db, table: string, clientId: number, tag: string): Promise<void> {
  if (table === 'audit_log') {
    await sql`insert into audit_log (client_id, entity, record_id, action, changes) values (${clientId}, ${'rls-test'}, 1, ${tag}, '[]'::jsonb)`.execute(tx);
  } else if (table === 'sequences') {
    await sql`insert into sequences (client_id, key, period, value) values (${clientId}, ${tag}, '', 1)`.execute(tx);
  } else if (table === 'data_permissions') {
    const role = await sql<{ id: number }>`insert into roles (client_id, code, name_zh, name_en, kind) values (${clientId}, ${tag}, ${tag}, ${tag}, 'menu') returning id`.execute(tx);
    await sql`insert into data_permissions (client_id, role_id, menu_code, field, operator, value) values (${clientId}, ${role.rows[0].id}, 'md.vendor', 'code', 'eq', ${tag})`.execute(tx);
  } else if (table === 'role_grants') {
    const role = await sql<{ id: number }>`insert into roles (client_id, code, name_zh, name_en, kind) values (${clientId}, ${`${tag}-g`}, ${tag}, ${tag}, 'menu') returning id`.execute(tx);
    await sql`insert into role_grants (client_id, role_id, menu_code, verbs) values (${clientId}, ${role.rows[0].id}, 'md.vendor', '["view"]'::jsonb)`.execute(tx);
  } else if (table === 'user_workspace_board') {
    await sql`insert into user_workspace_board (client_id, user_id, board) values (${clientId}, (select min(id) from users), ${tag})`.execute(tx);
  } else if (table === 'wf_instance' || table === 'wf_task' || table === 'wf_history') {
    // An approval flow's instance with one task and one history row (issue 14).
    const user = sql`(select min(id) from users)`;
    const inst = await sql<{ id: number }>`insert into wf_instance (client_id, process_id, process_code, process_name, definition, entity, record_id, status, initiator_id)
      values (${clientId}, 1, ${tag}, ${tag}, '{}'::jsonb, 'rls-test', 1, ${table === 'wf_instance' ? 'approved' : 'rejected'}, ${user}) returning id`.execute(tx);
    if (table === 'wf_task') await sql`insert into wf_task (client_id, instance_id, node_seq, round, user_id, status) values (${clientId}, ${inst.rows[0].id}, 1, 0, ${user}, 30)`.execute(tx);
    if (table === 'wf_history') await sql`insert into wf_history (client_id, instance_id, user_id, action) values (${clientId}, ${inst.rows[0].id}, ${user}, ${tag})`.execute(tx);
  } else if (table === 'dyn_form_version') {
    // A form id of its own: versions are unique per form.
    await sql`insert into dyn_form_version (client_id, form_id, version_no, definition) values (${clientId}, ${900_000_000 + Math.floor(Math.random() * 1e8)}, 1, '{}'::jsonb)`.execute(tx);
  } else if (table === 'dyn_form_record') {
    await sql`insert into dyn_form_record (client_id, form_id, form_version) values (${clientId}, 1, 1)`.execute(tx);
  } else if (table === 'import_journal') {
    await sql`insert into import_journal (client_id, run_id, kind, entity, record_id) values (${clientId}, 1, 'start', ${tag}, 1)`.execute(tx);
  } else if (table === 'import_mapping') {
    await sql`insert into import_mapping (client_id, entity, signature) values (${clientId}, 'purorder', ${tag})`.execute(tx);
  } else if (table === 'import_row') {
    // A row of an import job's fixing grid (issue 33), under a finished job of the company.
    const job = await sql<{ id: number }>`insert into jobs (client_id, kind, status, title) values (${clientId}, 'import', 'done', ${tag}) returning id`.execute(tx);
    await sql`insert into import_row (client_id, job_id, sheet_row) values (${clientId}, ${job.rows[0].id}, 2)`.execute(tx);
  } else if (table === 'list_view' || table === 'list_view_role_default' || table === 'list_view_user_choice') {
    // A saved list view (issue 32), a role's default view and a user's choice of it.
    const user = sql`(select min(id) from users)`;
    const view = await sql<{ id: number }>`insert into list_view (client_id, page, name, owner_id, payload) values (${clientId}, ${tag}, ${tag}, ${user}, '{}'::jsonb) returning id`.execute(tx);
    if (table === 'list_view_role_default') await sql`insert into list_view_role_default (client_id, page, role, view_id) values (${clientId}, ${tag}, 'planner', ${view.rows[0].id})`.execute(tx);
    if (table === 'list_view_user_choice') await sql`insert into list_view_user_choice (client_id, user_id, page, last_used_id) values (${clientId}, ${user}, ${tag}, ${view.rows[0].id})`.execute(tx);
  } else if (table === 'api_key') {
    // The gateway's tables (issue 35): their required columns.
    await sql`insert into api_key (client_id, name, key_prefix, secret_hash, created_by) values (${clientId}, ${tag}, ${tag}, ${tag}, (select min(id) from users))`.execute(tx);
  } else if (table === 'push_allowed_host') {
    await sql`insert into push_allowed_host (client_id, host) values (${clientId}, ${tag})`.execute(tx);
  } else if (table === 'push_endpoint') {
    await sql`insert into push_endpoint (client_id, name, url, secret_sealed) values (${clientId}, ${tag}, ${`https://example.com/${tag}`}, ${tag})`.execute(tx);
  } else if (table === 'temp_token') {
    await sql`insert into temp_token (token_hash, user_id, client_id, platform_id, target, expires_at) values (${`${tag}-${clientId}`}, (select min(id) from users), ${clientId}, 'SRM', 'printui', now() + interval '1 minute')`.execute(tx);
  } else if (table === 'scm_wo_output_day') {
    // A work order's pieces scanned out per day (kept by the scans' triggers, plan against actual).
    await sql`insert into scm_wo_output_day (client_id, workorder_id, day) values (${clientId}, (select coalesce(max(workorder_id), 0) + 1 from scm_wo_output_day), current_date)`.execute(tx);
  } else if (table === 'rpt_line_day_load') {
    // A line's load on a day (issue 34), kept by the bars' triggers: a line no bar names.
    await sql`insert into rpt_line_day_load (client_id, line_id, day, load) values (${clientId}, ${900_000_000 + clientId}, current_date, 1)`.execute(tx);
  } else if (table === 'menus') {
    await sql`insert into menus (client_id, code, title_zh, title_en) values (${clientId}, ${tag}, ${tag}, ${tag})`.execute(tx);
  } else if (table.startsWith('rpt_agg_')) {
    // Report aggregates (issue 13) are keyed by their columns: the triggers may already hold this tenant's all-empty key.
    await sql`insert into ${sql.table(table)} (client_id) values (${clientId}) on conflict do nothing`.execute(tx);
  } else {
    // Registry tables: every declared column is nullable, the system columns have defaults.
    await sql`insert into ${sql.table(table)} (client_id) values (${clientId})`.execute(tx);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const ids = await sql<{ id: number; code: string }>`select id, code from clients where code in ('BRAND01', 'MAKER01')`.execute(db);
  a = ids.rows.find((r) => r.code === 'BRAND01')!.id;
  b = ids.rows.find((r) => r.code === 'MAKER01')!.id;
  await withSystemScope(db, async (tx) => {
    for (const { table } of protectedTables()) {
      await insertRow(tx, table, a, `rls-a-${table}`);
      await insertRow(tx, table, b, `rls-b-${table}`);
    }
  });
});

afterAll(async () => {
  await t?.close();
});

describe('row-level security on every tenant table', () => {
  it('protects every registry table and tenant core table: enabled, forced, its policies', async () => {
    const tables = protectedTables().map((p) => p.table);
    for (const table of registryTables()) expect(tables).toContain(table);
    for (const { table, kind } of protectedTables()) {
      expect(await tableProtection(db, table), table).toEqual({ enabled: true, forced: true, policies: policyCount(kind) });
    }
  });

  it('shows a tenant only its own rows although the query has no tenant filter', async () => {
    for (const { table, kind } of protectedTables()) {
      const rows = await withTenant(db, a, async (tx) => (await sql<{ client_id: number | null }>`select client_id from ${sql.table(table)}`.execute(tx)).rows);
      expect(rows.length, table).toBeGreaterThan(0);
      const foreign = rows.filter((r) => r.client_id !== a && !(kind === 'shared' && r.client_id === null));
      expect(foreign, table).toEqual([]);
    }
  });

  it('changes nothing of another tenant: updates and deletes without a filter touch only own rows', async () => {
    for (const { table } of protectedTables()) {
      const before = await withSystemScope(db, async (tx) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where client_id = ${b}`.execute(tx)).rows[0].n);
      await expect(
        withTenant(db, a, async (tx) => {
          await sql`update ${sql.table(table)} set client_id = client_id`.execute(tx);
          const moved = await sql`update ${sql.table(table)} set client_id = ${a} where client_id = ${b}`.execute(tx);
          expect(Number(moved.numAffectedRows ?? 0), `${table} update`).toBe(0);
          const removed = await sql`delete from ${sql.table(table)} where client_id = ${b}`.execute(tx);
          expect(Number(removed.numAffectedRows ?? 0), `${table} delete`).toBe(0);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const after = await withSystemScope(db, async (tx) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where client_id = ${b}`.execute(tx)).rows[0].n);
      expect(after, table).toBe(before);
    }
  });

  it('refuses to write a row into another tenant or to move an own row there', async () => {
    for (const { table } of protectedTables()) {
      await expect(withTenant(db, a, (tx) => insertRow(tx, table, b, `rls-x-${table}`)), table).rejects.toThrow(/row-level security/i);
      await expect(withTenant(db, a, (tx) => sql`update ${sql.table(table)} set client_id = ${b} where client_id = ${a}`.execute(tx)), table).rejects.toThrow(/row-level security/i);
    }
  });

  it('fails closed: a plain-role transaction that names no tenant sees no row', async () => {
    const counts = await db.transaction().execute(async (tx) => {
      const su = (await databaseRole(tx)).superuser;
      if (su) await sql.raw(`set local role ${TENANT_ROLE}`).execute(tx);
      expect(await currentScope(tx)).toBe('');
      const out: Record<string, number> = {};
      for (const { table } of protectedTables()) out[table] = (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where client_id is not null`.execute(tx)).rows[0].n;
      return out;
    });
    for (const [table, n] of Object.entries(counts)) expect(n, table).toBe(0);
  });

  it('scopes a tenant setting to its transaction only (nothing leaks to the next one)', async () => {
    await withTenant(db, a, async (tx) => expect(await currentScope(tx)).toBe(String(a)));
    const after = await db.transaction().execute((tx) => currentScope(tx));
    expect(after).toBe('');
  });

  it('start refuses a superuser connection and accepts the plain tenant role', async () => {
    await expect(assertSafeDatabaseRole(db)).rejects.toThrow(/superuser.*CREATE ROLE/s);
    await withTenant(db, a, async (tx) => {
      expect((await databaseRole(tx)).name).toBe(TENANT_ROLE);
      await assertSafeDatabaseRole(tx);
    });
  });

  it('is idempotent: applying the policies again keeps one policy per table', async () => {
    await applyRowLevelSecurity(db);
    for (const { table, kind } of protectedTables()) expect((await tableProtection(db, table)).policies, table).toBe(policyCount(kind));
  });
});
