import { sql, type RawBuilder } from 'kysely';
import type { CompanyProfile } from '../../../model/calls/account-profile';
import { COMPANY_PROFILE_FIELDS } from '../../../model/account-profile';
import { ROLES } from '../../../model/roles';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { notFound } from '../../http/errors';

/**
 * The company profile (spec 3 "client": name, full name, industry, scale, logo, tax code, legal
 * person, business scope, address fields), read by every user of the company and changed only by
 * its administrator: a user of that company (home company) holding the client administrator role,
 * checked in SQL in the save's transaction (the view writer's hook, profile.views.ts), at the row's
 * version (optimistic lock). Audited on the `client` record in the company's audit log.
 */
const FIELDS = COMPANY_PROFILE_FIELDS;

const COLUMNS = sql`c.id::int as id, c.code, c.name, c.full_name, c.type, c.logo, c.version::int as version, ${sql.join(FIELDS.map((f) => sql`c.${sql.ref(f)}`))}`;

/** The caller is the company's administrator: the SQL condition every write of the profile carries. */
export function isCompanyAdmin(auth: AuthContext): RawBuilder<unknown> {
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
