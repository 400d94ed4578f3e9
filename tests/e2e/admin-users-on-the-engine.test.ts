import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowserForFile, snap } from './support/harness';
import { clickMenuEntry } from './support/side-menu';
import { signInToShell, toast, until } from './support/steps';

/**
 * Users on the engine (issue 30: the list, drawer and transitions of the view entity `user`): the
 * brand's administrator opens 用户管理 from the menu, finds brand.buyer by the quick search, edits
 * the name and moves a role across the drawer's transfer (read back after a reload and from the
 * server), freezes the buyer (asked first; the 已冻结 tab lists them) and activates them again,
 * resets a password (asked first), and invites someone by mail. List and drawer at 1366 and 1920.
 */
const run = serverAndBrowserForFile();

/** Narrows the list to one user by the account and waits for that one row. */
async function findUser(page: Page, username: string): Promise<void> {
  await page.fill('[data-testid=quick-search]', username);
  await until(page, (u) => !document.querySelector('.ag-center-cols-container .ag-row[row-index="1"]') && document.querySelector('.ag-row[row-index="0"] [col-id=username]')?.textContent === u, username, { timeout: 15_000 });
}

const cell = (page: Page, col: string) => page.textContent(`.ag-row[row-index="0"] [col-id=${col}]`);
const inField = (key: string, selector: string) => `[data-testid=entity-form] [data-field=${key}] ${selector}`;
const select = (page: Page) => page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();

describe('users on the engine', () => {
  it('edits a user and their roles in the drawer, freezes and activates, resets a password and invites', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(page, run.server.url, 'brand');
    await clickMenuEntry(page, 'admin.user');
    await page.waitForURL(/\/admin\/page\/users/);
    await page.waitForSelector('[data-testid=admin-users] .ag-row[row-index="1"]');
    await snap(page, 'users-01-list-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'users-02-list-1920');

    // The drawer: a new name and the planner role moved across the transfer.
    await findUser(page, 'brand.buyer');
    expect(await cell(page, 'status')).toBe('正常');
    await page.dblclick('.ag-row[row-index="0"] [col-id=fullname]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.fill('#f-users-fullname', '李采购（编辑）');
    const available = inField('roles', '[data-testid=transfer-available]');
    await page.locator(available).getByText('计划员', { exact: true }).waitFor({ timeout: 15000 });
    await page.locator(available).locator('.fui-Checkbox', { hasText: '计划员' }).locator('input').check();
    await page.click(inField('roles', 'button[aria-label="→"]'));
    await page.waitForSelector(inField('roles', '[data-testid=transfer-chosen] :text("计划员")'));
    await snap(page, 'users-03-drawer-1920');
    await page.setViewportSize({ width: 1366, height: 768 });
    await snap(page, 'users-04-drawer-1366');
    await page.click('[data-testid=form-save]');
    await page.waitForSelector('[data-testid=entity-form]', { state: 'detached' });
    await until(page, () => document.querySelector('.ag-row[row-index="0"] [col-id=fullname]')?.textContent === '李采购（编辑）');

    // Read again after a reload and from the server.
    await page.reload();
    await page.waitForSelector('.ag-row[row-index="0"]');
    await findUser(page, 'brand.buyer');
    expect(await cell(page, 'roles')).toContain('planner');
    const saved = await page.evaluate(async () => {
      const r = await fetch('/api/adminapi/user/page?f.username.eq=brand.buyer', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return ((await r.json()) as { data: { rows: Array<{ fullname: string; roles: string[] }> } }).data.rows[0];
    });
    expect(saved.fullname).toBe('李采购（编辑）');
    expect(saved.roles).toContain('planner');

    // Freeze is asked first; the frozen tab lists the user; activate brings them back.
    await select(page);
    await page.click('[data-testid=action-freeze]');
    await page.waitForSelector('[role=dialog]:has-text("确定冻结所选用户")');
    await page.click('[data-testid=transition-ok]');
    await toast(page, 'success', '操作成功');
    await until(page, () => document.querySelector('.ag-row[row-index="0"] [col-id=status]')?.textContent === '已冻结');
    await page.fill('[data-testid=quick-search]', '');
    await page.click('[data-testid=tab-frozen]');
    await until(page, () => [...document.querySelectorAll('.ag-row [col-id=username]')].some((c) => c.textContent === 'brand.buyer'));
    await snap(page, 'users-05-frozen-tab-1366');
    await page.click('[data-testid=tab-all]');
    await findUser(page, 'brand.buyer');
    await select(page);
    await page.click('[data-testid=action-activate]');
    await page.click('[data-testid=transition-ok]');
    await until(page, () => document.querySelector('.ag-row[row-index="0"] [col-id=status]')?.textContent === '正常');

    // The password reset is asked first; the temporary password goes by mail.
    await select(page);
    await page.click('[data-testid=action-reset-password]');
    await page.waitForSelector('[role=dialog]:has-text("确定重置所选用户的密码")');
    await page.click('[data-testid=transition-ok]');
    await toast(page, 'success', '操作成功');

    // The invitation: the page's own button, a mail with the company's invite code.
    await page.click('[data-testid=invite]');
    await page.fill('[data-testid=invite-email]', 'new.colleague@demo.local');
    await page.click('[data-testid=invite-send]');
    await page.waitForSelector('[data-testid=invite-code]');
    await snap(page, 'users-06-invite-1366');
    expect(errors).toEqual([]);
  });
});
