/**
 * The server's public face: what starts the product (src/server/main.ts), the tests' app builder and
 * the benches need. Code outside src/server imports from here rather than reaching into its areas;
 * inside, each area (access, resources, services/*) has its own index.
 */
export { buildApp, redactUrl, type BuildOptions } from './app';
export { loadConfig, type AppConfig } from './config';
export { openDatabase, type Database, type Db } from './db/database';
export { migrate, type Migration } from './db/migrate';
export { DEMO_PASSWORD, DEMO_TENANTS, registerSeeder, seedDemo, type Seeder } from './db/seed';
export { attachRealtime, realtime, type Realtime } from './realtime';
export { failInterruptedJobs } from './services/jobs';
export { applyRowLevelSecurity, assertSafeDatabaseRole, systemScopedUrl, withSystemScope, withTenant } from './kernel/rls';
export { seedMenus } from './services/admin';
export { assertCan, dataScope, type Verb } from './access/permissions';
export { AppError } from './http/errors';
