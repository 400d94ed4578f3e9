import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clickAction, serverAndBrowserForFile, snap } from './support/harness';
import { signIn, toast, until } from './support/steps';

/**
 * Outsourced orders in two browser sessions (issue 12): the maker's planner outsources the printing
 * process of a scheduled plan from the plan history list ("外发"), finds the draft outsourced order with
 * the plan's quantities and submits it; the supplier (the vendor's company on the platform) sees the
 * outsourced task in its own list, accepts it and dispatches it (the shipment table, one piece short);
 * the maker receives part of it in the receipt table (over-receipt refused under its cell), then the
 * rest, and the plan lock turns "received". Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();

const cell = (page: Page, col: string, row = 0) => page.textContent(`.ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`);

async function rowShows(page: Page, col: string, text: string): Promise<void> {
  await until(page, ([c, t]) => document.querySelector(`.ag-row[row-index="0"] .ag-cell[col-id="${c}"]`)?.textContent?.includes(t), [col, text] as const, { timeout: 15000 });
}

/**
 * After a quick search: waits until the first row shows `text` and no second row is left. The
 * search's rows replace the unfiltered ones (and their selection) 350 ms after typing, so a row seen
 * before that is not yet the one to select.
 */
async function onlyRowShows(page: Page, col: string, text: string): Promise<void> {
  await until(page, ([c, t]) => !document.querySelector('.ag-row[row-index="1"]') && document.querySelector(`.ag-row[row-index="0"] .ag-cell[col-id="${c}"]`)?.textContent?.includes(t), [col, text] as const, { timeout: 15000 });
}

/** Selects the first row and runs a state action; `params` fill the dialog's inputs in order (`null`: it has no dialog). */
async function act(page: Page, action: string, params: string[] | null = []): Promise<void> {
  for (const box of await page.locator('.ag-row:not([row-index="0"]) .ag-selection-checkbox input:checked').all()) await box.uncheck();
  await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
  await clickAction(page, action);
  if (params === null) return;
  await page.waitForSelector('[data-testid=transition-ok]');
  for (const [i, v] of params.entries()) await page.locator('[role=dialog] input').nth(i).fill(v);
  await page.click('[data-testid=transition-ok]');
}

async function api<T>(token: string, path: string): Promise<T> {
  const r = await fetch(`${run.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await r.json()) as { data: T }).data;
}

describe('an outsourced order from a plan to the supplier and back', () => {
  it('the maker outsources and submits, the supplier accepts and dispatches, the maker receives', async () => {
    // A scheduled plan of the demo season that has no outsourced order yet.
    const login = (await (await fetch(`${run.server.url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'maker', password: 'Demo1234' }) })).json()) as { data: { access_token: string } };
    const token = login.data.access_token;
    type Rows = { rows: Array<Record<string, unknown>> };
    const plans = (await api<Rows>(token, '/api/scmapi/prodplan/page?f.status.eq=scheduled&size=200')).rows;
    const used = new Set((await api<Rows>(token, '/api/scmapi/outsourceorder/page?size=500')).rows.map((o) => Number(o.plan_id)));
    const plan = plans.find((p) => !used.has(Number(p.id)))!;
    expect(plan).toBeTruthy();
    const planNo = String(plan.plan_no);

    const maker = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    maker.on('pageerror', (e) => errors.push(e.message));
    await signIn(maker, run.server.url, '/scm/index/prodplanhistory', 'maker');
    await maker.waitForSelector('[data-testid=grid-prodplanhistory] .ag-header-cell');
    await maker.fill('[data-testid=quick-search]', planNo);
    await onlyRowShows(maker, 'plan_no', planNo);
    await act(maker, 'outsource', ['P20', 'VD-OS01']);
    await toast(maker, 'success', '操作成功');

    await maker.goto(`${run.server.url}/scm/masterdetail/outsourceorder`);
    await maker.waitForSelector('[data-testid=grid-outsourceorder] .ag-header-cell');
    await rowShows(maker, 'plan_id', planNo);
    expect((await cell(maker, 'status'))?.trim()).toBe('草稿');
    expect((await cell(maker, 'plan_lock'))?.trim()).toBe('待收货');
    expect(Number((await cell(maker, 'total_qty'))?.replace(/,/g, ''))).toBe(Number(plan.qty));
    const osNo = (await cell(maker, 'os_no'))!.trim();
    expect(osNo).toMatch(/^WF\d{10}$/);
    await snap(maker, 'outsource-01-maker-draft');
    await act(maker, 'submit');
    await rowShows(maker, 'status', '已提交');
    // Spec 4: no lock after submission.
    await act(maker, 'lock', null);
    await toast(maker, 'error', '外发单已提交，只能在提交前锁定或解锁');

    const supplier = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    supplier.on('pageerror', (e) => errors.push(e.message));
    await signIn(supplier, run.server.url, '/scm/masterdetail/outsourcetask', 'supplier');
    await supplier.waitForSelector('[data-testid=grid-outsourcetask] .ag-header-cell');
    await rowShows(supplier, 'source_no', osNo);
    expect((await cell(supplier, 'status'))?.trim()).toBe('待接单');
    expect((await cell(supplier, 'process_name'))?.trim()).toBe('印花');
    await snap(supplier, 'outsource-02-supplier-inbox');
    await act(supplier, 'accept');
    await rowShows(supplier, 'status', '已接单');
    // The shipment editor: one row per colour and size, ordered by default; line 1 ships one piece short.
    await supplier.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    await clickAction(supplier, 'dispatch');
    await supplier.waitForSelector('[data-testid=shipment-qty-1]');
    const ordered1 = Number((await supplier.textContent('[data-testid=shipment-ordered-1]'))!.replace(/,/g, ''));
    expect(await supplier.inputValue('[data-testid=shipment-qty-1]')).toBe(String(ordered1));
    await supplier.fill('[data-testid=shipment-qty-1]', String(ordered1 + 1));
    await supplier.click('[data-testid=shipment-ok]');
    await supplier.waitForSelector('[data-testid=shipment-qty-1-error]');
    await supplier.fill('[data-testid=shipment-qty-1]', String(ordered1 - 1));
    await snap(supplier, 'outsource-03-shipment-editor');
    await supplier.click('[data-testid=shipment-ok]');
    await rowShows(supplier, 'status', '已发货');
    await snap(supplier, 'outsource-04-supplier-dispatched');

    await maker.reload();
    await maker.waitForSelector('[data-testid=grid-outsourceorder] .ag-header-cell');
    await rowShows(maker, 'os_no', osNo);
    await rowShows(maker, 'status', '供应商已发货');
    // The receipt table: one row per colour and size, what the vendor dispatched still to receive by
    // default; over-receipt refused under its cell; line 1 receives part of it now.
    await maker.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    await clickAction(maker, 'receive_part');
    await maker.waitForSelector('[data-testid=receipt-qty-1]');
    expect(Number((await maker.textContent('[data-testid=receipt-dispatched-1]'))!.replace(/,/g, ''))).toBe(ordered1 - 1);
    const remaining1 = Number((await maker.textContent('[data-testid=receipt-remaining-1]'))!.replace(/,/g, ''));
    expect(remaining1).toBe(ordered1 - 1);
    expect(await maker.inputValue('[data-testid=receipt-qty-1]')).toBe(String(remaining1));
    await maker.fill('[data-testid=receipt-qty-1]', String(remaining1 + 1));
    await maker.click('[data-testid=receipt-ok]');
    await maker.waitForSelector('[data-testid=receipt-qty-1-error]');
    const partNow = Math.max(1, remaining1 - 10);
    await maker.fill('[data-testid=receipt-qty-1]', String(partNow));
    await maker.waitForSelector('[data-testid=receipt-kind]:has-text("部分收货")');
    await snap(maker, 'outsource-05-maker-receipt-table');
    await maker.click('[data-testid=receipt-ok]');
    await rowShows(maker, 'status', '部分收货');
    const received = Number((await cell(maker, 'received_qty'))?.replace(/,/g, ''));
    expect(received).toBe(Number(plan.qty) - 1 - (remaining1 - partNow));
    // The rest: "收货" takes everything still to come.
    await act(maker, 'receive');
    await rowShows(maker, 'status', '已收货');
    expect((await cell(maker, 'plan_lock'))?.trim()).toBe('已收货');
    expect(Number((await cell(maker, 'received_qty'))?.replace(/,/g, ''))).toBe(Number(plan.qty) - 1);
    await snap(maker, 'outsource-06-maker-received');

    await supplier.reload();
    await supplier.waitForSelector('[data-testid=grid-outsourcetask] .ag-header-cell');
    await rowShows(supplier, 'source_no', osNo);
    await rowShows(supplier, 'status', '客户已收货');
    expect(errors).toEqual([]);
  });
});
