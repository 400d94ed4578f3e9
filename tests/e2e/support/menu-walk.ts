import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { keepScreenshots, serverAndBrowserForFile } from './harness';
import { clickMenuEntry } from './side-menu';

/**
 * The menu walk (issue 21): every page of every menu opens for every demo user. Each user signs in through the form;
 * the menus of the login reply name the entries; each entry is opened by a click in the side menu
 * and must show its main content (not a blank page,
 * the error boundary, "not found" or "not built yet"), without an uncaught error, a console error or
 * an API reply of 4xx/5xx. Each page is photographed at 1366 x 768 and at 1920 x 1080 under
 * screenshots/walk-<user>-<entry>-<size>.png (git-ignored), for a person to look at, once per company
 * (brand.buyer's pages that brand showed already are opened and checked, not photographed again).
 * One server and one browser for each walking file, one context per user with its page reused;
 * the users are walked by three files (tests/e2e/menu-walk-*.test.ts), so the walk's pages spread
 * over the e2e workers. Build the client first (`npx vite build`): the server serves dist/client
 * (or CLIENT_DIR).
 *
 * A user written `name@en` walks in English (photographed apart from the Chinese pages).
 *
 * Example: `walkMenusOf(['maker', 'maker.planner@en']);` as the whole body of a test file.
 */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

type MenuEntry = { CODE: string; FURL: string; TITLE: string };
type MenuGroup = { CODE: string; TITLE: string; children: MenuEntry[] };
type Problem = { user: string; entry: string; furl: string; problem: string };

/** The demo company of a user: `brand.buyer` works for the company of `brand`. */
const company = (username: string) => username.split('.')[0];


/** Signs in through the form and answers the menus of the login reply. */
async function signIn(page: Page, base: string, username: string): Promise<MenuGroup[]> {
  await page.goto(`${base}/login`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  const reply = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/access/login');
  await page.click('[data-testid=login-submit]');
  const body = (await (await reply).json()) as { code: number; data: { menus: MenuGroup[] } };
  expect(body.code, `${username} signs in`).toBe(200);
  await page.waitForSelector('[data-testid=side-nav]');
  return body.data.menus;
}

/**
 * Opens an entry as a person does: its group opened in the side menu (one group is open at a time),
 * then a click on the entry. Answers a problem when the click does not reach the entry's address.
 */
async function openFromMenu(page: Page, base: string, entry: MenuEntry, group: string): Promise<string | null> {
  await clickMenuEntry(page, entry.CODE, group);
  const target = new URL(entry.FURL, base);
  try {
    // The entry's path with its query; a page may add parameters of its own (my projects adds the
    // signed-in applicant), so the address reached must hold the entry's parameters, not only them.
    const wanted = [...target.searchParams];
    await page.waitForURL((u) => u.pathname === target.pathname && wanted.every(([k, v]) => u.searchParams.getAll(k).includes(v)), { timeout: 5_000 });
    return null;
  } catch {
    const at = new URL(page.url());
    return `the menu click did not open ${entry.FURL} (at ${at.pathname}${at.search})`;
  }
}

/** Counts the page's API calls in flight, so a walk waits for its calls and not a fixed time. */
function watchCalls(page: Page): () => number {
  let inFlight = 0;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (isApi(r.url())) inFlight++;
  });
  const done = (r: { url(): string }) => {
    if (isApi(r.url())) inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight;
}

/**
 * Waits until the page's main area has settled: no API call in flight for 200 ms, no spinner (its
 * code loaded, its grid filled). Answers what is wrong with what it shows, or null.
 */
async function mainContentProblem(page: Page, inFlight: () => number): Promise<string | null> {
  const deadline = Date.now() + 10_000;
  let quietSince = 0;
  for (;;) {
    const busy = inFlight() > 0 || (await page.evaluate(() => !document.querySelector('main') || !!document.querySelector('main .fui-Spinner, main .ag-overlay-loading-wrapper')));
    if (!busy) {
      quietSince ||= Date.now();
      if (Date.now() - quietSince >= 200) break;
    } else quietSince = 0;
    if (Date.now() > deadline) {
      if (await page.$('[data-testid=route-error]')) return 'the error boundary shows';
      return 'still loading after 10 s';
    }
    await page.waitForTimeout(50);
  }
  return page.evaluate(() => {
    if (document.querySelector('[data-testid=route-error]')) return 'the error boundary shows';
    const main = document.querySelector('main');
    if (!main) return 'no main area (not in the shell)';
    if (main.querySelector('[data-testid=not-found]')) return 'the not-found page shows';
    if (main.querySelector('[data-testid=unavailable]')) return 'the "not built yet" page shows';
    const text = (main.textContent ?? '').replace(/\s+/g, '');
    const widgets = main.querySelectorAll('.ag-root, table, form, canvas, svg, input, button').length;
    if (text.length < 4 && widgets === 0) return 'the main area is blank';
    return null;
  });
}

/** What the window shows at its size (not the full page), in the folder of the other e2e screenshots (harness `snap`). */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = resolve('screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** A readable file name for an entry's screenshot. */
const fileName = (user: string, code: string, size: { width: number }) => `walk-${user}-${code}-${size.width}`.replace(/[^a-zA-Z0-9._-]+/g, '_');

export function walkMenusOf(USERS: string[]): void {
  const run = serverAndBrowserForFile();
  const problems: Problem[] = [];
  const photographed = new Set<string>();
  const visited: string[] = [];
  afterAll(() => {
    // The whole list in the log, so one run names every page that failed (the assertions stop at the first user).
    if (problems.length) console.log(`menu walk problems:\n${problems.map((p) => `  ${p.user} ${p.entry} ${p.furl}: ${p.problem}`).join('\n')}`);
    console.log(`menu walk: ${visited.length} pages opened`);
  });

  describe(`every menu entry of ${USERS.join(', ')}`, () => {
    for (const walker of USERS) {
      // `user@en`: that user walks in English (the browser's stored language choice), photographed apart.
      const [username, lang = 'zh'] = walker.split('@');
      it(`${username}${lang === 'en' ? ' (English)' : ''}: every entry opens with its content, no error and no refused call`, async () => {
        const context: BrowserContext = await run.browser.newContext({ viewport: SIZES[0] });
        if (lang === 'en') await context.addInitScript(() => localStorage.setItem('language', 'en'));
        const page = await context.newPage();
        const inFlight = watchCalls(page);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
        });
        page.on('response', (r) => {
          const url = new URL(r.url());
          if (url.pathname.startsWith('/api/') && r.status() >= 400) errors.push(`${r.request().method()} ${url.pathname}${url.search} -> ${r.status()}`);
        });
        try {
          const menus = await signIn(page, run.server.url, username);
          const entries = menus.flatMap((g) => g.children.map((entry) => ({ entry, group: g.CODE })));
          expect(entries.length, `${username} has menu entries`).toBeGreaterThan(0);
          const mine: Problem[] = [];
          for (const { entry, group } of entries) {
            errors.length = 0;
            await page.setViewportSize(SIZES[0]);
            const reached = await openFromMenu(page, run.server.url, entry, group);
            const shown = reached ?? (await mainContentProblem(page, inFlight));
            visited.push(`${username} ${entry.FURL}`);
            // One picture per company and page: a colleague of the same company sees the same screen.
            const shot = `${company(username)} ${lang} ${entry.FURL}`;
            for (const size of photographed.has(shot) || !keepScreenshots() ? [] : SIZES) {
              if (size !== SIZES[0]) {
                await page.setViewportSize(size);
                await page.waitForTimeout(150); // grids fit their columns to the new width
              }
              await shoot(page, fileName(lang === 'en' ? `${username}-en` : username, entry.CODE, size));
            }
            photographed.add(shot);
            for (const problem of [...(shown ? [shown] : []), ...errors]) mine.push({ user: username, entry: `${entry.CODE} (${entry.TITLE})`, furl: entry.FURL, problem });
          }
          problems.push(...mine);
          expect(mine.map((p) => `${p.entry} ${p.furl}: ${p.problem}`)).toEqual([]);
        } finally {
          await context.close();
        }
        // One user's whole walk (up to ~90 entries, each opened by its group first): 2-3 minutes on a
        // loaded two-core machine, with room for a slow run.
      }, 480_000);
    }
  });
}
