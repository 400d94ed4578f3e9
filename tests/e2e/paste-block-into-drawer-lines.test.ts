import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn } from './support/steps';

/**
 * Issue 32: a block copied from Excel (several rows and columns, tab-separated) is pasted with Ctrl+V
 * from the clipboard into a record drawer's lines (a new material's price history); every cell is
 * written, a cell that breaks its field's rule keeps what was pasted and is marked with its message;
 * one Ctrl+Z takes the whole paste back, Ctrl+Y puts it again; the fill handle dragged down repeats
 * a cell. Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();

const LINES = '[data-testid=child-price_history]';
const lineCell = (row: number, col: string) => `${LINES} .ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`;

describe('paste a block into a drawer\'s lines', () => {
  it('pastes a 3 x 2 block from the clipboard, keeps a bad cell marked, undoes and redoes it in one step', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/md/masterdetail/material', 'maker');
    await page.waitForSelector('[data-testid=grid-material] .ag-row[row-index="0"]', { timeout: 30000 });
    await page.click('[data-testid=action-create]');
    await page.waitForSelector(LINES);
    for (let i = 0; i < 4; i++) {
      await page.click('[data-testid=child-add-price_history]');
      await page.waitForSelector(`${LINES} .ag-row[row-index="${i}"] .ag-cell-inline-editing`);
      await page.keyboard.press('Escape');
    }
    await page.waitForSelector(lineCell(3, 'price'));
    const text = async (row: number, col: string) => ((await page.textContent(lineCell(row, col))) ?? '').trim();
    const before = await Promise.all([0, 1, 2].map((r) => text(r, 'effective_date')));

    // Focus the first line's date without editing it; Ctrl+V of what Excel puts on the clipboard.
    await page.click(lineCell(0, 'effective_date'));
    await page.waitForSelector(`${LINES} .ag-cell-inline-editing`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${LINES} .ag-cell-inline-editing`, { state: 'detached' });
    await page.evaluate((block) => navigator.clipboard.writeText(block), '2026-01-01\t12.5\r\n2026-02-01\t13\r\n2026-03-01\t-4\r\n');
    await page.keyboard.press('Control+v');
    await expect.poll(() => text(0, 'price')).toBe('12.50');
    expect(await text(1, 'price')).toBe('13.00');
    expect([await text(0, 'effective_date'), await text(1, 'effective_date'), await text(2, 'effective_date')]).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    // The refused price keeps what was pasted, marked in red, and says why.
    expect(await text(2, 'price')).toBe('-4.00');
    expect(await page.locator(`${LINES} .ss-refused`).count()).toBe(1);
    await page.waitForSelector('text=/已保留所填内容/');
    await snap(page, 'paste-lines-00-block-pasted');

    // One undo takes the whole paste back, one redo puts it again.
    await page.keyboard.press('Control+z');
    await expect.poll(() => text(0, 'price')).toBe('');
    expect(await Promise.all([0, 1, 2].map((r) => text(r, 'effective_date')))).toEqual(before);
    expect(await text(2, 'price')).toBe('');
    await page.keyboard.press('Control+y');
    await expect.poll(() => text(0, 'price')).toBe('12.50');
    expect(await text(2, 'effective_date')).toBe('2026-03-01');
    expect(await text(2, 'price')).toBe('-4.00');

    // The fill handle: the first price dragged down over the next three lines.
    await page.click(lineCell(0, 'price'));
    await page.waitForSelector(`${LINES} .ag-cell-inline-editing`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${LINES} .ss-fill-handle`);
    await snap(page, 'paste-lines-01-fill-handle');
    const box = (await page.locator(lineCell(0, 'price')).boundingBox())!;
    const target = (await page.locator(lineCell(3, 'price')).boundingBox())!;
    await page.mouse.move(box.x + box.width - 2, box.y + box.height - 2);
    await page.mouse.down();
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => text(3, 'price')).toBe('12.50');
    expect(await text(2, 'price')).toBe('12.50');
    expect(await page.locator(`${LINES} .ss-refused`).count()).toBe(0);
    // The same drawer on a wide screen: the filled lines and the range with its handle.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'paste-lines-02-filled-1920');
    await page.keyboard.press('Control+z');
    await expect.poll(() => text(3, 'price')).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
