import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { confirmCheckAndCommit, supplierIgnoredThenChosen } from './support/mapping-steps';
import { signIn } from './support/steps';

/**
 * A brand's own order sheet in a real browser (issue 33): a merged title row above its own Chinese
 * headings and a size run, dropped on the import page; the mapping step shows the rows as they are
 * with a field proposed per column, the buyer confirms without changing anything, the check finds
 * no error and the order is imported; the same sheet again is proposed from the company's memory.
 * Build the client first (`npx vite build`): the server serves dist/client (or CLIENT_DIR).
 */
const run = serverAndBrowserForFile();
/** The sheets this file writes, removed after its tests. */
const dir = mkdtempSync(join(tmpdir(), 'e2e-mapping-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function ownSheet(file: string): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('订单');
  ws.addRow(['ACME 服饰 2026 秋季成品采购订单']);
  ws.mergeCells('A1:J1');
  ws.addRow(['款号', '颜色', 'S', 'M', 'L', 'XL', '合计', '单价(元)', '交期', '工厂']);
  const ship = new Date(Date.UTC(2026, 8, 15));
  ws.addRow(['E2E-TEE', '黑色', 10, 20, 30, 5, 65, 25, ship, 'VD001']);
  ws.addRow(['E2E-TEE', '白色', 5, 5, null, 5, 15, 25, ship, 'VD001']);
  ws.getColumn(9).numFmt = 'yyyy-mm-dd';
  const path = join(dir, file);
  await wb.xlsx.writeFile(path);
  return path;
}

describe("a brand's own order sheet imported in Chromium", () => {
  it('is mapped without help, imported, and mapped from memory the next time', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/page/upload/view?entity=purorder', 'brand');
    await page.waitForSelector('[data-testid=import-entity]:has-text("采购订单")');
    await page.setInputFiles('[data-testid=import-drop-input]', await ownSheet('秋季订单.xlsx'));
    await page.waitForSelector('[data-testid=mapping-step]', { timeout: 30000 });
    // The proposal, untouched: lines, sizes, the price, the delivery date and the supplier by its code.
    const chosen = async (i: number) => (await page.locator(`[data-testid=map-col-${i}]`).textContent())?.trim();
    expect(await chosen(0)).toBe('采购明细.款号');
    expect(await chosen(1)).toBe('采购明细.颜色');
    expect(await chosen(2)).toBe('尺码列：S');
    expect(await chosen(6)).toBe('不导入');
    expect(await chosen(8)).toBe('交货日期');
    expect(await chosen(9)).toBe('供应商编码');
    expect(await page.locator('[data-testid=mapping-missing]').count()).toBe(0);
    expect(await page.textContent('[data-testid=mapping-step]')).toContain('表头在第 2 行');
    await snap(page, 'import-mapping-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'import-mapping-1920');
    await page.setViewportSize({ width: 1366, height: 768 });

    // Ignoring the supplier column names it as missing, and the check waits for it.
    expect(await supplierIgnoredThenChosen(page, 'map-col-9')).toBe(true);

    expect(await confirmCheckAndCommit(page)).toContain('新增 1 条');

    // The same sheet again: proposed from the company's memory.
    await page.click('[data-testid=import-again]');
    await page.setInputFiles('[data-testid=import-drop-input]', await ownSheet('秋季订单-2.xlsx'));
    await page.waitForSelector('[data-testid=mapping-step]:has-text("已按贵公司上次对这组表头的选择填好")', { timeout: 30000 });
    expect(await chosen(9)).toBe('供应商编码');
    expect(errors).toEqual([]);
    await page.close();
  });
});
