import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { newGoodsOrderMatrix } from './support/matrix-steps';
import { pageApi, signIn, statusIs } from './support/steps';
import { copyWorkbenchVersion } from './support/allocation-steps';

/**
 * The last keys of issue 32 in every editable grid: the colour x size matrix's fill handle dragged
 * right (and Ctrl+R), one undo step; a block pasted past the last line of a drawer's lines adds the
 * lines it needs and one undo takes them away again (redo brings them back); the allocation
 * workbench's fill handle dragged right and Ctrl+R (AG Grid's layer); a receipt's quantities
 * copied and pasted as a block with Ctrl+C / Ctrl+V, undone with Ctrl+Z, then received as before.
 * Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();

/** Drags from the centre of one element to the centre of another, as a person drags with the mouse. */
async function drag(page: Page, from: string, to: string): Promise<void> {
  await page.locator(to).scrollIntoViewIfNeeded();
  const a = await page.locator(from).boundingBox();
  const b = await page.locator(to).boundingBox();
  await page.mouse.move(a!.x + a!.width / 2, a!.y + a!.height / 2);
  await page.mouse.down();
  await page.mouse.move(b!.x + b!.width / 2, b!.y + b!.height / 2, { steps: 8 });
  await page.mouse.up();
}

describe('fill right, a paste that adds lines, and the receipt\'s quantities on the spreadsheet keys', () => {
  it('fills a colour x size matrix right with the handle and with Ctrl+R, each one undo step', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const { BLOCK, input, value, total } = await newGoodsOrderMatrix(page, run.server.url);

    // 黑色 / S typed, then its fill handle dragged right to L: M and L get 12.
    await page.fill(input('黑色', 'S'), '12');
    await page.click(input('黑色', 'S'));
    const handle = `${BLOCK} [data-testid=fill-handle]`;
    await page.waitForSelector(handle);
    await page.locator(input('白色', 'XL')).scrollIntoViewIfNeeded();
    await drag(page, handle, input('黑色', 'L'));
    await expect.poll(() => value('黑色', 'L')).toBe('12');
    expect(await value('黑色', 'M')).toBe('12');
    expect(await value('白色', 'M')).toBe('');
    expect(await total()).toBe('36');
    await page.locator(`${BLOCK} [data-testid=matrix-input]`).scrollIntoViewIfNeeded();
    await snap(page, 'keys-10-matrix-filled-right-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'keys-10-matrix-filled-right-1920');
    await page.setViewportSize({ width: 1366, height: 768 });

    // One undo takes the whole fill back (S stays as typed).
    await page.keyboard.press('Control+z');
    await expect.poll(total).toBe('12');
    expect(await value('黑色', 'M')).toBe('');

    // The handle dragged down and right from a 1 x 2 block: further right than down fills right.
    await page.fill(input('黑色', 'M'), '3');
    await page.click(input('黑色', 'S'));
    await page.keyboard.press('Shift+ArrowRight');
    await drag(page, handle, input('白色', 'XL'));
    await expect.poll(() => value('黑色', 'XL')).toBe('3');
    expect(await value('黑色', 'L')).toBe('12');
    expect(await value('白色', 'S')).toBe('');
    await page.keyboard.press('Control+z');
    await expect.poll(() => value('黑色', 'XL')).toBe('');

    // Ctrl+R: the left column of a range copied right (the page is not reloaded).
    await page.fill(input('白色', 'S'), '7');
    await page.click(input('白色', 'S'));
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Control+r');
    await expect.poll(() => value('白色', 'L')).toBe('7');
    expect(await value('白色', 'M')).toBe('7');
    await page.keyboard.press('Control+z');
    await expect.poll(() => value('白色', 'L')).toBe('');
    expect(await value('白色', 'S')).toBe('7');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a block pasted past the last line of a drawer\'s lines adds the lines; one undo removes them again', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1600, height: 960 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/md/masterdetail/material', 'maker');
    await page.waitForSelector('[data-testid=grid-material] .ag-row[row-index="0"]', { timeout: 30000 });
    await page.click('[data-testid=action-create]');
    const LINES = '[data-testid=child-price_history]';
    await page.waitForSelector(LINES);
    await page.click('[data-testid=child-add-price_history]');
    await page.waitForSelector(`${LINES} .ag-row[row-index="0"] .ag-cell-inline-editing`);
    await page.keyboard.press('Escape');
    const lineCell = (row: number, col: string) => `${LINES} .ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`;
    const text = async (row: number, col: string) => ((await page.textContent(lineCell(row, col))) ?? '').trim();
    const rows = () => page.$$eval(`${LINES} .ag-row[row-index]`, (els) => new Set(els.map((e) => e.getAttribute('row-index'))).size);
    await page.click(lineCell(0, 'effective_date'));
    await page.waitForSelector(`${LINES} .ag-cell-inline-editing`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${LINES} .ag-cell-inline-editing`, { state: 'detached' });

    // Three lines of date and price pasted on the only line: two lines are added for them.
    await page.$eval(`${LINES} .ag-cell-focus`, (el) => {
      const data = new DataTransfer();
      data.setData('text/plain', '2026-01-01\t10\r\n2026-02-01\t11\r\n2026-03-01\t12\r\n');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(rows).toBe(3);
    await expect.poll(() => text(2, 'price')).toBe('12.00');
    expect(await text(1, 'effective_date')).toBe('2026-02-01');
    expect(await text(0, 'price')).toBe('10.00');
    await page.waitForSelector(`${LINES} :text("(3)")`);
    await page.locator(LINES).scrollIntoViewIfNeeded();
    await snap(page, 'keys-11-lines-grown-by-paste');

    // One undo: the pasted cells back and the added lines gone; redo: both again.
    await page.keyboard.press('Control+z');
    await expect.poll(rows).toBe(1);
    expect(await text(0, 'price')).toBe('');
    await page.waitForSelector(`${LINES} :text("(1)")`);
    await page.keyboard.press('Control+y');
    await expect.poll(rows).toBe(3);
    await expect.poll(() => text(2, 'effective_date')).toBe('2026-03-01');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fills right in an AG Grid sheet (the allocation workbench) with the handle and with Ctrl+R, one undo step each', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1600, height: 960 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/scm/page/allocation-workbench', 'brand');
    const GRID = '[data-testid=workbench-grid]';
    await page.waitForSelector(`${GRID} .ag-row`, { timeout: 30000 });
    const code = `E2E-FILL-${Date.now().toString(36).toUpperCase()}`;
    await copyWorkbenchVersion(page, code);
    const cell = (row: number, nth: number) => page.locator(`${GRID} .ag-row[row-index="${row}"]:not(.ag-row-pinned) .ag-cell[col-id^="v"]`).nth(nth);
    const textAt = async (row: number, nth: number) => ((await cell(row, nth).textContent()) ?? '').trim();
    const paste = (text: string) =>
      page.$eval(`${GRID} .ag-cell-focus`, (el, value) => {
        const data = new DataTransfer();
        data.setData('text/plain', value);
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);
    // A cell shows its quantity (an empty one reads 0: undone to nothing, the workbench keeps a 0).
    const qtyAt = async (row: number, nth: number) => Number((await textAt(row, nth)).replace(/,/g, '') || 0);
    const before = [await qtyAt(0, 1), await qtyAt(0, 2)];

    // 33 in the first vendor's cell, its handle (the cell's bottom-right corner) dragged two cells right.
    await cell(0, 0).click();
    await paste('33');
    await expect.poll(() => textAt(0, 0)).toBe('33');
    const from = (await cell(0, 0).boundingBox())!;
    const to = (await cell(0, 2).boundingBox())!;
    await page.mouse.move(from.x + from.width - 3, from.y + from.height - 3);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => textAt(0, 2)).toBe('33');
    expect(await textAt(0, 1)).toBe('33');
    await snap(page, 'keys-13-workbench-filled-right');
    await page.keyboard.press('Control+z');
    await expect.poll(() => qtyAt(0, 2)).toBe(before[1]);
    expect(await qtyAt(0, 1)).toBe(before[0]);
    expect(await textAt(0, 0)).toBe('33');

    // Ctrl+R: the range's left column into the columns right of it.
    await cell(0, 0).click();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Control+r');
    await expect.poll(() => textAt(0, 1)).toBe('33');
    await page.keyboard.press('Control+z');
    await expect.poll(() => qtyAt(0, 1)).toBe(before[0]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('copies and pastes a block of a receipt\'s quantities, undoes it, and receives as before', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/srm/masterdetail/purorder', 'brand');
    await page.waitForSelector('[data-testid=grid-purorder] .ag-header-cell', { timeout: 30000 });
    // An order of three lines, tracked by hand (the supplier is not asked): received by the buyer.
    const vendors = await pageApi<{ rows: Array<{ id: number; code: string }> }>(page, '/mdapi/vendor/page?size=100');
    const materials = await pageApi<{ rows: Array<{ id: number; code: string }> }>(page, '/mdapi/material/page?size=100');
    const vendor = vendors.rows.find((v) => v.code === 'VD001')!;
    const material = materials.rows.find((m) => m.code === 'MD0001')!;
    const saved = await pageApi<{ id: number }>(page, '/srmapi/purorder/save', {
      order_kind: 'material', vendor_id: vendor.id, currency: 'CNY', delivery_date: '2026-12-30',
      lines: [60, 15, 30].map((qty, i) => ({ material_id: material.id, unit: 'KG', qty, unit_price: 20, seq: i + 1 })),
    });
    await pageApi(page, '/srmapi/purorder/action/track', { id: saved.id });
    await page.reload();
    await statusIs(page, '手工跟踪');
    await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    await page.click('[data-testid=action-receive]');
    const qty = (n: number) => `[data-testid=receipt-qty-${n}]`;
    await page.waitForSelector(qty(3));
    expect([await page.inputValue(qty(1)), await page.inputValue(qty(2)), await page.inputValue(qty(3))]).toEqual(['60', '15', '30']);

    // Lines 1-2 selected by Shift+ArrowDown and copied as Excel's text; pasted from line 2 down.
    await page.click(qty(1));
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Control+c');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('60\r\n15');
    await page.click(qty(2));
    await page.keyboard.press('Control+v');
    await expect.poll(() => page.inputValue(qty(3))).toBe('15');
    expect(await page.inputValue(qty(2))).toBe('60');
    expect(await page.inputValue(qty(1))).toBe('60');
    // Over-receipt on line 2 is still refused under its line when the receipt is sent.
    await page.click('[data-testid=receipt-location]');
    await page.click('[role=option]:has-text("WH-A02")');
    await page.click('[data-testid=receipt-ok]');
    await page.waitForSelector('[data-testid=receipt-qty-2-error]');
    await snap(page, 'keys-12-receipt-pasted-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'keys-12-receipt-pasted-1920');
    await page.setViewportSize({ width: 1366, height: 768 });

    // One undo takes the whole paste back.
    await page.click(qty(3));
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.inputValue(qty(2))).toBe('15');
    expect(await page.inputValue(qty(3))).toBe('30');

    // A typed quantity and the receipt sent as before: part of line 1, so the order is partly received.
    await page.fill(qty(1), '20');
    await page.waitForSelector('[data-testid=receipt-kind]:has-text("部分收货")');
    await page.click('[data-testid=receipt-ok]');
    await page.waitForSelector('[data-testid=receipt-dialog]', { state: 'detached' });
    await statusIs(page, '部分收货');
    expect(errors).toEqual([]);
    await context.close();
  });
});
