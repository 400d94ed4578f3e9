import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { openTask, todoRow } from './support/approval-steps';
import { act, signIn, unreadCount, until } from './support/steps';

/**
 * Issue 29 in two browsers (two contexts): the brand's buyer has the purchase order list open; the
 * supplier confirms the order in its own browser; within 2 s the buyer's row reads 供应商已确认
 * without a reload, and the bell holds a notice (who, which company, old -> new state) that, clicked,
 * opens the order's drawer and is marked read. Then an order in approval: the list names the current
 * approver, the approver's to-do shows the order's figures and lines, and once approved the list
 * reads 已审批.
 */
const run = serverAndBrowserForFile();
const VIEW = { width: 1366, height: 820 };

/**
 * The text of one cell of the row whose order number is `no` (the grid splits a row between its pinned
 * and centre parts), as browser source so it runs unchanged in the page.
 */
const CELL_OF = `((no, col) => {
  const row = [...document.querySelectorAll('.ag-row')].find((r) => r.querySelector('.ag-cell[col-id="po_no"]')?.textContent?.includes(no));
  const idx = row?.getAttribute('row-index');
  if (idx === null || idx === undefined) return null;
  for (const r of document.querySelectorAll('.ag-row[row-index="' + idx + '"]')) {
    const cell = r.querySelector('.ag-cell[col-id="' + col + '"]');
    if (cell) return cell.textContent ?? '';
  }
  return null;
})`;
const rowCell = (page: Page, no: string, col: string) => page.evaluate(`${CELL_OF}(${JSON.stringify(no)}, ${JSON.stringify(col)})`) as Promise<string | null>;

/** Saves (and sends) a raw-material order of the buyer through the API, as the buyer's browser would. */
async function orderThroughApi(page: Page, remark: string, send: boolean): Promise<{ id: number; no: string }> {
  return page.evaluate(
    async ([r, s]) => {
      const h = { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' };
      const vendors = await (await fetch('/api/mdapi/vendor/page?size=100', { headers: h })).json();
      const materials = await (await fetch('/api/mdapi/material/page?size=100', { headers: h })).json();
      const vendor = vendors.data.rows.find((v: { code: string }) => v.code === 'VD001');
      const material = materials.data.rows.find((m: { code: string }) => m.code === 'MD0001');
      const saved = await (await fetch('/api/srmapi/purorder/save', {
        method: 'POST', headers: h,
        body: JSON.stringify({ order_kind: 'material', vendor_id: vendor.id, currency: 'CNY', delivery_date: '2026-12-30', remark: r, lines: [{ material_id: material.id, unit: 'KG', qty: 60, unit_price: 20, seq: 1 }, { material_id: material.id, unit: 'KG', qty: 15, unit_price: 20, seq: 2 }] }),
      })).json();
      if (s) {
        const sent = await fetch('/api/srmapi/purorder/action/send', { method: 'POST', headers: h, body: JSON.stringify({ id: saved.data.id }) });
        if (sent.status !== 200) throw new Error(`send ${sent.status}`);
      }
      return { id: Number(saved.data.id), no: String(saved.data.po_no) };
    },
    [remark, send] as const,
  );
}

describe('a shared purchase order changes live between the two companies', () => {
  it('the supplier confirms: the buyer\'s open list reads confirmed within 2 s, and the bell\'s notice opens the order', async () => {
    const buyer = await run.browser.newPage({ viewport: VIEW });
    const supplier = await run.browser.newPage({ viewport: VIEW });
    const errors: string[] = [];
    buyer.on('pageerror', (e) => errors.push(e.message));
    supplier.on('pageerror', (e) => errors.push(e.message));

    await signIn(buyer, run.server.url, '/srm/masterdetail/purorder', 'brand.buyer');
    await buyer.waitForSelector('[data-testid=grid-purorder] .ag-header-cell');
    await buyer.waitForSelector('[data-testid=unread-bell]');
    const order = await orderThroughApi(buyer, '实时确认演示', true);
    // Its own send reaches the open list too (no reload, no refresh button).
    await until(buyer, (no) => [...document.querySelectorAll('.ag-cell[col-id="po_no"]')].some((c) => c.textContent?.includes(no)), order.no, { timeout: 5000 });
    await expect.poll(() => rowCell(buyer, order.no, 'status'), { timeout: 5000 }).toContain('待供应商确认');
    const unreadBefore = await unreadCount(buyer);
    await snap(buyer, 'live-01-buyer-list-sent');

    await signIn(supplier, run.server.url, '/srm/masterdetail/supplierorder', 'supplier.sales');
    await supplier.waitForSelector('[data-testid=grid-supplierorder] .ag-header-cell');
    await until(supplier, (no) => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="source_no"]')?.textContent?.includes(no), order.no);
    await act(supplier, 'confirm');
    const clicked = Date.now();

    // Within 2 s, without a reload: the buyer's row reads confirmed and the bell rises.
    await expect.poll(() => rowCell(buyer, order.no, 'status'), { timeout: 2000, interval: 50 }).toContain('供应商已确认');
    expect(Date.now() - clicked).toBeLessThan(2000);
    await until(buyer, (n) => Number(document.querySelector('[data-testid=unread-count]')?.textContent ?? '0') > n, unreadBefore, { timeout: 2000 });
    await snap(buyer, 'live-02-buyer-list-confirmed');
    await snap(supplier, 'live-02-supplier-confirmed');

    // The bell: the notice names the order, who and which company, and the change of state.
    for (const b of await buyer.$$('[data-testid=toast-close]')) await b.click().catch(() => undefined);
    await buyer.click('[data-testid=unread-bell]');
    const item = buyer.locator(`[data-testid=notice-item]:has-text("${order.no}")`).first();
    await item.waitFor();
    const text = (await item.textContent()) ?? '';
    expect(text).toContain(`采购订单 ${order.no}：供应商已确认`);
    expect(text).toMatch(/（.+）将采购订单 PO\d+ 由“待供应商确认”改为“供应商已确认”/);
    expect(await item.getAttribute('data-unread')).toBe('1');
    await snap(buyer, 'live-03-bell-notice');
    const countBefore = await unreadCount(buyer);
    await item.click();
    // It opens the order: its list with the order's drawer, and the notice is read.
    await buyer.waitForURL(new RegExp(`/srm/masterdetail/purorder\\?open=${order.id}$`));
    await buyer.waitForSelector(`[data-testid$=-drawer] :text("${order.no}")`);
    await until(buyer, (n) => Number(document.querySelector('[data-testid=unread-count]')?.textContent ?? '0') < n, countBefore);
    await snap(buyer, 'live-04-notice-opened-order');
    const read = await buyer.evaluate(async (no) => {
      const r = await (await fetch('/api/notifyapi/notify-msg/index?page=1&size=50', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })).json();
      return (r.data.rows as Array<{ doc_no: string; kind: string; read_at: string | null }>).find((n) => n.doc_no === no && n.kind === 'purchase.confirmed')?.read_at ?? null;
    }, order.no);
    expect(read).not.toBeNull();
    expect(errors).toEqual([]);
  });

  it('an order in approval: the list names the approver, the approver sees figures and lines, and approved it reads 已审批', async () => {
    const buyer = await run.browser.newPage({ viewport: VIEW });
    const finance = await run.browser.newPage({ viewport: VIEW });
    const manager = await run.browser.newPage({ viewport: VIEW });
    const errors: string[] = [];
    for (const p of [buyer, finance, manager]) p.on('pageerror', (e) => errors.push(e.message));
    await signIn(buyer, run.server.url, '/srm/masterdetail/purorder', 'brand.buyer');
    await buyer.waitForSelector('[data-testid=grid-purorder] .ag-header-cell');
    const order = await orderThroughApi(buyer, '审批要点演示', false);
    await buyer.evaluate(async (id) => {
      const h = { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' };
      const r = await fetch('/api/crossapi/ccommonapi/cpm-bus/push', { method: 'POST', headers: h, body: JSON.stringify({ entity: 'purorder', id, action: 'submit', comment: '请审批' }) });
      if (r.status !== 200) throw new Error(`submit ${r.status}`);
    }, order.id);
    await expect.poll(() => rowCell(buyer, order.no, 'approval_status'), { timeout: 5000 }).toContain('审批中');
    await expect.poll(() => rowCell(buyer, order.no, 'approval_approver'), { timeout: 5000 }).toBe('品牌管理员');

    // The manager approves from the to-do list; the buyer's list names finance next, live.
    await signIn(manager, run.server.url, '/approvals/todo', 'brand');
    await openTask(manager, order.no);
    await manager.waitForSelector('[data-testid=wf-summary]');
    await manager.click('[data-testid=wf-action-approve]');
    await manager.fill('[data-testid=param-comment]', '同意');
    await manager.click('[data-testid=transition-ok]');
    await todoRow(manager, order.no).waitFor({ state: 'detached' });
    await expect.poll(() => rowCell(buyer, order.no, 'approval_approver'), { timeout: 5000 }).toBe('张会计');
    await snap(buyer, 'live-05-buyer-list-in-approval');

    // Finance: the task shows supplier, amount, delivery date and both lines before deciding.
    await signIn(finance, run.server.url, '/approvals/todo', 'brand.finance');
    await openTask(finance, order.no);
    await finance.waitForSelector('[data-testid=wf-summary]');
    expect(await finance.textContent('[data-testid=wf-summary-vendor_id]')).toContain('供应商');
    expect((await finance.textContent('[data-testid=wf-summary-total_amount]'))?.replace(/,/g, '')).toMatch(/总金额1500/);
    expect(await finance.textContent('[data-testid=wf-summary-delivery_date]')).toContain('2026-12-30');
    expect(await finance.locator('[data-testid=wf-summary-line]').count()).toBe(2);
    await snap(finance, 'live-06-approver-task-figures-and-lines');
    await finance.click('[data-testid=wf-action-approve]');
    await finance.fill('[data-testid=param-comment]', '预算内');
    await finance.click('[data-testid=transition-ok]');

    // The buyer's open list: 已审批 (the state the flow's end set), nobody left to decide.
    await expect.poll(() => rowCell(buyer, order.no, 'status'), { timeout: 5000 }).toContain('已审批');
    expect(await rowCell(buyer, order.no, 'approval_status')).toContain('已审批');
    expect((await rowCell(buyer, order.no, 'approval_approver'))?.trim() ?? '').toBe('');
    await snap(buyer, 'live-07-buyer-list-approved');
    expect(errors).toEqual([]);
  });
});
