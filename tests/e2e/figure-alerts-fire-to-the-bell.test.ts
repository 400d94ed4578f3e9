import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signInToShell, unreadCount } from './support/steps';

/**
 * Figure alerts and live tiles (issue 34) in two browsers: the maker's manager sets an alert from a
 * control tower tile (its bell), narrowed to one customer's orders in progress; the planner, in
 * another browser, saves such an order (the tower's tile updates over the socket, no reload) and
 * accepts it; the alert reaches the manager's bell, and its notice opens the customer order list
 * filtered exactly as the alert, showing that order. The alert screen at 1366 and 1920, zh and en.
 */
const run = serverAndBrowserForFile();
const CUSTOMER = 'E2E预警客户';

async function asPlanner(page: Page, body: string): Promise<{ status: number; id: number }> {
  return page.evaluate(async (src) => {
    const h = { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' };
    return (new Function('h', `return (async () => { ${src} })()`) as (h: Record<string, string>) => Promise<{ status: number; id: number }>)(h);
  }, body);
}

describe('figure alerts', () => {
  it('a manager sets an alert on a tile, the planner\'s order action makes it fire, the bell opens the drill-down', async () => {
    const manager = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const planner = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    manager.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(manager, run.server.url, 'maker');
    await signInToShell(planner, run.server.url, 'maker.planner');

    // From the tower's order funnel: the alert screen opens with the tile's report, measure and filters.
    await manager.goto(`${run.server.url}/visual/control-tower`);
    await manager.waitForSelector('[data-testid=control-tower][data-loaded="1"]');
    await manager.click('[data-testid=widget-alert-funnel]');
    await manager.waitForURL(/\/rpt\/page\/alerts/);
    await manager.waitForSelector('[data-testid=alert-drawer] [data-testid=alert-name]');
    expect(await manager.inputValue('[data-testid=alert-threshold]')).toBe('');
    expect(await manager.textContent('[data-testid=alert-report]')).toContain('客户订单状态分布');
    // Narrowed to one customer's orders in progress, above 0, told to the manager herself.
    await manager.fill('[data-testid=alert-name]', 'E2E 客户订单进行中');
    await manager.click('[data-testid=filter-status] [role=combobox]');
    await manager.click('[role=option]:has-text("进行中")');
    await manager.fill('[data-testid=filter-brand_name] input', CUSTOMER);
    await manager.fill('[data-testid=alert-threshold]', '0');
    await manager.click('[data-testid=alert-users]');
    await manager.click('[role=option]:has-text("（maker）")');
    await manager.keyboard.press('Escape');
    await manager.waitForSelector('[data-testid=alert-preview]:has-text("当前值：0")');
    await snap(manager, 'alerts-01-drawer-1366');
    await manager.setViewportSize({ width: 1920, height: 1080 });
    await snap(manager, 'alerts-02-drawer-1920');
    await manager.click('[data-testid=alert-save]');
    await manager.waitForSelector('[data-testid=alert-drawer]', { state: 'detached' });
    const row = manager.locator('[data-testid^=alert-row-]', { hasText: 'E2E 客户订单进行中' });
    await row.waitFor();
    expect(await row.textContent()).toContain('未触发');
    const alertId = Number((await row.getAttribute('data-testid'))!.replace('alert-row-', ''));
    const saved = await manager.evaluate(async () => (await (await fetch('/api/rptapi/alerts', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })).json()).data.rows);
    const alert = (saved as Array<{ id: number; filters: Record<string, string> }>).find((a) => a.id === alertId)!;
    expect(alert.filters['f.status.eq']).toBe('in_progress');
    expect(alert.filters['f.brand_name.like']).toBe(CUSTOMER);
    expect(alert.filters['f.delivery_date.between']).toBeTruthy();
    await snap(manager, 'alerts-03-list-1920');

    // Live tile: the manager watches the tower; the planner's new order moves the funnel without a reload.
    await manager.goto(`${run.server.url}/visual/control-tower`);
    await manager.waitForSelector('[data-testid=control-tower][data-loaded="1"]');
    await manager.evaluate(() => ((window as unknown as { keep: number }).keep = 1));
    const openBefore = Number(await manager.textContent('[data-testid=kpi-openOrders] span:nth-child(2)'));
    const range = alert.filters['f.delivery_date.between'].split(',');
    const made = await asPlanner(
      planner,
      `const r = await fetch('/api/scmapi/customerorder/save', { method: 'POST', headers: h, body: JSON.stringify({ brand_name: '${CUSTOMER}', pr_type: 'bulk', category: 'knit-top', receive_date: '${range[0]}', delivery_date: '${range[1]}', currency: 'CNY', entries: [{ style_no: 'E2E-AL', style_name: '预警款', colour: '黑色', size: 'M', qty: 60, unit_price: 20, seq: 1 }] }) });
       const j = await r.json(); return { status: r.status, id: j.data.id };`,
    );
    expect(made.status).toBe(200);
    await manager.waitForFunction((n) => Number(document.querySelector('[data-testid=kpi-openOrders] span:nth-child(2)')?.textContent) === n + 1, openBefore, { timeout: 20_000 });
    expect(await manager.evaluate(() => (window as unknown as { keep?: number }).keep)).toBe(1);

    // The planner accepts it: one order of that customer in progress, above 0: the manager's bell rings.
    const bellBefore = await unreadCount(manager);
    const t0 = Date.now();
    const accepted = await asPlanner(planner, `const r = await fetch('/api/scmapi/customerorder/action/accept', { method: 'POST', headers: h, body: JSON.stringify({ id: ${made.id} }) }); return { status: r.status, id: ${made.id} };`);
    expect(accepted.status).toBe(200);
    await manager.waitForFunction((n) => Number(document.querySelector('[data-testid=unread-count]')?.textContent ?? '0') > n, bellBefore, { timeout: 60_000 });
    expect(Date.now() - t0).toBeLessThan(60_000);
    await manager.click('[data-testid=unread-bell]');
    const notice = manager.locator('[data-testid=notice-item]', { hasText: '预警：E2E 客户订单进行中' }).first();
    await notice.waitFor();
    expect(await notice.textContent()).toContain('订单数为 1，高于 0。');
    await snap(manager, 'alerts-04-bell-1920');
    await notice.click();
    await manager.waitForURL(/\/page\/subindex\/customerorder\?/);
    const url = new URL(manager.url());
    expect(Object.fromEntries([...url.searchParams.entries()].filter(([k]) => k.startsWith('f.')))).toEqual(alert.filters);
    await manager.waitForSelector('.ag-row');
    const rows = await manager.locator('.ag-center-cols-container .ag-row').count();
    expect(rows).toBe(1);
    expect(await manager.textContent('.ag-center-cols-container .ag-row')).toContain(CUSTOMER);
    await snap(manager, 'alerts-05-drill-down-1920');

    // The alert screen in English at 1366.
    await manager.goto(`${run.server.url}/rpt/page/alerts`);
    await manager.waitForSelector(`[data-testid=alert-row-${alertId}]`);
    expect(await manager.textContent(`[data-testid=alert-row-${alertId}]`)).toContain('已越过阈值');
    await manager.click('[data-testid=language-switch]');
    await manager.click('[data-testid=language-en]');
    await manager.setViewportSize({ width: 1366, height: 768 });
    await manager.waitForSelector('[data-testid=alerts-page]:has-text("Figure alerts")');
    await snap(manager, 'alerts-06-list-en-1366');
    await manager.click(`[data-testid=alert-edit-${alertId}]`);
    await manager.waitForSelector('[data-testid=alert-preview]:has-text("Now: 1")');
    await snap(manager, 'alerts-07-drawer-en-1366');
    expect(errors).toEqual([]);
  });
});
