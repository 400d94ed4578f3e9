import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowserForFile, snap } from './support/harness';
import { clickMenuEntry } from './support/side-menu';
import { signInToShell, toast, until } from './support/steps';

/**
 * Client management (issue 30: the engine's list of the editable view entity `client`, the super
 * administrator's alone): the platform operator opens it from the menu, finds the supplier by the
 * quick search, changes its licence type in the drawer, and reads it back after a reload; freezing
 * asks first and is undone by activating. The list and drawer at 1366 and 1920.
 */
const run = serverAndBrowserForFile();

/** Narrows the list to one company by its code and waits for that one row. */
async function findClient(page: Page, code: string): Promise<void> {
  await page.fill('[data-testid=quick-search]', code);
  await until(page, (c) => !document.querySelector('.ag-row[row-index="1"]') && document.querySelector('.ag-row[row-index="0"] [col-id=code]')?.textContent === c, code, { timeout: 15_000 });
}

const cell = (page: Page, col: string) => page.textContent(`.ag-row[row-index="0"] [col-id=${col}]`);

describe('client management', () => {
  it('changes a company\'s licence type in the drawer, kept after a reload; freeze asks first and activate undoes it', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(page, run.server.url, 'admin');
    await clickMenuEntry(page, 'admin.sys.client');
    await page.waitForURL(/\/admin\/page\/clients/);
    await page.waitForSelector('.ag-row[row-index="2"]');
    await snap(page, 'clients-01-list-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'clients-02-list-1920');

    await findClient(page, 'SUPP01');
    expect(await cell(page, 'licence_type')).toBe('标准版');
    await page.dblclick('.ag-row[row-index="0"] [col-id=name]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.click('#f-clients-licence_type');
    await page.click('[role=option]:has-text("企业版")');
    await snap(page, 'clients-03-drawer-1920');
    await page.click('[data-testid=form-save]');
    await page.waitForSelector('[data-testid=entity-form]', { state: 'detached' });
    await until(page, () => document.querySelector('.ag-row[row-index="0"] [col-id=licence_type]')?.textContent === '企业版');

    // Read again from the server.
    await page.reload();
    await page.waitForSelector('.ag-row[row-index="0"]');
    await findClient(page, 'SUPP01');
    expect(await cell(page, 'licence_type')).toBe('企业版');
    const saved = await page.evaluate(async () => {
      const r = await fetch('/api/adminapi/client/page?f.code.eq=SUPP01', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return ((await r.json()) as { data: { rows: Array<{ licence_type: string }> } }).data.rows[0].licence_type;
    });
    expect(saved).toBe('enterprise');

    // Freezing is asked first; activating brings it back.
    await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    await page.click('[data-testid=action-freeze]');
    await page.waitForSelector('[role=dialog]:has-text("确定冻结所选企业")');
    await page.click('[data-testid=transition-ok]');
    await toast(page, 'success', '操作成功');
    await until(page, () => document.querySelector('.ag-row[row-index="0"] [col-id=status]')?.textContent === '已冻结');
    await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    await page.click('[data-testid=action-activate]');
    await page.click('[data-testid=transition-ok]');
    await until(page, () => document.querySelector('.ag-row[row-index="0"] [col-id=status]')?.textContent === '正常');
    expect(errors).toEqual([]);
  });
});
