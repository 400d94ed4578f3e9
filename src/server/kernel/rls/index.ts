/** Row-level security: the second line of tenant isolation (issue 5, docs/architecture-admin.md). */
export { applyRowLevelSecurity, protectedTables, tableProtection, TENANT_CORE_TABLES } from './rls.service';
export { currentScope, systemScopedUrl, withSystemScope, withTenant, type ScopedWork } from './tenant-scope';
export { assertSafeDatabaseRole, databaseRole, unsafeRoleMessage, type RoleFacts } from './db-role.check';
export { PLATFORM_READ_POLICY, POLICY_NAME, SYSTEM_SCOPE, TENANT_ROLE, TENANT_SETTING, policyCount, policyExpressions, protectTableSql } from './rls-policy';
