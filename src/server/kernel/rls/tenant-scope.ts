import { sql, type Transaction } from 'kysely';
import { runTransaction } from '../../db/after-commit';
import type { Db, Tables } from '../../db/database';
import { SYSTEM_SCOPE, TENANT_ROLE, TENANT_SETTING, tenantSettingValue } from './rls-policy';

/**
 * The single helper that every tenant-scoped unit of work goes through (registry lists, views,
 * saves, removes, actions, imports, exports, administration): one transaction that first names
 * the tenant for row-level security, then runs `work`.
 *
 * ```ts
 * const rows = await withTenant(app.db, auth.clientId, (tx) => tx.selectFrom('md_vendor').selectAll().execute());
 * ```
 *
 * PGlite is one connection behind a mutex: `work` must use `tx` only, never `app.db`, or it waits
 * for a connection the transaction itself holds (deadlock).
 */
export type ScopedWork<T> = (tx: Db) => Promise<T>;

/** Whether each database handle connects as a superuser (and so must drop to TENANT_ROLE). */
const superuserOf = new WeakMap<object, Promise<boolean>>();

/** Remembers the answer per handle; a transaction asks its parent handle's answer. */
async function connectsAsSuperuser(db: Db): Promise<boolean> {
  let known = superuserOf.get(db);
  if (!known) {
    known = sql<{ su: boolean }>`select rolsuper as su from pg_roles where rolname = current_user`.execute(db).then((r) => r.rows[0]?.su === true);
    superuserOf.set(db, known);
  }
  return known;
}

async function enterScope(tx: Db, value: string, dropRole: boolean): Promise<void> {
  await sql`select set_config(${TENANT_SETTING}, ${value}, true)`.execute(tx);
  // A superuser (PGlite always; PostgreSQL in tests) bypasses row-level security, so inside the
  // transaction it becomes the plain tenant role. `set local` ends with the transaction.
  if (dropRole) await sql.raw(`set local role ${TENANT_ROLE}`).execute(tx);
}

async function scoped<T>(db: Db, value: string, dropRole: boolean, work: ScopedWork<T>): Promise<T> {
  if (db.isTransaction) {
    // Already inside a transaction: narrow it from here on (set_config is transaction-local).
    await enterScope(db, value, dropRole);
    return work(db);
  }
  const su = dropRole ? await connectsAsSuperuser(db) : false;
  // Work queued with `afterCommit` (db/after-commit.ts) runs once this transaction has committed.
  return runTransaction(db, async (tx: Transaction<Tables>) => {
    await enterScope(tx, value, su);
    return work(tx);
  });
}

/** Runs `work` in one transaction that sees and writes only `clientId`'s rows of protected tables. */
export async function withTenant<T>(db: Db, clientId: number, work: ScopedWork<T>): Promise<T> {
  const value = tenantSettingValue(clientId);
  if (db.isTransaction) {
    // The caller's transaction may not have dropped its role yet; the superuser check must not run
    // a statement outside it (PGlite: one connection), so ask inside.
    const su = (await sql<{ su: boolean }>`select rolsuper as su from pg_roles where rolname = current_user`.execute(db)).rows[0]?.su === true;
    return scoped(db, value, su, work);
  }
  return scoped(db, value, true, work);
}

/**
 * Runs `work` in the system scope: every tenant's rows. Only for work that is not done on behalf of
 * one tenant (seeding, the super administrator's client management, cross-tenant audits). Keeps
 * the connection's own role, so the scope opens the policies rather than bypassing them.
 */
export async function withSystemScope<T>(db: Db, work: ScopedWork<T>): Promise<T> {
  return scoped(db, SYSTEM_SCOPE, false, work);
}

/** The tenant the current transaction is scoped to ('' unset, '*' system), for assertions and tests. */
export async function currentScope(tx: Db): Promise<string> {
  const r = await sql<{ v: string | null }>`select current_setting(${TENANT_SETTING}, true) as v`.execute(tx);
  return r.rows[0]?.v ?? '';
}

/**
 * A PostgreSQL URL whose connections start in the system scope (`-c app.client_id=*`), for start-up
 * work that spans tenants and is not one transaction, such as seeding the demo tenants. Keeps any
 * `options` the URL already has (the tests' search_path).
 */
export function systemScopedUrl(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  const options = u.searchParams.get('options');
  u.searchParams.set('options', `${options ? `${options} ` : ''}-c ${TENANT_SETTING}=${SYSTEM_SCOPE}`);
  return u.toString();
}
