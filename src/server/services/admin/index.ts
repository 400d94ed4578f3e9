import type { FastifyInstance } from 'fastify';
import { setSequenceRuleResolver } from '../../kernel/sequence/sequence.service';
import { thirdpartyRoutes } from '../thirdparty';
import { registerMenuProvider } from '../../access/userinfo.service';
import { auditRoutes } from './audit.views';
import { registerClientViews } from './clients.views';
import { menusForUser } from './menu.service';
import { menusRoutes } from './menus.routes';
import { rolesRoutes } from './roles.routes';
import { signupRoutes } from './signups.views';
import { snRuleResolver } from './sn-rule.service';
import { sysRoutes } from './sys.routes';
import { sysServicesRoutes } from './services.views';
import { usersRoutes } from './users.routes';

/**
 * The administration area (issue 5): roles and menu permissions, data permissions, users, menus,
 * the audit view, and the workplace-chat sign-in. Mounted under /api by app.ts.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  // Tenant SN rules override the entities' declared numbering (spec 6).
  setSequenceRuleResolver(snRuleResolver);
  // The login reply's menus come from the menu tree (seeded from the declarations, edited per tenant).
  registerMenuProvider(menusForUser);
  // Client management and the sign-up approval: the engine's view entity `client` (its transitions' handlers need the mail settings).
  registerClientViews(app.config);
  signupRoutes(app);
  await thirdpartyRoutes(app);
  await rolesRoutes(app);
  await usersRoutes(app);
  await auditRoutes(app);
  await menusRoutes(app);
  await sysRoutes(app);
  await sysServicesRoutes(app);
}

export { seedMenus } from './menu.service';

export { can, canSeeMenu, SYSTEM_ROLE_GRANTS, type Grantee, type PermissionVerb } from '../../access/permission-model';
export { callerCan, dataScopeSql, granteeOf, rulesFor } from '../../access/permission.service';
