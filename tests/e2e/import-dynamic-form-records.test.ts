import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { clickAction, serverAndBrowserForFile, snap } from './support/harness';
import { pageApi, signIn } from './support/steps';

/**
 * A dynamic form's records imported in Chromium (issue 33): from the form's own list, "导入" opens
 * the import page on that form; its template is filled, the check holds the row the form refuses
 * (a choice not among its options) with the form's message in the fixing grid, and the valid rows
 * are committed into the form's list. Build the client first (`npx vite build`): the server serves
 * dist/client (or CLIENT_DIR).
 */
const run = serverAndBrowserForFile();
const dir = mkdtempSync(join(tmpdir(), 'e2e-dynimport-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CODE = 'E2E_IMP';
const DEFINITION = {
  sections: [
    {
      key: 'base',
      title: '基本信息',
      fields: [
        { key: 'title', label: '标题', type: 'text', required: true },
        { key: 'kind', label: '类别', type: 'dict', required: true, options: [{ value: 'fabric', label: '面料' }, { value: 'trim', label: '辅料' }] },
        { key: 'qty', label: '数量', type: 'integer', required: true, rules: ['naturalNumber'] },
      ],
    },
  ],
};

describe("a dynamic form's records imported in Chromium", () => {
  it('opens the import page from the form list, holds the row the form refuses and writes the others', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/', 'brand');
    await page.waitForSelector('[data-testid=unread-bell]');
    await pageApi(page, '/crossapi/dynform/save', { code: CODE, name: '导入检验单', definition: DEFINITION });

    await page.goto(`${run.server.url}/approvals/forms/${CODE}`);
    await page.waitForSelector(`[data-testid=list-dynform-${CODE}]`);
    await clickAction(page, 'import');
    await page.waitForSelector('[data-testid=import-entity]:has-text("导入检验单")');

    // The form's template, as the page's download gives it, filled with two good rows and one the form refuses.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${run.server.url}/api/crossapi/ccommonapi/data-upload/template?entity=${CODE}&lang=zh-CN`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets.find((w) => w.state === 'visible')!;
    sheet.addRow(['甲布', '面料', 10]);
    sheet.addRow(['乙扣', '拉链', 3]);
    sheet.addRow(['丙线', '辅料', 7]);
    const file = join(dir, '检验单.xlsx');
    writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
    await page.setInputFiles('[data-testid=import-drop-input]', file);

    await page.waitForSelector('[data-testid=import-counts]', { timeout: 30000 });
    await page.waitForSelector('[data-testid=import-to-insert]:has-text("2")');
    await page.waitForSelector('.fix-bad', { timeout: 15000 });
    await snap(page, 'import-dynamic-form-checked-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'import-dynamic-form-checked-1920');

    expect(await page.textContent('[data-testid=fix-grid] .ag-row[row-id="3"] [col-id="issues"]')).toContain('不是有效的选项');
    // The valid rows committed now, the refused one held in the job.
    await page.click('[data-testid=fix-commit]');
    await page.waitForSelector('[data-testid=import-held]', { timeout: 30000 });
    await snap(page, 'import-dynamic-form-done-1920');
    const rows = await pageApi<{ rows: Array<{ title: string; kind: string }> }>(page, `/crossapi/dynformdata/${CODE}/page?size=10`);
    expect(rows.rows.map((r) => [r.title, r.kind]).sort()).toEqual([['甲布', 'fabric'], ['丙线', 'trim']].sort());
    expect(errors).toEqual([]);
    await page.close();
  });
});
