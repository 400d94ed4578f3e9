import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowserForFile, snap } from './support/harness';
import { alertField as field, alertMeasured, alertRow, pageApi, signInToShell, unreadCount, until } from './support/steps';

/**
 * Figure alerts and live tiles (issue 34) in two browsers: the maker's manager sets an alert from a
 * control tower tile (its bell), narrowed to one customer's orders in progress, and finds the planner
 * in the recipients' picker by typing part of her name (the picker searches the company's users: a
 * company of more colleagues than one answer holds finds each of them). The planner, in another
 * browser, saves such an order (the tower's tile updates over the socket, no reload) and accepts it:
 * the alert rings the planner's bell once (a second accepted order, still above the line, tells
 * nothing more), and the notice opens the customer order list filtered exactly as the alert. The
 * manager, not a recipient, is not told. The alert screen at 1366 and 1920, zh and en.
 */
const run = serverAndBrowserForFile();
// Per attempt (a retry after a failure must not meet the alert and orders the first attempt saved).
let CUSTOMER = 'E2E预警客户';
let NAME = 'E2E 客户订单进行中';


const api = pageApi;
/** The planner's notices of this alert (read from the server, not the bell's first page). */
async function alertNotices(page: Page): Promise<number> {
  const rows = (await api<{ rows: Array<{ kind: string; title: string }> }>(page, '/notifyapi/notify-msg/index?page=1&size=100')).rows;
  return rows.filter((n) => n.kind === 'alert.fired' && n.title.includes(NAME)).length;
}

describe('figure alerts', () => {
  it('a manager sets an alert on a tile for the planner, the planner\'s order action makes it ring once, the bell opens the drill-down', async () => {
    const attempt = Date.now().toString(36).slice(-4);
    CUSTOMER = `E2E预警客户${attempt}`;
    NAME = `E2E 客户订单进行中 ${attempt}`;
    const manager = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const planner = await run.browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const errors: string[] = [];
    manager.on('pageerror', (e) => errors.push(e.message));
    planner.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(manager, run.server.url, 'maker');
    await signInToShell(planner, run.server.url, 'maker.planner');

    // From the tower's order funnel: the alert screen opens with the tile's report, measure and filters.
    await manager.goto(`${run.server.url}/visual/control-tower`);
    await manager.waitForSelector('[data-testid=control-tower][data-loaded="1"]');
    await manager.click('[data-testid=widget-alert-funnel]');
    await manager.waitForURL(/\/rpt\/page\/alerts/);
    await manager.waitForSelector(field('name', 'input'));
    expect(await manager.inputValue('[data-testid=alert-threshold]')).toBe('');
    expect(await manager.textContent('[data-testid=alert-report]')).toContain('客户订单状态分布');
    // Narrowed to one customer's orders in progress, above 0.
    await manager.fill(field('name', 'input'), NAME);
    await manager.click('[data-testid=filter-status] [role=combobox]');
    await manager.click('[role=option]:has-text("进行中")');
    await manager.fill('[data-testid=filter-brand_name] input', CUSTOMER);
    await manager.fill('[data-testid=alert-threshold]', '0');
    // The figure's bar first: it comes in above the recipients and moves them (a click aimed before it missed the picker).
    await manager.waitForSelector('[data-testid=alert-preview]:has-text("当前值：0")');
    // The recipients' picker (the engine's searched picker of colleagues) searches by what is typed; its options name the account and the name.
    await manager.click(field('recipient_users', 'input'));
    await manager.waitForSelector('[role=menuitemcheckbox]:has-text("工厂管理员")');
    await manager.fill(field('recipient_users', 'input'), '计划');
    await manager.waitForSelector('[role=menuitemcheckbox]:has-text("工厂管理员")', { state: 'detached' });
    const plannerOption = manager.locator('[role=menuitemcheckbox]', { hasText: 'maker.planner' });
    expect(await plannerOption.textContent()).toContain('王计划');
    await plannerOption.click();
    await manager.keyboard.press('Escape');
    await expect.poll(() => manager.inputValue(field('recipient_users', 'input'))).toBe('王计划');
    await manager.waitForSelector('[data-testid=alert-preview]:has-text("当前值：0")');
    await snap(manager, 'alerts-01-drawer-1366');
    await manager.setViewportSize({ width: 1920, height: 1080 });
    await snap(manager, 'alerts-02-drawer-1920');
    await manager.click('[data-testid=alert-save]');
    // A refused save keeps the drawer open with its messages: the failure then says what it shows.
    const shown = await manager.waitForSelector('[data-testid=alert-drawer]', { state: 'detached' }).then(() => '', async () => (await manager.$('[data-testid=alert-drawer]'))?.innerText() ?? '');
    expect(shown, 'the alert is saved and its drawer closes').toBe('');
    const row = await alertRow(manager, NAME);
    expect(await row.locator('[col-id=alert_state]').textContent()).toContain('未触发');
    const list = await api<{ rows: Array<{ id: number; name: string; filters: Record<string, string>; recipient_users: number[] }>; people: Array<{ id: number; username: string }> }>(manager, '/rptapi/alerts');
    const alert = list.rows.find((a) => a.name === NAME)!;
    const alertId = alert.id;
    expect(alert.filters['f.status.eq']).toBe('in_progress');
    expect(alert.filters['f.brand_name.like']).toBe(CUSTOMER);
    expect(alert.filters['f.delivery_date.between']).toBeTruthy();
    expect(alert.recipient_users.map((id) => list.people.find((p) => p.id === id)?.username)).toEqual(['maker.planner']);
    await snap(manager, 'alerts-03-list-1920');

    // Live tile: the manager watches the tower; the planner's new order moves the funnel without a reload.
    await manager.goto(`${run.server.url}/visual/control-tower`);
    await manager.waitForSelector('[data-testid=control-tower][data-loaded="1"]');
    await manager.evaluate(() => ((window as unknown as { keep: number }).keep = 1));
    const openBefore = Number(await manager.textContent('[data-testid=kpi-openOrders] span:nth-child(2)'));
    const [from, to] = alert.filters['f.delivery_date.between'].split(',');
    const order = (style: string) => ({ brand_name: CUSTOMER, pr_type: 'bulk', category: 'knit-top', receive_date: from, delivery_date: to, currency: 'CNY', entries: [{ style_no: style, style_name: '预警款', colour: '黑色', size: 'M', qty: 60, unit_price: 20, seq: 1 }] });
    const made = await api<{ id: number }>(planner, '/scmapi/customerorder/save', order('E2E-AL-1'));
    await until(manager, (n) => Number(document.querySelector('[data-testid=kpi-openOrders] span:nth-child(2)')?.textContent) === n + 1, openBefore, { timeout: 20_000 });
    expect(await manager.evaluate(() => (window as unknown as { keep?: number }).keep)).toBe(1);

    // The planner accepts it: one order of that customer in progress, above 0: the planner's bell rings within 60 s.
    const bellBefore = await unreadCount(planner);
    const t0 = Date.now();
    await api(planner, '/scmapi/customerorder/action/accept', { id: made.id });
    await until(planner, (n) => Number(document.querySelector('[data-testid=unread-count]')?.textContent ?? '0') > n, bellBefore, { timeout: 60_000 });
    expect(Date.now() - t0).toBeLessThan(60_000);
    expect(await alertNotices(planner)).toBe(1);

    // A second order accepted keeps the figure above the line (2): measured, not told again.
    const second = await api<{ id: number }>(planner, '/scmapi/customerorder/save', order('E2E-AL-2'));
    await api(planner, '/scmapi/customerorder/action/accept', { id: second.id });
    await alertMeasured(manager, { id: alertId }, 2);
    expect(await alertNotices(planner)).toBe(1);
    // The manager set it but is no recipient: nothing of it on her bell.
    expect(await alertNotices(manager)).toBe(0);

    // The planner's bell: the notice, and its link opens the list with exactly the alert's filters.
    await planner.click('[data-testid=unread-bell]');
    const notice = planner.locator('[data-testid=notice-item]', { hasText: `预警：${NAME}` });
    await notice.first().waitFor();
    expect(await notice.count()).toBe(1);
    expect(await notice.textContent()).toContain('订单数为 1，高于 0。');
    await snap(planner, 'alerts-04-bell-1920');
    await planner.setViewportSize({ width: 1366, height: 768 });
    await snap(planner, 'alerts-04-bell-1366');
    await notice.click();
    await planner.waitForURL(/\/page\/subindex\/customerorder\?/);
    const url = new URL(planner.url());
    expect(Object.fromEntries([...url.searchParams.entries()].filter(([k]) => k.startsWith('f.')))).toEqual(alert.filters);
    // Both orders of that customer in progress, and nothing else (rows counted by their index: a pinned column repeats a row).
    await until(planner, () => {
      const rows = [...document.querySelectorAll('.ag-row[row-index]')];
      return new Set(rows.map((r) => r.getAttribute('row-index'))).size === 2 && rows.every((r) => !r.querySelector('[col-id=brand_name]') || r.textContent?.includes('E2E预警客户'));
    }, undefined, { timeout: 15_000 });
    await snap(planner, 'alerts-05-drill-down-1366');

    // The alert screen: across the line, told once; in English at 1366.
    await manager.goto(`${run.server.url}/rpt/page/alerts`);
    const fired = await alertRow(manager, NAME);
    expect(await fired.locator('[col-id=alert_state]').textContent()).toContain('已触发');
    expect((await fired.locator('[col-id=fired_count]').textContent())?.trim()).toBe('1');
    await manager.click('[data-testid=language-switch]');
    await manager.click('[data-testid=language-en]');
    await manager.setViewportSize({ width: 1366, height: 768 });
    await manager.waitForSelector('[data-testid=alerts-page]:has-text("Figure alerts")');
    await snap(manager, 'alerts-06-list-en-1366');
    await (await alertRow(manager, NAME)).locator('[col-id=alert_state]').dblclick();
    await manager.waitForSelector('[data-testid=alert-preview]:has-text("Now: 2")');
    // The saved recipient is named without a search.
    await expect.poll(() => manager.inputValue(field('recipient_users', 'input'))).toBe('王计划');
    await snap(manager, 'alerts-07-drawer-en-1366');
    expect(errors).toEqual([]);
  });
});
