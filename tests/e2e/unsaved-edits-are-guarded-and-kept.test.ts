import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { clickMenuEntry } from './support/side-menu';
import { signIn } from './support/steps';
import { copyWorkbenchVersion } from './support/allocation-steps';

/**
 * Issue 29 "nothing a user typed is lost", end to end in Chromium: a planner's nine unsaved
 * workbench edits survive a click on another menu entry (the guard asks; staying keeps them and the
 * counter), a reload (the browser asks, the draft is offered back and restored with the same count)
 * and are dropped only when the planner chooses to leave; a form drawer with typed values asks
 * before closing, and its draft comes back after a reload.
 * Build the client first (`npx vite build`): the server serves dist/client.
 */
const run = serverAndBrowserForFile();

const GRID = '[data-testid=workbench-grid]';
const vendorCell = (row: number) => `${GRID} .ag-row[row-index="${row}"] .ag-cell[col-id^="v"] >> nth=0`;
const pendingCount = async (page: Page) => Number(((await page.textContent('[data-testid=save-cells]')) ?? '').replace(/\D+/g, ''));
const number = async (page: Page, selector: string) => Number(((await page.textContent(selector)) ?? '').replace(/[^\d-]/g, ''));
/** Another menu entry, in another group of the side menu (opened first, as a person does). */
const otherMenu = (page: Page) => clickMenuEntry(page, 'workspace.home', 'workspace');

describe('unsaved edits are guarded and kept', () => {
  it('the workbench asks before another menu entry, keeps its edits across a reload and drops them only on leave', async () => {
    const page = await (await run.browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const browserDialogs: string[] = [];
    page.on('dialog', (d) => {
      browserDialogs.push(d.type());
      void d.accept();
    });
    await signIn(page, run.server.url, '/scm/page/allocation-workbench', 'maker.planner');
    await page.waitForSelector(`${GRID} .ag-row`, { timeout: 30000 });
    // A draft version of the planner's own to edit.
    const code = `E2E-GUARD-${Date.now().toString(36).toUpperCase()}`;
    await copyWorkbenchVersion(page, code);
    const workbenchUrl = page.url();
    expect(workbenchUrl).toMatch(/version=\d+/);
    expect(await pendingCount(page)).toBe(0);

    // Nine cells typed, one per line.
    const allocatedBefore = await number(page, '[data-testid=total-allocated]');
    for (let row = 0; row < 9; row++) {
      await page.dblclick(vendorCell(row));
      const editor = page.locator(`${GRID} .ag-cell-inline-editing input`);
      await editor.waitFor();
      const before = Number((await editor.inputValue()).replace(/,/g, '') || '0');
      await editor.fill(String(before + 100 + row));
      await editor.press('Enter');
      await expect.poll(() => pendingCount(page)).toBe(row + 1);
    }
    const allocatedEdited = await number(page, '[data-testid=total-allocated]');
    expect(allocatedEdited).toBe(allocatedBefore + 9 * 100 + 36);
    const firstCell = ((await page.textContent(vendorCell(0))) ?? '').trim();

    // Another menu entry: the guard asks; staying keeps the page, the edits and the counter.
    await otherMenu(page);
    const leave = page.locator('[data-testid=unsaved-leave-dialog]');
    await leave.waitFor();
    expect(await leave.textContent()).toContain('有未保存的修改，离开将丢失。确定离开吗？');
    expect(await leave.locator('button').allTextContents()).toEqual(['留下继续编辑', '离开']);
    await snap(page, 'unsaved-01-leave-dialog-zh-1366');
    await page.click('[data-testid=unsaved-stay]');
    await leave.waitFor({ state: 'detached' });
    expect(page.url()).toBe(workbenchUrl);
    expect(await pendingCount(page)).toBe(9);
    expect(await number(page, '[data-testid=total-allocated]')).toBe(allocatedEdited);
    expect(((await page.textContent(vendorCell(0))) ?? '').trim()).toBe(firstCell);

    // A reload: the browser asks first; the draft is then offered back and restored with the same count.
    await page.reload();
    expect(browserDialogs).toContain('beforeunload');
    const restore = page.locator('[data-testid=unsaved-restore-dialog]');
    await restore.waitFor({ timeout: 30000 });
    expect(await restore.textContent()).toContain('有 9 处修改未保存');
    await snap(page, 'unsaved-02-restore-offer-zh-1366');
    expect(await pendingCount(page)).toBe(0);
    await page.click('[data-testid=unsaved-restore]');
    await restore.waitFor({ state: 'detached' });
    await expect.poll(() => pendingCount(page)).toBe(9);
    expect(await number(page, '[data-testid=total-allocated]')).toBe(allocatedEdited);
    expect(((await page.textContent(vendorCell(0))) ?? '').trim()).toBe(firstCell);
    expect(await page.locator(`${GRID} .wb-dirty`).count()).toBeGreaterThanOrEqual(9);

    // Leaving: the menu entry's page opens, and the dropped edits are not offered on return.
    await otherMenu(page);
    await leave.waitFor();
    await page.click('[data-testid=unsaved-leave]');
    await page.waitForURL(/\/workspace\/home/);
    await page.goto(workbenchUrl);
    await page.waitForSelector(`${GRID} .ag-row`, { timeout: 30000 });
    await page.waitForTimeout(500);
    expect(await restore.count()).toBe(0);
    expect(await pendingCount(page)).toBe(0);
    // Without edits nothing asks.
    await otherMenu(page);
    await page.waitForURL(/\/workspace\/home/);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a form drawer with typed values asks before closing and offers them back after a reload', async () => {
    const page = await (await run.browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('dialog', (d) => void d.accept());
    await signIn(page, run.server.url, '/md/index/vendor', 'maker');
    await page.waitForSelector('.ag-header-cell', { timeout: 30000 });
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.fill('#f-vendor-name', '未保存的供应商');
    await page.fill('#f-vendor-email', 'kept@example.com');

    // Closing asks; keeping the form keeps what was typed.
    await page.click('[data-testid=form-drawer] button[aria-label="关闭"]');
    const ask = page.locator('[role=alertdialog]');
    await ask.waitFor();
    expect(await ask.textContent()).toContain('有未保存的修改');
    await snap(page, 'unsaved-03-drawer-close-asks-zh-1366');
    await ask.locator('button:has-text("取消")').click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.inputValue('#f-vendor-name')).toBe('未保存的供应商');

    // A reload with the drawer open: the new vendor's draft is offered when the form opens again.
    await page.reload();
    await page.waitForSelector('.ag-header-cell', { timeout: 30000 });
    await page.click('[data-testid=action-create]');
    const restore = page.locator('[data-testid=unsaved-restore-dialog]');
    await restore.waitFor({ timeout: 15000 });
    await snap(page, 'unsaved-04-drawer-restore-offer-zh-1366');
    await page.click('[data-testid=unsaved-restore]');
    await expect.poll(() => page.inputValue('#f-vendor-name')).toBe('未保存的供应商');
    expect(await page.inputValue('#f-vendor-email')).toBe('kept@example.com');

    // Closing and confirming drops the draft: the next new vendor starts empty, with no offer.
    await page.click('[data-testid=form-cancel]');
    await page.click('[data-testid=confirm-ok]');
    await page.waitForSelector('[data-testid=entity-form]', { state: 'detached' });
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.waitForTimeout(300);
    expect(await restore.count()).toBe(0);
    expect(await page.inputValue('#f-vendor-name')).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
