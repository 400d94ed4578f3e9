import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { openCellEditor, rowTotalIs } from './support/steps';

/**
 * Fixing an import in the grid, in Chromium (issue 33): a sheet of five materials with two bad rows
 * (one names an unknown supplier and misspells its material group, the other misspells the group
 * the same way) is checked; the grid opens on the two bad rows with the bad cells marked; the
 * supplier is typed in, the edit survives a reload (saved to the job as the user works), the three
 * valid rows are committed and the two bad ones held in the job, shown again in the grid; there the
 * group is typed once and "apply to all" fixes the other row; the commit writes them, all five are in
 * the list.
 * Build the client first (`npx vite build`): the server serves dist/client (or CLIENT_DIR).
 */
const run = serverAndBrowserForFile();
/** The sheets this file writes, removed after its tests. */
const dir = mkdtempSync(join(tmpdir(), 'e2e-fix-grid-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function sheet(): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('物料');
  ws.addRow(['物料编码', '物料名称', '物料组', '供应商编码', '单位', '有效状态']);
  ws.addRow(['FIXE2E01', '府绸', '面料', 'VD001', '米', '未失效']);
  ws.addRow(['FIXE2E02', '牛津布', '面枓', 'NOPE9', '米', '未失效']);
  ws.addRow(['FIXE2E03', '斜纹布', '面枓', 'VD001', '米', '未失效']);
  ws.addRow(['FIXE2E04', '帆布', '面料', 'VD001', '米', '未失效']);
  ws.addRow(['FIXE2E05', '涤纶里布', '里料', 'VD001', '米', '未失效']);
  const path = join(dir, '物料.xlsx');
  await wb.xlsx.writeFile(path);
  return path;
}

const cell = (row: number, col: number) => `[data-testid=fix-grid] .ag-row[row-id="${row}"] [col-id="c${col}"]`;

/** The sheet rows the grid shows (a row's pinned and scrolling parts counted once). */
const shownRows = (page: Page) => page.evaluate(() => new Set([...document.querySelectorAll('[data-testid=fix-grid] .ag-row')].map((r) => r.getAttribute('row-id'))).size);

/** Types a value into a cell of the fixing grid (a single click edits, Enter ends the edit); `offers`: a value its editor suggests. */
async function type(page: Page, row: number, col: number, value: string, offers?: string): Promise<void> {
  const editor = await openCellEditor(page, '[data-testid=fix-grid]', cell(row, col));
  if (offers) expect(await page.locator(`[data-testid=fix-grid] datalist option[value="${offers}"]`).count()).toBe(1);
  await editor.fill(value);
  await editor.press('Enter');
}

describe('an import fixed in the grid in Chromium', () => {
  it('opens on the bad rows, re-checks edits, keeps them across a reload, holds the bad rows of a partial commit, applies a fix to all and commits every row', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${run.server.url}/page/upload/view?entity=material`);
    await page.waitForSelector('[data-testid=login-form]');
    await page.fill('input[name=username]', 'brand');
    await page.fill('input[name=password]', 'Demo1234');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=import-entity]:has-text("物料")');
    await page.setInputFiles('[data-testid=import-drop-input]', await sheet());
    await page.waitForSelector('[data-testid=fix-grid]', { timeout: 60000 });

    // Filtered to the two bad rows; each bad cell marked, its message in the issues column.
    await page.waitForSelector(`${cell(3, 3)}.fix-bad`);
    expect(await shownRows(page)).toBe(2);
    expect(await page.locator(`${cell(3, 2)}.fix-bad`).count()).toBe(1);
    expect(await page.locator(`${cell(4, 2)}.fix-bad`).count()).toBe(1);
    expect(await page.textContent('[data-testid=fix-grid] .ag-row[row-id="3"] [col-id="issues"]')).toContain('NOPE9');
    expect(await page.textContent('[data-testid=fix-counts]')).toContain('待修改 2 行');
    await snap(page, 'import-fix-grid-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'import-fix-grid-1920');
    await page.setViewportSize({ width: 1366, height: 768 });

    // All rows a click away.
    await page.click('[data-testid=fix-all-rows]');
    await expect.poll(() => shownRows(page)).toBe(5);
    await page.click('[data-testid=fix-only-invalid]');

    // The supplier typed in: re-checked at once, saved to the job, still there after a reload.
    // The editor suggests the company's supplier codes.
    await type(page, 3, 3, 'VD001', 'VD001');
    await page.waitForSelector(`${cell(3, 3)}:not(.fix-bad)`);
    await page.waitForSelector('[data-testid=fix-save-state][data-state=saved]', { timeout: 15000 });
    await page.reload();
    await page.waitForSelector(`${cell(3, 3)}:has-text("VD001")`, { timeout: 60000 });
    expect(await page.locator(`${cell(3, 3)}.fix-bad`).count()).toBe(0);
    expect(await page.locator(`${cell(3, 2)}.fix-bad`).count()).toBe(1);

    // The valid rows committed now, the two still wrong held in the job; the grid shows them again.
    await page.click('[data-testid=fix-commit]');
    await page.waitForSelector('[data-testid=import-held]', { timeout: 60000 });
    expect(await page.textContent('[data-testid=import-held-count]')).toContain('保留待改 2 行');
    await page.waitForSelector('[data-testid=fix-grid][data-held=true]');
    await page.waitForSelector(`${cell(4, 2)}.fix-bad`);
    expect(await shownRows(page)).toBe(2);
    await snap(page, 'import-fix-held-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'import-fix-held-1920');
    await page.setViewportSize({ width: 1366, height: 768 });
    // In English too.
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-en]');
    await page.waitForSelector('[data-testid=fix-grid]:has-text("Fix errors in the grid")');
    expect(await page.textContent('[data-testid=fix-counts]')).toContain('2 to fix, 0 ready to commit');
    await page.locator('[data-testid=fix-grid]').scrollIntoViewIfNeeded();
    await snap(page, 'import-fix-held-en-1366');
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-zh-CN]');
    await page.waitForSelector('[data-testid=fix-grid]:has-text("在表格中修改错误")');

    // The group typed once; "apply to all" changes the same wrong value in the other row.
    await type(page, 3, 2, '面料', '面料');
    await page.waitForSelector('[data-testid=fix-suggestion]');
    expect(await page.textContent('[data-testid=fix-suggestion]')).toContain('面枓');
    await snap(page, 'import-fix-apply-all-1366');
    await page.click('[data-testid=fix-apply-all]');
    await page.waitForSelector('[data-testid=fix-counts]:has-text("待修改 0 行")');
    expect(await page.locator('[data-testid=fix-grid] .fix-bad').count()).toBe(0);

    await page.click('[data-testid=fix-commit]');
    // Every commit of the job counted: three, then the two fixed.
    await page.waitForSelector('[data-testid=import-done]:has-text("新增 5 条")', { timeout: 60000 });
    await snap(page, 'import-fix-done-1366');
    expect(await page.locator('[data-testid=import-held]').count()).toBe(0);

    // Every row in the list.
    await page.click('[data-testid=open-list]');
    await page.waitForSelector('[data-testid=grid-material] .ag-header-cell');
    await page.fill('[data-testid=quick-search]', 'FIXE2E');
    await rowTotalIs(page, 5);
    await page.waitForSelector('[data-testid=grid-material] .ag-cell:has-text("FIXE2E05")');
    expect(errors).toEqual([]);
    await page.close();
  });
});
