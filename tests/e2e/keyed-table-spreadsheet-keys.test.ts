import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { pageApi, signIn } from './support/steps';

/**
 * Issue 32's keys in a keyed table (an allocation version's vendor settings: a row per vendor, a
 * cell for KPI, share cap, share target): a 2 x 2 block from the clipboard pasted with Ctrl+V, a
 * block pasted on the last row cut there (no row added), Ctrl+D down a range, undone in one step;
 * the version saved holds the cells as numbers. Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();

describe('a keyed table on the spreadsheet keys', () => {
  it('pastes a block from the clipboard, fills down with Ctrl+D, undoes it, and saves the numbers', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/scm/index/allocationversion', 'brand');
    await page.waitForSelector('[data-testid=grid-allocationversion] .ag-header-cell', { timeout: 30000 });
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.fill('#f-allocationversion-version_code', 'E2E-KEYS');
    await page.fill('#f-allocationversion-month_from', '2026-01');
    await page.fill('#f-allocationversion-month_to', '2026-03');
    const TABLE = '[data-testid=keyed-vendor_settings]';
    const rows = page.locator(`${TABLE} [data-testid=keyed-row]`);
    for (let i = 0; i < 3; i++) {
      await page.click(`${TABLE} button:has-text("添加一行")`);
      await rows.nth(i).locator('[role=combobox]').click();
      await page.locator('[role=option]').nth(i).click();
    }
    const cell = (field: string, n: number) => `${TABLE} [data-testid=keyed-${field}-${n}]`;
    const value = (field: string, n: number) => page.inputValue(cell(field, n));
    const clipboard = (text: string) => page.evaluate((t) => navigator.clipboard.writeText(t), text);

    // A 2 x 2 block as Excel copies it (KPI and share cap of two vendors), pasted on row 1's KPI.
    await clipboard('80\t0.3\r\n70\t0.2\r\n');
    await page.click(cell('kpi', 1));
    await page.keyboard.press('Control+v');
    await expect.poll(() => value('shareMax', 2)).toBe('0.2');
    expect([await value('kpi', 1), await value('shareMax', 1), await value('kpi', 2)]).toEqual(['80', '0.3', '70']);
    expect(await value('shareTarget', 1)).toBe('');

    // The same block on the last row: its second row has no vendor to land on and is left out.
    await page.click(cell('kpi', 3));
    await page.keyboard.press('Control+v');
    await expect.poll(() => value('kpi', 3)).toBe('80');
    expect(await value('shareMax', 3)).toBe('0.3');
    expect(await rows.count()).toBe(3);

    // Row 1's share target typed, then Ctrl+D down the three rows: one action, one undo.
    await page.fill(cell('shareTarget', 1), '0.25');
    await page.click(cell('shareTarget', 1));
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Control+d');
    await expect.poll(() => value('shareTarget', 3)).toBe('0.25');
    expect(await value('shareTarget', 2)).toBe('0.25');
    await page.locator(TABLE).scrollIntoViewIfNeeded();
    await snap(page, 'keys-14-keyed-filled-down-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'keys-14-keyed-filled-down-1920');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.keyboard.press('Control+z');
    await expect.poll(() => value('shareTarget', 3)).toBe('');
    expect([await value('shareTarget', 1), await value('shareTarget', 2)]).toEqual(['0.25', '']);
    // Undo again: row 1's typed share target; again: the paste on the last row; redo brings it back.
    await page.keyboard.press('Control+z');
    await expect.poll(() => value('shareTarget', 1)).toBe('');
    await page.keyboard.press('Control+z');
    await expect.poll(() => value('kpi', 3)).toBe('');
    expect(await value('kpi', 1)).toBe('80');
    await page.keyboard.press('Control+y');
    await expect.poll(() => value('kpi', 3)).toBe('80');

    // Saved: each vendor's cells as numbers (entriesValueOf, unchanged).
    await page.click('[data-testid=form-save]');
    await page.waitForSelector('[data-testid=toast-success]', { timeout: 10000 });
    const list = await pageApi<{ rows: Array<{ version_code: string; vendor_settings: unknown }> }>(page, '/scmapi/allocationversion/page?size=100');
    const saved = list.rows.find((r) => r.version_code === 'E2E-KEYS')!;
    const settings = (typeof saved.vendor_settings === 'string' ? JSON.parse(saved.vendor_settings) : saved.vendor_settings) as Record<string, Record<string, unknown>>;
    expect(Object.values(settings).map((s) => [s.kpi, s.shareMax]).sort()).toEqual([[70, 0.2], [80, 0.3], [80, 0.3]]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
