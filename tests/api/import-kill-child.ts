/**
 * Child process of failing-import-killed-midway.test.ts: opens the embedded database in DATA_DIR,
 * starts an all-or-nothing import of IMPORT_FILE as a job (an in-process job, or with RUNNER_JOB a
 * job the runner holds) and prints PROGRESS lines; the test kills it with SIGKILL in the middle of
 * the write.
 */
import { sql } from 'kysely';
import { requireEntity } from '../../src/model';
import '../../src/model/entities';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seedDemo } from '../../src/server/db/seed';
import '../../src/server/resources';
// The tables migrate() installs after the registry's (db/derived-tables.ts).
import '../../src/server/services/report-engine/catalogue';
import '../../src/server/services/planning/plan-lateness';
import { runImport } from '../../src/server/services/import/import.service';
import { createJob, markRunning } from '../../src/server/services/jobs';
import { applyRowLevelSecurity } from '../../src/server/kernel/rls';

const config = loadConfig({ ...process.env, DATABASE_URL: '' }, { jwtSecret: 'kill-test-secret-kill-test-secret!!', argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 } });
const database = await openDatabase(config);
await migrate(database.db);
await applyRowLevelSecurity(database.db);
await seedDemo(database.db, config);
const user = (await sql<{ id: number; client_id: number }>`select id, client_id from users where username = 'brand'`.execute(database.db)).rows[0];
const job = await createJob(database.db, { clientId: user.client_id, userId: user.id }, 'import', 'kill test', { entity: 'vendor' });
if (process.env.RUNNER_JOB) {
  // As an upload runs it: a job of the job runner, claimed by this process with a lease that has
  // not run out when the server starts again (so no runner takes it over meanwhile).
  await sql`update jobs set runner = true, status = 'running', locked_by = 'killed-worker', attempts = 1,
    lease_until = now() + interval '10 minutes', updated_at = now() where id = ${job.id}`.execute(database.db);
} else await markRunning(database.db, job, 'commit');
console.log(`JOB ${job.id}`);
await runImport(database.db, {
  entity: requireEntity('vendor'),
  file: process.env.IMPORT_FILE!,
  fileSize: 1,
  actor: { clientId: user.client_id, userId: user.id, username: 'brand', fullname: 'brand', ip: null },
  language: 'zh-CN',
  mode: 'insert',
  write: true,
  validOnly: false,
  maxRows: 1_000_000,
  batchSize: 1000,
  jobId: job.id,
  onProgress: (rows) => console.log(`PROGRESS ${rows}`),
});
console.log('FINISHED');
