import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * Issue 32, a planner on a 1366 x 768 laptop: a list shows at least 15 whole rows below its title,
 * tabs and toolbar; the side menu folds to its groups' icons with the top bar's button, a group's icon
 * opens its entries and one of them opens its page; the fold is the user's, kept by the server, so it
 * is there after a reload and in another browser; unfolded again, the whole menu is back.
 */
const run = serverAndBrowserForFile();

/** Rows of the list wholly inside the window (a row's parts in the pinned and centre containers count once). */
const wholeRowsInView = (page: Page) =>
  page.evaluate(() => {
    const bottom = Math.min(window.innerHeight, document.querySelector('.ag-root-wrapper')?.getBoundingClientRect().bottom ?? 0);
    const whole = [...document.querySelectorAll('.ag-row[row-index]')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.height > 0 && b.top >= 0 && b.bottom <= bottom + 1;
    });
    return new Set(whole.map((r) => r.getAttribute('row-index'))).size;
  });

describe('a short screen', () => {
  it('keeps 15 rows of a list in view, and folds the side menu to icons as the user chose, on every device', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/scm/index/workorder', 'maker');
    await page.waitForSelector('.ag-row[row-index="20"]', { state: 'attached', timeout: 30000 });
    expect(await wholeRowsInView(page)).toBeGreaterThanOrEqual(15);
    const fullWidth = (await page.locator('.ag-root-wrapper').boundingBox())!.width;

    // Fold: the menu becomes a column of icons and the list gains the width.
    await page.waitForSelector('[data-testid=side-nav]');
    const saved = page.waitForResponse((r) => r.url().includes('/save-setting') && r.request().method() === 'POST');
    await page.click('[data-testid=toggle-nav]');
    await page.waitForSelector('[data-testid=side-nav-rail]');
    expect((await (await saved).json()).code).toBe(200);
    expect(await page.locator('[data-testid=side-nav]').count()).toBe(0);
    await until(page, (w) => (document.querySelector('.ag-root-wrapper')?.getBoundingClientRect().width ?? 0) > w + 150, fullWidth);
    await snap(page, 'short-screen-rail-1366');

    // A group's icon opens its entries; an entry opens its page, and its group is marked.
    const group = page.locator('[data-testid^=rail-group-]').first();
    await group.click();
    const entry = page.locator('[data-testid^=rail-menu-]').first();
    const code = (await entry.getAttribute('data-testid'))!.replace('rail-menu-', '');
    await entry.click();
    await until(page, () => document.querySelector('[data-testid^=rail-group-][aria-current=page]') !== null);
    expect(code.length).toBeGreaterThan(0);

    // Kept by the server: after a reload, and in a browser that never folded it.
    await page.reload();
    await page.waitForSelector('[data-testid=side-nav-rail]');
    const other = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const second = await other.newPage();
    await signIn(second, run.server.url, '/scm/index/workorder', 'maker');
    await second.waitForSelector('[data-testid=side-nav-rail]');
    await other.close();

    // Unfolded again: the whole menu, and so after a reload.
    await page.click('[data-testid=toggle-nav]');
    await page.waitForSelector('[data-testid=side-nav] [data-testid^=menu-]');
    await page.waitForTimeout(300);
    await page.reload();
    await page.waitForSelector('[data-testid=side-nav] [data-testid^=menu-]');
    expect(await page.locator('[data-testid=side-nav-rail]').count()).toBe(0);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'short-screen-full-menu-1920');
    expect(errors).toEqual([]);
    await context.close();
  });
});
