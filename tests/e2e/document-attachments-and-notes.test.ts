import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * Issue 35 in Chromium: a purchase order's drawer keeps attachments (upload, list, download and
 * remove after confirmation, in one drawer), and a user's own notes in the collaboration menu.
 * Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();
const dir = mkdtempSync(join(tmpdir(), 'e2e-attachments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILE_TEXT = '面料检验报告 第二版\nlot 2601: pass\n';

async function openFirstOrder(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=grid-purorder] .ag-row[row-index="0"] .ag-cell[col-id="po_no"]');
  await page.dblclick('[data-testid=grid-purorder] .ag-row[row-index="0"] .ag-cell[col-id="po_no"]');
  await page.waitForSelector('[data-testid=attachments-panel]');
}

describe('attachments in a document\'s drawer, and notes', () => {
  it('the buyer uploads a file to a purchase order, sees it listed, downloads it and removes it after confirming', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/srm/masterdetail/purorder', 'brand');
    await openFirstOrder(page);
    const before = await page.locator('[data-testid=attachment-row]').count();

    const file = join(dir, 'inspection-report.txt');
    writeFileSync(file, FILE_TEXT);
    await page.setInputFiles('[data-testid=attachment-file]', file);
    const row = page.locator('[data-testid=attachment-row]', { hasText: 'inspection-report.txt' });
    await row.waitFor();
    expect(await page.locator('[data-testid=attachment-row]').count()).toBe(before + 1);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.locator('[data-testid=attachments-panel]').scrollIntoViewIfNeeded();
    await snap(page, 'attachments-01-panel-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.locator('[data-testid=attachments-panel]').scrollIntoViewIfNeeded();
    await snap(page, 'attachments-02-panel-1920');

    // Download through the signed link: the same bytes come back.
    const link = row.locator('[data-testid=attachment-download]');
    await until(page, () => Boolean(document.querySelector('[data-testid=attachment-row] [data-testid=attachment-download]')?.getAttribute('href')));
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20000 }) as Promise<Download>, link.click()]);
    const saved = join(dir, 'downloaded.txt');
    await download.saveAs(saved);
    expect(readFileSync(saved, 'utf8')).toBe(FILE_TEXT);

    // Remove asks first; cancelling keeps the file, confirming removes it.
    await row.locator('[data-testid=attachment-remove]').click();
    await page.waitForSelector('text=确定删除附件“inspection-report.txt”吗？删除后无法恢复。');
    await page.click('[role=alertdialog] button:has-text("取消")');
    await page.waitForSelector('[role=alertdialog]', { state: 'detached' });
    expect(await row.count()).toBe(1);
    await row.locator('[data-testid=attachment-remove]').click();
    await page.click('[data-testid=confirm-ok]');
    await row.waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid=attachment-row]').count()).toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a user writes a note in 我的便签 and only they see it', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(page, run.server.url, '/collab/index/note', 'brand.buyer');
    await page.waitForSelector('[data-testid=grid-note]');
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.fill('#f-note-title', '周五前确认面料色卡');
    await page.fill('#f-note-content', '找绍兴锦绣要第二版色卡，确认黑色和藏青的色差。');
    await page.click('[data-testid=form-save]');
    await page.waitForSelector('[data-testid=grid-note] .ag-cell[col-id="title"]:has-text("周五前确认面料色卡")');
    await page.keyboard.press('Escape');
    await snap(page, 'notes-01-list-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'notes-02-list-1920');
    await page.close();

    const other = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(other, run.server.url, '/collab/index/note', 'brand');
    await other.waitForSelector('[data-testid=grid-note]');
    await other.waitForSelector('[data-testid=empty-list]', { timeout: 20000 });
    expect(await other.locator('[data-testid=grid-note] .ag-cell[col-id="title"]:has-text("周五前确认面料色卡")').count()).toBe(0);
    await other.close();
  });
});
