import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { openCellEditor, rowTotalIs, signIn } from './support/steps';

/**
 * A brand's purchase order of one order in a real browser (issue 33), as buyers send it: a merged
 * title, the order's fields as `key | value` rows above the headings without colons (one with a
 * colon in its cell), the size run across columns, and an unknown supplier code. The mapping step
 * shows the keys as the order's fields ("the whole sheet is one order"); the check opens the fixing
 * grid on the header row, its supplier cell marked with the import's message; the code typed in,
 * the row is clean at once and the order is committed with every line.
 * Build the client first (`npx vite build`, CLIENT_DIR).
 */
const run = serverAndBrowserForFile();
const dir = mkdtempSync(join(tmpdir(), 'e2e-one-order-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function oneOrderSheet(file: string): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('采购订单');
  ws.addRow(['杭州某品牌服饰有限公司 采购订单']);
  ws.mergeCells('A1:H1');
  ws.getRow(1).font = { bold: true, size: 16 };
  ws.addRow(['订单号', 'E2E-OO-001', null, '供应商', 'NOPE55']);
  ws.addRow(['交货日期', new Date(Date.UTC(2026, 9, 15)), null, '币种：人民币']);
  ws.getRow(3).getCell(2).numFmt = 'yyyy-mm-dd';
  ws.addRow([]);
  ws.addRow(['款号', '颜色', 'S', 'M', 'L', 'XL', '合计', '单价']);
  ws.getRow(5).font = { bold: true };
  ws.addRow(['OO-TEE', '黑色', 10, 20, 30, 10, 70, 25]);
  ws.addRow(['OO-TEE', '白色', 5, 5, 5, null, 15, 25]);
  ws.addRow(['OO-POLO', '藏青', null, 8, 8, 4, 20, 42]);
  const path = join(dir, file);
  await wb.xlsx.writeFile(path);
  return path;
}

const cell = (row: number, col: number) => `[data-testid=fix-grid] .ag-row[row-id="${row}"] [col-id="c${col}"]`;

describe('a sheet of one order imported in Chromium', () => {
  it("maps the rows above the headings to the order's fields, shows a wrong supplier in the header row's cell, fixed there and committed", async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/page/upload/view?entity=purorder', 'brand');
    await page.waitForSelector('[data-testid=import-entity]:has-text("采购订单")');
    await page.setInputFiles('[data-testid=import-drop-input]', await oneOrderSheet('订单.xlsx'));
    await page.waitForSelector('[data-testid=mapping-order-fields]', { timeout: 30000 });
    const chosen = async (id: string) => (await page.locator(`[data-testid=${id}]`).textContent())?.trim();
    expect(await page.textContent('[data-testid=mapping-order-fields]')).toContain('整张表作为一张订单导入');
    expect([await chosen('map-order-0'), await chosen('map-order-1'), await chosen('map-order-2'), await chosen('map-order-3')]).toEqual(['采购单号', '供应商编码', '交货日期', '币种']);
    expect([await chosen('map-col-0'), await chosen('map-col-2'), await chosen('map-col-7')]).toEqual(['采购明细.款号', '尺码列：S', '采购明细.单价']);
    expect(await page.locator('[data-testid=mapping-table] tr[data-order-row=true]').count()).toBe(2);
    await page.locator('[data-testid=mapping-order-fields]').scrollIntoViewIfNeeded();
    await snap(page, 'import-one-order-mapping-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'import-one-order-mapping-1920');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-en]');
    await page.waitForSelector('[data-testid=mapping-order-fields]:has-text("the whole sheet is imported as one order")');
    await page.locator('[data-testid=mapping-order-fields]').scrollIntoViewIfNeeded();
    await snap(page, 'import-one-order-mapping-en-1366');
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-zh-CN]');
    await page.waitForSelector('[data-testid=mapping-order-fields]:has-text("订单表头字段")');

    // Checked: the grid opens on the header row, the supplier's cell marked with the import's message.
    await page.click('[data-testid=mapping-confirm]');
    await page.waitForSelector('[data-testid=fix-grid]', { timeout: 60000 });
    await page.waitForSelector(`${cell(2, 4)}.fix-bad`);
    expect(await page.textContent('[data-testid=fix-grid] .ag-row[row-id="2"] [col-id="issues"]')).toContain('NOPE55');
    await snap(page, 'import-one-order-fix-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'import-one-order-fix-1920');
    await page.setViewportSize({ width: 1366, height: 768 });

    // The code typed into the header row's cell: re-checked at once, nothing left to fix.
    const editor = await openCellEditor(page, '[data-testid=fix-grid]', cell(2, 4));
    await editor.fill('VD001');
    await editor.press('Enter');
    await page.waitForSelector(`${cell(2, 4)}:not(.fix-bad)`);
    await page.waitForSelector('[data-testid=fix-counts]:has-text("待修改 0 行")');
    await page.waitForSelector('[data-testid=fix-save-state][data-state=saved]', { timeout: 15000 });
    await page.click('[data-testid=fix-commit]');
    await page.waitForSelector('[data-testid=import-done]:has-text("新增 1 条")', { timeout: 60000 });
    await snap(page, 'import-one-order-done-1366');

    await page.click('[data-testid=open-list]');
    await page.waitForSelector('[data-testid=quick-search]');
    await page.fill('[data-testid=quick-search]', 'E2E-OO-001');
    await rowTotalIs(page, 1);
    await page.waitForSelector('.ag-cell:has-text("E2E-OO-001")');
    expect(errors).toEqual([]);
    await page.close();
  });
});
