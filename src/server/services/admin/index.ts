import type { FastifyInstance } from 'fastify';
import { setSequenceRuleResolver } from '../sequence/sequence.service';
import { thirdpartyRoutes } from '../thirdparty';
import { auditRoutes } from './audit.routes';
import { rolesRoutes } from './roles.routes';
import { snRuleResolver } from './sn-rule.service';
import { usersRoutes } from './users.routes';

/**
 * The administration area (issue 5): roles and menu permissions, data permissions, users, menus,
 * the audit view, and the workplace-chat sign-in. Mounted under /api by app.ts.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  // Tenant SN rules override the entities' declared numbering (spec 6).
  setSequenceRuleResolver(snRuleResolver);
  await thirdpartyRoutes(app);
  await rolesRoutes(app);
  await usersRoutes(app);
  await auditRoutes(app);
}

export { can, canSeeMenu, SYSTEM_ROLE_GRANTS, type Grantee, type PermissionVerb } from './permission-model';
export { callerCan, dataScopeSql, granteeOf, rulesFor } from './permission.service';
