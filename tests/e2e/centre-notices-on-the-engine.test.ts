import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn, unreadCount, until } from './support/steps';

/**
 * The notification centre's notices tab is the engine's list of the caller's notices (issue 30): the
 * unread tab first; a selected notice marked read by the declared transition leaves it for the read
 * tab; 打开 opens a notice's document and marks it read; 全部标为已读 empties the unread tab, and the
 * bell's count follows. The maker's users start with the demo's orders received, unread. Screens at
 * 1366 (zh) and 1920 (en). Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();

describe("the centre's notices on the engine", () => {
  for (const [width, user, lang] of [[1366, 'maker', 'zh'], [1920, 'maker.planner', 'en']] as const) {
    it(`a notice is marked read, one opened, then all read (${width}, ${lang})`, async () => {
      const page = await run.browser.newPage({ viewport: { width, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      if (lang === 'en') await page.addInitScript(() => localStorage.setItem('language', 'en'));
      await signIn(page, run.server.url, '/collab/center', user);
      await page.waitForSelector('[data-testid=grid-notice] .ag-row [col-id=title]');
      await until(page, () => Number(document.querySelector('[data-testid=unread-count]')?.textContent ?? '0') > 0);
      const bell = await unreadCount(page);
      await snap(page, `centre-notices-01-unread-${width}`);

      // The first unread notice of an order, marked read from the toolbar, leaves the unread tab for the read one.
      const orderRow = () => page.locator('[data-testid=grid-notice] .ag-row', { has: page.locator('[col-id=doc_no]', { hasText: /^CO/ }) }).first();
      // The unread tab counts what the bell counts.
      const unreadIs = (n: number) => until(page, (m) => Number(document.querySelector('[data-testid=tab-unread]')?.textContent?.match(/\d+/)?.[0]) === m, n);
      const unread = bell;
      await unreadIs(unread);
      const first = orderRow();
      const title = (await first.locator('[col-id=title]').textContent())!;
      await first.locator('.ag-selection-checkbox input').first().check();
      await page.click('[data-testid=action-read]');
      await unreadIs(unread - 1);
      await until(page, (n) => Number(document.querySelector('[data-testid=unread-count]')?.textContent ?? '0') === n - 1, bell);
      await page.click('[data-testid=tab-read]');
      const readRow = page.locator('[data-testid=grid-notice] .ag-row', { hasText: title });
      await readRow.waitFor();
      expect(await readRow.locator('[col-id=status]').textContent()).toBe(lang === 'en' ? 'Read' : '已读');
      await snap(page, `centre-notices-02-read-tab-${width}`);

      // 打开: the next unread notice's page opens, and the notice is read.
      await page.click('[data-testid=tab-unread]');
      const next = orderRow();
      await next.locator('[col-id=title]').waitFor();
      const nextTitle = (await next.locator('[col-id=title]').textContent())!;
      await next.locator('.ag-selection-checkbox input').first().check();
      await page.click('[data-testid=collab-notice-open]');
      // Its document (the order's node tracking for a late node, the customer order for one received).
      await page.waitForURL((u) => !u.pathname.startsWith('/collab/center'));
      await page.goto(`${run.server.url}/collab/center`);
      await page.waitForSelector('[data-testid=grid-notice] .ag-row [col-id=title]');
      await unreadIs(unread - 2);
      await page.click('[data-testid=tab-read]');
      await page.locator('[data-testid=grid-notice] .ag-row', { hasText: nextTitle }).first().waitFor();
      await page.click('[data-testid=tab-unread]');

      // 全部标为已读: nothing unread is left, and the bell's count goes.
      await page.click('[data-testid=collab-notices-all-read]');
      await until(page, () => document.querySelectorAll('[data-testid=grid-notice] .ag-row [col-id=title]').length === 0);
      await page.waitForSelector('[data-testid=unread-count]', { state: 'detached' });
      await page.click('[data-testid=tab-all]');
      await page.waitForSelector('[data-testid=grid-notice] .ag-row [col-id=title]');
      await snap(page, `centre-notices-03-all-${width}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
