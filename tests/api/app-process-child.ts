/**
 * One app process for successful-two-app-processes-share-notices-and-jobs.test.ts: the app as
 * main.ts builds it (API, socket.io with the Redis adapter of REDIS_URL, the job runner) on the
 * PostgreSQL schema of DATABASE_URL that the test prepared, listening on a free port. Prints
 * `LISTENING <port> <worker id>`; the test kills it.
 */
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { attachRealtime } from '../../src/server/realtime';

const config = loadConfig(process.env, { port: 0, host: '127.0.0.1', logLevel: 'silent' });
const database = await openDatabase(config);
const app = await buildApp({ config, database, logger: false, serveClient: false });
await attachRealtime(app);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
console.log(`LISTENING ${address.port} ${app.jobRunner.workerId}`);
process.on('SIGTERM', () => {
  void app.close().finally(() => void database.close().finally(() => process.exit(0)));
});
