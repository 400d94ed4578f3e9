import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap, clickAction } from './support/harness';
import { act, rowTotalIs, signIn, statusIs, until } from './support/steps';

/**
 * A buyer's purchase order of finished goods as a colour x size matrix (issue 17), in Chromium: the
 * brand picks "finished goods", the lines become style blocks (the engine's matrix editor, as
 * requirement orders are entered), pastes a block copied from Excel, types a cell, adds a second
 * style with its own price, saves (the first style priced from the contract); then downloads the
 * import template, fills one sheet (order columns on each row, sizes as columns) and imports it.
 * Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();
const year = new Date().getFullYear();
const dir = mkdtempSync(join(tmpdir(), 'e2e-po-matrix-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pick(page: Page, fieldId: string, text: string): Promise<void> {
  await page.click(`#${fieldId}`);
  await page.click(`[role=option]:has-text("${text}")`);
}

/** Pastes text as a clipboard paste event on an element (what Ctrl+V of an Excel selection sends). */
async function pasteInto(page: Page, selector: string, text: string): Promise<void> {
  await page.focus(selector);
  await page.$eval(
    selector,
    (el, value) => {
      const data = new DataTransfer();
      data.setData('text/plain', value);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    text,
  );
}

const textOf = async (page: Page, selector: string) => ((await page.textContent(selector)) ?? '').trim();
const cell = (page: Page, col: string, row = 0) => textOf(page, `.ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`);

async function download(page: Page, click: () => Promise<void>, name: string): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 20000 }) as Promise<Download>, click()]);
  const file = join(dir, name);
  await d.saveAs(file);
  return file;
}

describe('a goods purchase order as a colour x size matrix', () => {
  it('entered as style blocks of colours x sizes, priced from the contract; imported from one sheet with sizes as columns', async () => {
    const buyer = await run.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    buyer.on('pageerror', (e) => errors.push(e.message));
    await signIn(buyer, run.server.url, '/srm/masterdetail/purorder', 'brand');
    await buyer.waitForSelector('[data-testid=grid-purorder] .ag-header-cell');

    await buyer.click('[data-testid=action-create]');
    await buyer.waitForSelector('[data-testid=entity-form]');
    // Raw materials (the default) keep the lines grid; finished goods turn it into the matrix.
    await buyer.waitForSelector('[data-testid=child-lines]');
    await pick(buyer, 'f-purorder-vendor_id', '绍兴锦绣面料有限公司');
    await pick(buyer, 'f-purorder-contract_id', `${year} 年度面料采购合同`);
    // A material line added first is not lost by switching to goods: it is pointed out, and removed only when asked.
    await buyer.click('[data-testid=child-add-lines]');
    await buyer.waitForSelector('[data-testid=child-lines] .ag-row[row-index="0"]');
    await pick(buyer, 'f-purorder-order_kind', '成品');
    await buyer.waitForSelector('[data-testid=order-entries]');
    await buyer.waitForSelector('[data-testid=matrix-stray-lines]');
    expect(await textOf(buyer, '[data-testid=matrix-stray-lines]')).toContain('另有 1 行明细没有颜色和尺码');
    await snap(buyer, 'purchase-matrix-00-stray-material-line');
    buyer.once('dialog', (d) => void d.accept());
    await buyer.click('[data-testid=matrix-stray-remove]');
    await buyer.waitForSelector('[data-testid=matrix-stray-lines]', { state: 'detached' });
    expect(await buyer.$('[data-testid=child-lines]')).toBeNull();
    // No style name on a purchase line: the block has style no. and unit price only.
    expect(await buyer.$('[data-testid=order-style-0] [data-testid=style-name]')).toBeNull();
    // The price says what a blank one becomes.
    expect(await textOf(buyer, '[data-testid=order-style-0]')).toContain('留空则按合同价');

    // ST-2601 without a price (the contract's 45 applies), a block pasted from Excel, then a typed cell.
    await buyer.fill('[data-testid=order-style-0] [data-testid=style-no]', 'st-2601');
    await pasteInto(buyer, '[data-testid=order-style-0] [data-testid=paste-table]', '颜色\tS\tM\tL\r\n黑色\t10\t20\t20\r\n白色\t5\t10\t10\r\n');
    await buyer.waitForSelector('[data-testid=order-style-0] [data-testid=matrix-grand-total]:has-text("75")');
    const black = '[data-testid=order-style-0] input[aria-label="黑色 S"]';
    await buyer.fill(black, '12');
    await buyer.press(black, 'Enter');
    await buyer.waitForSelector('[data-testid=order-style-0] [data-testid=style-total]:has-text("77")');
    // A second style at a negotiated price: a colour added by hand, one size typed.
    await buyer.click('[data-testid=order-add-style]');
    await buyer.fill('[data-testid=order-style-1] [data-testid=style-no]', 'ST-2602');
    await buyer.fill('[data-testid=order-style-1] [data-testid=style-price]', '88');
    await buyer.fill('[data-testid=order-style-1] [data-testid=add-colour]', '灰色');
    await buyer.press('[data-testid=order-style-1] [data-testid=add-colour]', 'Enter');
    await buyer.fill('[data-testid=order-style-1] input[aria-label="灰色 M"]', '6');
    await buyer.waitForSelector('[data-testid=order-style-1] [data-testid=style-amount]:has-text("528")');
    expect(await textOf(buyer, '[data-testid=order-total-qty]')).toContain('83');
    await snap(buyer, 'purchase-matrix-01-entry');
    await buyer.click('[data-testid=form-save]');
    await buyer.waitForSelector('[data-testid=entity-form]', { state: 'detached', timeout: 15000 });
    // 77 pieces at the contract's 45 and 6 at 88, totalled by the server.
    await until(buyer, () => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="total_amount"]')?.textContent?.replace(/,/g, '').includes('3993'), undefined, { timeout: 15000 });
    expect(await cell(buyer, 'total_qty')).toBe('83');
    expect(await cell(buyer, 'order_kind')).toBe('成品');

    // Opened again, the stored lines (one per colour and size) come back as the two blocks.
    await buyer.dblclick('.ag-row[row-index="0"] .ag-cell[col-id="po_no"]');
    await buyer.waitForSelector('[data-testid=order-style-1]');
    expect(await buyer.inputValue('[data-testid=order-style-0] [data-testid=style-no]')).toBe('ST-2601');
    expect(await buyer.inputValue('[data-testid=order-style-0] input[aria-label="黑色 S"]')).toBe('12');
    expect(await buyer.inputValue('[data-testid=order-style-0] [data-testid=style-price]')).toBe('45');
    expect(await textOf(buyer, '[data-testid=order-style-0] [data-testid=style-total]')).toBe('77');
    await snap(buyer, 'purchase-matrix-02-reopened');
    await buyer.click('[data-testid=form-cancel]');
    await buyer.waitForSelector('[data-testid=entity-form]', { state: 'detached', timeout: 15000 });

    // The import: the template has the order and line columns and the sizes as columns.
    await clickAction(buyer, 'import');
    await buyer.waitForSelector('[data-testid=import-page]');
    const templateFile = await download(buyer, async () => {
      await buyer.click('[data-testid=download-template]');
      await buyer.click('[data-testid=template-zh]');
    }, 'po-template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(templateFile);
    const ws = wb.worksheets.find((w) => w.state === 'visible')!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? '').replace(/^\*/, ''));
    expect(headers.slice(-4)).toEqual(['S', 'M', 'L', 'XL']);
    // One sheet: the order's columns on each row, one row per style and colour, quantities under the sizes.
    const rows: Array<Record<string, string | number>> = [
      { 采购单号: 'POE2E-MX-1', 采购类别: '成品', 供应商编码: 'VD001', 币种: 'CNY', 交货日期: `${year}-10-01`, '采购明细.款号': 'ST-2603', '采购明细.颜色': '米白', '采购明细.单价': 60, S: 20, M: 40, L: 40 },
      { 采购单号: 'POE2E-MX-1', 采购类别: '成品', 供应商编码: 'VD001', 币种: 'CNY', 交货日期: `${year}-10-01`, '采购明细.款号': 'ST-2603', '采购明细.颜色': '墨绿', '采购明细.单价': 60, M: 30, L: 30, XL: 10 },
    ];
    rows.forEach((values, i) => {
      const row = ws.getRow(i + 2);
      for (const [h, v] of Object.entries(values)) {
        const at = headers.indexOf(h);
        expect(at, h).toBeGreaterThanOrEqual(0);
        row.getCell(at + 1).value = v;
      }
      row.commit();
    });
    const filled = join(dir, 'po-filled.xlsx');
    await wb.xlsx.writeFile(filled);
    await buyer.setInputFiles('[data-testid=import-drop-input]', filled);
    await buyer.waitForSelector('[data-testid=import-preview]', { timeout: 30000 });
    await buyer.waitForSelector('[data-testid=import-counts]:has-text("错误 0")');
    expect(await textOf(buyer, '[data-testid=import-counts]')).toContain('总行数 2');
    await buyer.click('[data-testid=import-commit]');
    await buyer.waitForSelector('[data-testid=import-done]', { timeout: 30000 });
    expect(await textOf(buyer, '[data-testid=import-done]')).toContain('新增 1 条');
    await snap(buyer, 'purchase-matrix-03-imported');

    // The imported order in the list, and its matrix in the form.
    await buyer.click('[data-testid=open-list]');
    await buyer.waitForSelector('[data-testid=grid-purorder] .ag-header-cell');
    await buyer.fill('[data-testid=quick-search]', 'POE2E-MX-1');
    await rowTotalIs(buyer, 1);
    await until(buyer, () => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="total_qty"]')?.textContent?.trim() === '170', undefined, { timeout: 15000 });
    expect(Number((await cell(buyer, 'total_amount')).replace(/,/g, ''))).toBe(10200);
    await buyer.dblclick('.ag-row[row-index="0"] .ag-cell[col-id="po_no"]');
    await buyer.waitForSelector('[data-testid=order-style-0]');
    expect(await buyer.inputValue('[data-testid=order-style-0] input[aria-label="墨绿 XL"]')).toBe('10');
    expect(await textOf(buyer, '[data-testid=order-style-0] [data-testid=matrix-grand-total]')).toBe('170');
    await snap(buyer, 'purchase-matrix-04-imported-order');
    await buyer.click('[data-testid=form-cancel]');
    await buyer.waitForSelector('[data-testid=entity-form]', { state: 'detached' });

    // Sent to the fabric supplier, who confirms it and ships it from the colour x size matrix.
    await act(buyer, 'send');
    await statusIs(buyer, '待供应商确认');
    const supplier = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    supplier.on('pageerror', (e) => errors.push(e.message));
    await signIn(supplier, run.server.url, '/srm/masterdetail/supplierorder', 'supplier');
    await supplier.waitForSelector('[data-testid=grid-supplierorder] .ag-header-cell');
    await until(supplier, () => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="source_no"]')?.textContent?.includes('POE2E-MX-1'), undefined, { timeout: 15000 });
    await act(supplier, 'confirm');
    await statusIs(supplier, '已确认');
    await supplier.click('[data-testid=action-dispatch]');
    await supplier.waitForSelector('[data-testid=shipment-matrices]');
    // One matrix per style: its colours as rows, sizes in wearing order, every cell at its ordered quantity.
    const matrix = '[data-testid=shipment-matrix-1]';
    expect(await textOf(supplier, `${matrix} caption`)).toContain('ST-2603');
    expect(await supplier.locator(`${matrix} thead th`).allTextContents()).toEqual(['颜色 \\ 尺码', 'S', 'M', 'L', 'XL', '合计']);
    const inputs = supplier.locator(`${matrix} input`);
    const before = await textOf(supplier, `${matrix} [data-testid=shipment-matrix-1-total]`);
    expect(Number(before)).toBeGreaterThan(0);
    // The first cell ships 3 fewer: the style's total follows, and above the ordered quantity is refused under the cell.
    const first = inputs.first();
    const ordered = Number(await first.inputValue());
    await first.fill(String(ordered + 1));
    await supplier.click('[data-testid=shipment-ok]');
    await supplier.waitForSelector(`${matrix} [role=alert]:has-text("不能超过订单数量 ${ordered}")`);
    await first.fill(String(ordered - 3));
    await supplier.waitForSelector(`${matrix} [data-testid=shipment-matrix-1-total]:has-text("${Number(before) - 3}")`);
    await snap(supplier, 'purchase-matrix-05-shipment-matrix');
    await supplier.click('[data-testid=shipment-ok]');
    await supplier.waitForSelector('[data-testid=shipment-dialog]', { state: 'detached' });
    await statusIs(supplier, '已发货');

    // The buyer receives from the same matrix: each cell with what was ordered, dispatched, received and is still to come.
    await buyer.reload();
    await buyer.waitForSelector('[data-testid=grid-purorder] .ag-header-cell');
    await until(buyer, () => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="po_no"]')?.textContent?.includes('POE2E-MX-1'), undefined, { timeout: 15000 });
    await statusIs(buyer, '已发货');
    await buyer.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    await buyer.click('[data-testid=action-receive]');
    await buyer.waitForSelector('[data-testid=receipt-matrices]');
    const received = '[data-testid=receipt-matrix-1]';
    const cellOf = (n: number, figure: string) => textOf(buyer, `${received} [data-testid=receipt-${figure}-${n}]`);
    // The first line (米白 S): 20 ordered, 17 dispatched and still to come, 17 proposed.
    expect([await cellOf(1, 'ordered'), await cellOf(1, 'dispatched'), await cellOf(1, 'received'), await cellOf(1, 'remaining')]).toEqual(['20', '17', '0', '17']);
    expect(await buyer.inputValue(`${received} [data-testid=receipt-qty-1]`)).toBe('17');
    expect(await textOf(buyer, `${received} [data-testid=receipt-matrix-1-total]`)).toBe(String(Number(before) - 3));
    await buyer.click('[data-testid=receipt-location]');
    await buyer.click('[role=option]:has-text("WH-A02")');
    await buyer.waitForSelector('[data-testid=receipt-kind]:has-text("已收货")');
    await snap(buyer, 'purchase-matrix-06-receipt-matrix');
    await buyer.click('[data-testid=receipt-ok]');
    await buyer.waitForSelector('[data-testid=receipt-dialog]', { state: 'detached' });
    await statusIs(buyer, '已收货');
    expect(errors).toEqual([]);
  });
});
