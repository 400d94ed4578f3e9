import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { vendorRow, writeEntityFile } from '../../fixtures/xlsx/large';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { recoverImportRuns } from '../../src/server/services/import';
import { failInterruptedJobs } from '../../src/server/services/jobs';

const dir = resolve(`.tmp/import-kill-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A server killed in the middle of an import leaves no partial rows once it starts again. On the
 * embedded database the import commits batch by batch (sign-in and every other request get the one
 * connection in between), so the dead run's batches are on disk; the restart marks the job failed
 * and undoes the run from its journal (failInterruptedJobs and recoverImportRuns, called by main.ts).
 * Embedded PGlite only: the child owns the database directory while it runs.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('an import killed midway', () => {
  it('leaves no rows and the job failed after restart', async () => {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'vendors.xlsx');
    await writeEntityFile(file, 'vendor', 20000, vendorRow('KL'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/import-kill-child.ts'], {
      env: { ...process.env, DATA_DIR: dir, IMPORT_FILE: file, LOG_LEVEL: 'silent' },
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
        // Several batches are inserted inside the open transaction: kill now.
        if (rows.length && rows[rows.length - 1] >= 5000) {
          child.kill('SIGKILL');
          ok(rows[rows.length - 1]);
        }
      });
      child.once('exit', (code) => fail(new Error(`child exited (${code}) before it was killed:\n${out}`)));
    });
    await new Promise((r) => (child.exitCode === null && child.signalCode === null ? child.once('exit', r) : r(null)));
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
});
