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
    `comment on policy ${POLICY_NAME} on ${t} is '${policySignature(kind, POLICY_NAME)}'`,
    `drop policy if exists ${PLATFORM_READ_POLICY} on ${t}`,
  ];
  if (kind === 'shared') {
    statements.push(`create policy ${PLATFORM_READ_POLICY} on ${t} as permissive for select to public using ${PLATFORM_READ_USING}`);
    statements.push(`comment on policy ${PLATFORM_READ_POLICY} on ${t} is '${policySignature(kind, PLATFORM_READ_POLICY)}'`);
  }
  return statements;
}

const PLATFORM_READ_USING = '(client_id is null)';

/**
 * What a policy's comment says it enforces: its name and its expressions, so a start can tell from
 * the catalogue whether a table's policies are already the current ones (the comment stays with the
 * policy, and a policy whose expressions changed in the code no longer matches).
 */
export function policySignature(kind: PolicyKind, name: string): string {
  const text = name === PLATFORM_READ_POLICY ? PLATFORM_READ_USING : policyExpressions(kind).check;
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return `rls:${name}:${h.toString(16)}`;
}

/** What the catalogue shows of a table's protection: its two flags and its policies' comments. */
export type TableProtectionState = { enabled: boolean; forced: boolean; policies: Map<string, string | null> };

/** Whether a table already has exactly the protection protectTableSql would give it. */
export function isProtectedAsDeclared(state: TableProtectionState | undefined, kind: PolicyKind): boolean {
  if (!state || !state.enabled || !state.forced) return false;
  const wanted = kind === 'shared' ? [POLICY_NAME, PLATFORM_READ_POLICY] : [POLICY_NAME];
  if (state.policies.size !== wanted.length) return false;
  return wanted.every((name) => state.policies.get(name) === policySignature(kind, name));
}

/** How many policies protect a table of this kind (for the start-up check and the tests). */
export const policyCount = (kind: PolicyKind): number => (kind === 'shared' ? 2 : 1);

/** The value of TENANT_SETTING for a tenant (validated: a positive integer id). */
export function tenantSettingValue(clientId: number): string {
  if (!Number.isSafeInteger(clientId) || clientId <= 0) throw new Error(`withTenant needs a tenant id, got ${String(clientId)}`);
  return String(clientId);
}
