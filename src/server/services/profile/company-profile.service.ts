import { sql, type RawBuilder } from 'kysely';
import type { CompanyProfile } from '../../../model/calls/account-profile';
import { COMPANY_PROFILE_FIELDS, type CompanyProfileField } from '../../../model/account-profile';
import { ROLES } from '../../../model/roles';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError, forbidden, notFound } from '../../http/errors';
import { diffRecords, writeAudit } from '../../kernel/audit/audit.service';
import { withTenant } from '../../kernel/rls';

/**
 * The company profile (spec 3 "client": name, full name, industry, scale, logo, tax code, legal
 * person, business scope, address fields), read by every user of the company and changed only by
 * its administrator: a user of that company (home company) holding the client administrator role,
 * checked in the statement that writes, with the row's version (optimistic lock). Audited on the
 * `client` record in the company's audit log.
 */
const FIELDS = COMPANY_PROFILE_FIELDS;
export type CompanyPatch = Partial<Record<CompanyProfileField | 'name' | 'full_name' | 'logo', string | null>>;

const COLUMNS = sql`c.id::int as id, c.code, c.name, c.full_name, c.type, c.logo, c.version::int as version, ${sql.join(FIELDS.map((f) => sql`c.${sql.ref(f)}`))}`;

/** The caller is the company's administrator: the SQL condition every write of the profile carries. */
function isCompanyAdmin(auth: AuthContext): RawBuilder<unknown> {
  return sql`exists (select 1 from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
    where u.id = ${auth.userId} and u.client_id = c.id and u.status = 'active' and r.code = ${ROLES.clientAdmin} and (r.client_id is null or r.client_id = c.id))`;
}

function companyOf(auth: AuthContext): number {
  if (auth.clientId === null) throw notFound();
  return auth.clientId;
}

/** The caller's company's profile, with whether the caller may change it. */
export async function readCompanyProfile(db: Db, auth: AuthContext): Promise<CompanyProfile> {
  const clientId = companyOf(auth);
  const r = await sql<CompanyProfile>`select ${COLUMNS}, ${isCompanyAdmin(auth)} as can_edit from clients c where c.id = ${clientId}`.execute(db);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/**
 * Changes the profile: one update that names the company, its version and the administrator
 * condition. No row: the company's administrator check failed (403) or someone saved first (409).
 * `also` runs in the same transaction before the update (the logo's file row).
 */
export async function saveCompanyProfile(db: Db, auth: AuthContext, r: { version: number; patch: CompanyPatch; ip: string | null; action?: string; also?: (tx: Db) => Promise<CompanyPatch> }): Promise<CompanyProfile> {
  const clientId = companyOf(auth);
  return withTenant(db, clientId, async (tx) => {
    const before = (await sql<CompanyProfile>`select ${COLUMNS}, ${isCompanyAdmin(auth)} as can_edit from clients c where c.id = ${clientId} for update`.execute(tx)).rows[0];
    if (!before) throw notFound();
    if (!before.can_edit) throw forbidden('access.companyAdminOnly');
    const patch = { ...r.patch, ...(r.also ? await r.also(tx) : {}) };
    const keys = Object.keys(patch) as (keyof CompanyPatch)[];
    const set = keys.map((k) => sql`${sql.ref(k)} = ${patch[k] ?? null}`);
    const after = (await sql<CompanyProfile>`update clients c set ${sql.join([...set, sql`version = c.version + 1`, sql`updated_at = now()`])}
      where c.id = ${clientId} and c.version = ${r.version} and ${isCompanyAdmin(auth)}
      returning ${COLUMNS}, true as can_edit`.execute(tx)).rows[0];
    if (!after) throw new AppError('err.staleVersion');
    const changes = diffRecords(keys, before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>);
    if (changes.length) await writeAudit(tx, { clientId, userId: auth.userId, username: auth.username, ip: r.ip }, 'client', clientId, r.action ?? 'update-company-profile', changes);
    return after;
  });
}
