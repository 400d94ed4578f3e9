/**
 * Bench B10 (issue 19, "the server under load"): 50 concurrent users for 60 s against the server as
 * `npm start` runs it (src/server/main.ts in a child process with the server's Node flags, on
 * loopback), on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL as a plain login role.
 *
 * Users: B10_USERS (50) virtual users spread over the demo companies' seven users (brand,
 * brand.buyer, brand.finance, maker, maker.planner, supplier, supplier.sales), each signed in with
 * its own token. Each loops, with a think time of 0.5-1.5 s (B10_THINK_MS=1000 average) between
 * calls, as a planner at a grid does:
 * - list: a page of the customer grid (generic API `GET /api/mdapi/customer/page`, 20 rows, sorted);
 * - view: one customer (`GET .../view?id=`);
 * - save: the record just viewed with a changed remark and the version it read (`POST .../save`).
 *   Nine saves in ten edit the user's own customer (created in the set-up), one in ten the
 *   company's shared first customer, which colleagues edit too: a 409 there is the product saying
 *   "already changed by someone else", counted as a conflict, not as an error.
 * Three of the users (the companies' administrators) also import: a vendor workbook of
 * B10_IMPORT_ROWS (2,000) rows, upsert by code, all-or-nothing (`POST /api/mdapi/vendor/import`),
 * then poll the job until it ends; an import that does not end `done` is an error.
 * Errors: any other reply than 200 (409 on save excepted), a network failure, a failed import.
 * The baseline is the same loop from 1 user for B10_BASELINE_SECONDS (20) in the same run: p99 at
 * 50 users against p99 at 1 user, per call. Memory: the server's RSS (/proc) every second through
 * the 60 s; stable = the mean of the last 20 s at most 64 MB above the mean of the first 20 s.
 *
 * Fair queueing: after the load, sign-in (`POST /api/access/login`, the product's argon2 cost)
 * once a second for 10 s idle, then once a second while one user imports B10_LONG_ROWS (30,000)
 * vendors, first as a check (`commit=check`: short transactions, the import yields the connection
 * between batches), then as the all-or-nothing write (one transaction); target: no sign-in during
 * either takes more than 1 s.
 *
 * Usage: `npm run bench -- b10` (add TEST_DATABASE_URL for PostgreSQL too; B10_ONLY=PGlite or
 * PostgreSQL for one). The clients run in this process, on the same 2 cores as the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { vendorRow, writeEntityFile } from '../../fixtures/xlsx/large';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { plainRoleSpace } from './bench-databases.util';
import type { Bench, BenchLine, BenchResult } from './run';

const USERS = Number(process.env.B10_USERS ?? 50);
const SECONDS = Number(process.env.B10_SECONDS ?? 60);
const BASELINE_SECONDS = Number(process.env.B10_BASELINE_SECONDS ?? 20);
const THINK_MS = Number(process.env.B10_THINK_MS ?? 1000);
const IMPORT_ROWS = Number(process.env.B10_IMPORT_ROWS ?? 2000);
const LONG_ROWS = Number(process.env.B10_LONG_ROWS ?? 30_000);
const SIGN_IN_TARGET_MS = 1000;
const RSS_GROWTH_LIMIT = 64 * 1024 * 1024;
const DIR = resolve('.tmp/bench-b10');
const ACCOUNTS = ['brand', 'brand.buyer', 'brand.finance', 'maker', 'maker.planner', 'supplier', 'supplier.sales'];
const IMPORTERS = ['brand', 'maker', 'supplier'];
const CALLS = ['sign-in', 'list', 'view', 'save', 'import upload', 'import job', 'import to done'] as const;
type Call = (typeof CALLS)[number];

// ---- the server process -------------------------------------------------------------------

type Server = { child: ChildProcess; url: string; output: () => string };

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? ok(a.port) : fail(new Error('no port'))));
    });
  });
}

/** main.ts as `npm start` runs it: migrate, row-level security, menus, demo seed, API and socket. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', REDIS_URL: '', JOB_POLL_MS: '500' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${out.slice(-2000)}`)), 180_000);
    const onData = () => {
      if (out.includes('is running at')) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        ok();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${code ?? signal}):\n${out.slice(-2000)}`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => out };
}

async function stopServer(s: Server): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.removeAllListeners('exit');
  await new Promise<void>((r) => {
    s.child.once('exit', () => r());
    s.child.kill('SIGTERM');
    setTimeout(() => s.child.kill('SIGKILL'), 10_000).unref();
  });
}

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

// ---- calls ----------------------------------------------------------------------------------

class Stats {
  readonly times = new Map<Call, number[]>(CALLS.map((c) => [c, []]));
  errors = 0;
  conflicts = 0;
  readonly errorSamples: string[] = [];
  imports = 0;
  importedRows = 0;

  add(call: Call, ms: number): void {
    this.times.get(call)!.push(ms);
  }

  error(what: string): void {
    this.errors++;
    if (this.errorSamples.length < 5) this.errorSamples.push(what.slice(0, 300));
  }

  p(call: Call, q: number): number | null {
    const s = [...this.times.get(call)!].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((q / 100) * s.length) - 1))] : null;
  }
}

type Reply = { status: number; json: { code?: number; message?: string; data?: unknown } };

async function call(stats: Stats | null, name: Call, url: string, init: RequestInit): Promise<Reply> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, init);
    const text = await res.text();
    const ms = performance.now() - t0;
    stats?.add(name, ms);
    let json: Reply['json'] = {};
    try {
      json = JSON.parse(text) as Reply['json'];
    } catch {
      json = { message: text.slice(0, 200) };
    }
    return { status: res.status, json };
  } catch (error) {
    stats?.add(name, performance.now() - t0);
    return { status: 0, json: { message: error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error) } };
  }
}

const jsonInit = (method: string, token: string | null, body?: unknown): RequestInit => ({
  method,
  headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

async function signIn(stats: Stats | null, url: string, username: string): Promise<string> {
  const r = await call(stats, 'sign-in', `${url}/api/access/login`, jsonInit('POST', null, { username, password: DEMO_PASSWORD }));
  const token = (r.json.data as { access_token?: string } | undefined)?.access_token;
  if (r.status !== 200 || !token) throw new Error(`sign-in of ${username}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
  return token;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(THINK_MS * (0.5 + Math.random()));

type User = { n: number; account: string; token: string; own: number; shared: number; importFile: string | null };

/** One user's list, view and save (own record nine times in ten, the company's shared one else). */
async function cycle(url: string, u: User, stats: Stats, round: number): Promise<void> {
  const page = await call(stats, 'list', `${url}/api/mdapi/customer/page?page=1&size=20&sort=code`, jsonInit('GET', u.token));
  if (page.status !== 200) stats.error(`list ${page.status} ${JSON.stringify(page.json)}`);
  await think();
  const id = Math.random() < 0.1 ? u.shared : u.own;
  const view = await call(stats, 'view', `${url}/api/mdapi/customer/view?id=${id}`, jsonInit('GET', u.token));
  if (view.status !== 200) {
    stats.error(`view ${view.status} ${JSON.stringify(view.json)}`);
    return;
  }
  await think();
  const record = view.json.data as Record<string, unknown>;
  const save = await call(stats, 'save', `${url}/api/mdapi/customer/save`, jsonInit('POST', u.token, { ...record, remark: `B10 user ${u.n} round ${round}` }));
  if (save.status === 409) stats.conflicts++;
  else if (save.status !== 200) stats.error(`save ${save.status} ${JSON.stringify(save.json)}`);
  await think();
}

/** Uploads a workbook (upsert, all-or-nothing) and polls its job to the end; the job's time. */
async function importFile(url: string, token: string, file: string, stats: Stats | null, commit: 'all' | 'check' = 'all'): Promise<{ ok: boolean; ms: number; detail: string }> {
  const form = new FormData();
  form.set('mode', 'upsert');
  form.set('commit', commit);
  form.set('file', new Blob([readFileSync(file)]), 'vendors.xlsx');
  const t0 = performance.now();
  const up = await call(stats, 'import upload', `${url}/api/mdapi/vendor/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const job = up.json.data as { id?: number } | undefined;
  if (up.status !== 200 || !job?.id) return { ok: false, ms: 0, detail: `upload ${up.status} ${JSON.stringify(up.json).slice(0, 300)}` };
  for (;;) {
    await sleep(500);
    const r = await call(stats, 'import job', `${url}/api/crossapi/ccommonapi/data-upload/jobs/${job.id}`, jsonInit('GET', token));
    const j = r.json.data as { status?: string; error?: string; result?: unknown } | undefined;
    if (r.status !== 200) return { ok: false, ms: performance.now() - t0, detail: `job ${r.status} ${JSON.stringify(r.json).slice(0, 300)}` };
    if (j?.status === (commit === 'all' ? 'done' : 'checked')) return { ok: true, ms: performance.now() - t0, detail: '' };
    if (j?.status === 'failed' || j?.status === 'checked') return { ok: false, ms: performance.now() - t0, detail: `import ${j.status}: ${j.error ?? ''} ${JSON.stringify(j.result).slice(0, 300)}` };
  }
}

/** Signs the users in and gives each its own customer to edit (set-up, not measured). */
async function prepareUsers(url: string, count: number, files: Map<string, string>): Promise<User[]> {
  const tokens = new Map<string, string>();
  const shared = new Map<string, number>();
  for (const a of ACCOUNTS) {
    const token = await signIn(null, url, a);
    tokens.set(a, token);
    const first = await call(null, 'list', `${url}/api/mdapi/customer/page?page=1&size=1&sort=id`, jsonInit('GET', token));
    const rows = (first.json.data as { rows?: Array<{ id: number }> } | undefined)?.rows ?? [];
    if (!rows.length) throw new Error(`${a} sees no customer: ${JSON.stringify(first.json).slice(0, 300)}`);
    shared.set(a.split('.')[0], rows[0].id);
  }
  const users: User[] = [];
  for (let n = 0; n < count; n++) {
    // The administrators first (they import), then round robin over all seven.
    const account = n < IMPORTERS.length ? IMPORTERS[n] : ACCOUNTS[n % ACCOUNTS.length];
    const token = await signIn(null, url, account);
    const code = `B10U${String(n + 1).padStart(3, '0')}${Date.now().toString(36).toUpperCase()}`;
    const made = await call(null, 'save', `${url}/api/mdapi/customer/save`, jsonInit('POST', tokens.get(account)!, { code, name: `负载测试客户 ${n + 1}`, customer_type: 'brand', currency: 'CNY' }));
    const id = (made.json.data as { id?: number } | undefined)?.id;
    if (made.status !== 200 || !id) throw new Error(`set-up save: ${made.status} ${JSON.stringify(made.json).slice(0, 300)}`);
    users.push({ n: n + 1, account, token, own: id, shared: shared.get(account.split('.')[0])!, importFile: n < IMPORTERS.length ? (files.get(account) ?? null) : null });
  }
  return users;
}

type Phase = { stats: Stats; ms: number; rss: number[] };

/** `users` loop for `seconds`; the importers import between their cycles. RSS sampled every second. */
async function runPhase(server: Server, users: User[], seconds: number): Promise<Phase> {
  const stats = new Stats();
  const rss: number[] = [rssOf(server.child.pid!)];
  const sampler = setInterval(() => rss.push(rssOf(server.child.pid!)), 1000);
  const end = Date.now() + seconds * 1000;
  const t0 = performance.now();
  try {
    await Promise.all(
      users.map(async (u, i) => {
        await sleep((i / users.length) * THINK_MS); // spread the starts over one think time
        for (let round = 1; Date.now() < end; round++) {
          if (u.importFile) {
            const r = await importFile(server.url, u.token, u.importFile, stats);
            if (r.ok) {
              stats.add('import to done', r.ms);
              stats.imports++;
              stats.importedRows += IMPORT_ROWS;
            } else stats.error(r.detail);
            if (Date.now() >= end) break;
          }
          await cycle(server.url, u, stats, round);
        }
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  return { stats, ms: performance.now() - t0, rss };
}

type Stall = { during: number[]; importMs: number; ok: boolean; detail: string };

/** Sign-in once a second while one long import runs (a check, or an all-or-nothing write). */
async function signInsDuring(server: Server, file: string, commit: 'all' | 'check'): Promise<Stall> {
  const token = await signIn(null, server.url, 'brand');
  const during: number[] = [];
  let done = false;
  const imported = importFile(server.url, token, file, null, commit).finally(() => (done = true));
  while (!done) {
    const t0 = performance.now();
    await signIn(null, server.url, 'brand.buyer');
    if (!done) during.push(performance.now() - t0);
    await sleep(Math.max(0, 1000 - (performance.now() - t0)));
  }
  const r = await imported;
  return { during, importMs: r.ms, ok: r.ok, detail: r.detail };
}

/** Sign-in once a second: 10 s idle, then during a check of the long file, then during its write. */
async function fairness(server: Server, file: string): Promise<{ idle: number[]; check: Stall; write: Stall }> {
  const idle: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    await signIn(null, server.url, 'brand.buyer');
    idle.push(performance.now() - t0);
    await sleep(Math.max(0, 1000 - (performance.now() - t0)));
  }
  const check = await signInsDuring(server, file, 'check');
  const write = await signInsDuring(server, file, 'all');
  return { idle, check, write };
}

// ---- the databases --------------------------------------------------------------------------

const ms = (v: number | null) => (v === null ? '-' : `${v.toFixed(0)} ms`);
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function measureOne(name: 'PGlite' | 'PostgreSQL', files: Map<string, string>, longFile: string): Promise<{ lines: BenchLine[]; passed: boolean }> {
  const dataDir = join(DIR, `${name.toLowerCase()}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // As B2 runs PostgreSQL: a fresh schema owned by the benches' plain login role.
  const pg = name === 'PostgreSQL' ? await plainRoleSpace(process.env.TEST_DATABASE_URL!, { schema: `b10_${process.pid}` }) : null;
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', JWT_SECRET: 'b10-load-secret-b10-load-secret-b10' });
  try {
    const users = await prepareUsers(server.url, USERS, files);
    const loadBefore = load();
    // Baseline: the same loop from one user (the first administrator: lists, views, saves, imports).
    const one = await runPhase(server, users.slice(0, 1), BASELINE_SECONDS);
    const many = await runPhase(server, users, SECONDS);
    const loadAfter = load();
    const fair = await fairness(server, longFile);
    const idleRss = rssOf(server.child.pid!);
    const rss = many.rss;
    const first = mean(rss.slice(0, 20));
    const last = mean(rss.slice(-20));
    const growth = last - first;
    const s = many.stats;
    const calls = CALLS.filter((c) => c !== 'import to done').map((c) => s.times.get(c)!.length).reduce((a, b) => a + b, 0);
    const lines: BenchLine[] = [
      { label: `${name}: load average (1/5/15 min)`, value: `${loadBefore} before, ${loadAfter} after the 50 users` },
      { label: `${name}: ${USERS} users, ${SECONDS} s`, value: `${calls} calls (${(calls / (many.ms / 1000)).toFixed(1)}/s), ${s.errors} errors, ${s.conflicts} save conflicts (409), ${s.imports} imports of ${IMPORT_ROWS} rows done` },
    ];
    for (const c of ['list', 'view', 'save', 'import upload', 'import job', 'import to done'] as const) {
      const p1 = one.stats.p(c, 99);
      const p50 = s.p(c, 99);
      lines.push({
        label: `${name}: ${c} p50 / p99 (n)`,
        value: `1 user ${ms(one.stats.p(c, 50))} / ${ms(p1)} (${one.stats.times.get(c)!.length}); ${USERS} users ${ms(s.p(c, 50))} / ${ms(p50)} (${s.times.get(c)!.length})${p1 && p50 ? `; p99 ${(p50 / p1).toFixed(2)}x` : ''}`,
      });
    }
    lines.push({ label: `${name}: RSS start / max / end`, value: `${mb(rss[0])} / ${mb(Math.max(...rss))} / ${mb(rss[rss.length - 1])}; mean of last 20 s - first 20 s ${growth >= 0 ? '+' : ''}${mb(growth)} (limit +${mb(RSS_GROWTH_LIMIT)}); after the sign-in test ${mb(idleRss)}` });
    if (s.errorSamples.length) lines.push({ label: `${name}: first errors`, value: s.errorSamples.join(' | ') });
    const idleMax = Math.max(...fair.idle);
    const maxOf = (x: Stall) => (x.during.length ? Math.max(...x.during) : 0);
    lines.push({ label: `${name}: sign-in idle`, value: `median ${ms([...fair.idle].sort((a, b) => a - b)[5])}, max ${ms(idleMax)} (10 sign-ins, one a second)` });
    for (const [what, x] of [['check (short transactions)', fair.check], ['all-or-nothing write', fair.write]] as const) {
      lines.push({
        label: `${name}: sign-in during a ${LONG_ROWS}-row ${what}`,
        value: `max ${ms(maxOf(x))} over ${x.during.length} sign-ins, ${(maxOf(x) / idleMax).toFixed(2)}x idle max (import ${(x.importMs / 1000).toFixed(1)} s${x.ok ? '' : `, FAILED ${x.detail}`})`,
      });
    }
    const passed = s.errors === 0 && growth <= RSS_GROWTH_LIMIT && fair.check.ok && fair.write.ok && maxOf(fair.check) <= SIGN_IN_TARGET_MS && maxOf(fair.write) <= SIGN_IN_TARGET_MS;
    return { lines, passed };
  } catch (error) {
    console.error(`B10 ${name}: server output:\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    await stopServer(server);
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function run(): Promise<BenchResult> {
  mkdirSync(DIR, { recursive: true });
  const files = new Map<string, string>();
  for (const a of IMPORTERS) {
    const f = join(DIR, `vendors-${a}.xlsx`);
    await writeEntityFile(f, 'vendor', IMPORT_ROWS, vendorRow(`L${a.slice(0, 1).toUpperCase()}`));
    files.set(a, f);
  }
  const longFile = join(DIR, 'vendors-long.xlsx');
  await writeEntityFile(longFile, 'vendor', LONG_ROWS, vendorRow('LL'));
  const names = (process.env.TEST_DATABASE_URL ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const)).filter((n) => !process.env.B10_ONLY || n === process.env.B10_ONLY);
  const lines: BenchLine[] = [];
  let passed = true;
  for (const name of names) {
    const r = await measureOne(name, files, longFile);
    lines.push(...r.lines);
    passed &&= r.passed;
  }
  return { lines, passed, target: `${USERS} users for ${SECONDS} s: zero errors, RSS growth <= ${mb(RSS_GROWTH_LIMIT)}; sign-in during a long import <= ${SIGN_IN_TARGET_MS} ms` };
}

export const bench: Bench = { id: 'B10', title: `${USERS} concurrent users list, view, save and import for ${SECONDS} s; sign-in during a long import`, run };
