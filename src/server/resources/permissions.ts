/**
 * The resource API's permission checks. The body lives in src/server/access/permissions.ts, shared
 * with the administration services (neither of the two areas imports the other).
 */
export { assertCan, dataScope, dataScopeFields, type PermissionContext, type Verb } from '../access/permissions';
