import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from './harness';
import { buildServer } from '../../../scripts/build-server.mjs';

/**
 * Starts the product once per end-to-end run on a fresh data directory (migrations, row-level
 * security, the demo season), stops it cleanly and leaves that directory as the run's template:
 * each file's server then starts on a copy of it (about 5 s) instead of seeding again (about 14 s),
 * which is most of the e2e stage's time with 30 files. The template's path reaches the test files
 * through E2E_TEMPLATE_DIR, read by `startServer`.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = resolve(`.tmp/e2e-template-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The server as one module for every server of the run, the template's first (scripts/build-server.mjs).
  const bundle = resolve(`.tmp/e2e-server-${process.pid}/main.mjs`);
  await buildServer(bundle);
  process.env.E2E_SERVER_BUNDLE = bundle;
  // Seeding a season for the demo companies takes a while on a busy machine: five minutes at most.
  const seeding = await startServer({}, { dataDir: dir, readyWithinMs: 300_000 });
  await seeding.stop();
  process.env.E2E_TEMPLATE_DIR = dir;
  // One Chromium for the run, which every file's `launchBrowser` connects to (each file its own contexts).
  const browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  process.env.E2E_BROWSER_WS = browser.wsEndpoint();
  return async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(dirname(bundle), { recursive: true, force: true });
  };
}
