import { afterAll, beforeAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-flags.mjs';
import type { Db } from '../../../src/server/db/database';
import { cloneTemplate, databaseUrlFor, dropDatabase } from './postgres';

/** Chromium flags for this machine's closed network (see the env notes in docs/architecture.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * What the test run's browser adds to CHROMIUM_ARGS: V8 without its optimising compilers (TurboFan
 * and Maglev). A test's page lives for seconds, so code optimised on a background thread seldom pays
 * back its compile: a walk over the maker's 87 menu pages and three reloads took 55.6 and 62.9 CPU-s
 * of Chromium against 63.6 and 69.1 with them, the runs alternated (2026-12-05; docs/architecture.md
 * "Tests and CI"). The benchmarks, run by tsx and not by vitest, keep V8 as users run it.
 */
export const TEST_RUN_ARGS = ['--js-flags=--no-opt --no-maglev'];

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/**
 * What the server process runs: the e2e run's bundle of the server when its global setup built one
 * (E2E_SERVER_BUNDLE, scripts/build-server.mjs: the same sources as one module, about 3
 * CPU-seconds less per start than loading them through tsx), else the sources through tsx, as
 * `npm start` does.
 */
function serverEntry(): string[] {
  const bundle = process.env.E2E_SERVER_BUNDLE;
  return bundle && existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'src/server/main.ts'];
}

/** The file beside a template directory that says its seed finished (`ready`) or failed (`failed`, holding the error). */
export const templateMark = (dir: string, kind: 'ready' | 'failed'): string => `${dir}.${kind}`;

/**
 * Waits for the run's embedded template (seeded beside the first files when the run has PostgreSQL,
 * tests/e2e/support/global-setup.ts): up to five minutes, as its seed may take.
 */
export async function embeddedTemplateReady(dir: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (!existsSync(templateMark(dir, 'ready'))) {
    if (existsSync(templateMark(dir, 'failed'))) throw new Error(`the run's embedded template failed to seed:\n${readFileSync(templateMark(dir, 'failed'), 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the run's embedded template was not seeded within five minutes (${dir})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export type RunningServer = { url: string; dataDir: string; stop: () => Promise<void>; output: () => string };

/** How a test file's server is started (`startServer`). */
export type ServerOptions = {
  /** A data directory prepared beforehand (a benchmark's bulk data), on the embedded database; left in place on stop. */
  dataDir?: string;
  readyWithinMs?: number;
  /** On the embedded database even when the run has a PostgreSQL template (files that test the default `npm start`). */
  embedded?: boolean;
  /**
   * Data the file needs beyond the demo season, written before the server starts (`prepareData`):
   * on the run's PostgreSQL clone in one transaction as the cluster's owner (no row-level security),
   * else on the embedded copy.
   */
  prepare?: (db: Db) => Promise<void>;
};

/**
 * Runs a file's `prepare` on its database before its server opens it: the PostgreSQL clone (in one
 * transaction, so a temporary table lives across its statements) or the embedded data directory.
 * Bulk data on PostgreSQL instead of in the test process's PGlite: the viewport board's 20,000 bars
 * and the large list's 30,000 materials were the two slowest files' set-up (30 s each at load 8).
 */
async function prepareData(prepare: NonNullable<ServerOptions['prepare']>, at: { pgUrl?: string; database?: string; dataDir: string; seeded: boolean }): Promise<void> {
  // Loaded here: most files never prepare data, and the database layer brings PGlite with it.
  const { openDatabase } = await import('../../../src/server/db/database');
  const database = await openDatabase(at.pgUrl && at.database ? { databaseUrl: databaseUrlFor(at.pgUrl, at.database), dataDir: '' } : { databaseUrl: '', dataDir: at.dataDir });
  try {
    if (!at.seeded) {
      // No template to start from (a file run without the e2e global setup): migrated and seeded here.
      const [{ loadConfig }, { prepareDatabase }] = await Promise.all([import('../../../src/server/config'), import('../../support/pglite-template')]);
      await prepareDatabase(database, loadConfig({ ...process.env, DATA_DIR: at.dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent' }));
    }
    if (database.kind === 'postgres') await database.db.transaction().execute((trx) => prepare(trx));
    else await prepare(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Starts the real product (`src/server/main.ts`, as `npm start` does, with the built client in
 * dist/client) on a free port with its own database holding the demo data:
 * - a clone of the e2e run's PostgreSQL template when the run has one (E2E_PG_URL and
 *   E2E_PG_TEMPLATE, made by the global setup when TEST_DATABASE_URL names a server), with a copy
 *   of the files its seed stored (E2E_PG_DATA_DIR) as its data directory, unless
 *   `options.embedded` asks for the embedded database or `env.DATABASE_URL` names one;
 * - else an embedded database in a fresh data directory: a copy of the run's seeded template when
 *   E2E_TEMPLATE_DIR names one, else seeded on start.
 * `options.dataDir` starts it on a data directory prepared beforehand instead (a benchmark's bulk
 * data); that directory belongs to the caller and is left in place on stop.
 */
export async function startServer(env: Record<string, string> = {}, options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const own = !options.dataDir;
  const dataDir = options.dataDir ? resolve(options.dataDir) : resolve(`.tmp/e2e-${process.pid}-${port}`);
  const pgUrl = process.env.E2E_PG_URL;
  const pgTemplate = process.env.E2E_PG_TEMPLATE;
  const database = own && !options.embedded && env.DATABASE_URL === undefined && pgUrl && pgTemplate ? `${pgTemplate}_${port}_${Date.now().toString(36)}` : undefined;
  let databaseUrl = '';
  if (own) {
    rmSync(dataDir, { recursive: true, force: true });
    // The e2e run's seeded template (tests/e2e/support/global-setup.ts), when there is one.
    const template = process.env.E2E_TEMPLATE_DIR;
    if (database && pgUrl && pgTemplate) {
      // The files the demo seed stored beside its database (style photos, attachments), which the clone's rows name.
      const files = process.env.E2E_PG_DATA_DIR;
      if (files && existsSync(files)) cpSync(files, dataDir, { recursive: true });
      else mkdirSync(dataDir, { recursive: true });
      databaseUrl = await cloneTemplate(pgUrl, pgTemplate, database);
    } else if (template && existsSync(template)) {
      await embeddedTemplateReady(template);
      cpSync(template, dataDir, { recursive: true });
    }
    else mkdirSync(dataDir, { recursive: true });
  }
  const dropOwnDatabase = async () => {
    if (database && pgUrl) await dropDatabase(pgUrl, database);
  };
  if (own && options.prepare) {
    const seeded = Boolean(database) || Boolean(process.env.E2E_TEMPLATE_DIR && existsSync(process.env.E2E_TEMPLATE_DIR));
    try {
      await prepareData(options.prepare, { pgUrl, database, dataDir, seeded });
    } catch (e) {
      await dropOwnDatabase();
      throw e;
    }
  }
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...serverEntry()], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyWithinMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) {
      await dropOwnDatabase();
      throw new Error(`server exited early:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // Not left running behind a failed start (it would hold its port and data directory).
      child.kill('SIGKILL');
      await dropOwnDatabase();
      throw new Error(`server did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        // A server on data of its own, thrown away below, is killed: nothing of it is kept, and a graceful
        // stop waited for its closers (and, now and then, for the 10 s below when the process was slow to
        // leave). A server on a data directory someone keeps (the run's templates, a restart on the same
        // data) stops gracefully, so that its database is whole.
        child.kill(own ? 'SIGKILL' : 'SIGINT');
        await new Promise<void>((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            r();
          }, 10_000);
          child.once('exit', () => {
            clearTimeout(t);
            r();
          });
        });
      }
      if (own) rmSync(dataDir, { recursive: true, force: true });
      await dropOwnDatabase();
    },
  };
}

/**
 * The browser the e2e tests drive: Chromium's headless shell (Debian's `chromium-headless-shell`,
 * installed by .ci/run) when it is there, else the full Chromium in headless mode; E2E_CHROMIUM names
 * another. The shell renders the same pages with the same engine without the full browser's UI
 * layers: about half the CPU per page on this two-core machine (docs/architecture.md "Tests and CI").
 */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM || (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * A browser for a test file: a connection to the run's shared Chromium when the e2e global setup
 * started one (E2E_BROWSER_WS; closing the connection closes that file's contexts, not the browser),
 * else a Chromium of its own. A browser's first page costs about 2.5 CPU-seconds more than the next
 * ones (its caches warm up), paid once per run instead of once per file. `args` (fake media devices)
 * always launch a browser of their own.
 */
export async function launchBrowser(args: string[] = []): Promise<Browser> {
  const shared = process.env.E2E_BROWSER_WS;
  const browser = shared && args.length === 0 ? await chromium.connect(shared) : await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...(process.env.VITEST ? TEST_RUN_ARGS : []), ...args] });
  return process.env.VITEST ? withoutMotion(browser) : browser;
}

/**
 * The style every page of a test run starts with: CSS animations and transitions end at once (the
 * spinners, the drawers' and menus' slides, the hover fades). An animating element makes the page
 * draw a frame on every vsync, and Chromium's GPU process composite it, for as long as a test waits
 * beside it: four list pages and the tower loaded twice took the GPU process 2.5-2.7 CPU-s this way
 * against 3.5-3.9 (2026-12-05, docs/architecture.md "Tests and CI"). What the tests check is where
 * things end up, never how they move.
 */
const NO_MOTION_CSS = '*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;transition-duration:0s!important;transition-delay:0s!important}';

/**
 * A test run's browser whose every context asks for reduced motion (Fluent's motion components then
 * skip their animations) and adds NO_MOTION_CSS to every document it opens. `newPage` makes its
 * context through `newContext`, so both are covered. The benchmarks, run by tsx and not by vitest,
 * keep the motion users see.
 */
function withoutMotion(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options });
    await context.addInitScript((css: string) => {
      const style = document.createElement('style');
      style.textContent = css;
      const add = () => (document.head ?? document.documentElement).appendChild(style);
      if (document.documentElement) add();
      else document.addEventListener('readystatechange', add, { once: true });
    }, NO_MOTION_CSS);
    return context;
  };
  return browser;
}

/**
 * Whether the run keeps screenshots for a person to look at: on a developer's machine, not in CI
 * (a fresh clone thrown away after the run; about two minutes of the suite), unless
 * E2E_SCREENSHOTS=1 asks for them there too.
 */
export const keepScreenshots = (): boolean => !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** Saves a screenshot under screenshots/ (git-ignored) for a person to look at (not in CI: keepScreenshots). */
export async function snap(page: Page, name: string): Promise<string> {
  const dir = resolve('screenshots');
  const file = join(dir, `${name}.png`);
  if (!keepScreenshots()) return file;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * The server and the browser of one test file: started before its tests, stopped after them.
 *
 * Example: `const run = serverAndBrowserForFile();` then `run.browser.newPage()`, `run.server.url`.
 */
export function serverAndBrowserForFile(options: Pick<ServerOptions, 'embedded'> = {}): { readonly server: RunningServer; readonly browser: Browser } {
  const run = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    // Chromium starts while the server boots; whichever started is closed by afterAll if the other failed.
    const [server, browser] = await Promise.allSettled([startServer({}, options), launchBrowser()]);
    if (server.status === 'fulfilled') run.server = server.value;
    if (browser.status === 'fulfilled') run.browser = browser.value;
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
  });
  afterAll(async () => {
    await run.browser?.close();
    await run.server?.stop();
  });
  return run;
}

/**
 * Clicks a list toolbar action (`action-<name>`) as a user would: the button when it is on the
 * toolbar, else the same action in the toolbar's "more" menu (a narrow window or long labels).
 */
export async function clickAction(page: Page, name: string): Promise<void> {
  const button = page.locator(`[data-testid=action-${name}]:visible`).first();
  if (await button.count()) return button.click();
  // Not on screen: in the list toolbar's more menu (or not rendered yet: wait for either).
  await page.waitForSelector(`[data-testid=action-${name}]:visible, [data-testid=list-toolbar] [data-testid=toolbar-more]:visible`);
  if (await button.count()) return button.click();
  await page.click('[data-testid=toolbar-more]');
  await page.click(`[data-testid=more-action-${name}]`);
}
