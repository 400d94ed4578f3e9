import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';

/**
 * Purchasing in the browser (issue 17): the brand raises a purchase order on its active contract (the
 * line is priced from it), sends it; the fabric supplier confirms and dispatches it in its own
 * company; the brand receives it into a location, moves part of the stock and returns some to the
 * supplier. Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();
const year = new Date().getFullYear();

async function signIn(page: Page, path: string, username: string): Promise<void> {
  await page.goto(`${run.server.url}${path}`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
}

async function toast(page: Page, intent: 'error' | 'warning' | 'success', text: string): Promise<void> {
  await page.waitForSelector(`[data-testid=toast-${intent}]:has-text("${text}")`, { timeout: 10000 });
  for (const b of await page.$$('[data-testid=toast-close]')) await b.click().catch(() => undefined);
}

async function pick(page: Page, fieldId: string, text: string): Promise<void> {
  await page.click(`#${fieldId}`);
  await page.click(`[role=option]:has-text("${text}")`);
}

const cell = (page: Page, col: string, row = 0) => page.textContent(`.ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`);

/** Selects the first row and runs a state action, typing its parameter when it has one. */
async function act(page: Page, action: string, param?: string): Promise<void> {
  // Only the first row selected (after an action the row acted on stays selected).
  for (const box of await page.locator('.ag-row:not([row-index="0"]) .ag-selection-checkbox input:checked').all()) await box.uncheck();
  await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
  await page.click(`[data-testid=action-${action}]`);
  if (param !== undefined) await page.fill('[role=dialog] input', param);
  await page.click('[data-testid=transition-ok]');
}

async function statusIs(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="status"]')?.textContent?.includes(t), text, { timeout: 15000 });
}

describe('a purchase order from contract to stock', () => {
  it('raised from a contract, confirmed and dispatched by the supplier, received, moved and partly returned', async () => {
    const buyer = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    buyer.on('pageerror', (e) => errors.push(e.message));
    await signIn(buyer, '/srm/masterdetail/purorder', 'brand');
    await buyer.waitForSelector('[data-testid=grid-purorder] .ag-header-cell');
    await snap(buyer, 'purchase-01-orders');

    await buyer.click('[data-testid=action-create]');
    await buyer.waitForSelector('[data-testid=entity-form]');
    await pick(buyer, 'f-purorder-vendor_id', '绍兴锦绣面料有限公司');
    await pick(buyer, 'f-purorder-contract_id', `${year} 年度面料采购合同`);
    await buyer.click('[data-testid=child-add-lines]');
    await buyer.waitForSelector('[data-testid=child-lines] .ag-row[row-index="0"]');
    // A new line opens its first cell's editor: the material picker.
    await buyer.click('[data-testid=child-lines] .ag-cell[col-id="material_id"] .ag-picker-field-wrapper');
    await buyer.click('.ag-list-item:has-text("全棉汗布")');
    await buyer.dblclick('[data-testid=child-lines] .ag-row[row-index="0"] .ag-cell[col-id="qty"]');
    await buyer.keyboard.type('300');
    await buyer.keyboard.press('Enter');
    await snap(buyer, 'purchase-02-new-order');
    await buyer.click('[data-testid=form-save]');
    await toast(buyer, 'success', '保存成功');
    await buyer.waitForSelector('[data-testid=entity-form]', { state: 'detached' });
    // 300 KG at the contract's 37.8.
    await buyer.waitForFunction(() => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="total_amount"]')?.textContent?.replace(/,/g, '').includes('11340'), undefined, { timeout: 15000 });
    const poNo = ((await cell(buyer, 'po_no')) ?? '').trim();
    expect(poNo).toMatch(/^PO\d+/);
    await act(buyer, 'send');
    await statusIs(buyer, '待供应商确认');
    await snap(buyer, 'purchase-03-sent');

    const supplier = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(supplier, '/srm/masterdetail/supplierorder', 'supplier');
    await supplier.waitForSelector('[data-testid=grid-supplierorder] .ag-header-cell');
    await supplier.waitForFunction((no) => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="source_no"]')?.textContent?.includes(no), poNo);
    await snap(supplier, 'purchase-04-supplier-inbox');
    await act(supplier, 'confirm');
    await statusIs(supplier, '已确认');
    await act(supplier, 'dispatch');
    await statusIs(supplier, '已发货');
    await snap(supplier, 'purchase-05-supplier-dispatched');

    await buyer.reload();
    await statusIs(buyer, '已发货');
    await act(buyer, 'receive', 'WH-A02');
    await statusIs(buyer, '已收货');
    await snap(buyer, 'purchase-06-received');

    // Move part of it, then return some to the supplier.
    await buyer.goto(`${run.server.url}/srm/index/stockmove`);
    await buyer.waitForSelector('[data-testid=grid-stockmove] .ag-header-cell');
    await buyer.click('[data-testid=action-create]');
    await buyer.waitForSelector('[data-testid=entity-form]');
    await pick(buyer, 'f-stockmove-material_id', '全棉汗布');
    await pick(buyer, 'f-stockmove-from_location_id', '一厂裁床待料区 A02');
    await pick(buyer, 'f-stockmove-to_location_id', '一厂面料仓 A01');
    await buyer.fill('#f-stockmove-qty', '100');
    await buyer.click('[data-testid=form-save]');
    await toast(buyer, 'success', '保存成功');
    await buyer.waitForSelector('[data-testid=entity-form]', { state: 'detached' });
    await act(buyer, 'post');
    await statusIs(buyer, '已过账');

    await buyer.click('[data-testid=action-create]');
    await buyer.waitForSelector('[data-testid=entity-form]');
    await pick(buyer, 'f-stockmove-move_type', '采购退货');
    await pick(buyer, 'f-stockmove-material_id', '全棉汗布');
    await pick(buyer, 'f-stockmove-from_location_id', '一厂裁床待料区 A02');
    await pick(buyer, 'f-stockmove-purorder_id', poNo);
    await buyer.fill('#f-stockmove-qty', '50');
    await buyer.click('[data-testid=form-save]');
    await toast(buyer, 'success', '保存成功');
    await buyer.waitForSelector('[data-testid=entity-form]', { state: 'detached' });
    await act(buyer, 'post');
    await statusIs(buyer, '已过账');
    await snap(buyer, 'purchase-07-moves');

    // The stock list: the seed's 200 moved into A02, plus 300 received, less 100 moved and 50 returned.
    await buyer.goto(`${run.server.url}/srm/index/stockbalance`);
    await buyer.waitForSelector('[data-testid=grid-stockbalance] .ag-row');
    await snap(buyer, 'purchase-08-stock');
    // A row's cells sit in the pinned and the centre containers: join them by row index.
    const rows = await buyer.$$eval('[data-testid=grid-stockbalance] .ag-row[row-index]', (els) => {
      const byIndex = new Map<string, string>();
      for (const e of els) byIndex.set(e.getAttribute('row-index')!, (byIndex.get(e.getAttribute('row-index')!) ?? '') + '|' + [...e.querySelectorAll('.ag-cell')].map((c) => c.textContent).join('|'));
      return [...byIndex.values()];
    });
    expect(rows.some((r) => r.includes('全棉汗布') && r.includes('|一厂裁床待料区 A02|350|')), rows.join(' / ')).toBe(true);

    // The supplier sees what came back on its copy.
    await supplier.reload();
    await statusIs(supplier, '客户已收货');
    expect(errors).toEqual([]);
  });
});
