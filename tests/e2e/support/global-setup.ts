import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_RUN_ARGS, startServer, templateMark } from './harness';
import { createTemplateDatabase, dropTemplateAndClones, sealTemplate } from './postgres';
import { buildServer } from '../../../scripts/build-server.mjs';

/**
 * Prepares once per end-to-end run what every file's server starts from, so that no file seeds the
 * demo season itself (about 14 s each):
 * - with PostgreSQL at hand (TEST_DATABASE_URL, as in CI), a template database seeded by a first
 *   server, and the files that seed stored in its data directory: each file's server runs on a
 *   clone of the database and a copy of the files (E2E_PG_URL, E2E_PG_TEMPLATE, E2E_PG_DATA_DIR,
 *   read by `startServer`);
 * - always, a seeded embedded data directory: the servers of files that test the embedded default
 *   (`embedded: true`), or every server when there is no PostgreSQL, start on a copy of it
 *   (E2E_TEMPLATE_DIR).
 * The two are seeded side by side (one core each); with PostgreSQL the files start once its template
 * is ready, the embedded one finishing beside them. Then one Chromium for the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = resolve(`.tmp/e2e-template-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The server as one module for every server of the run, the templates' first (scripts/build-server.mjs).
  const bundle = resolve(`.tmp/e2e-server-${process.pid}/main.mjs`);
  await buildServer(bundle);
  process.env.E2E_SERVER_BUNDLE = bundle;
  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgTemplate = pgUrl ? `e2e_${process.pid}_${Date.now().toString(36)}` : '';
  // Seeding a season for the demo companies takes a while on a busy machine: five minutes at most.
  const seed = async (env: Record<string, string>, dataDir: string) => (await startServer(env, { dataDir, readyWithinMs: 300_000 })).stop();
  const pgDir = resolve(`.tmp/e2e-template-pg-${process.pid}`);
  const cleanUp = async () => {
    for (const d of [dir, templateMark(dir, 'ready'), templateMark(dir, 'failed'), pgDir, dirname(bundle)]) rmSync(d, { recursive: true, force: true });
    if (pgUrl) await dropTemplateAndClones(pgUrl, pgTemplate).catch(() => undefined);
  };
  // The embedded template: awaited here when every server starts on it (no PostgreSQL); with
  // PostgreSQL only the embedded-database files need it, and it is seeded beside the run's first
  // files instead of holding both workers back (it took 92 s against the PostgreSQL template's 68 s
  // side by side on 2026-12-05): `startServer` waits for its mark (`templateMark`) when it needs it.
  const embedded = seed({}, dir).then(
    () => writeFileSync(templateMark(dir, 'ready'), ''),
    (e: unknown) => {
      writeFileSync(templateMark(dir, 'failed'), String(e));
      throw e;
    },
  );
  // Handled from the start: with PostgreSQL nothing awaits it before the files run.
  embedded.catch(() => undefined);
  const seeded = await Promise.allSettled([
    pgUrl
      ? (async () => {
          mkdirSync(pgDir, { recursive: true });
          await seed({ DATABASE_URL: await createTemplateDatabase(pgUrl, pgTemplate) }, pgDir);
          await sealTemplate(pgUrl, pgTemplate);
        })()
      : embedded,
  ]);
  const failed = seeded.find((r) => r.status === 'rejected');
  if (failed) {
    // Nothing of a failed setup is left behind: its directories and its template database.
    await embedded.catch(() => undefined);
    await cleanUp();
    throw failed.reason;
  }
  // A failed embedded seed is reported by the files that wait for it (`startServer`), not here.
  process.env.E2E_TEMPLATE_DIR = dir;
  if (pgUrl) {
    process.env.E2E_PG_URL = pgUrl;
    process.env.E2E_PG_TEMPLATE = pgTemplate;
    // The files the seed stored (style photos, attachments): each clone's server starts on a copy.
    process.env.E2E_PG_DATA_DIR = pgDir;
  }
  // One Chromium for the run, which every file's `launchBrowser` connects to (each file its own contexts).
  const browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...TEST_RUN_ARGS] });
  process.env.E2E_BROWSER_WS = browser.wsEndpoint();
  return async () => {
    await browser.close();
    await embedded.catch(() => undefined);
    await cleanUp();
  };
}
