import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { act, signIn, statusIs, toast, until } from './support/steps';

/**
 * Purchasing in the browser (issue 17): the brand raises a purchase order of two lines on its active
 * contract (priced from it), sends it; the fabric supplier confirms it and dispatches with the shipment
 * editor (the second line partly); the brand receives part in the receipt dialog, then the rest, moves
 * part of the stock and returns some to the supplier. Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();
const year = new Date().getFullYear();

async function pick(page: Page, fieldId: string, text: string): Promise<void> {
  await page.click(`#${fieldId}`);
  await page.click(`[role=option]:has-text("${text}")`);
}

const cell = (page: Page, col: string, row = 0) => page.textContent(`.ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`);

describe('a purchase order from contract to stock', () => {
  it('raised from a contract, confirmed and dispatched in part by the supplier, received in two parts, moved and partly returned', async () => {
    const buyer = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    buyer.on('pageerror', (e) => errors.push(e.message));
    await signIn(buyer, run.server.url, '/srm/masterdetail/purorder', 'brand');
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
    await buyer.click('[data-testid=child-add-lines]');
    await buyer.waitForSelector('[data-testid=child-lines] .ag-row[row-index="1"]');
    await buyer.click('[data-testid=child-lines] .ag-row[row-index="1"] .ag-cell[col-id="material_id"] .ag-picker-field-wrapper');
    await buyer.click('.ag-list-item:has-text("涤棉府绸")');
    await buyer.dblclick('[data-testid=child-lines] .ag-row[row-index="1"] .ag-cell[col-id="qty"]');
    await buyer.keyboard.type('200');
    await buyer.keyboard.press('Enter');
    await snap(buyer, 'purchase-02-new-order');
    await buyer.click('[data-testid=form-save]');
    await toast(buyer, 'success', '保存成功');
    await buyer.waitForSelector('[data-testid=entity-form]', { state: 'detached' });
    // 300 KG at the contract's 37.8 and 200 M at its 12.2.
    await until(buyer, () => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="total_amount"]')?.textContent?.replace(/,/g, '').includes('13780'), undefined, { timeout: 15000 });
    const poNo = ((await cell(buyer, 'po_no')) ?? '').trim();
    expect(poNo).toMatch(/^PO\d+/);
    await act(buyer, 'send');
    await statusIs(buyer, '待供应商确认');
    await snap(buyer, 'purchase-03-sent');

    const supplier = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(supplier, run.server.url, '/srm/masterdetail/supplierorder', 'supplier');
    await supplier.waitForSelector('[data-testid=grid-supplierorder] .ag-header-cell');
    await until(supplier, (no) => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="source_no"]')?.textContent?.includes(no), poNo);
    await snap(supplier, 'purchase-04-supplier-inbox');
    await act(supplier, 'confirm');
    await statusIs(supplier, '已确认');

    // The shipment editor: every line at its ordered quantity; the second ships 150 of 200.
    await supplier.click('[data-testid=action-dispatch]');
    await supplier.waitForSelector('[data-testid=shipment-qty-2]');
    expect(await supplier.inputValue('[data-testid=shipment-qty-1]')).toBe('300');
    expect(await supplier.inputValue('[data-testid=shipment-qty-2]')).toBe('200');
    expect((await supplier.textContent('[data-testid=shipment-ordered-2]'))?.trim()).toBe('200');
    // Refused in the browser, each under its cell: above the ordered quantity; nothing at all.
    await supplier.fill('[data-testid=shipment-qty-2]', '201');
    await supplier.click('[data-testid=shipment-ok]');
    await supplier.waitForSelector('[data-testid=shipment-qty-2-error]:has-text("不能超过订单数量 200")');
    await snap(supplier, 'purchase-05-shipment-refused');
    await supplier.fill('[data-testid=shipment-qty-1]', '0');
    await supplier.fill('[data-testid=shipment-qty-2]', '0');
    await supplier.click('[data-testid=shipment-ok]');
    await supplier.waitForSelector('[data-testid=shipment-error]:has-text("至少一行的发货数量须大于 0")');
    await supplier.fill('[data-testid=shipment-qty-1]', '300');
    await supplier.fill('[data-testid=shipment-qty-2]', '150');
    await snap(supplier, 'purchase-05-shipment-editor');
    await supplier.click('[data-testid=shipment-ok]');
    await supplier.waitForSelector('[data-testid=shipment-dialog]', { state: 'detached' });
    await statusIs(supplier, '已发货');
    await snap(supplier, 'purchase-05-supplier-dispatched');

    // The receipt dialog: dispatched 300 and 150; part of it first into A02.
    await buyer.reload();
    await statusIs(buyer, '已发货');
    await buyer.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    await buyer.click('[data-testid=action-receive]');
    await buyer.waitForSelector('[data-testid=receipt-qty-2]');
    expect((await buyer.textContent('[data-testid=receipt-dispatched-2]'))?.trim()).toBe('150');
    expect((await buyer.textContent('[data-testid=receipt-remaining-1]'))?.trim()).toBe('300');
    expect(await buyer.inputValue('[data-testid=receipt-qty-2]')).toBe('150');
    await buyer.click('[data-testid=receipt-location]');
    await buyer.click('[role=option]:has-text("WH-A02")');
    // Over-receipt is refused under its line.
    await buyer.fill('[data-testid=receipt-qty-2]', '151');
    await buyer.click('[data-testid=receipt-ok]');
    await buyer.waitForSelector('[data-testid=receipt-qty-2-error]:has-text("超过待收数量 150，不能超收")');
    await snap(buyer, 'purchase-06-receipt-refused');
    await buyer.fill('[data-testid=receipt-qty-2]', '150');
    await buyer.fill('[data-testid=receipt-qty-1]', '200');
    await buyer.waitForSelector('[data-testid=receipt-kind]:has-text("部分收货")');
    await snap(buyer, 'purchase-06-receipt-dialog');
    await buyer.click('[data-testid=receipt-ok]');
    await buyer.waitForSelector('[data-testid=receipt-dialog]', { state: 'detached' });
    await statusIs(buyer, '部分收货');

    // The rest: 100 of the first line, nothing left on the second.
    await buyer.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    await buyer.click('[data-testid=action-receive]');
    await buyer.waitForSelector('[data-testid=receipt-qty-2]');
    expect((await buyer.textContent('[data-testid=receipt-received-1]'))?.trim()).toBe('200');
    expect((await buyer.textContent('[data-testid=receipt-remaining-1]'))?.trim()).toBe('100');
    expect(await buyer.inputValue('[data-testid=receipt-qty-1]')).toBe('100');
    expect(await buyer.inputValue('[data-testid=receipt-qty-2]')).toBe('0');
    await buyer.click('[data-testid=receipt-location]');
    await buyer.click('[role=option]:has-text("WH-A02")');
    await buyer.waitForSelector('[data-testid=receipt-kind]:has-text("已收货")');
    await snap(buyer, 'purchase-06-receipt-rest');
    await buyer.click('[data-testid=receipt-ok]');
    await buyer.waitForSelector('[data-testid=receipt-dialog]', { state: 'detached' });
    await statusIs(buyer, '已收货');
    await snap(buyer, 'purchase-06-received');

    // The stock history shows both receipts of the order: 200 and 100 of the first line, 150 of the second.
    await buyer.goto(`${run.server.url}/srm/index/stockledger`);
    await buyer.waitForSelector('[data-testid=grid-stockledger] .ag-row');
    await buyer.fill('[data-testid=quick-search]', poNo);
    await until(buyer, (no) => {
      const docs = [...document.querySelectorAll('[data-testid=grid-stockledger] .ag-cell[col-id="doc_no"]')];
      return docs.length === 3 && docs.every((d) => d.textContent?.includes(no));
    }, poNo, { timeout: 15000 });
    const changes = await buyer.$$eval('[data-testid=grid-stockledger] .ag-cell[col-id="qty_change"]', (els) => els.map((e) => Number(e.textContent?.replace(/,/g, ''))).sort((a, b) => a - b));
    expect(changes).toEqual([100, 150, 200]);
    await snap(buyer, 'purchase-06-ledger');

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
    // The list has reloaded with the new move on top before it is posted (not the move posted before it).
    await statusIs(buyer, '草稿');
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
    // The list has reloaded with the new move on top before it is posted (not the move posted before it).
    await statusIs(buyer, '草稿');
    await act(buyer, 'post');
    await statusIs(buyer, '已过账');
    await snap(buyer, 'purchase-07-moves');

    // The stock list: the seed's 200 moved into A02, plus 200 and 100 received, less 100 moved and 50 returned.
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
