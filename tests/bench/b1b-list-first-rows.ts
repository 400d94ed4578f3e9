/**
 * Bench B1, browser half (issue 3): "In Chromium, the first rows of the 200k list visible within
 * 1.5 s of navigation." The real server (`src/server/main.ts`, as `npm start`) is started on a data
 * directory prepared beforehand: migrated, seeded, and 200,000 materials bulk-inserted into the
 * brand tenant by SQL. A signed-in Chromium navigates to the material list; the time is from the
 * navigation's start (performance.timeOrigin) until the first grid row shows a material code.
 *
 * Baseline in the same run, on the same server: the same navigation by the fabric supplier's
 * administrator, whose tenant holds 10 materials. Each run is a fresh browser context (empty cache,
 * as a first visit of the day) and the two tenants alternate, so drift of the machine hits both.
 * The first block's page call (with its state-tab counts) is also timed from Node, to tell the
 * server's share from the browser's.
 *
 * Usage: `npm run bench -- b1b` (B1B_ROWS, B1B_RUNS to change the size and the number of runs).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/database';
import { launchBrowser, startServer } from '../e2e/support/harness';
import { prepareDatabase } from '../support/pglite-template';
import { storeSessionIn } from './b8-browser.util';
import type { Bench } from './run';

const ROWS = Number(process.env.B1B_ROWS ?? 200_000);
const RUNS = Number(process.env.B1B_RUNS ?? 5);
const BASELINE_ROWS = 10;
const TARGET_MS = 1500;
const LIST_ROUTE = '/md/masterdetail/material';
const BIG = { tenant: 'BRAND01', user: 'brand' };
const SMALL = { tenant: 'SUPP01', user: 'supplier' };

/** 200k rows in one statement (the same generator as B1), then exactly 10 for the baseline tenant. */
async function fillMaterials(db: Db): Promise<{ big: number; small: number }> {
  const idOf = async (code: string) => (await sql<{ id: number }>`select id from clients where code = ${code}`.execute(db)).rows[0].id;
  const [bigId, smallId] = [await idOf(BIG.tenant), await idOf(SMALL.tenant)];
  const insert = async (clientId: number, prefix: string, n: number) => {
    if (n <= 0) return;
    const vendors = (await sql<{ id: number }>`select id from md_vendor where client_id = ${clientId} order by id`.execute(db)).rows.map((r) => r.id);
    const vendor = vendors.length ? sql`(${sql.val(vendors)}::bigint[])[1 + g % ${vendors.length}]` : sql`null`;
    // A material belongs to a vendor or a customer (spec 5); the baseline tenant may have no vendor.
    const customers = vendors.length ? [] : (await sql<{ id: number }>`select id from md_customer where client_id = ${clientId} order by id limit 1`.execute(db)).rows.map((r) => r.id);
    await sql`insert into md_material (client_id, code, name, material_group, material_type, unit, vendor_id, customer_id, price, currency, validity, min_dos, target_dos, max_dos, share)
      select ${clientId}, ${prefix} || lpad(g::text, 7, '0'), '基准物料 ' || g,
        (array['fabric','lining','trim','packing','garment'])[1 + g % 5],
        (array['knit','woven','denim','button','zipper'])[1 + g % 5],
        (array['M','KG','PCS','YD'])[1 + g % 4],
        ${vendor}, ${customers[0] ?? null},
        round((1 + (g % 1000) / 7.0)::numeric, 4), 'CNY',
        case when g % 10 = 0 then '0' else '10' end, 5, 10, 20, false
      from generate_series(1, ${n}) g`.execute(db);
  };
  const count = async (clientId: number) => (await sql<{ n: number }>`select count(*)::int as n from md_material where client_id = ${clientId}`.execute(db)).rows[0].n;
  await insert(bigId, 'B1', ROWS - (await count(bigId)));
  await insert(smallId, 'S1', BASELINE_ROWS - (await count(smallId)));
  await sql`analyze md_material`.execute(db);
  return { big: await count(bigId), small: await count(smallId) };
}

/** The data directory the server starts on: what `npm start` would create, plus the bulk rows. */
async function prepareDataDir(dir: string): Promise<{ big: number; small: number; seconds: number }> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const config = loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, config);
    const counts = await fillMaterials(database.db);
    return { ...counts, seconds: (performance.now() - started) / 1000 };
  } finally {
    // The server opens this directory next; PGlite allows one process at a time.
    await database.close();
  }
}

type Session = { access_token: string; expire: number; refresh_token: string; refresh_expire: number; username: string };

async function signIn(url: string, username: string): Promise<Session> {
  const res = await fetch(`${url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo1234' }) });
  const body = (await res.json()) as { code: number; data: Session };
  if (body.code !== 200) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * One navigation in a fresh context: the spec 9 storage keys hold the session before the page
 * loads (expiries as epoch seconds), then the list route is opened. Answers milliseconds from the
 * navigation's start to the first grid row showing its code.
 */
async function firstRowsMs(browser: Browser, url: string, s: Session): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
  try {
    await storeSessionIn(context, s);
    const page = await context.newPage();
    await page.goto(`${url}${LIST_ROUTE}`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      () => {
        const cells = document.querySelectorAll('[data-testid=grid-material] .ag-row [col-id=code]');
        for (const c of cells) if ((c.textContent ?? '').trim() !== '') return performance.now();
        return null;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

/** The first block's call as the grid makes it (size 100, state tabs), timed from Node. */
async function firstBlockMs(url: string, token: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/mdapi/material/page?page=1&size=100&tabs=1`, { headers: { authorization: `Bearer ${token}` } });
  await res.json();
  return performance.now() - t0;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export const bench: Bench = {
  id: 'B1b',
  title: `first rows of the ${ROWS.toLocaleString('en')}-material list in Chromium`,
  run: async () => {
    if (!existsSync(resolve('dist/client/index.html'))) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    const dir = resolve(`.tmp/bench-b1b-${process.pid}`);
    const prepared = await prepareDataDir(dir);
    const server = await startServer({ LOG_LEVEL: 'warn' }, { dataDir: dir });
    const browser = await launchBrowser();
    try {
      const big = await signIn(server.url, BIG.user);
      const small = await signIn(server.url, SMALL.user);
      // One untimed visit each: the server's first queries (plans, caches) are not what a user meets twice.
      await firstRowsMs(browser, server.url, big);
      await firstRowsMs(browser, server.url, small);
      const times = { big: [] as number[], small: [] as number[], apiBig: [] as number[], apiSmall: [] as number[] };
      for (let i = 0; i < RUNS; i++) {
        times.big.push(await firstRowsMs(browser, server.url, big));
        times.small.push(await firstRowsMs(browser, server.url, small));
        times.apiBig.push(await firstBlockMs(server.url, big.access_token));
        times.apiSmall.push(await firstBlockMs(server.url, small.access_token));
      }
      const m = { big: median(times.big), small: median(times.small), apiBig: median(times.apiBig), apiSmall: median(times.apiSmall) };
      const ms = (n: number) => `${Math.round(n)} ms`;
      return {
        lines: [
          { label: 'data', value: `${prepared.big.toLocaleString('en')} materials (brand) vs ${prepared.small} (supplier), prepared in ${prepared.seconds.toFixed(1)} s; PGlite on disk` },
          { label: 'runs', value: `${RUNS} each, fresh browser context (empty cache) per run, alternating` },
          { label: `first rows, ${prepared.big.toLocaleString('en')} rows (median / max)`, value: `${ms(m.big)} / ${ms(Math.max(...times.big))}` },
          { label: `first rows, ${prepared.small} rows (median / max)`, value: `${ms(m.small)} / ${ms(Math.max(...times.small))}` },
          { label: 'ratio large / baseline (median)', value: `${(m.big / m.small).toFixed(2)}x` },
          { label: 'first block call from Node (large / baseline, median)', value: `${ms(m.apiBig)} / ${ms(m.apiSmall)}` },
          { label: 'all runs, large (ms)', value: times.big.map((x) => Math.round(x)).join(', ') },
        ],
        passed: m.big <= TARGET_MS,
        target: `first rows visible within ${TARGET_MS} ms of navigation (median of ${RUNS})`,
      };
    } finally {
      await browser.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
