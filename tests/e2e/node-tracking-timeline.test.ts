import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { showMenuEntry } from './support/side-menu';
import { rowTotalIs, signInToShell } from './support/steps';

/**
 * Node tracking in two browsers (issue 12): the brand opens the node timeline of one of its orders at
 * the maker, the maker records a node's actual date on its tracking page, and the brand's timeline
 * moves without a reload (socket `nodetrack.changed` through the share). The brand's list holds only
 * its own orders; the maker's node calendar shows the nodes on FullCalendar. A supplier records its
 * own node: the maker sends an order's fabric node to its supplier's company, the supplier records its
 * date on its own page (seeing only the nodes sent to it) and the brand's timeline moves.
 */
const run = serverAndBrowserForFile();

type Api = { status: number; data: { rows: Record<string, unknown>[] } };
const get = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    const r = await fetch(u, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return { status: r.status, data: (await r.json()).data } as Api;
  }, url);

type TimelineNodes = { tracking: { nodes: Array<{ id: number; node_code: string; actual_date: string | null; share_id: number | null; version: number }> } };
/** A node's cell in the drawer's node grid (the tracked order's lines: one row per node, `id-<node id>`). */
const nodeCell = (id: number, col: string) => `[data-testid=child-nodes] .ag-row[row-id="id-${id}"] .ag-cell[col-id=${col}]`;
/** Types a node's actual date in its cell (the node line's `actual`), committed with Enter. */
async function typeActualDate(page: Page, id: number, date: string) {
  await page.click(nodeCell(id, 'actual_date'));
  const input = page.locator(`${nodeCell(id, 'actual_date')} input`);
  await input.fill(date);
  await input.press('Enter');
}

describe('node tracking timeline', () => {
  it('the maker records a node\'s actual date and the brand\'s timeline of that order moves live', async () => {
    const brand = await run.browser.newPage({ viewport: { width: 1600, height: 900 } });
    const maker = await run.browser.newPage({ viewport: { width: 1600, height: 900 } });
    const errors: string[] = [];
    for (const p of [brand, maker]) p.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(brand, run.server.url, 'brand');
    await signInToShell(maker, run.server.url, 'maker');

    // The brand's orders in progress at its maker, and the maker's copies of them.
    const brandRows = (await get(brand, '/api/scmapi/brandnodeorder/page?size=500')).data.rows;
    expect(brandRows.length).toBeGreaterThan(0);
    const makerRows = (await get(maker, '/api/scmapi/trackedorder/page?size=500')).data.rows;
    const pick = brandRows.find((r) => Number(r.done) < Number(r.nodes) && makerRows.some((m) => m.source_no === r.pr_no))!;
    const copy = makerRows.find((m) => m.source_no === pick.pr_no)!;

    await brand.goto(`${run.server.url}/scm/page/order-node-timeline?pr=${pick.id}`);
    await brand.waitForSelector('[data-testid=timeline-nodes] [data-testid^=timeline-row-]');
    // The list shows only the brand's own orders (as many rows as its shares say).
    await rowTotalIs(brand, brandRows.length);
    // The first node without an actual date is the one the maker records.
    const open = brand.locator('[data-testid=timeline-nodes] g[data-actual=""]').first();
    const code = (await open.getAttribute('data-testid'))!.replace('timeline-row-', '');
    const stateBefore = await open.getAttribute('data-state');
    expect(['late', 'at_risk', 'on_track']).toContain(stateBefore);
    await snap(brand, 'node-tracking-01-brand-before');
    // The brand's list behind the drawer, at each screen size: the engine's grid with the figures.
    await brand.click('[data-testid=form-cancel]');
    await brand.waitForSelector('[data-testid=form-drawer]', { state: 'detached' });
    for (const [width, height] of [[1366, 768], [1920, 1080]]) {
      await brand.setViewportSize({ width, height });
      await snap(brand, `node-tracking-01a-brand-list-${width}`);
    }
    await brand.setViewportSize({ width: 1600, height: 900 });
    await brand.goto(`${run.server.url}/scm/page/order-node-timeline?pr=${pick.id}`);
    await brand.waitForSelector('[data-testid=timeline-nodes] [data-testid^=timeline-row-]');

    await maker.goto(`${run.server.url}/scm/page/node-tracking?order=${copy.id}`);
    await maker.waitForSelector(`[data-testid=order-timeline][data-order="${String(copy.order_no)}"]`);
    await maker.waitForSelector(`[data-testid=timeline-row-${code}]`);
    const today = await maker.evaluate(() => {
      const d = new Date();
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
    });
    const node = ((await get(maker, `/api/scmapi/nodetrack/timeline?order_id=${String(copy.id)}`)).data as unknown as TimelineNodes).tracking.nodes.find((n) => n.node_code === code)!;
    // The date typed in the node's cell of the drawer's node grid runs the line's `actual`.
    await typeActualDate(maker, node.id, today);
    await maker.waitForSelector(`[data-testid=timeline-row-${code}][data-actual="${today}"]`);
    await maker.waitForSelector(`${nodeCell(node.id, 'actual_source')}:text-is("工厂录入")`);
    await snap(maker, 'node-tracking-02-maker-recorded');
    // The maker's drawer at each screen size: the node grid over the timeline.
    for (const [width, height] of [[1366, 768], [1920, 1080]]) {
      await maker.setViewportSize({ width, height });
      await snap(maker, `node-tracking-02a-maker-drawer-${width}`);
    }
    await maker.setViewportSize({ width: 1600, height: 900 });

    // The brand's timeline moves without a reload: the node is done (on time or late), the table says the date.
    await brand.waitForSelector(`[data-testid=timeline-nodes] [data-testid=timeline-row-${code}][data-actual="${today}"]`, { timeout: 15_000 });
    const stateAfter = await brand.getAttribute(`[data-testid=timeline-row-${code}]`, 'data-state');
    expect(['done', 'done_late']).toContain(stateAfter);
    await brand.waitForSelector(`${nodeCell(node.id, 'actual_date')}:text-is("${today}")`, { timeout: 15_000 });
    await snap(brand, 'node-tracking-03-brand-after');
    for (const [width, height] of [[1366, 768], [1920, 1080]]) {
      await brand.setViewportSize({ width, height });
      await snap(brand, `node-tracking-03a-brand-drawer-${width}`);
    }

    // Regenerating the node plan asks first in the engine's confirmation, then keeps the recorded date.
    await maker.click('[data-testid=command-regenerate-nodes]');
    await maker.waitForSelector(`[role=alertdialog]:has-text("重新倒排订单 ${String(copy.order_no)} 的节点计划")`);
    for (const [width, height] of [[1366, 768], [1920, 1080]]) {
      await maker.setViewportSize({ width, height });
      await snap(maker, `node-tracking-03b-regenerate-asks-${width}`);
    }
    await maker.click('[data-testid=confirm-ok]');
    await maker.waitForSelector('text=已重新生成节点计划');
    await maker.waitForSelector('[role=alertdialog]', { state: 'detached' });
    await maker.waitForSelector(`[data-testid=timeline-row-${code}][data-actual="${today}"]`);

    // The maker's node calendar shows the nodes on FullCalendar; a click opens the order's timeline.
    await maker.goto(`${run.server.url}/zp/scm/calendarview/node-tracking`);
    await maker.waitForSelector('[data-testid=calendar-node-tracking] .fc-event');
    expect(await maker.locator('[data-testid=calendar-node-tracking] .fc-event').count()).toBeGreaterThan(0);
    for (const [width, height] of [[1366, 768], [1920, 1080]]) {
      // Opened at that size, as a user of that screen sees it.
      await maker.setViewportSize({ width, height });
      await maker.reload();
      await maker.waitForSelector('[data-testid=calendar-node-tracking] .fc-event');
      await snap(maker, `node-tracking-04-calendar-${width}`);
    }
    // The calendar follows nodetrack.changed: a date recorded elsewhere reads its events again, without a reload.
    const again = (await get(maker, `/api/scmapi/nodetrack/timeline?order_id=${String(copy.id)}`)).data as unknown as TimelineNodes;
    const next = again.tracking.nodes.find((n) => !n.actual_date)!;
    const reread = maker.waitForResponse((r) => r.url().includes('/api/scmapi/nodecalendar/page?') && r.status() === 200, { timeout: 15_000 });
    const recorded = await maker.evaluate(async (body) => {
      // The node line's transition `actual` (ordernode.lineOf), as the page records it.
      const r = await fetch('/api/scmapi/ordernode/action/actual', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` }, body: JSON.stringify(body) });
      return r.status;
    }, { ids: [next.id], actual_date: today, version: next.version });
    expect(recorded).toBe(200);
    await reread;
    expect(errors).toEqual([]);
  });

  it('the maker sends a supplier node to its supplier, who records its date on its own page; the brand sees it live', async () => {
    const maker = await run.browser.newPage({ viewport: { width: 1600, height: 900 } });
    const supplier = await run.browser.newPage({ viewport: { width: 1600, height: 900 } });
    const brand = await run.browser.newPage({ viewport: { width: 1600, height: 900 } });
    const errors: string[] = [];
    for (const p of [brand, maker, supplier]) p.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(maker, run.server.url, 'maker');
    await signInToShell(supplier, run.server.url, 'supplier.sales');
    await signInToShell(brand, run.server.url, 'brand');

    // A brand's order whose fabric (a supplier node) is open and not sent yet.
    const brandRows = (await get(brand, '/api/scmapi/brandnodeorder/page?size=500')).data.rows;
    const makerRows = (await get(maker, '/api/scmapi/trackedorder/page?size=500')).data.rows;
    let copy: Record<string, unknown> | undefined;
    let pick: Record<string, unknown> | undefined;
    let fabId = 0;
    let trimId = 0;
    for (const r of brandRows) {
      const m = makerRows.find((x) => x.source_no === r.pr_no);
      if (!m) continue;
      const tl = (await get(maker, `/api/scmapi/nodetrack/timeline?order_id=${String(m.id)}`)).data as unknown as TimelineNodes;
      const fab = tl.tracking.nodes.find((n) => n.node_code === 'FAB_IN');
      if (fab && !fab.actual_date && !fab.share_id) {
        copy = m;
        pick = r;
        fabId = fab.id;
        trimId = tl.tracking.nodes.find((n) => n.node_code === 'TRIM_IN')!.id;
        break;
      }
    }
    expect(copy).toBeTruthy();
    const orderNo = String(copy!.order_no);

    // The maker sends the fabric node to its supplier on the platform from the node's row (the line's
    // `send`): the supplier is one of the vendors on the platform; trims stay with the maker.
    await maker.goto(`${run.server.url}/scm/page/node-tracking?order=${String(copy!.id)}`);
    await maker.waitForSelector(`[data-testid=order-timeline][data-order="${orderNo}"]`);
    await maker.click(`[data-testid=line-${fabId}-send]`);
    await maker.waitForSelector('[data-testid=transition-dialog-send] [data-testid=param-vendor_id]');
    if (!(await maker.textContent('[data-testid=param-vendor_id]'))?.includes('VD-OS01')) {
      await maker.click('[data-testid=param-vendor_id]');
      await maker.click('[role=option]:has-text("VD-OS01")');
    }
    // Only vendors on the platform are offered: the maker's vendors without a platform company are not.
    await maker.click('[data-testid=param-vendor_id]');
    const offered = await maker.locator('[role=option]').allTextContents();
    await maker.keyboard.press('Escape');
    const vendors = (await get(maker, '/api/mdapi/vendor/page?size=500')).data.rows;
    expect(offered.sort()).toEqual(vendors.filter((v) => v.platform_client_code && v.status !== 'inactive').map((v) => `${String(v.code)} ${String(v.name)}`).sort());
    await snap(maker, 'node-tracking-05-maker-send-supplier');
    await maker.click('[data-testid=transition-ok]');
    await maker.waitForSelector(`${nodeCell(fabId, 'sent_to')}:text-is("锦绣面料")`);
    expect(await maker.textContent(nodeCell(trimId, 'sent_to'))).toBe('');
    // A sent node is taken back from its row, no longer sent again.
    await maker.waitForSelector(`[data-testid=line-${fabId}-recall]`);
    expect(await maker.locator(`[data-testid=line-${fabId}-send]`).count()).toBe(0);

    // The supplier sees the order with only the node sent to it (its menu has the page), and records its date.
    await showMenuEntry(supplier, 'scm.nodetrack.supplier');
    await supplier.goto(`${run.server.url}/scm/page/supplier-nodes`);
    const row = `.ag-row [col-id=source_no]:text-is("${orderNo}")`;
    await supplier.waitForSelector(row);
    // Its list holds the orders sent to it: the demo's two and this one.
    const supplierRows = (await get(supplier, '/api/scmapi/suppliernodeorder/page?size=500')).data.rows;
    expect(supplierRows.map((r) => r.source_no)).toContain(orderNo);
    await rowTotalIs(supplier, supplierRows.length);
    await supplier.dblclick(row);
    await supplier.waitForSelector(nodeCell(fabId, 'node_name'));
    // One line: the grid's rows (one row id each, whatever containers AG Grid draws a row in).
    expect(await supplier.evaluate(() => new Set([...document.querySelectorAll('[data-testid=child-nodes] .ag-row[row-id]')].map((r) => r.getAttribute('row-id'))).size)).toBe(1);
    expect(await supplier.textContent('[data-testid=form-drawer]')).not.toContain(String(pick!.pr_no));
    expect(await supplier.textContent('main')).not.toContain(String(pick!.pr_no));
    const today = await supplier.evaluate(() => {
      const d = new Date();
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
    });
    await brand.goto(`${run.server.url}/scm/page/order-node-timeline?pr=${String(pick!.id)}`);
    await brand.waitForSelector('[data-testid=timeline-nodes] [data-testid=timeline-row-FAB_IN]');
    expect(await brand.getAttribute('[data-testid=timeline-row-FAB_IN]', 'data-actual')).toBe('');

    // Its date typed in the node's cell: the supplier's node saved (suppliernode), recorded on the maker's order.
    await typeActualDate(supplier, fabId, today);
    await supplier.waitForSelector(`[data-testid=timeline-row-FAB_IN][data-actual="${today}"]`);
    await supplier.waitForSelector(`${nodeCell(fabId, 'actual_source')}:text-is("供应商录入")`);
    expect(await supplier.textContent(nodeCell(fabId, 'actual_date'))).toBe(today);
    await snap(supplier, 'node-tracking-06-supplier-recorded');
    for (const [width, height] of [[1366, 768], [1920, 1080]]) {
      await supplier.setViewportSize({ width, height });
      await snap(supplier, `node-tracking-06a-supplier-drawer-${width}`);
    }

    // The brand's timeline moves without a reload; the maker's page says who entered it.
    await brand.waitForSelector(`[data-testid=timeline-row-FAB_IN][data-actual="${today}"]`, { timeout: 15_000 });
    await brand.waitForSelector(`${nodeCell(fabId, 'actual_source')}:text-is("供应商录入")`, { timeout: 15_000 });
    await snap(brand, 'node-tracking-07-brand-supplier-date');
    await maker.reload();
    await maker.waitForSelector(`[data-testid=timeline-row-FAB_IN][data-actual="${today}"]`);
    expect(await maker.textContent(nodeCell(fabId, 'actual_source'))).toBe('供应商录入');
    expect(errors).toEqual([]);
  });
});
