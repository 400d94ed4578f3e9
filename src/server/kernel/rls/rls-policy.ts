/**
 * Row-level security, the second line of defence behind the SQL tenant filter (issue 5).
 *
 * Every tenant table carries `client_id`. A policy compares it with the transaction's setting
 * `app.client_id`, made by `withTenant` (tenant-scope.ts) with `set_config(..., true)` so it dies
 * with the transaction and can never leak into the next request on a pooled connection:
 * - `app.client_id = '<id>'`: only that tenant's rows are visible, and only they can be written;
 * - `app.client_id = '*'`: the system scope (migrations' data, seeding, the super administrator's
 *   cross-tenant screens), made only by `withSystemScope`;
 * - unset or empty: no row at all (fails closed).
 *
 * These builders are pure so that the SQL can be read and unit tested; rls.service.ts runs them.
 */

/** The per-transaction setting that names the tenant. */
export const TENANT_SETTING = 'app.client_id';

/** The value of TENANT_SETTING that opens every tenant (system work only). */
export const SYSTEM_SCOPE = '*';

/**
 * A plain role (no login, not superuser, no BYPASSRLS) that a superuser connection drops to inside
 * every tenant transaction (`set local role`). PGlite always runs as a superuser, and superusers
 * bypass row-level security, so without it the policies would never apply there.
 */
export const TENANT_ROLE = 'garment_tenant';

/** The policy name on every protected table; re-created at each start so it stays current. */
export const POLICY_NAME = 'tenant_isolation';

/**
 * `tenant`: rows belong to exactly one tenant. `shared`: rows with a null client_id are the
 * platform's and readable by every tenant (menu declarations), but only a tenant's own rows can be
 * written.
 */
export type PolicyKind = 'tenant' | 'shared';

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const setting = `current_setting('${TENANT_SETTING}', true)`;
/** The tenant id of the transaction, or null for unset and for the system scope. The sub-select is
 * evaluated once per statement (an init plan), so `client_id = (...)` can use the tenant index. */
const tenantId = `(select nullif(nullif(${setting}, ''), '${SYSTEM_SCOPE}')::integer)`;
const isSystem = `(${setting} = '${SYSTEM_SCOPE}')`;

/** The USING and WITH CHECK expressions of a table's policy. */
export function policyExpressions(kind: PolicyKind): { using: string; check: string } {
  const own = `client_id = ${tenantId}`;
  const strict = `(${own} or ${isSystem})`;
  if (kind === 'shared') return { using: `(${own} or client_id is null or ${isSystem})`, check: strict };
  return { using: strict, check: strict };
}

/** The second policy of a shared table: its platform rows can be read, never updated or deleted. */
export const PLATFORM_READ_POLICY = 'platform_read';

/**
 * The statements that protect one table (idempotent: the policies are dropped and re-created).
 * A `shared` table gets two permissive policies: `tenant_isolation` for every command on own rows,
 * and `platform_read` for SELECT on the platform's rows. Permissive policies add up per command, so
 * a tenant reads both but its UPDATE and DELETE never even reach a platform row (no error, no row).
 */
export function protectTableSql(table: string, kind: PolicyKind): string[] {
  const t = quoteIdent(table);
  const { check } = policyExpressions(kind);
  const statements = [
    `alter table ${t} enable row level security`,
    // FORCE: the policies bind the table's owner too; the app role usually owns the tables it migrated.
    `alter table ${t} force row level security`,
    `drop policy if exists ${POLICY_NAME} on ${t}`,
    `create policy ${POLICY_NAME} on ${t} as permissive for all to public using ${check} with check ${check}`,
    `drop policy if exists ${PLATFORM_READ_POLICY} on ${t}`,
  ];
  if (kind === 'shared') statements.push(`create policy ${PLATFORM_READ_POLICY} on ${t} as permissive for select to public using (client_id is null)`);
  return statements;
}

/** How many policies protect a table of this kind (for the start-up check and the tests). */
export const policyCount = (kind: PolicyKind): number => (kind === 'shared' ? 2 : 1);

/** The value of TENANT_SETTING for a tenant (validated: a positive integer id). */
export function tenantSettingValue(clientId: number): string {
  if (!Number.isSafeInteger(clientId) || clientId <= 0) throw new Error(`withTenant needs a tenant id, got ${String(clientId)}`);
  return String(clientId);
}
