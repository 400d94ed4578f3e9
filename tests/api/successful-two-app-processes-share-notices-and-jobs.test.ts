import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/database';
import { createJob, enqueueJob } from '../../src/server/services/jobs';
import { queueImportJob } from '../../src/server/services/import/import-jobs.service';
import type { AuthContext } from '../../src/server/access/auth-context';
import { vendorRow, writeEntityFile } from '../../fixtures/xlsx/large';
import { multipart } from './import-support';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { prepareDatabase, TEST_CONFIG_OVERRIDES } from '../support/pglite-template';

/**
 * Issue 15 "More than one process": two real app processes (tests/api/app-process-child.ts, each
 * with its own socket.io server and job runner) on one PostgreSQL schema and one Redis.
 * - a notice raised by a request to process A reaches a socket connected to process B (the
 *   socket.io Redis adapter), and not a socket of another company on B;
 * - queued jobs are claimed with FOR UPDATE SKIP LOCKED: a job the test holds locked is passed
 *   over while the processes run the others, and runs once released;
 * - the process running a long export is killed (SIGKILL): the other takes the job over when its
 *   lease runs out and finishes it.
 * - imports (issue 15) are runner jobs too: a locked queued import is passed over and runs once
 *   released; an import whose process is killed in the middle of its write is taken over and runs
 *   again from the start, its rows written exactly once (the dead process's transaction never
 *   committed).
 * Needs PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL, set in CI).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

type Proc = { child: ChildProcess; url: string; worker: string; out: string };
type Msg = { type: string; [k: string]: unknown };

describe.skipIf(!pgUrl || !redisUrl)('two app processes on PostgreSQL and Redis', () => {
  const schema = `t2p_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const dataDir = resolve(`.tmp/two-processes-${process.pid}`);
  let databaseUrl = '';
  let database: Database;
  const procs: Proc[] = [];
  const sockets: Socket[] = [];

  function start(name: string): Promise<Proc> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/app-process-child.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_CONFIG_OVERRIDES.jwtSecret,
        JOB_LEASE_SECONDS: '2',
        JOB_POLL_MS: '200',
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const proc: Proc = { child, url: '', worker: '', out: '' };
    return new Promise((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`${name} did not start:\n${proc.out}`)), 110_000);
      child.stderr!.on('data', (d) => (proc.out += String(d)));
      child.stdout!.on('data', (d) => {
        proc.out += String(d);
        const m = /LISTENING (\d+) (\S+)/.exec(proc.out);
        if (m && !proc.url) {
          clearTimeout(timer);
          proc.url = `http://127.0.0.1:${m[1]}`;
          proc.worker = m[2];
          ok(proc);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (!proc.url) fail(new Error(`${name} exited (${code}):\n${proc.out}`));
      });
    });
  }

  beforeAll(async () => {
    mkdirSync(dataDir, { recursive: true });
    const admin = await openDatabase({ databaseUrl: pgUrl, dataDir: '' });
    await sql.raw(`create schema ${schema}`).execute(admin.db);
    await admin.close();
    const u = new URL(pgUrl!);
    u.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = u.toString();
    const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: '' }, { ...TEST_CONFIG_OVERRIDES, dataDir });
    database = await openDatabase(config);
    await prepareDatabase(database, config);
    procs.push(await start('A'), await start('B'));
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const p of procs) {
      if (p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGCONT');
        p.child.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            p.child.kill('SIGKILL');
            r(null);
          }, 5000);
          p.child.once('exit', () => {
            clearTimeout(t);
            r(null);
          });
        });
      }
    }
    await database?.close();
    const admin = await openDatabase({ databaseUrl: pgUrl, dataDir: '' });
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin.db);
    await admin.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function api<T>(base: string, method: string, path: string, token: string | null, payload?: unknown): Promise<{ status: number; body: { code: number; data: T } }> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    return { status: res.status, body: (await res.json()) as { code: number; data: T } };
  }
  async function signIn(base: string, username: string): Promise<string> {
    const r = await api<{ access_token: string }>(base, 'POST', '/api/access/login', null, { username, password: DEMO_PASSWORD });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.access_token;
  }
  function socketTo(base: string, token: string): Promise<Socket> {
    const s = connect(base, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token } });
    sockets.push(s);
    return new Promise((ok, fail) => {
      s.once('connect', () => {
        s.emit('message', { type: 'connect' });
        ok(s);
      });
      s.once('connect_error', fail);
    });
  }
  const collect = (s: Socket, type: string): Msg[] => {
    const got: Msg[] = [];
    s.on('message', (m: Msg) => {
      if (m?.type === type) got.push(m);
    });
    return got;
  };
  async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  type JobState = { id: number; status: string; locked_by: string | null; attempts: number; result: { size?: number } | null };
  const jobs = async (ids: number[]) =>
    (await sql<JobState>`select id, status, locked_by, attempts, result from jobs where id in (${sql.join(ids)}) order by id`.execute(database.db)).rows;

  it('a notice raised through process A reaches the socket of a user connected to process B, not another company', async () => {
    const [a, b] = procs;
    const buyer = await signIn(a.url, 'brand.buyer');
    const maker = await signIn(b.url, 'maker');
    const buyerOnB = await socketTo(b.url, buyer);
    const makerOnB = await socketTo(b.url, maker);
    const toBuyer = collect(buyerOnB, 'notifyto2');
    const toMaker = collect(makerOnB, 'notifyto2');
    // Both sockets are in their rooms on B before the notice is raised on A.
    await new Promise((r) => setTimeout(r, 300));

    const admin = await signIn(a.url, 'brand');
    const base = '/api/notifyapi/announcement';
    const saved = await api<{ id: number }>(a.url, 'POST', `${base}/save`, admin, { title: '两个进程的公告', category: 'notice', detail: '在进程 A 发布', department: '行政部' });
    expect(saved.status).toBe(200);
    const published = await api<{ rows: Array<{ status: string }> }>(a.url, 'POST', `${base}/action/publish`, admin, { ids: [saved.body.data.id], version: 1 });
    expect(published.body.data.rows[0].status).toBe('published');

    const got = await until('the notice on B', async () => toBuyer[0]);
    const unread = (await api<{ unread: number }>(b.url, 'GET', '/api/notifyapi/notify-msg/unread-index', buyer)).body.data.unread;
    expect(got).toMatchObject({ type: 'notifyto2', kind: 'announcement.published', unread });
    await new Promise((r) => setTimeout(r, 500));
    expect(toMaker).toEqual([]);
  }, 60_000);

  it('queued exports are claimed with SKIP LOCKED: a locked job is passed over, the others run, then it runs', async () => {
    const brand = (await sql<{ id: number; client_id: number }>`select id, client_id from users where username = 'brand'`.execute(database.db)).rows[0];
    const vendorIds = (await sql<{ id: number }>`select id from md_vendor where client_id = ${brand.client_id} order by id`.execute(database.db)).rows.map((r) => r.id);
    expect(vendorIds.length).toBeGreaterThan(0);
    const owner = { clientId: brand.client_id, userId: brand.id };
    const params = (n: number) => ({ entity: 'vendor', language: 'zh-CN', columns: [], ids: vendorIds, fileName: `v${n}.xlsx`, rows: vendorIds.length });

    // Pause both processes so that the test holds the first job's row lock before either looks.
    for (const p of procs) p.child.kill('SIGSTOP');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await enqueueJob(database.db, owner, 'export', `v${i}`, params(i))).id);
    const held = ids[0];
    await database.db.transaction().execute(async (tx) => {
      await sql`select id from jobs where id = ${held} for update`.execute(tx);
      for (const p of procs) p.child.kill('SIGCONT');
      const others = await until('the unlocked jobs done', async () => {
        const rows = await jobs(ids.slice(1));
        return rows.every((r) => r.status === 'done') ? rows : null;
      });
      for (const r of others) {
        expect(r.attempts).toBe(1);
        expect(procs.map((p) => p.worker)).toContain(r.locked_by);
      }
      // The held job was passed over, not waited for.
      expect((await sql<{ status: string }>`select status from jobs where id = ${held}`.execute(database.db)).rows[0].status).toBe('queued');
    });
    const [first] = await until('the released job done', async () => {
      const rows = await jobs([held]);
      return rows[0].status === 'done' ? rows : null;
    });
    expect(first.attempts).toBe(1);
    // Each file is on the shared data directory, where either process serves the download.
    for (const id of ids) expect(statSync(join(dataDir, 'files', 'exports', String(brand.client_id), `${id}.xlsx`)).size).toBeGreaterThan(0);
  }, 90_000);

  it('the job of a process that died is taken over by the other when its lease runs out', async () => {
    const brand = (await sql<{ id: number; client_id: number }>`select id, client_id from users where username = 'brand'`.execute(database.db)).rows[0];
    const vendorIds = (await sql<{ id: number }>`select id from md_vendor where client_id = ${brand.client_id} order by id`.execute(database.db)).rows.map((r) => r.id);
    // A long export: the vendors listed again and again (each id is one row of the sheet).
    const many = Array.from({ length: Math.ceil(40_000 / vendorIds.length) }, () => vendorIds).flat();
    const job = await enqueueJob(database.db, { clientId: brand.client_id, userId: brand.id }, 'export', 'long', { entity: 'vendor', language: 'zh-CN', columns: [], ids: many, fileName: 'long.xlsx', rows: many.length });
    const running = await until('the long export running', async () => {
      const [r] = await jobs([job.id]);
      return r.status === 'running' && r.locked_by ? r : null;
    });
    const holder = procs.find((p) => p.worker === running.locked_by)!;
    const other = procs.find((p) => p !== holder)!;
    holder.child.kill('SIGKILL');
    await new Promise((r) => holder.child.once('exit', r));
    expect(running.attempts).toBe(1);

    const done = await until(
      'the export finished by the other process',
      async () => {
        const [r] = await jobs([job.id]);
        return r.status === 'done' || r.status === 'failed' ? r : null;
      },
      120_000,
    );
    expect(done).toMatchObject({ status: 'done', locked_by: other.worker, attempts: 2 });
    const file = join(dataDir, 'files', 'exports', String(brand.client_id), `${job.id}.xlsx`);
    expect(existsSync(file) && statSync(file).size).toBeGreaterThan(0);
    expect(done.result?.size).toBe(statSync(file).size);
    // The survivor still serves the download to the job's owner.
    const token = await signIn(other.url, 'brand');
    const res = await fetch(`${other.url}/api/crossapi/ccommonapi/data-upload/jobs/${job.id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(statSync(file).size);
  }, 180_000);
  const vendorCount = async (clientId: number, prefix: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from md_vendor where client_id = ${clientId} and code like ${`${prefix}%`}`.execute(database.db)).rows[0].n;
  const ownerAuth = (user: { id: number; client_id: number }): AuthContext => ({
    userId: user.id, clientId: user.client_id, username: 'brand', fullname: 'brand', roles: [], isSuper: false, sessionId: '', platformId: '', language: 'zh-CN', tokenExp: 0,
  });

  it('queued imports are claimed with SKIP LOCKED: a locked import is passed over, the others run, then it runs', async () => {
    const brand = (await sql<{ id: number; client_id: number }>`select id, client_id from users where username = 'brand'`.execute(database.db)).rows[0];
    const dir = join(dataDir, 'files', 'imports', String(brand.client_id));
    mkdirSync(dir, { recursive: true });
    for (const p of procs) p.child.kill('SIGSTOP');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const source = join(dataDir, `skip-${i}.xlsx`);
      await writeEntityFile(source, 'vendor', 3, vendorRow(`SK${i}`));
      const job = await createJob(database.db, { clientId: brand.client_id, userId: brand.id }, 'import', `skip ${i}`, { entity: 'vendor', mode: 'insert', fileName: `skip-${i}.xlsx`, fileSize: statSync(source).size, language: 'zh-CN', commit: 'all' });
      copyFileSync(source, join(dir, `${job.id}.xlsx`));
      expect(await queueImportJob(database.db, job, ownerAuth(brand), { write: true, validOnly: false })).toBe(true);
      ids.push(job.id);
    }
    const held = ids[0];
    await database.db.transaction().execute(async (tx) => {
      await sql`select id from jobs where id = ${held} for update`.execute(tx);
      for (const p of procs) p.child.kill('SIGCONT');
      const others = await until('the unlocked imports done', async () => {
        const rows = await jobs(ids.slice(1));
        return rows.every((r) => r.status === 'done') ? rows : null;
      });
      for (const r of others) {
        expect(r.attempts).toBe(1);
        expect(procs.map((p) => p.worker)).toContain(r.locked_by);
      }
      expect((await sql<{ status: string }>`select status from jobs where id = ${held}`.execute(database.db)).rows[0].status).toBe('queued');
      expect(await vendorCount(brand.client_id, 'SK0')).toBe(0);
    });
    const [first] = await until('the released import done', async () => {
      const rows = await jobs([held]);
      return rows[0].status === 'done' ? rows : null;
    });
    expect(first.attempts).toBe(1);
    for (let i = 0; i < 4; i++) expect(await vendorCount(brand.client_id, `SK${i}`)).toBe(3);
  }, 90_000);

  it('an import whose process died mid-write is taken over by the other and written exactly once', async () => {
    // The export test before killed one process: start another, so two run again.
    const live = () => procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    while (live().length < 2) procs.push(await start(`C${procs.length}`));
    const [a] = live();
    const token = await signIn(a.url, 'brand');
    const brand = (await sql<{ id: number; client_id: number }>`select id, client_id from users where username = 'brand'`.execute(database.db)).rows[0];
    const rows = 60_000;
    const file = join(dataDir, 'takeover.xlsx');
    await writeEntityFile(file, 'vendor', rows, vendorRow('TK'));
    const body = multipart([
      { name: 'entity', value: 'vendor' },
      { name: 'commit', value: 'all' },
      { name: 'file', filename: 'takeover.xlsx', content: readFileSync(file) },
    ]);
    const res = await fetch(`${a.url}/api/crossapi/ccommonapi/data-upload/upload`, { method: 'POST', headers: { ...body.headers, authorization: `Bearer ${token}` }, body: new Uint8Array(body.payload) });
    expect(res.status).toBe(200);
    const jobId = ((await res.json()) as { data: { id: number } }).data.id;
    // Killed once it has sent its first batch inside its transaction (progress is reported after each batch).
    const running = await until('the import writing', async () => {
      const [r] = await jobs([jobId]);
      const progress = (await sql<{ progress: number }>`select progress from jobs where id = ${jobId}`.execute(database.db)).rows[0].progress;
      return r.status === 'running' && r.locked_by && progress > 0 ? r : null;
    }, 120_000);
    const holder = procs.find((p) => p.worker === running.locked_by)!;
    const other = procs.find((p) => p !== holder && p.child.exitCode === null && p.child.signalCode === null);
    if (!other) throw new Error('no surviving process to take the import over');
    holder.child.kill('SIGKILL');
    await new Promise((r) => holder.child.once('exit', r));
    expect(await vendorCount(brand.client_id, 'TK')).toBe(0);

    const done = await until(
      'the import finished by the other process',
      async () => {
        const [r] = await jobs([jobId]);
        return r.status === 'done' || r.status === 'failed' || r.status === 'checked' ? r : null;
      },
      180_000,
    );
    expect(done).toMatchObject({ status: 'done', locked_by: other.worker, attempts: 2 });
    expect((done.result as { inserted?: number } | null)?.inserted).toBe(rows);
    expect(await vendorCount(brand.client_id, 'TK')).toBe(rows);
  }, 300_000);
});
