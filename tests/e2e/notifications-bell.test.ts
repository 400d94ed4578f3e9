import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signInToShell, unreadCount, until } from './support/steps';

/**
 * The bell (issue 15) in two browsers: the brand sends an order, the maker's bell rises live over the
 * socket, the list names the order by the maker's number; opening the notice goes to the order and
 * marks it read; "mark all read" clears the count.
 */
const run = serverAndBrowserForFile();


describe('the notification bell', () => {
  it('rises live when the brand sends an order, lists it by number, opens it and marks all read', async () => {
    const brand = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    const maker = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    const errors: string[] = [];
    maker.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(brand, run.server.url, 'brand');
    await signInToShell(maker, run.server.url, 'maker');
    await maker.waitForTimeout(500);
    const before = await unreadCount(maker);

    const sent = await brand.evaluate(async () => {
      const h = { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' };
      const vendors = await (await fetch('/api/mdapi/vendor/page?size=100', { headers: h })).json();
      const vendor = vendors.data.rows.find((v: { platform_client_code: string | null }) => v.platform_client_code === 'MAKER01');
      const saved = await (await fetch('/api/scmapi/prorder/save', { method: 'POST', headers: h, body: JSON.stringify({ pr_type: 'bulk', customer_po: 'PO-BELL', category: 'knit-top', receive_date: '2026-03-02', delivery_date: '2026-04-20', currency: 'CNY', maker_vendor_id: vendor.id, entries: [{ style_no: 'ST-BELL', colour: '黑色', size: 'M', qty: 20, unit_price: 9, seq: 1 }] }) })).json();
      const r = await fetch('/api/scmapi/prorder/action/send', { method: 'POST', headers: h, body: JSON.stringify({ id: saved.data.id }) });
      return { status: r.status, prNo: saved.data.pr_no as string };
    });
    expect(sent.status).toBe(200);

    // Live: the socket's notifyto2 carries the new count.
    await until(maker, (n) => Number(document.querySelector('[data-testid=unread-count]')?.textContent ?? '0') > n, before, { timeout: 10_000 });
    await maker.click('[data-testid=unread-bell]');
    await maker.waitForSelector('[data-testid=notice-item]');
    const first = maker.locator('[data-testid=notice-item]').first();
    const text = (await first.textContent()) ?? '';
    expect(text).toMatch(/收到新订单 CO\d+/);
    expect(text).toContain(sent.prNo);
    expect(text).toContain('刚刚');
    expect(await first.getAttribute('data-unread')).toBe('1');
    await snap(maker, 'notify-01-bell-list');

    const countBefore = await unreadCount(maker);
    await first.click();
    await maker.waitForURL(/\/page\/document\/customerorder\?id=\d+/);
    await until(maker, (n) => Number(document.querySelector('[data-testid=unread-count]')?.textContent ?? '0') < n, countBefore);
    await snap(maker, 'notify-02-opened-order');

    await maker.click('[data-testid=unread-bell]');
    await maker.waitForSelector('[data-testid=notice-item]');
    if (await unreadCount(maker) > 0) {
      await maker.click('[data-testid=notice-read-all]');
      await maker.waitForSelector('[data-testid=unread-count]', { state: 'detached' });
    }
    await maker.waitForSelector('[data-testid=notice-item][data-unread="1"]', { state: 'detached' });
    await snap(maker, 'notify-03-all-read');
    expect(errors).toEqual([]);
  });

  it('a planner chooses e-mail only for orders: the next order rings no bell for them and waits in the outbox as a mail', async () => {
    const planner = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    const errors: string[] = [];
    planner.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(planner, run.server.url, 'maker.planner');
    await planner.goto(`${run.server.url}/collab/center?tab=settings`);
    // The settings tab is the engine's list of the view `noticesetting`: a row per event, edited in the drawer.
    await planner.waitForSelector('[data-testid=grid-noticesetting]');
    const orderCell = planner.locator('[data-testid=grid-noticesetting] .ag-cell[col-id="event"]:has-text("订单（收到")');
    const orderRow = async () => `[data-testid=grid-noticesetting] .ag-row[row-index="${await orderCell.evaluate((el) => el.closest('.ag-row')!.getAttribute('row-index'))}"]`;
    const channel = (label: string) => planner.locator('#f-noticesetting-channels .fui-Checkbox', { hasText: label }).locator('input');
    await orderCell.dblclick();
    await planner.waitForSelector('[data-testid=entity-form]');
    // No workplace-chat binding: that channel is refused on save, and the form says why.
    await channel('企业微信/钉钉').check();
    await planner.click('[data-testid=form-save]');
    await planner.waitForSelector('[data-testid=entity-form] :text("未绑定企业微信或钉钉")');
    await channel('企业微信/钉钉').uncheck();
    await channel('邮件').check();
    await channel('站内消息').uncheck();
    await planner.click('[data-testid=form-save]');
    await planner.waitForSelector(`${await orderRow()} [col-id=source]:has-text("我的设置")`);
    await planner.keyboard.press('Escape');
    // The last channel cannot be taken away: the form refuses and says so.
    await orderCell.dblclick();
    await planner.waitForSelector('[data-testid=entity-form]');
    await channel('邮件').uncheck();
    await planner.click('[data-testid=form-save]');
    await planner.waitForSelector('[data-testid=entity-form] :text("请至少选择一个通知渠道")');
    await planner.keyboard.press('Escape');
    await planner.reload();
    await orderCell.waitFor();
    expect(await planner.textContent(`${await orderRow()} [col-id=source]`)).toBe('我的设置');
    expect(await planner.textContent(`${await orderRow()} [col-id=channels]`)).toBe('邮件');
    await snap(planner, 'notify-04-settings');
    const before = await unreadCount(planner);

    const brand = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    await signInToShell(brand, run.server.url, 'brand');
    const prNo = await brand.evaluate(async () => {
      const h = { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' };
      const vendors = await (await fetch('/api/mdapi/vendor/page?size=100', { headers: h })).json();
      const vendor = vendors.data.rows.find((v: { platform_client_code: string | null }) => v.platform_client_code === 'MAKER01');
      const saved = await (await fetch('/api/scmapi/prorder/save', { method: 'POST', headers: h, body: JSON.stringify({ pr_type: 'bulk', customer_po: 'PO-MAIL', category: 'knit-top', receive_date: '2026-03-02', delivery_date: '2026-04-20', currency: 'CNY', maker_vendor_id: vendor.id, entries: [{ style_no: 'ST-MAIL', colour: '黑色', size: 'M', qty: 20, unit_price: 9, seq: 1 }] }) })).json();
      await fetch('/api/scmapi/prorder/action/send', { method: 'POST', headers: h, body: JSON.stringify({ id: saved.data.id }) });
      return saved.data.pr_no as string;
    });

    // The maker's administrator (the bell is theirs by the default) sees the mail in the outbox.
    const admin = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    await signInToShell(admin, run.server.url, 'maker');
    await admin.goto(`${run.server.url}/page/outbox`);
    const row = admin.locator('[data-testid=list-outbox] .ag-row', { has: admin.locator('[col-id=to_address]', { hasText: 'maker.planner@demo.local' }) }).first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain(prNo);
    await snap(admin, 'notify-05-outbox-mail');
    expect(await unreadCount(planner)).toBe(before);
    expect(errors).toEqual([]);
  });
});
