import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorRow, writeEntityFile } from '../../fixtures/xlsx/large';
import { requireEntity } from '../../src/model';
import '../../src/model/entities';
import { headerText, importColumns } from '../../src/model/excel';
import { solidPng } from '../support/png';
import { launchBrowser, snap, startServer, type RunningServer, clickAction } from './support/harness';
import { rowTotalIs, until } from './support/steps';

/**
 * The import centre in a real browser against the real server (issue 4): from the vendor list to
 * the import page, download the template, fill it (exceljs), upload it, see the preview with the
 * error, download the error workbook, fix it there, upload it again, import, find the rows in the
 * list; export the filtered list; follow the jobs in the import centre; then batch-upload material
 * images matched by code and see the thumbnails in the material list.
 * Build the client first (`npx vite build`): the server serves dist/client.
 */
let server: RunningServer;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  // On the embedded database even when the run has PostgreSQL: the import's bulk path on `npm start`'s default.
  server = await startServer({}, { embedded: true });
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'e2e-import-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function signIn(page: Page, path: string, username = 'brand'): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
}

/** Clicks and returns the download it starts, saved under `name`. */
async function download(page: Page, click: () => Promise<void>, name: string): Promise<{ file: string; suggested: string }> {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 20000 }) as Promise<Download>, click()]);
  const file = join(dir, name);
  await d.saveAs(file);
  return { file, suggested: d.suggestedFilename() };
}

async function readBook(file: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return wb;
}

const visible = (wb: ExcelJS.Workbook) => wb.worksheets.find((w) => w.state === 'visible')!;
const headersOf = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));

describe('Excel import centre in Chromium', () => {
  it('template -> fill -> preview with an error -> error workbook -> fix -> import -> rows in the list; export; history', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await signIn(page, '/md/index/vendor');
    await page.waitForSelector('[data-testid=grid-vendor] .ag-header-cell');
    await clickAction(page, 'import');
    await page.waitForSelector('[data-testid=import-page]');
    expect(page.url()).toContain('/page/upload/view?opt=vendor');
    await page.waitForSelector('[data-testid=import-entity]:has-text("供应商")');
    await snap(page, 'import-01-page');

    // The template in Chinese.
    const template = await download(page, async () => {
      await page.click('[data-testid=download-template]');
      await page.click('[data-testid=template-zh]');
    }, 'template.xlsx');
    expect(template.suggested).toMatch(/\.xlsx$/);
    const wb = await readBook(template.file);
    expect(wb.getWorksheet('_template')?.state).toBe('veryHidden');
    const ws = visible(wb);
    const headers = headersOf(ws);
    expect(headers).toContain('*供应商名称');

    // Filled in the test with exceljs: three vendors, the third with a bad e-mail.
    const columns = importColumns(requireEntity('vendor'));
    const make = vendorRow('E2E');
    for (let i = 0; i < 3; i++) {
      const values = make(i);
      if (i === 2) values.email = 'not-an-email';
      const row = ws.getRow(i + 2);
      headers.forEach((h, c) => {
        const col = columns.find((x) => headerText(x, 'zh-CN') === h);
        if (col && values[col.id] !== undefined) row.getCell(c + 1).value = values[col.id];
      });
      row.commit();
    }
    const filled = join(dir, 'vendors-filled.xlsx');
    await wb.xlsx.writeFile(filled);

    // Issue 19: a CSV (or .xls, .et) is told how to save it as .xlsx, before anything is sent.
    const csv = join(dir, 'vendors.csv');
    writeFileSync(csv, 'code,name\nV1,一\n');
    await page.setInputFiles('[data-testid=import-drop-input]', csv);
    await page.waitForSelector('[data-testid=toast-error]:has-text("这是 CSV 文本文件，只能导入 .xlsx")', { timeout: 10000 });
    await page.waitForTimeout(600); // the toast fades in
    await snap(page, 'import-01b-csv-refused');

    // Upload (the drop zone's file input), then the preview with the error.
    await page.setInputFiles('[data-testid=import-drop-input]', filled);
    await page.waitForSelector('[data-testid=import-preview]', { timeout: 30000 });
    const counts = (await page.textContent('[data-testid=import-counts]')) ?? '';
    expect(counts).toContain('总行数 3');
    expect(counts).toContain('正确 2');
    expect(counts).toContain('错误 1');
    // The grid draws its rows before their cells: read it once the bad row's value shows.
    await page.waitForSelector('[data-testid=import-errors] .ag-row:has-text("not-an-email")');
    const grid = (await page.textContent('[data-testid=import-errors]')) ?? '';
    expect(grid).toContain('邮箱');
    expect(grid).toContain('不是有效的邮箱地址');
    expect(grid).toContain('not-an-email');
    expect(await page.isDisabled('[data-testid=import-commit]')).toBe(true);
    await snap(page, 'import-02-preview-with-error');

    // The error workbook: messages column, the bad row marked; fixed there and uploaded again.
    const errorBook = await download(page, () => page.click('[data-testid=download-errors]'), 'errors.xlsx');
    const eb = await readBook(errorBook.file);
    const ews = visible(eb);
    const eh = headersOf(ews);
    expect(eh[eh.length - 1]).toBe('错误信息');
    const emailCol = eh.indexOf('邮箱') + 1;
    expect(String(ews.getRow(4).getCell(eh.length).value)).toContain('不是有效的邮箱地址');
    expect(ews.getRow(4).getCell(emailCol).value).toBe('not-an-email');
    ews.getRow(4).getCell(emailCol).value = 'fixed@example.com';
    const fixed = join(dir, 'vendors-fixed.xlsx');
    await eb.xlsx.writeFile(fixed);

    await page.click('[data-testid=import-again]');
    await page.setInputFiles('[data-testid=import-drop-input]', fixed);
    await page.waitForSelector('[data-testid=import-preview]', { timeout: 30000 });
    await page.waitForSelector('[data-testid=import-counts]:has-text("错误 0")');
    await snap(page, 'import-03-preview-clean');
    await page.click('[data-testid=import-commit]');
    await page.waitForSelector('[data-testid=import-done]', { timeout: 30000 });
    expect((await page.textContent('[data-testid=import-done]')) ?? '').toContain('新增 3 条');
    await snap(page, 'import-04-done');

    // The rows in the list.
    await page.click('[data-testid=open-list]');
    await page.waitForSelector('[data-testid=grid-vendor] .ag-header-cell');
    await page.fill('[data-testid=quick-search]', 'E2E');
    await rowTotalIs(page, 3);
    await page.waitForSelector('[data-testid=grid-vendor] .ag-cell:has-text("E2E000003")');
    await snap(page, 'import-05-rows-in-list');

    // Export what the list shows (the quick search applies): a direct download with zh headers.
    const exported = await download(page, async () => {
      await page.click('[data-testid=action-export]');
      await page.click('[data-testid=export-zh]');
    }, 'export.xlsx');
    const xb = await readBook(exported.file);
    const xws = visible(xb);
    expect(xws.rowCount).toBe(4);
    const codes = [2, 3, 4].map((r) => String(xws.getRow(r).getCell(headersOf(xws).indexOf('供应商编码') + 1).value));
    expect(codes.sort()).toEqual(['E2E000001', 'E2E000002', 'E2E000003']);

    // Nothing to export: spec 8 message.
    await page.fill('[data-testid=quick-search]', 'NO-SUCH-VENDOR-XYZ');
    await rowTotalIs(page, 0);
    await page.click('[data-testid=action-export]');
    await page.click('[data-testid=export-zh]');
    await page.waitForSelector('[data-testid=toast-error]:has-text("没有可导出的数据")', { timeout: 10000 });

    // The import centre's history: both imports, the first checked with its error, the second done.
    await page.goto(`${server.url}/upload/index`);
    await page.waitForSelector('[data-testid=centre-jobs]');
    const history = (await page.textContent('[data-testid=centre-jobs]')) ?? '';
    expect(history).toContain('已完成');
    expect(history).toContain('已校验');
    expect(history).toContain('共 3 行，正确 2，错误 1');
    await snap(page, 'import-06-centre-history');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('batch image upload: preview of matched and unmatched names, save, thumbnails in the material list', async () => {
    // Two materials of the brand, created through the API as the list's form would.
    const login = await fetch(`${server.url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'brand', password: 'Demo1234' }) });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const call = async (path: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await res.json()) as { code: number; data: Record<string, unknown> & { rows?: Array<Record<string, unknown>> } };
    };
    const vendors = await call('/mdapi/vendor/page?q=E2E000001&page=1&size=5');
    const vendorId = vendors.data.rows![0].id;
    for (const code of ['MPIC01', 'MPIC02']) {
      const saved = await call('/mdapi/material/save', { code, name: `图片物料 ${code}`, material_group: 'fabric', unit: 'PCS', validity: '10', currency: 'CNY', vendor_id: vendorId });
      expect(saved.code, JSON.stringify(saved)).toBe(200);
    }
    const files = [
      { name: 'MPIC01.png', content: solidPng(240, 160, [46, 96, 178]) },
      { name: 'MPIC02.png', content: solidPng(160, 160, [214, 92, 40]) },
      { name: 'UNKNOWN9.png', content: solidPng(50, 50, [90, 90, 90]) },
    ].map((f) => {
      const p = join(dir, f.name);
      writeFileSync(p, f.content);
      return p;
    });

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, '/page/uploadimg/material');
    await page.waitForSelector('[data-testid=image-upload]');
    await page.setInputFiles('[data-testid=image-drop-input]', files);
    await page.waitForSelector('[data-testid=image-preview]', { timeout: 20000 });
    expect(await page.$$('[data-testid=image-item-matched]')).toHaveLength(2);
    expect(await page.$$('[data-testid=image-item-unmatched]')).toHaveLength(1);
    expect((await page.textContent('[data-testid=image-preview]')) ?? '').toContain('没有编码为 UNKNOWN9 的记录');
    await snap(page, 'import-07-images-preview');
    await page.click('[data-testid=image-save]');
    await page.waitForSelector('[data-testid=image-saved]:has-text("已保存 2 张图片")');

    // Thumbnails in the material list, loaded from the tenant-checked file route.
    await page.goto(`${server.url}/md/masterdetail/material`);
    await page.waitForSelector('[data-testid=grid-material] .ag-header-cell');
    await page.waitForTimeout(1500);
    await snap(page, 'import-08a-material-list');
    await page.waitForSelector('[data-testid=grid-material] [data-testid=grid-thumb]', { timeout: 15000 });
    await until(page, () => [...document.querySelectorAll<HTMLImageElement>('[data-testid=grid-thumb]')].filter((i) => i.complete && i.naturalWidth > 0).length >= 2, undefined, { timeout: 15000 });
    await snap(page, 'import-08-material-thumbnails');
    expect(errors).toEqual([]);
    expect(readFileSync(files[0]).length).toBeGreaterThan(0);
    await page.close();
  }, 180_000);

  it('a large file imports directly with a live progress bar; a large export runs as a job with a download link', async () => {
    const big = join(dir, 'vendors-6000.xlsx');
    await writeEntityFile(big, 'vendor', 6000, vendorRow('BIG'));
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, '/page/upload/viewadv');
    await page.waitForSelector('[data-testid=import-page-adv]');
    await page.click('[data-testid=import-entity]');
    await page.click('[role=option]:has-text("供应商")');
    await page.click('[data-testid=option-direct]');
    await page.setInputFiles('[data-testid=import-drop-input]', big);
    // The job's progress arrives over the socket while the rows are checked and written.
    await page.waitForSelector('[data-testid=import-progress]', { timeout: 30000 });
    await snap(page, 'import-09-progress');
    await page.waitForSelector('[data-testid=import-done]', { timeout: 120000 });
    expect((await page.textContent('[data-testid=import-done]')) ?? '').toContain('新增 6000 条');

    await page.goto(`${server.url}/md/index/vendor`);
    await page.waitForSelector('[data-testid=grid-vendor] .ag-header-cell');
    await page.fill('[data-testid=quick-search]', 'BIG');
    await rowTotalIs(page, 6000);
    await page.click('[data-testid=action-export]');
    await page.click('[data-testid=export-en]');
    await page.waitForSelector('[data-testid=export-job]', { timeout: 15000 });
    await page.waitForSelector('[data-testid=export-download]:not([disabled])', { timeout: 120000 });
    await snap(page, 'import-10-export-job');
    const exported = await download(page, () => page.click('[data-testid=export-download]'), 'export-6000.xlsx');
    const ws = visible(await readBook(exported.file));
    expect(ws.rowCount).toBe(6001);
    expect(headersOf(ws)).toContain('Vendor code');

    await page.goto(`${server.url}/upload/index`);
    await page.waitForSelector('[data-testid=centre-jobs]');
    expect((await page.textContent('[data-testid=centre-jobs]')) ?? '').toContain('6000 行');
    await snap(page, 'import-11-centre-with-export');
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
