import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';

/**
 * Node tracking in two browsers (issue 12): the brand opens the node timeline of one of its orders at
 * the maker, the maker records a node's actual date on its tracking page, and the brand's timeline
 * moves without a reload (socket `nodetrack.changed` through the share). The brand's list holds only
 * its own orders; the maker's node calendar shows the nodes on FullCalendar.
 */
const run = serverAndBrowserForFile();

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto(`${run.server.url}/login`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=unread-bell]');
}

type Api = { status: number; data: { rows: Record<string, unknown>[] } };
const get = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const r = await fetch(u, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return { status: r.status, data: (await r.json()).data } as Api;
  }, url);

describe('node tracking timeline', () => {
  it('the maker records a node\'s actual date and the brand\'s timeline of that order moves live', async () => {
    const brand = await run.browser.newPage({ viewport: { width: 1600, height: 900 } });
    const maker = await run.browser.newPage({ viewport: { width: 1600, height: 900 } });
    const errors: string[] = [];
    for (const p of [brand, maker]) p.on('pageerror', (e) => errors.push(e.message));
    await signIn(brand, 'brand');
    await signIn(maker, 'maker');

    // The brand's orders in progress at its maker, and the maker's copies of them.
    const brandRows = (await get(brand, '/api/scmapi/nodetrack/brand-orders')).data.rows;
    expect(brandRows.length).toBeGreaterThan(0);
    const makerRows = (await get(maker, '/api/scmapi/nodetrack/orders')).data.rows;
    const pick = brandRows.find((r) => Number(r.done) < Number(r.nodes) && makerRows.some((m) => m.source_no === r.pr_no))!;
    const copy = makerRows.find((m) => m.source_no === pick.pr_no)!;

    await brand.goto(`${run.server.url}/scm/page/order-node-timeline?pr=${pick.pr_id}`);
    await brand.waitForSelector('[data-testid=order-timeline] [data-testid^=node-row-]');
    // The list shows only the brand's own orders (as many rows as its shares say).
    expect(await brand.locator('[data-testid^=brand-order-]').count()).toBe(brandRows.length);
    // The first node without an actual date is the one the maker records.
    const open = brand.locator('[data-testid=order-timeline] g[data-actual=""]').first();
    const code = (await open.getAttribute('data-testid'))!.replace('node-row-', '');
    const stateBefore = await open.getAttribute('data-state');
    expect(['late', 'at_risk', 'on_track']).toContain(stateBefore);
    await snap(brand, 'node-tracking-01-brand-before');

    await maker.goto(`${run.server.url}/scm/page/node-tracking?order=${copy.id}`);
    await maker.waitForSelector(`[data-testid=order-timeline][data-order="${String(copy.order_no)}"]`);
    await maker.waitForSelector(`[data-testid=node-row-${code}]`);
    const today = await maker.evaluate(() => {
      const d = new Date();
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
    });
    await maker.fill(`[data-testid=actual-${code}]`, today);
    await maker.press(`[data-testid=actual-${code}]`, 'Tab');
    await maker.click(`[data-testid=record-${code}]`);
    await maker.waitForSelector(`[data-testid=node-row-${code}][data-actual="${today}"]`);
    await snap(maker, 'node-tracking-02-maker-recorded');

    // The brand's timeline moves without a reload: the node is done (on time or late), the table says the date.
    await brand.waitForSelector(`[data-testid=order-timeline] [data-testid=node-row-${code}][data-actual="${today}"]`, { timeout: 15_000 });
    const stateAfter = await brand.getAttribute(`[data-testid=node-row-${code}]`, 'data-state');
    expect(['done', 'done_late']).toContain(stateAfter);
    expect(await brand.textContent(`[data-testid=actual-text-${code}]`)).toBe(today);
    await snap(brand, 'node-tracking-03-brand-after');

    // The maker's node calendar shows the nodes on FullCalendar; a click opens the order's timeline.
    await maker.goto(`${run.server.url}/zp/scm/calendarview/node-tracking`);
    await maker.waitForSelector('[data-testid=node-calendar] .fc-event');
    expect(await maker.locator('[data-testid=node-calendar] .fc-event').count()).toBeGreaterThan(0);
    await snap(maker, 'node-tracking-04-calendar');
    expect(errors).toEqual([]);
  });
});
