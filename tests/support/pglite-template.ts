import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seed';
import { applyRowLevelSecurity } from '../../src/server/services/rls';
import { seedMenus } from '../../src/server/services/admin';
import '../../src/server/app';

/** Test configuration shared by the template and every test app. */
export const TEST_CONFIG_OVERRIDES = {
  jwtSecret: 'test-secret-test-secret-test-secret',
  dataDir: '.tmp/test-data',
  logLevel: 'silent',
} as const;

/** Prepares a database exactly as a test app needs it: migrated, row-level security, demo seed. */
export async function prepareDatabase(database: Awaited<ReturnType<typeof openDatabase>>, config: ReturnType<typeof loadConfig>): Promise<void> {
  await migrate(database.db);
  // Issue 5: the same row-level security as `npm start` (tenant transactions drop to a plain role).
  await applyRowLevelSecurity(database.db);
  await seedMenus(database.db);
  await seedDemo(database.db, config);
}

/** A migrated, seeded in-memory PGlite cluster as a tar image. */
export async function buildPgliteTemplate(): Promise<Uint8Array> {
  const config = loadConfig({ ...process.env, DATABASE_URL: '', REDIS_URL: '' }, { ...TEST_CONFIG_OVERRIDES });
  const database = await openDatabase(config, { memory: true });
  await prepareDatabase(database, config);
  const image = await database.dumpImage!();
  await database.close();
  return image;
}
