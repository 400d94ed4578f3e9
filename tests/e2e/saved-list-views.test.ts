import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn, toast, until } from './support/steps';

/**
 * Issue 32, saved views of a list in Chromium: a planner arranges the customer orders (hides a
 * column, sorts by delivery date, filters by customer, picks a state tab), saves that as a view of
 * his own, reloads and finds it back; switches to a view his administrator shared with planners and
 * back; changes his view and saves it; deletes it after confirming. The picker is photographed open
 * at 1366 x 768 and 1920 x 1080.
 */
const run = serverAndBrowserForFile();
const GRID = '[data-testid=grid-customerorder]';

const header = (page: Page, field: string) => page.locator(`${GRID} [role=columnheader][col-id=${field}]`);
const viewLabel = async (page: Page) => page.getAttribute('[data-testid=views-menu]', 'data-view-name');
const openViews = async (page: Page) => {
  await page.click('[data-testid=views-menu]');
  await page.waitForSelector('[data-testid=views-list]');
};
const chooseView = async (page: Page, name: string) => {
  await openViews(page);
  await page.click(`[data-testid=views-list] [role=menuitemradio]:has-text("${name}")`);
  await until(page, (n) => (document.querySelector('[data-testid=views-menu]') as HTMLElement | null)?.dataset.viewName === n, name);
};
/** The list as the planner sees it: hidden columns, sorted column, the customer filter's text, the selected tab. */
const shown = async (page: Page) => ({
  rejectReason: await header(page, 'reject_reason').count(),
  sourceNo: await header(page, 'source_no').count(),
  deliverySort: await header(page, 'delivery_date').getAttribute('aria-sort'),
  customerFilter: await page.locator(`${GRID} .ag-floating-filter[col-id=brand_name] input`).first().inputValue().catch(() => ''),
  tab: await page.locator('[role=tab][aria-selected=true]').getAttribute('data-testid'),
});

describe('saved list views', () => {
  it('a planner saves his arrangement of the customer orders as a view, finds it after a reload, switches views and back', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/scm/index/customerorder', 'maker.planner');
    await page.waitForSelector(`${GRID} .ag-row`, { timeout: 30000 });
    expect(await viewLabel(page)).toBe('标准视图');
    await openViews(page);
    // The administrator's views shared with planners are offered; the planner has none of his own yet.
    await page.waitForSelector('[data-testid=views-list] :text("生产中 · 按交期")');
    await snap(page, 'list-views-picker-zh-1366');
    await page.keyboard.press('Escape');

    // Hide the reject reason, sort by delivery date, filter the customer, pick the "in progress" tab.
    await page.click('[data-testid=action-columns]');
    await page.click('[role=menuitemcheckbox]:has-text("拒绝原因")');
    await page.keyboard.press('Escape');
    await header(page, 'delivery_date').locator('.ag-header-cell-label').click();
    await page.locator(`${GRID} .ag-floating-filter[col-id=brand_name] input`).first().fill('悦衣');
    await page.click('[data-testid=tab-in_progress]');
    const arranged = await shown(page);
    expect(arranged).toEqual({ rejectReason: 0, sourceNo: 1, deliverySort: 'ascending', customerFilter: '悦衣', tab: 'tab-in_progress' });

    await openViews(page);
    await page.click('[data-testid=view-save-as]');
    await page.fill('[data-testid=view-name]', '我的交期跟踪');
    await page.click('[data-testid=view-name-ok]');
    await toast(page, 'success', '视图已保存');
    expect(await viewLabel(page)).toBe('我的交期跟踪');

    // Reloaded, the list opens on the view with everything it keeps.
    await page.reload();
    await page.waitForSelector(`${GRID} [role=columnheader][col-id=order_no]`, { timeout: 30000 });
    await until(page, () => (document.querySelector('[data-testid=views-menu]') as HTMLElement | null)?.dataset.viewName === '我的交期跟踪');
    await until(page, () => (document.querySelector('[data-testid=grid-customerorder] .ag-floating-filter[col-id=brand_name] input') as HTMLInputElement | null)?.value === '悦衣');
    expect(await shown(page)).toEqual(arranged);

    // The shared view shows its own arrangement; back to the planner's, his is there again.
    await chooseView(page, '生产中 · 按交期');
    await until(page, () => !document.querySelector('[data-testid=grid-customerorder] [role=columnheader][col-id=source_no]'));
    expect(await shown(page)).toEqual({ rejectReason: 0, sourceNo: 0, deliverySort: 'ascending', customerFilter: '', tab: 'tab-in_progress' });
    await openViews(page);
    // A shared view is kept by the administrator: the planner may save it only as a view of his own.
    expect(await page.locator('[data-testid=view-rename]').getAttribute('aria-disabled')).toBe('true');
    await snap(page, 'list-views-picker-shared-zh-1366');
    await page.keyboard.press('Escape');
    await chooseView(page, '我的交期跟踪');
    await until(page, () => Boolean(document.querySelector('[data-testid=grid-customerorder] [role=columnheader][col-id=source_no]')));
    expect(await shown(page)).toEqual(arranged);

    // A change marks the view modified until it is saved.
    await page.click('[data-testid=tab-pending]');
    await page.waitForSelector('[data-testid=view-modified]');
    await openViews(page);
    await page.click('[data-testid=view-save]');
    await toast(page, 'success', '视图已保存');
    await page.waitForSelector('[data-testid=view-modified]', { state: 'detached' });
    await page.reload();
    await until(page, () => document.querySelector('[role=tab][aria-selected=true]')?.getAttribute('data-testid') === 'tab-pending', undefined, { timeout: 30000 });

    // At 1920 x 1080, the picker open.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openViews(page);
    await snap(page, 'list-views-picker-zh-1920');
    // Deleting asks first; the list goes back to its own layout.
    await page.click('[data-testid=view-remove]');
    await page.click('[data-testid=confirm-ok]');
    await toast(page, 'success', '视图已删除');
    await until(page, () => (document.querySelector('[data-testid=views-menu]') as HTMLElement | null)?.dataset.viewName === '标准视图');
    await openViews(page);
    expect(await page.locator('[data-testid=views-list] :text("我的交期跟踪")').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a company administrator shares a grouped view with planners and makes it their default: a planner\'s list opens on it', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const admin = await context.newPage();
    const errors: string[] = [];
    admin.on('pageerror', (e) => errors.push(e.message));
    await signIn(admin, run.server.url, '/scm/index/customerorder', 'maker');
    await admin.waitForSelector(`${GRID} .ag-row`, { timeout: 30000 });
    await admin.click('[data-testid=tab-finished]');
    // Grouped by delivery week: a view keeps the grouping too.
    await admin.click('[data-testid=action-group]');
    await admin.click('[data-testid=group-delivery_date-week]');
    await admin.waitForSelector('[data-testid=grouped-customerorder]');
    await openViews(admin);
    await admin.click('[data-testid=view-save-as]');
    await admin.fill('[data-testid=view-name]', '已完成订单');
    await admin.click('[data-testid=view-name-ok]');
    await toast(admin, 'success', '视图已保存');
    await openViews(admin);
    await snap(admin, 'list-views-picker-admin-zh-1366');
    await admin.click('[data-testid=view-share]');
    await admin.click('[data-testid=view-role-planner]');
    await admin.click('[data-testid=view-roles-ok]');
    await admin.waitForSelector('[data-testid=view-roles]', { state: 'detached' });
    await openViews(admin);
    await admin.click('[data-testid=view-role-defaults]');
    // Only the roles the view is shared with can have it as their default.
    expect(await admin.locator('[data-testid=view-roles] [data-testid^=view-role-]').count()).toBe(1);
    await admin.click('[data-testid=view-role-planner]');
    await admin.click('[data-testid=view-roles-ok]');
    await admin.waitForSelector('[data-testid=view-roles]', { state: 'detached' });
    await openViews(admin);
    await admin.waitForSelector('[data-testid=views-list] [role=menuitemradio]:has-text("已完成订单"):has-text("默认：计划员")');
    await admin.keyboard.press('Escape');

    // The planner's list opens on it (his own view of the first test is gone, he chose nothing since).
    const planner = await (await run.browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await signIn(planner, run.server.url, '/scm/index/customerorder', 'maker.planner');
    await until(planner, () => (document.querySelector('[data-testid=views-menu]') as HTMLElement | null)?.dataset.viewName === '已完成订单', undefined, { timeout: 30000 });
    await until(planner, () => document.querySelector('[role=tab][aria-selected=true]')?.getAttribute('data-testid') === 'tab-finished');
    await planner.waitForSelector('[data-testid=grouped-customerorder]');
    await snap(planner, 'list-views-opened-grouped-zh-1366');
    await planner.context().close();

    // In English at 1920 x 1080: the administrator's picker with whom each view is shared.
    await admin.evaluate(() => localStorage.setItem('language', 'en'));
    await admin.setViewportSize({ width: 1920, height: 1080 });
    await admin.reload();
    await admin.waitForSelector(`${GRID}, [data-testid=grouped-customerorder]`, { timeout: 30000 });
    await openViews(admin);
    await admin.waitForSelector('[data-testid=views-list] :text("Standard view")');
    await admin.waitForSelector('[data-testid=views-list] :text("Shared with: Planner")');
    await snap(admin, 'list-views-picker-admin-en-1920');
    expect(errors).toEqual([]);
    await context.close();
  });
});
