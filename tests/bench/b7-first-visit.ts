/**
 * Bench B7 (issue 21, "Speed of the first visit"), in Chromium against the real server (as `npm start`)
 * on a fresh demo database, each run in a fresh browser context (empty cache, as a first visit):
 *
 * 1. The login page's transferred JavaScript: the sum of the encoded body sizes of the .js responses
 *    the page loads until its form shows (Performance API, `encodedBodySize`). Target <= 250 KB.
 *    Baseline in the same run: the same files' decoded sizes (what was sent before the server
 *    compressed them), and their gzip transfer (fetched from Node accepting gzip only).
 * 2. The first grid's rows after sign-in: from the click on "sign in" (on /login?redirect=<list>) to
 *    the first row of the maker's customer-order list showing its order number. Target <= 1.5 s.
 *    Baseline in the same run: the two calls the browser cannot avoid, timed from Node (the login
 *    call and the list's first block), so the ratio tells the browser's share (code, rendering).
 *
 * Usage: `npm run bench -- b7` (B7_RUNS to change the number of runs). Serves CLIENT_DIR (default
 * dist/client), building it first when it has no index.html.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { clientDirOf } from '../../src/server/config';
import { launchBrowser, startServer } from '../e2e/support/harness';
import type { Bench } from './run';

const RUNS = Number(process.env.B7_RUNS ?? 5);
const JS_TARGET_KB = 250;
const ROWS_TARGET_MS = 1500;
const USER = 'maker';
const LIST_ROUTE = '/scm/index/customerorder';
const LIST_GRID = '[data-testid=grid-customerorder]';
const LIST_CALL = '/api/scmapi/customerorder/page?page=1&size=100&tabs=1';

type Script = { name: string; encoded: number; decoded: number };

/** One first visit of the login page: the scripts it loaded, with their transferred and decoded sizes. */
async function loginPageScripts(browser: Browser, url: string): Promise<Script[]> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.waitForSelector('[data-testid=login-form]');
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ name: new URL(e.name).pathname, encoded: e.encodedBodySize, decoded: e.decodedBodySize })),
    );
  } finally {
    await context.close();
  }
}

/** Milliseconds from the click on "sign in" to the first row of the list showing its number. */
async function signInToRowsMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/login?redirect=${encodeURIComponent(LIST_ROUTE)}`);
    await page.waitForSelector('[data-testid=login-form]');
    await page.fill('input[name=username]', USER);
    await page.fill('input[name=password]', 'Demo1234');
    // The click's time is taken in the page, where the rows are seen: one clock for both ends.
    await page.evaluate(() => {
      const button = document.querySelector('[data-testid=login-submit]');
      button?.addEventListener('click', () => ((window as unknown as { b7Click: number }).b7Click = performance.now()), { capture: true, once: true });
    });
    await page.click('[data-testid=login-submit]');
    const handle = await page.waitForFunction(
      (grid: string) => {
        const cells = document.querySelectorAll(`${grid} .ag-row [col-id=order_no]`);
        for (const c of cells) if ((c.textContent ?? '').trim() !== '') return performance.now() - (window as unknown as { b7Click: number }).b7Click;
        return null;
      },
      LIST_GRID,
      { polling: 'raf', timeout: 60_000 },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

/** The login call and the list's first block as the page makes them, timed from Node. */
async function apiMs(url: string): Promise<{ login: number; list: number; rows: number }> {
  let t0 = performance.now();
  const res = await fetch(`${url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: USER, password: 'Demo1234' }) });
  const body = (await res.json()) as { code: number; data: { access_token: string } };
  const login = performance.now() - t0;
  if (body.code !== 200) throw new Error(`sign-in of ${USER} failed: ${JSON.stringify(body)}`);
  t0 = performance.now();
  const page = await fetch(`${url}${LIST_CALL}`, { headers: { authorization: `Bearer ${body.data.access_token}` } });
  const data = (await page.json()) as { code: number; data?: { rows?: unknown[]; list?: unknown[]; records?: unknown[] } };
  const list = performance.now() - t0;
  const rows = data.data?.rows ?? data.data?.list ?? data.data?.records ?? [];
  return { login, list, rows: Array.isArray(rows) ? rows.length : 0 };
}

/** The gzip transfer of the same files (a client that does not accept brotli), fetched from Node. */
async function gzipBytes(url: string, names: string[]): Promise<number> {
  let total = 0;
  for (const name of names) {
    const res = await fetch(`${url}${name}`, { headers: { 'accept-encoding': 'gzip' } });
    // Node's fetch decodes the body; content-length is what travelled.
    total += Number(res.headers.get('content-length') ?? 0);
    await res.arrayBuffer();
  }
  return total;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;

export const bench: Bench = {
  id: 'B7',
  title: "first visit: the login page's transferred JavaScript, and the first grid's rows after sign-in, in Chromium",
  run: async () => {
    const clientDir = clientDirOf();
    if (!existsSync(resolve(clientDir, 'index.html'))) {
      execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', relative(resolve('src/client'), clientDir)], { stdio: 'inherit' });
    }
    const precompressed = readdirSync(resolve(clientDir, 'assets')).filter((f) => f.endsWith('.js.br')).length;
    const server = await startServer({ LOG_LEVEL: 'warn', CLIENT_DIR: clientDir });
    const browser = await launchBrowser();
    try {
      // One untimed visit: the server's first queries and file reads are not what a user meets twice.
      await signInToRowsMs(browser, server.url);
      const scripts = await loginPageScripts(browser, server.url);
      const encoded = scripts.reduce((n, s) => n + s.encoded, 0);
      const decoded = scripts.reduce((n, s) => n + s.decoded, 0);
      const gzip = await gzipBytes(server.url, scripts.map((s) => s.name));
      const times: number[] = [];
      const api = { login: [] as number[], list: [] as number[], rows: 0 };
      for (let i = 0; i < RUNS; i++) {
        times.push(await signInToRowsMs(browser, server.url));
        const a = await apiMs(server.url);
        api.login.push(a.login);
        api.list.push(a.list);
        api.rows = a.rows;
      }
      const m = { rows: median(times), login: median(api.login), list: median(api.list) };
      const jsOk = encoded <= JS_TARGET_KB * 1024;
      const rowsOk = m.rows <= ROWS_TARGET_MS;
      return {
        lines: [
          { label: 'client', value: `${relative(process.cwd(), clientDir) || clientDir}, ${precompressed} scripts with a brotli copy` },
          { label: 'login page scripts', value: scripts.map((s) => `${s.name.replace('/assets/', '')} ${kb(s.encoded)}`).join(', ') },
          { label: 'login page JS transferred', value: `${kb(encoded)} (target <= ${JS_TARGET_KB} KB) ${jsOk ? 'PASS' : 'FAIL'}` },
          { label: 'baseline: same files uncompressed', value: `${kb(decoded)}; transferred / uncompressed = ${(encoded / decoded).toFixed(2)}x` },
          { label: 'same files as gzip (no brotli)', value: `${kb(gzip)}; gzip / uncompressed = ${(gzip / decoded).toFixed(2)}x` },
          { label: `sign-in click to first rows of ${LIST_ROUTE} (median / max of ${RUNS})`, value: `${ms(m.rows)} / ${ms(Math.max(...times))} (target <= ${ROWS_TARGET_MS} ms) ${rowsOk ? 'PASS' : 'FAIL'}` },
          { label: 'baseline: login + first block calls from Node (median)', value: `${ms(m.login)} + ${ms(m.list)} = ${ms(m.login + m.list)} (${api.rows} rows); browser / calls = ${(m.rows / (m.login + m.list)).toFixed(2)}x` },
          { label: 'all runs (ms)', value: times.map((x) => Math.round(x)).join(', ') },
        ],
        passed: jsOk && rowsOk,
        target: `login page JS <= ${JS_TARGET_KB} KB transferred; first rows <= ${ROWS_TARGET_MS} ms after the sign-in click (median of ${RUNS})`,
      };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
