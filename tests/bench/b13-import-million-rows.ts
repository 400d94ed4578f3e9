/**
 * Bench B13 (issue 33): a 1,000,000-row file imports in bounded memory on PostgreSQL, with
 * progress. Target: the server's peak RSS at most 1 GB above its idle size (the app started,
 * migrated and seeded, nothing imported, after a forced collection: the anchor), the progress
 * reported all the way (rising, ending at 100). Baseline in the same run: the same import of a
 * 100,000-row file of the same shape (`B13_BASE_ROWS`); bounded memory means the 1,000,000-row
 * peak above idle is about the baseline's, not ten times it, and the ratio is printed.
 *
 * The file: materials of 7 columns (code, name, group, unit, supplier code, price, specification),
 * written with the streaming writer; 20 columns as B2's would unpack past the reader's 512 MiB
 * bound for one part (xlsx-zip.ts), and the upload is bounded at 50 MB (its size is printed).
 * Each size runs in a child process of its own started with the server's Node flags
 * (scripts/server-flags.mjs), as the server runs, on PostgreSQL as the product's plain role
 * (excel-bench.util.ts), listening on loopback: the file goes up through the import centre's upload
 * route (multipart, streamed from disk, commit=all as "import directly"), the job runner runs it, and
 * the job is polled over HTTP every 3 s as the import page polls it without a socket (use-job.ts).
 * The row limit is raised to the file's size through IMPORT_MAX_ROWS (default 100,000), as an
 * operator raises it; the uploading client runs in the same process (a streamed body: a few MB). The peak is read twice: sampled every 20 ms, and as the kernel's
 * high-water mark (VmHWM, reset after the idle size is taken), the larger judged.
 *
 * `TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- b13`
 */
import { execFileSync } from 'node:child_process';
import { openAsBlob, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { withTenant } from '../../src/server/kernel/rls';
import { vendorRow, writeEntityFile, type RowMaker } from '../../fixtures/xlsx/large';
import { BENCH_DIR, benchDatabases, gc, mb, measure } from './excel-bench.util';
import type { Bench, BenchLine } from './run';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const ROWS = Number(process.env.B13_ROWS ?? 1_000_000);
const BASE_ROWS = Number(process.env.B13_BASE_ROWS ?? 100_000);
/** Peak RSS above the idle server (issue 33). */
const LIMIT = 1024 * 1024 * 1024;
const UPLOAD_LIMIT = 50 * 1024 * 1024;
const vendorFile = join(BENCH_DIR, 'b13-vendors.xlsx');
const fileOf = (rows: number) => join(BENCH_DIR, `b13-materials-${rows}.xlsx`);
const vendorCodes = ['MV0001', 'MV0002', 'MV0003', 'MV0004'];

/** A material of 7 filled columns (the other template columns left blank). */
const materialRow =
  (prefix: string): RowMaker =>
  (i) => ({
    code: `${prefix}${String(i + 1).padStart(7, '0')}`,
    name: `物料 ${i + 1}`,
    material_group: ['面料', 'trim', 'packing', 'lining'][i % 4],
    unit: ['M', 'PCS', 'KG', 'SET'][i % 4],
    vendor_id: vendorCodes[i % vendorCodes.length],
    price: Math.round(((i % 1000) * 1.37 + 1) * 100) / 100,
    spec: `幅宽 ${140 + (i % 40)}cm`,
  });

type ChildResult = {
  rows: number;
  /** Upload to the job's end, as the user waits for it. */
  ms: number;
  /** The upload's HTTP call alone (the file streamed to the server, the job queued). */
  uploadMs: number;
  /** The job's own count of inserted records. */
  inserted: number;
  idleRss: number;
  peakSampled: number;
  peakHwm: number | null;
  stored: number;
  /** The polls: how many, rising, the last percent, the longest time between two, and how long the server took to answer one (median, max). */
  progress: { reports: number; rising: boolean; last: number; longestGapMs: number; answerMedianMs: number; answerMaxMs: number };
};

/** The kernel's high-water mark of this process's RSS (bytes), or null where /proc is not there. */
function hwm(): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the high-water mark to the RSS now (Linux: 5 to clear_refs); false where it cannot. */
function resetHwm(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

const UPLOAD = '/api/crossapi/ccommonapi/data-upload';
/** How often the import page asks for its job when no socket event comes (src/client/engine/use-job.ts). */
const POLL_MS = 3000;
type JobView = { id: number; status: string; error: string | null; progress: number; total: number; result: { insertedTotal?: number } | null };

/** Signs the brand's administrator in over HTTP, as the browser does; the bearer token. */
async function signIn(url: string): Promise<string> {
  const r = await fetch(`${url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'brand', password: DEMO_PASSWORD }) });
  const token = ((await r.json()) as { data?: { access_token?: string } }).data?.access_token;
  if (!token) throw new Error(`sign-in: ${r.status}`);
  return token;
}

/**
 * Uploads `file` to the import centre's upload route as the import page does (multipart: entity,
 * mode, commit=all, the file streamed from disk), then polls the job every POLL_MS, as the page does
 * without a socket, until it ends; each poll's percent is noted.
 */
async function uploadAndFollow(url: string, token: string, entity: string, file: string, reports: Array<{ at: number; percent: number; answerMs: number }> = []): Promise<{ job: JobView; uploadMs: number }> {
  const form = new FormData();
  form.set('entity', entity);
  form.set('mode', 'insert');
  form.set('commit', 'all');
  form.set('file', await openAsBlob(file), `${entity}.xlsx`);
  const t0 = performance.now();
  const up = await fetch(`${url}${UPLOAD}/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-lang': 'zh-CN' }, body: form });
  const uploadMs = performance.now() - t0;
  const id = ((await up.json()) as { data?: { id?: number } }).data?.id;
  if (up.status !== 200 || !id) throw new Error(`upload of ${file}: ${up.status}`);
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const asked = performance.now();
    const r = await fetch(`${url}${UPLOAD}/jobs/${id}`, { headers: { authorization: `Bearer ${token}`, 'x-lang': 'zh-CN' } });
    const job = ((await r.json()) as { data: JobView }).data;
    if (job.total > 0) reports.push({ at: performance.now() - t0, percent: Math.round((100 * job.progress) / job.total), answerMs: performance.now() - asked });
    if (job.status !== 'queued' && job.status !== 'running') return { job, uploadMs };
  }
}

/**
 * One file imported in this (child) process on PostgreSQL through the server's HTTP upload route and
 * its job runner, as a user's upload runs (the row limit raised to the file's size through
 * IMPORT_MAX_ROWS, as an operator raises it); prints one JSON line.
 */
async function child(rows: number): Promise<void> {
  process.env.IMPORT_MAX_ROWS = String(Math.max(rows, 100_000));
  for await (const target of benchDatabases('PostgreSQL')) {
    const db = target.t.app.db;
    const url = await target.t.app.listen({ host: '127.0.0.1', port: 0 });
    const token = await signIn(url);
    const vendors = await uploadAndFollow(url, token, 'vendor', vendorFile);
    if (vendors.job.status !== 'done') throw new Error(`vendor set-up: ${vendors.job.status} ${vendors.job.error ?? ''}`);
    // The anchor: the server idle, everything before the import collected.
    gc();
    await new Promise((r) => setTimeout(r, 300));
    gc();
    const idleRss = process.memoryUsage().rss;
    const reset = resetHwm();
    const reports: Array<{ at: number; percent: number; answerMs: number }> = [];
    const run = await measure(() => uploadAndFollow(url, token, 'material', fileOf(rows), reports));
    const peakHwm = reset ? hwm() : null;
    const { job, uploadMs } = run.value;
    if (job.status !== 'done') throw new Error(`import ended ${job.status}: ${job.error ?? JSON.stringify(job.result)}`);
    const stored = await withTenant(db, target.clientId, async (tx) => (await sql<{ n: number }>`select count(*)::int as n from md_material where client_id = ${target.clientId} and code like 'MM%'`.execute(tx)).rows[0].n);
    const gaps = reports.map((r, i) => r.at - (i ? reports[i - 1].at : 0));
    const result: ChildResult = {
      rows,
      ms: run.ms,
      uploadMs,
      inserted: job.result?.insertedTotal ?? 0,
      idleRss,
      peakSampled: run.peakRss,
      peakHwm,
      stored,
      progress: { reports: reports.length, rising: reports.every((r, i) => !i || r.percent >= reports[i - 1].percent), last: reports.at(-1)?.percent ?? 0, longestGapMs: Math.max(0, ...gaps), ...answers(reports.map((r) => r.answerMs)) },
    };
    console.log(`B13RESULT ${JSON.stringify(result)}`);
  }
}

function answers(ms: number[]): { answerMedianMs: number; answerMaxMs: number } {
  const s = [...ms].sort((a, b) => a - b);
  return { answerMedianMs: s[Math.floor(s.length / 2)] ?? 0, answerMaxMs: s.at(-1) ?? 0 };
}

function runChild(rows: number): ChildResult {
  const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--b13-child', String(rows)], {
    env: process.env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = out.split('\n').find((l) => l.startsWith('B13RESULT '));
  if (!line) throw new Error(`B13 child for ${rows} rows printed no result`);
  return JSON.parse(line.slice('B13RESULT '.length)) as ChildResult;
}

const above = (r: ChildResult) => Math.max(r.peakSampled, r.peakHwm ?? 0) - r.idleRss;
const speed = (r: ChildResult) =>
  `${(r.ms / 1000).toFixed(1)} s upload to done (${Math.round(r.rows / (r.ms / 1000)).toLocaleString('en')} rows/s; the upload's call ${(r.uploadMs / 1000).toFixed(1)} s), job inserted ${r.inserted.toLocaleString('en')}, ${r.stored.toLocaleString('en')} stored`;
const memory = (r: ChildResult) => `idle ${mb(r.idleRss)}, peak ${mb(r.peakSampled)} sampled / ${r.peakHwm === null ? 'n/a' : mb(r.peakHwm)} high-water: ${mb(above(r))} above idle`;

export const bench: Bench = {
  id: 'B13',
  title: `import ${ROWS.toLocaleString('en')} rows on PostgreSQL in bounded memory, with progress, vs ${BASE_ROWS.toLocaleString('en')} rows`,
  run: async () => {
    const target = 'peak RSS <= 1 GB above the idle server on PostgreSQL, every row stored, progress rising to 100';
    if (!process.env.TEST_DATABASE_URL) return { lines: [{ label: 'skipped', value: 'needs PostgreSQL (TEST_DATABASE_URL)' }], passed: false, target };
    await writeEntityFile(vendorFile, 'vendor', 4, (i) => ({ ...vendorRow('MV')(i), code: vendorCodes[i] }));
    const lines: BenchLine[] = [];
    for (const rows of [BASE_ROWS, ROWS]) {
      const t0 = performance.now();
      await writeEntityFile(fileOf(rows), 'material', rows, materialRow('MM'));
      lines.push({ label: `file of ${rows.toLocaleString('en')} rows`, value: `${mb(statSync(fileOf(rows)).size)} (upload limit 50 MB), written in ${((performance.now() - t0) / 1000).toFixed(1)} s` });
    }
    const baseline = runChild(BASE_ROWS);
    const full = runChild(ROWS);
    const p = full.progress;
    lines.push(
      { label: `${BASE_ROWS.toLocaleString('en')} rows (baseline)`, value: speed(baseline) },
      { label: `${BASE_ROWS.toLocaleString('en')} rows: memory`, value: memory(baseline) },
      { label: `${ROWS.toLocaleString('en')} rows`, value: speed(full) },
      { label: `${ROWS.toLocaleString('en')} rows: memory`, value: `${memory(full)} (target <= 1024 MB)` },
      { label: 'ratio of peaks above idle', value: `${(above(full) / Math.max(1, above(baseline))).toFixed(2)}x the baseline's for ${(ROWS / BASE_ROWS).toFixed(0)}x the rows` },
      { label: 'progress (the job polled every 3 s)', value: `${p.reports} polls, ${p.rising ? 'rising' : 'NOT rising'}, last ${p.last}%, longest gap ${(p.longestGapMs / 1000).toFixed(1)} s; a poll answered in ${Math.round(p.answerMedianMs)} ms median, ${Math.round(p.answerMaxMs)} ms max` },
    );
    const passed = full.stored === ROWS && baseline.stored === BASE_ROWS && full.inserted === ROWS && above(full) <= LIMIT && p.rising && p.last === 100 && statSync(fileOf(ROWS)).size <= UPLOAD_LIMIT;
    return { lines, passed, target };
  },
};

const childAt = process.argv.indexOf('--b13-child');
if (childAt >= 0) {
  await child(Number(process.argv[childAt + 1]));
  gc();
  process.exit(0);
}
