import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { vendorRow, writeEntityFile } from '../../fixtures/xlsx/large';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { recoverImportRuns } from '../../src/server/services/import';
import { failInterruptedJobs } from '../../src/server/services/jobs';
import { tokenFor } from '../support/resource-client';

const dir = resolve(`.tmp/import-kill-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A server killed in the middle of an import leaves no partial rows once it starts again. On the
 * embedded database the import commits batch by batch (sign-in and every other request get the one
 * connection in between), so the dead run's batches are on disk; the restart marks the job failed
 * and undoes the run from its journal (failInterruptedJobs and recoverImportRuns, called by main.ts).
 * The undo is done before the server listens (issue 28): the first request the restarted server
 * answers sees none of the run's rows, also when the run was a job the runner still holds.
 * Embedded PGlite only: the child owns the database directory while it runs.
 */
/** Runs the child's import of 20,000 vendors in `dataDir` and kills it with SIGKILL after 5,000 rows. */
async function importKilledMidway(dataDir: string, env: Record<string, string> = {}): Promise<{ jobId: number; killedAt: number; out: string }> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'vendors.xlsx');
  await writeEntityFile(file, 'vendor', 20000, vendorRow('KL'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/import-kill-child.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, IMPORT_FILE: file, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let jobId = 0;
  const killedAt = await new Promise<number>((ok, fail) => {
    child.stderr.on('data', (d) => (out += String(d)));
    child.stdout.on('data', (d) => {
      out += String(d);
      const job = /JOB (\d+)/.exec(out);
      if (job) jobId = Number(job[1]);
      const rows = [...out.matchAll(/PROGRESS (\d+)/g)].map((m) => Number(m[1]));
      // Several batches are written: kill now.
      if (rows.length && rows[rows.length - 1] >= 5000) {
        child.kill('SIGKILL');
        ok(rows[rows.length - 1]);
      }
    });
    child.once('exit', (code) => fail(new Error(`child exited (${code}) before it was killed:\n${out}`)));
  });
  await new Promise((r) => (child.exitCode === null && child.signalCode === null ? child.once('exit', r) : r(null)));
  return { jobId, killedAt, out };
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => ok(port));
    });
  });
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('an import killed midway', () => {
  it('leaves no rows and the job failed after restart', async () => {
    const { jobId, killedAt, out } = await importKilledMidway(dir);
    expect(killedAt).toBeGreaterThanOrEqual(5000);
    expect(out).not.toContain('FINISHED');

    // "Restart": open the same database as main.ts does and mark interrupted jobs failed.
    const database = await openDatabase(loadConfig({ ...process.env, DATABASE_URL: '' }, { dataDir: dir, jwtSecret: 'x'.repeat(32) }));
    try {
      expect(await failInterruptedJobs(database.db)).toBe(1);
      const job = (await sql<{ status: string; error: string }>`select status, error from jobs where id = ${jobId}`.execute(database.db)).rows[0];
      expect(job).toEqual({ status: 'failed', error: 'job.interrupted' });
      const count = async (table: string, where = sql`true`) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(database.db)).rows[0].n;
      const vendors = () => count('md_vendor', sql`code like 'KL%'`);
      // The batches committed before the kill are there, with the journal that undoes them.
      const written = await vendors();
      expect(written).toBeGreaterThanOrEqual(1000);
      const noted = await sql<{ n: number }>`select count(*)::int as n from import_journal, unnest(ids) where run_id = ${jobId} and kind = 'insert'`.execute(database.db);
      expect(noted.rows[0].n).toBe(written);
      expect(await count('audit_log', sql`entity = 'vendor' and action = 'import'`)).toBeGreaterThanOrEqual(written);
      expect(await recoverImportRuns(database.db)).toBe(1);
      expect(await vendors()).toBe(0);
      expect(await count('import_journal')).toBe(0);
      expect(await count('audit_log', sql`entity = 'vendor' and action = 'import' and record_id not in (select id from md_vendor)`)).toBe(0);
      // A second start finds nothing left to undo.
      expect(await recoverImportRuns(database.db)).toBe(0);
    } finally {
      await database.close();
    }
  }, 300_000);

  it('is undone before the restarted server answers its first request, also while the job runner still holds the job', async () => {
    // As an upload runs it: the runner's job, status running, its lease not run out when the server
    // starts again (before, its batches stayed visible until the runner took the job over).
    const runnerDir = join(dir, 'runner');
    const { jobId, killedAt } = await importKilledMidway(runnerDir, { RUNNER_JOB: '1' });
    expect(killedAt).toBeGreaterThanOrEqual(5000);
    const secret = 'restart-test-secret-restart-test-secret';
    const config = loadConfig({ ...process.env, DATABASE_URL: '' }, { dataDir: runnerDir, jwtSecret: secret });
    let token = '';
    const before = await openDatabase(config);
    try {
      expect((await sql<{ n: number }>`select count(*)::int as n from md_vendor where code like 'KL%'`.execute(before.db)).rows[0].n).toBeGreaterThanOrEqual(1000);
      const job = (await sql<{ status: string; runner: boolean }>`select status, runner from jobs where id = ${jobId}`.execute(before.db)).rows[0];
      expect(job).toEqual({ status: 'running', runner: true });
      // A session of the brand's administrator, so the first request can read the list.
      token = await tokenFor(before.db, config, 'brand');
    } finally {
      await before.close();
    }

    // The server as `npm start` runs it (main.ts), its output and errors in one stream, in order.
    const port = await freePort();
    const server = spawn('sh', ['-c', `exec "${process.execPath}" --import tsx src/server/main.ts 2>&1`], {
      env: { ...process.env, DATA_DIR: runnerDir, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: secret, SEED_DEMO: '0', LOG_LEVEL: 'silent', DATABASE_URL: '', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let log = '';
    server.stdout.on('data', (d) => (log += String(d)));
    const undoneLine = `"runId":${jobId}`;
    try {
      // The port opens when the server listens (the system accepts connections from then on, even
      // while the server's own loop is still busy): by then the undo must be done and said so.
      const deadline = Date.now() + 120_000;
      const connects = () =>
        new Promise<boolean>((ok) => {
          const socket = connect(port, '127.0.0.1');
          socket.once('connect', () => (socket.destroy(), ok(true)));
          socket.once('error', () => ok(false));
        });
      while (!(await connects())) {
        if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not listen:\n${log}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      // What the server wrote before it listened is in the pipe already: one turn of this loop reads it.
      await new Promise((r) => setTimeout(r, 5));
      const logWhenListening = log;
      // The first request answered after the restart sees none of the run's rows.
      let first: { status: number; total: number } | null = null;
      while (!first) {
        if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not answer:\n${log}`);
        first = await fetch(`http://127.0.0.1:${port}/api/mdapi/vendor/page?f.code.like=KL&size=1`, { headers: { authorization: `Bearer ${token}` } }).then(
          async (r) => ({ status: r.status, total: Number(((await r.json()) as { data?: { total?: number } }).data?.total) }),
          () => null,
        );
      }
      expect(first, log).toEqual({ status: 200, total: 0 });
      expect(logWhenListening, log).toContain('an interrupted import was undone');
      expect(logWhenListening, log).toContain(undoneLine);
      expect(log.indexOf(undoneLine), log).toBeLessThan(log.indexOf('is running at'));
    } finally {
      const exited = new Promise((r) => (server.exitCode === null && server.signalCode === null ? server.once('exit', r) : r(null)));
      server.kill('SIGTERM');
      await exited;
    }
  }, 300_000);
});
