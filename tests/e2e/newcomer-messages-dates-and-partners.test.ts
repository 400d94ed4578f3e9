import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * Issue 21 "a newcomer's first hour", in Chromium: a vendor list tells which vendor is on the
 * platform and links one through a dialog whose refused code lands on its field; the selection
 * survives the action; a toast names its fields and stays left of an open drawer; dates are typed
 * and shown one way; an empty list says what it is for.
 */
const run = serverAndBrowserForFile();

async function search(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid=quick-search]', text);
  await page.press('[data-testid=quick-search]', 'Enter');
}

/** Waits until the list's first row is the vendor of this code. */
async function firstRowIs(page: Page, code: string): Promise<void> {
  await until(page, (c) => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="code"]')?.textContent?.trim() === c, code, { timeout: 10000 });
}

describe('what a newcomer meets first', () => {
  it('links a vendor to its platform company through a dialog, keeping the selection and naming refused fields', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/md/index/vendor', 'brand');
    await page.waitForSelector('[data-testid=grid-vendor] .ag-header-cell');

    // The linked maker shows its platform company in the list.
    await search(page, 'VHF01');
    await firstRowIs(page, 'VHF01');
    await page.evaluate(() => {
      const v = document.querySelector('[data-testid=grid-vendor] .ag-body-horizontal-scroll-viewport');
      if (v) v.scrollLeft = 2000;
    });
    await page.waitForSelector('.ag-row[row-index="0"] .ag-cell[col-id="platform_company"]');
    expect(await page.textContent('.ag-row[row-index="0"] .ag-cell[col-id="platform_company"]')).toContain('华纺制衣');

    // A vendor not on the platform: a wrong code is refused under its field, the dialog stays.
    await page.evaluate(() => {
      const v = document.querySelector('[data-testid=grid-vendor] .ag-body-horizontal-scroll-viewport');
      if (v) v.scrollLeft = 0;
    });
    await search(page, 'VD002');
    await firstRowIs(page, 'VD002');
    await page.click('.ag-row[row-index="0"] .ag-selection-checkbox input');
    await page.waitForSelector('[data-testid=selected-count]');
    await page.click('[data-testid=action-link]');
    await page.waitForSelector('[data-testid=transition-ok]');
    await page.fill('[role=dialog] input', 'NOPE42');
    await page.click('[data-testid=transition-ok]');
    const toast = await page.waitForSelector('[data-testid=toast-error]:has-text("NOPE42")', { timeout: 10000 }).catch(async (e: unknown) => {
      await snap(page, 'newcomer-01-link-refused-FAILED');
      throw e;
    });
    expect(await toast.textContent()).toContain('平台企业编码：');
    await page.waitForSelector('[role=dialog] .fui-Field__validationMessage:has-text("NOPE42")');
    await snap(page, 'newcomer-01-link-refused-on-its-field');
    await page.fill('[role=dialog] input', 'supp01');
    await page.click('[data-testid=transition-ok]');
    await page.waitForSelector('[data-testid=toast-success]');
    await page.waitForSelector('[role=dialog]', { state: 'detached' });
    // The selection is still there for the next action, with the row's new version.
    await page.waitForTimeout(500);
    expect(await page.textContent('[data-testid=selected-count]')).toContain('1');
    await page.click('[data-testid=action-link]');
    await page.fill('[role=dialog] input', 'maker01');
    await page.click('[data-testid=transition-ok]');
    await page.waitForSelector('[role=dialog]', { state: 'detached', timeout: 10000 });
    await until(page, () => [...document.querySelectorAll('[data-testid=toast-success]')].length >= 1);
    expect(await page.$('[data-testid=toast-error]:has-text("已被他人")')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps toasts beside an open drawer, takes dates typed the usual ways, and explains an empty list', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, run.server.url, '/md/index/vendor', 'brand');
    await page.waitForSelector('[data-testid=grid-vendor] .ag-header-cell');
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.fill('#f-vendor-valid_from', '2026/3/5');
    await page.press('#f-vendor-valid_from', 'Tab');
    await until(page, () => (document.querySelector('#f-vendor-valid_from') as HTMLInputElement | null)?.value === '2026-03-05');
    await page.click('[data-testid=form-save]');
    const toast = await page.waitForSelector('[data-testid=toast-error]', { timeout: 10000 });
    const drawer = await page.$('.fui-OverlayDrawer');
    const t = (await toast.boundingBox())!;
    const d = (await drawer!.boundingBox())!;
    expect(t.x + t.width).toBeLessThanOrEqual(d.x + 1);
    await snap(page, 'newcomer-02-toast-beside-drawer');
    await page.click('[data-testid=form-cancel]');

    // A search that matches nothing says so; it does not invite a first record.
    await search(page, 'ZZ-NO-SUCH-VENDOR');
    await page.waitForSelector('[data-testid=empty-list]');
    expect(await page.textContent('[data-testid=empty-list]')).toContain('没有符合条件的记录');
    expect(await page.$('[data-testid=empty-create]')).toBeNull();
    await snap(page, 'newcomer-03-empty-filtered');
    await page.close();
  });
  it('puts what does not fit a list toolbar into a more menu, and its items still act (English at 1366 px)', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/scm/masterdetail/prorder', 'brand');
    await page.waitForSelector('[data-testid=grid-prorder] .ag-row[row-index="0"]', { timeout: 30000 });
    // The page is no wider than the window: the toolbar keeps one row and the rest goes to the menu.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    const bar = (await page.locator('[data-testid=list-toolbar]').boundingBox())!;
    expect(bar.height).toBeLessThan(48);
    await page.waitForSelector('[data-testid=toolbar-more]');
    expect(await page.isVisible('[data-testid=action-finish]')).toBe(false);
    await page.click('[data-testid=toolbar-more]');
    await page.waitForSelector('[role=menuitem]:has-text("Finish")');
    await snap(page, 'toolbar-overflow-menu-en-1366');
    // The menu item clicks the hidden button: with no row selected, the list asks for one.
    await page.click('[role=menuitem]:has-text("Finish")');
    await page.waitForSelector('[data-testid^=toast-]:has-text("Select rows before action")', { timeout: 10000 });
    // At 1920 px everything fits and there is no menu.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await until(page, () => {
      const more = document.querySelector('[data-testid=toolbar-more]');
      return !more || (more as HTMLElement).offsetParent === null;
    }, undefined, { timeout: 10000 });
    expect(await page.isVisible('[data-testid=action-finish]')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
