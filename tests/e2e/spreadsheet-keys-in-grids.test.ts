import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { newGoodsOrderMatrix } from './support/matrix-steps';
import { copyWorkbenchVersion } from './support/allocation-steps';

/**
 * Spreadsheet keys in the allocation workbench (issue 21): a range by Shift+arrows, copy as
 * tab-separated text, paste a block with a refused cell, one undo for the paste, fill down, Enter
 * edits, and the selection survives a save; and the same keys in a document's editable lines (a
 * material's price history); in a purchase order drawer's colour x size matrix (a block pasted from
 * the clipboard with Ctrl+V, a bad cell named by colour and size, undo and redo of the whole paste,
 * copy, fill down, Delete); and in a read-only list (a click selects one row, Ctrl-click another, a
 * double click opens; a dragged range copies to the clipboard with Ctrl+C). Build the client first
 * (`npx vite build`).
 */
const run = serverAndBrowserForFile();

const GRID = '[data-testid=workbench-grid]';
const cell = (row: number, nth: number) => `${GRID} .ag-row[row-index="${row}"]:not(.ag-row-pinned) .ag-cell[col-id^="v"] >> nth=${nth}`;

async function clip(page: Page, type: 'copy' | 'paste', text = ''): Promise<string> {
  return page.$eval(
    `${GRID} .ag-cell-focus`,
    (el, [kind, value]) => {
      const data = new DataTransfer();
      if (kind === 'paste') data.setData('text/plain', value);
      el.dispatchEvent(new ClipboardEvent(kind, { clipboardData: data, bubbles: true, cancelable: true }));
      return data.getData('text/plain');
    },
    [type, text] as const,
  );
}
const textAt = async (page: Page, row: number, nth: number) => ((await page.locator(cell(row, nth)).first().textContent()) ?? '').trim();

describe('spreadsheet keys in editable grids', () => {
  it('a planner selects, copies, pastes a block, undoes, fills down and edits in the workbench', async () => {
    const page = await (await run.browser.newContext({ viewport: { width: 1600, height: 960 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${run.server.url}/scm/page/allocation-workbench`);
    await page.waitForSelector('[data-testid=login-form]');
    await page.fill('input[name=username]', 'brand');
    await page.fill('input[name=password]', 'Demo1234');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector(`${GRID} .ag-row`, { timeout: 30000 });
    // A draft to work on: the seeded season copied (a code of its own for each attempt: a retry in
    // CI finds the first attempt's copy on the same server).
    const code = `E2E-KEYS-${Date.now().toString(36).toUpperCase()}`;
    await copyWorkbenchVersion(page, code);

    // Range by Shift+arrows: 2 x 2, highlighted.
    await page.locator(cell(0, 0)).first().click();
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => page.locator(`${GRID} .ss-range`).count()).toBe(2);
    await page.keyboard.press('Shift+ArrowRight');
    await snap(page, 'keys-00-range');
    await expect.poll(() => page.locator(`${GRID} .ss-range`).count()).toBe(4);
    // A reload of the version shown (here its refresh, clicked without taking the focus, as a
    // colleague's change reloads it) keeps the grid, its focus and the range: one more Shift+arrow
    // still extends it.
    // (The reload's reply is waited for: a key pressed while the reply is being laid in raced it.)
    const reloaded = page.waitForResponse((r) => r.url().includes('/allocationversion/workbench'));
    await page.$eval('[data-testid=workbench-refresh]', (el) => (el as HTMLButtonElement).click());
    await reloaded;
    await page.waitForSelector(`${GRID}[aria-busy=false] .ag-row`);
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => page.locator(`${GRID} .ss-range`).count()).toBe(6);
    await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(() => page.locator(`${GRID} .ss-range`).count()).toBe(4);
    const copied = await clip(page, 'copy');
    expect(copied.split('\r\n')).toHaveLength(2);
    expect(copied.split('\r\n')[0].split('\t')).toHaveLength(2);

    // Paste a block with one refused cell at the first vendor cell of row 0.
    await page.locator(cell(0, 0)).first().click();
    await clip(page, 'paste', '11\t12\r\n13\tabc\r\n');
    await expect.poll(() => textAt(page, 0, 0)).toBe('11');
    expect(await textAt(page, 0, 1)).toBe('12');
    expect(await textAt(page, 1, 0)).toBe('13');
    expect(await page.locator(`${GRID} .ss-refused`).count()).toBe(1);
    await page.waitForSelector('text=/未写入/');
    await snap(page, 'keys-01-pasted-with-refusal');

    // One undo takes the whole paste back.
    await page.locator(cell(0, 0)).first().click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => textAt(page, 0, 0)).not.toBe('11');
    expect(await textAt(page, 1, 0)).not.toBe('13');

    // Fill down: the top value into the two rows below.
    await page.locator(cell(0, 0)).first().click();
    await page.keyboard.press('Enter');
    const editor = page.locator(`${GRID} .ag-cell-inline-editing input`);
    await editor.waitFor();
    await editor.fill('21');
    await editor.press('Enter');
    // The edit is written and the editor gone before the range is drawn, as a person sees it.
    await expect.poll(() => textAt(page, 0, 0)).toBe('21');
    await page.waitForSelector(`${GRID} .ag-cell-inline-editing`, { state: 'detached' });
    // Selected again if a late reload of the grid (seen only on a loaded machine, cause not found)
    // took the range away, as a person would select it again.
    await expect
      .poll(
        async () => {
          await page.locator(cell(0, 0)).first().click();
          await page.keyboard.press('Shift+ArrowDown');
          await page.keyboard.press('Shift+ArrowDown');
          return page.locator(`${GRID} .ss-range`).count();
        },
        { timeout: 20000 },
      )
      .toBe(3);
    await page.keyboard.press('Control+d');
    await expect.poll(() => textAt(page, 2, 0)).toBe('21');
    expect(await textAt(page, 1, 0)).toBe('21');
    await snap(page, 'keys-02-filled-down');

    // Save: the range is still there afterwards.
    await page.click('[data-testid=save-cells]');
    await page.waitForSelector('[data-testid=save-cells][disabled]', { timeout: 20000 });
    await expect.poll(() => page.locator(`${GRID} .ss-range`).count()).toBe(3);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('pastes a block from Excel into a document\'s lines, refusing a bad cell by the field\'s own rule, and fills down', async () => {
    const page = await (await run.browser.newContext({ viewport: { width: 1600, height: 960 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${run.server.url}/md/masterdetail/material`);
    await page.waitForSelector('[data-testid=login-form]');
    await page.fill('input[name=username]', 'maker');
    await page.fill('input[name=password]', 'Demo1234');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=grid-material] .ag-row[row-index="0"]', { timeout: 30000 });
    await page.click('[data-testid=action-create]');
    const LINES = '[data-testid=child-price_history]';
    await page.waitForSelector(LINES);
    // Each new line opens its first cell's editor; Escape leaves it (and does not close the drawer).
    for (let i = 0; i < 3; i++) {
      await page.click('[data-testid=child-add-price_history]');
      await page.waitForSelector(`${LINES} .ag-row[row-index="${i}"] .ag-cell-inline-editing`);
      await page.keyboard.press('Escape');
    }
    const lineCell = (row: number, col: string) => `${LINES} .ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`;
    await page.waitForSelector(lineCell(2, 'price'));
    // Focus the first line's date without editing it, then paste two lines of two cells.
    await page.click(lineCell(0, 'effective_date'));
    await page.waitForSelector(`${LINES} .ag-cell-inline-editing`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${LINES} .ag-cell-inline-editing`, { state: 'detached' });
    await page.$eval(`${LINES} .ag-cell-focus`, (el) => {
      const data = new DataTransfer();
      data.setData('text/plain', '2026-01-01\t12.5\r\n2026-02-01\tabc\r\n');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const text = async (row: number, col: string) => ((await page.textContent(lineCell(row, col))) ?? '').trim();
    await expect.poll(() => text(0, 'price')).toBe('12.50');
    expect(await text(0, 'effective_date')).toBe('2026-01-01');
    expect(await text(1, 'effective_date')).toBe('2026-02-01');
    expect(await page.locator(`${LINES} .ss-refused`).count()).toBe(1);
    // Document lines keep what was pasted into a refused cell (nothing typed is lost), marked.
    expect(await text(1, 'price')).toBe('abc');
    await page.waitForSelector('text=/已保留所填内容/');
    await snap(page, 'keys-03-lines-pasted-with-refusal');
    // Fill down the first price into the next two lines.
    await page.click(lineCell(0, 'price'));
    await page.waitForSelector(`${LINES} .ag-cell-inline-editing`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${LINES} .ag-cell-inline-editing`, { state: 'detached' });
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => page.locator(`${LINES} .ss-range`).count()).toBe(3);
    await page.keyboard.press('Control+d');
    await expect.poll(() => text(2, 'price')).toBe('12.50');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('pastes a block from the clipboard into a purchase order\'s colour x size matrix, names a bad cell, undoes and redoes the paste', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const { BLOCK, input, value, total } = await newGoodsOrderMatrix(page, run.server.url);

    // Ctrl+V of a block as Excel puts it on the clipboard, at 黑色 / S; 白色 / M is not a quantity.
    await page.evaluate((text) => navigator.clipboard.writeText(text), '10\t20\r\n5\tabc\r\n');
    await page.click(input('黑色', 'S'));
    await page.keyboard.press('Control+v');
    await expect.poll(() => value('黑色', 'S')).toBe('10');
    expect(await value('黑色', 'M')).toBe('20');
    expect(await value('白色', 'S')).toBe('5');
    expect(await value('白色', 'M')).toBe('');
    expect(await total()).toBe('35');
    const refused = `${BLOCK} [data-testid=matrix-refused]`;
    expect(await page.textContent(refused)).toContain('白色 / M：数量必须是非负整数');
    expect(await page.locator(`${BLOCK} td[data-refused]`).count()).toBe(1);
    await page.locator(`${BLOCK} [data-testid=matrix-input]`).scrollIntoViewIfNeeded();
    await snap(page, 'keys-04-matrix-bad-cell');

    // One undo takes the whole paste back; redo puts it again.
    await page.keyboard.press('Control+z');
    await expect.poll(total).toBe('0');
    expect(await value('黑色', 'S')).toBe('');
    await page.keyboard.press('Control+y');
    await expect.poll(total).toBe('35');

    // A 2 x 2 range by Shift+arrows copies as tab-separated text, Ctrl+D fills it down, Delete clears it.
    await page.click(input('黑色', 'S'));
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Control+c');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('10\t20\r\n5\t');
    await page.keyboard.press('Control+d');
    await expect.poll(() => value('白色', 'S')).toBe('10');
    expect(await value('白色', 'M')).toBe('20');
    expect(await total()).toBe('60');
    await page.keyboard.press('Delete');
    await expect.poll(total).toBe('0');
    await page.keyboard.press('Control+z');
    await expect.poll(total).toBe('60');

    // One value pasted into one cell is checked the same way (a negative quantity refused).
    await page.click(input('白色', 'M'));
    await page.evaluate(() => navigator.clipboard.writeText('-2'));
    await page.keyboard.press('Control+v');
    await expect.poll(async () => (await page.textContent(refused)) ?? '').toContain('白色 / M：数量必须是非负整数');
    expect(await total()).toBe('60');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in a read-only list a click selects one row, a double click opens it, and a dragged range copies with Ctrl+C', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${run.server.url}/md/masterdetail/material`);
    await page.waitForSelector('[data-testid=login-form]');
    await page.fill('input[name=username]', 'maker');
    await page.fill('input[name=password]', 'Demo1234');
    await page.click('[data-testid=login-submit]');
    const LIST = '[data-testid=grid-material]';
    const at = (row: number, nth: number) => page.locator(`${LIST} .ag-row[row-index="${row}"] .ag-cell:not([col-id^="ag-Grid"])`).nth(nth);
    await page.waitForSelector(`${LIST} .ag-row[row-index="1"]`, { timeout: 30000 });
    const count = (n: number) => page.waitForSelector(`[data-testid=selected-count]:has-text("已选 ${n} 条")`);

    // A click selects that row alone; Ctrl-click adds one; a plain click selects one again; the checkbox adds.
    await at(0, 0).click();
    await count(1);
    await at(1, 1).click();
    await count(1);
    expect(await page.locator(`${LIST} .ag-row[row-index="1"].ag-row-selected`).count()).toBeGreaterThan(0);
    expect(await page.locator(`${LIST} .ag-row[row-index="0"].ag-row-selected`).count()).toBe(0);
    await at(0, 1).click({ modifiers: ['Control'] });
    await count(2);
    await at(0, 0).click();
    await count(1);
    await page.locator(`${LIST} .ag-row[row-index="1"] .ag-selection-checkbox input`).check();
    await count(2);

    // A range dragged over 2 rows x 2 columns, copied as tab-separated text.
    const from = await at(0, 0).boundingBox();
    const to = await at(1, 1).boundingBox();
    await page.mouse.move(from!.x + 10, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(to!.x + 10, to!.y + to!.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => page.locator(`${LIST} .ss-range`).count()).toBe(4);
    const texts = [];
    for (const [r, c] of [[0, 0], [0, 1], [1, 0], [1, 1]]) texts.push(((await at(r, c).textContent()) ?? '').trim());
    await page.keyboard.press('Control+c');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${texts[0]}\t${texts[1]}\r\n${texts[2]}\t${texts[3]}`);
    // Shift+arrows grow it as in the editable grids; the copy follows.
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => page.locator(`${LIST} .ss-range`).count()).toBe(6);
    await page.keyboard.press('Control+c');
    await expect.poll(async () => (await page.evaluate(() => navigator.clipboard.readText())).split('\r\n')[0].split('\t').length).toBe(3);
    await snap(page, 'keys-05-list-range-copied');

    // A double click still opens the row.
    await at(1, 1).dblclick();
    await page.waitForSelector('[data-testid=entity-form]');
    expect(errors).toEqual([]);
    await context.close();
  });
});

