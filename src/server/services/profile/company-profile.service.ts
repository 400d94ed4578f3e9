import { sql, type RawBuilder } from 'kysely';
import { ROLES } from '../../../model/roles';
import type { AuthContext } from '../../access/auth-context';

/**
 * The company profile (spec 3 "client", the view entity `companyprofile`) is read by every user of
 * the company and changed only by its administrator: a user of that company (home company) holding
 * the client administrator role. This is that condition on the company row `t`: the reader's
 * `can_edit` (the view's scope) and the check of every save, in SQL in the save's transaction (the
 * view writer's hook, profile.views.ts), at the row's version; audited on the `client` record.
 */
export function isCompanyAdmin(auth: AuthContext): RawBuilder<unknown> {
  return sql`exists (select 1 from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
    where u.id = ${auth.userId} and u.client_id = t.id and u.status = 'active' and r.code = ${ROLES.clientAdmin} and (r.client_id is null or r.client_id = t.id))`;
}
