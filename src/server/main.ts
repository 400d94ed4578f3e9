import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { attachRealtime } from './realtime';
import { recoverImportRuns } from './services/import';
import { failInterruptedJobs } from './services/jobs';
import { applyRowLevelSecurity, assertSafeDatabaseRole, systemScopedUrl } from './kernel/rls';
import { seedMenus } from './services/admin';

/** Seeds the demo tenants in the system scope of row-level security (PGlite: its superuser). */
async function seedAcrossTenants(database: Awaited<ReturnType<typeof openDatabase>>, config: ReturnType<typeof loadConfig>): Promise<boolean> {
  if (database.kind !== 'postgres' || !config.databaseUrl) return seedDemo(database.db, config);
  const system = await openDatabase({ ...config, databaseUrl: systemScopedUrl(config.databaseUrl) });
  try {
    return await seedDemo(system.db, config);
  } finally {
    await system.close();
  }
}

/** Starts the product: migrate, seed demo data once, serve API, app and socket on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  // Issue 5: on PostgreSQL refuse a role that bypasses row-level security, then protect the tables.
  if (database.kind === 'postgres') await assertSafeDatabaseRole(database.db);
  await migrate(database.db);
  // A job that was running when the process died can never finish: mark it failed (issue 4).
  // With several processes on one database (REDIS_URL) only imports silent for 2 minutes are dead.
  await failInterruptedJobs(database.db, { staleSeconds: config.redisUrl ? 120 : 0 });
  await applyRowLevelSecurity(database.db);
  // An import that was writing batch by batch when the process died is undone from its journal
  // (issue 19), before `listen`: the first request answered sees none of its rows (issue 28).
  await recoverImportRuns(database.db, (message, extra) => console.warn(message, JSON.stringify(extra)));
  // The shell's menus are read from the menus table: write the declarations' rows (idempotent).
  await seedMenus(database.db);
  const seeded = config.seedDemo ? await seedAcrossTenants(database, config) : false;
  const app = await buildApp({ config, database });
  const realtime = await attachRealtime(app);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  console.log(`\n  Garment SCM platform is running at ${url}  (database: ${database.kind}${seeded ? ', demo data seeded' : ''})`);
  console.log('  Demo sign-ins (password Demo1234): admin, brand, maker, supplier, brand.buyer, brand.finance, maker.planner, supplier.sales\n');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await realtime.close();
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error('start failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
