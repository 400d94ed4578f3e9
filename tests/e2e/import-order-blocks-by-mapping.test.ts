import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { confirmCheckAndCommit, supplierIgnoredThenChosen } from './support/mapping-steps';
import { rowTotalIs, signIn } from './support/steps';

/**
 * A buyer's sheet of order blocks in a real browser (issue 33): three orders, each with its header
 * row (`订单号: …   供应商: …   交期: …`) above its lines. The mapping step marks the order header rows
 * and shows each key with the order field it goes to, changeable; confirmed, the check finds no
 * error and three orders are created. Build the client first (`npx vite build`, CLIENT_DIR).
 */
const run = serverAndBrowserForFile();
const dir = mkdtempSync(join(tmpdir(), 'e2e-order-blocks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADINGS = ['款号', '颜色', 'S', 'M', 'L', '合计', '单价'];

async function blockSheet(file: string): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('补单');
  ws.addRow(['2026 秋冬补单汇总']);
  ws.mergeCells('A1:G1');
  ws.addRow(['订单号: E2E-OB-001   供应商: VD001   交期: 2026-09-15   币种: 人民币']);
  ws.addRow(HEADINGS);
  ws.addRow(['OB-TEE', '黑色', 10, 20, 30, 60, 25]);
  ws.addRow(['OB-TEE', '白色', 5, 5, 5, 15, 25]);
  ws.addRow([]);
  ws.addRow(['订单号: E2E-OB-002   供应商: VD002   交期: 2026-10-01   币种: 美元']);
  ws.addRow(['OB-POLO', '藏青', null, 12, 8, 20, 40]);
  ws.addRow([]);
  ws.addRow(['订单号: E2E-OB-003 | 供应商: VD001 | 交期: 2026-11-01 | 币种: 人民币']);
  ws.addRow(['OB-HOOD', '灰色', 6, 6, null, 12, 80]);
  const path = join(dir, file);
  await wb.xlsx.writeFile(path);
  return path;
}

describe('a sheet of order blocks imported in Chromium', () => {
  it('shows the order header fields in the mapping step and imports one order per block', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/page/upload/view?entity=purorder', 'brand');
    await page.waitForSelector('[data-testid=import-entity]:has-text("采购订单")');
    await page.setInputFiles('[data-testid=import-drop-input]', await blockSheet('补单.xlsx'));
    await page.waitForSelector('[data-testid=mapping-order-fields]', { timeout: 30000 });
    const chosen = async (id: string) => (await page.locator(`[data-testid=${id}]`).textContent())?.trim();
    // The keys of the order header rows and the order's fields they go to; the lines' columns as before.
    expect(await page.textContent('[data-testid=mapping-order-fields]')).toContain('订单表头字段');
    expect([await chosen('map-order-0'), await chosen('map-order-1'), await chosen('map-order-2'), await chosen('map-order-3')]).toEqual(['采购单号', '供应商编码', '交货日期', '币种']);
    expect([await chosen('map-col-0'), await chosen('map-col-2'), await chosen('map-col-6')]).toEqual(['采购明细.款号', '尺码列：S', '采购明细.单价']);
    // The three order header rows are marked in the sheet as shown.
    expect(await page.locator('[data-testid=mapping-table] tr[data-order-row=true]').count()).toBe(3);
    expect(await page.locator('[data-testid=mapping-missing]').count()).toBe(0);
    await page.locator('[data-testid=mapping-order-fields]').scrollIntoViewIfNeeded();
    await snap(page, 'import-order-blocks-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'import-order-blocks-1920');
    await page.setViewportSize({ width: 1366, height: 768 });
    // In English too.
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-en]');
    await page.waitForSelector('[data-testid=mapping-order-fields]:has-text("Order header fields")');
    await page.locator('[data-testid=mapping-order-fields]').scrollIntoViewIfNeeded();
    await snap(page, 'import-order-blocks-en-1366');
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-zh-CN]');
    await page.waitForSelector('[data-testid=mapping-order-fields]:has-text("订单表头字段")');

    // A key's field is changed as a column's: the supplier ignored is named as missing, then chosen again.
    expect(await supplierIgnoredThenChosen(page, 'map-order-1')).toBe(true);

    expect(await confirmCheckAndCommit(page)).toContain('新增 3 条');

    // The three orders in the list, each with its block's number.
    await page.click('[data-testid=open-list]');
    await page.waitForSelector('[data-testid=quick-search]');
    await page.fill('[data-testid=quick-search]', 'E2E-OB-');
    await rowTotalIs(page, 3);
    for (const no of ['E2E-OB-001', 'E2E-OB-002', 'E2E-OB-003']) await page.waitForSelector(`.ag-cell:has-text("${no}")`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
