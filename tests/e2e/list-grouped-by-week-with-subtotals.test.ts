import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * Issue 32 end to end in Chromium: the demo maker groups its customer orders of one customer by
 * delivery date by week, sees each week with its order count and quantity subtotal and the grand
 * total pinned at the bottom, opens a week by a click and another by the keyboard (Enter opens,
 * Left closes), and exports the grouped list: the workbook has each week's header row, its orders
 * folded under it (outline level 1), its subtotal row and the grand total.
 * Build the client first: `npx vite build --outDir ../../dist-<name>` and CLIENT_DIR=dist-<name>.
 */
const run = serverAndBrowserForFile();
const dir = mkdtempSync(join(tmpdir(), 'groups-'));
const BRAND = '分组周报品牌';
// 2031-03-03 and 2031-03-10 are Mondays: ISO weeks 10 and 11 of 2031.
const ORDERS = [
  { date: '2031-03-03', qty: 10 },
  { date: '2031-03-09', qty: 20 },
  { date: '2031-03-10', qty: 40 },
];
const WEEK10 = '=2031-03-03';
const WEEK11 = '=2031-03-10';

async function saveOrders(page: Page): Promise<void> {
  const statuses = await page.evaluate(
    async ({ orders, brand }) => {
      const out: number[] = [];
      for (const [i, o] of orders.entries()) {
        const res = await fetch('/api/scmapi/customerorder/save', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
          body: JSON.stringify({ brand_name: brand, pr_type: 'bulk', category: 'knit-top', receive_date: '2031-01-05', delivery_date: o.date, currency: 'CNY', entries: [{ style_no: `WEEK-${i}`, style_name: '周分组', colour: '黑色', size: 'M', qty: o.qty, unit_price: 2, seq: 1 }] }),
        });
        out.push(res.status);
      }
      return out;
    },
    { orders: ORDERS, brand: BRAND },
  );
  expect(statuses).toEqual([200, 200, 200]);
}

/** The text of a cell of a grid row. */
const cellText = (page: Page, rowId: string, col: string) => page.locator(`[data-testid=grouped-customerorder] .ag-row[row-id="${rowId}"] [col-id="${col}"]`).first().innerText();

/** Waits until as many records of a group are shown (a row counted once, whatever parts it is drawn in). */
async function recordsShown(page: Page, group: string, n: number): Promise<void> {
  await until(page,
    ([g, count]) => new Set([...document.querySelectorAll(`[data-testid=grouped-customerorder] .ag-row[row-id^="r${g}:"]`)].map((e) => e.getAttribute('row-id'))).size === count,
    [group, n] as const,
    { timeout: 15000 },
  );
}

async function rowsOfSheet(file: string): Promise<{ values: unknown[][]; levels: number[] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets.find((w) => w.state !== 'veryHidden')!;
  const values: unknown[][] = [];
  const levels: number[] = [];
  ws.eachRow((row) => {
    values.push((row.values as unknown[]).slice(1));
    levels.push(row.outlineLevel ?? 0);
  });
  return { values, levels };
}

describe('a list grouped by week with subtotals', () => {
  it('groups, opens a week by click and by keys, pins the total and exports the same grouping', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
    await signIn(page, run.server.url, '/scm/index/customerorder', 'maker');
    await page.waitForSelector('[data-testid=unread-bell]', { timeout: 30000 });
    await saveOrders(page);
    await page.goto(`${run.server.url}/page/subindex/customerorder?f.brand_name.eq=${encodeURIComponent(BRAND)}`);
    await page.waitForSelector('.ag-row[row-index="2"]', { timeout: 20000 });

    await page.click('[data-testid=action-group]');
    await page.click('[data-testid=group-delivery_date-week]');
    await page.waitForSelector('[data-testid=grouped-customerorder][data-status=ready]', { timeout: 20000 });
    await page.waitForSelector(`[data-testid=group-row][data-group="${WEEK11}"]`);
    expect(await page.locator('[data-testid=group-row]').count()).toBe(2);
    expect(await page.locator(`[data-testid=group-row][data-group="${WEEK10}"]`).innerText()).toContain('2031 第10周（03-03～03-09）');
    expect(await page.locator(`[data-testid=group-row][data-group="${WEEK10}"]`).innerText()).toContain('2 行');
    expect(await cellText(page, `g${WEEK10}`, 'total_qty')).toBe('30');
    expect(await cellText(page, `g${WEEK11}`, 'total_qty')).toBe('40');
    // The grand total, pinned at the bottom.
    await page.waitForSelector('[data-testid=group-total]');
    expect(await page.locator('[data-testid=grouped-customerorder] .ag-grid-pinned-bottom-rows [col-id=total_qty]').first().innerText()).toBe('70');
    expect(await page.locator('[data-testid=group-total]').innerText()).toContain('3 行');

    // A click opens week 10: its two orders are read and shown under it.
    await page.click(`[data-testid=group-row][data-group="${WEEK10}"]`);
    await recordsShown(page, WEEK10, 2);
    expect(await page.getAttribute(`[data-testid=group-row][data-group="${WEEK10}"]`, 'aria-expanded')).toBe('true');
    await snap(page, 'list-grouped-by-week-1366');

    // Keys, from week 10's cell the click focused: down past its two orders to week 11, Enter opens
    // it, Left closes it, Right opens it again.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await recordsShown(page, WEEK11, 1);
    await page.keyboard.press('ArrowLeft');
    await recordsShown(page, WEEK11, 0);
    await page.keyboard.press('ArrowRight');
    await recordsShown(page, WEEK11, 1);
    // Left on a record goes up to its week; Left again closes the week.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    await until(page, (g) => document.activeElement?.closest('.ag-row')?.getAttribute('row-id') === `g${g}`, WEEK11, { timeout: 15000 });
    await page.keyboard.press('ArrowLeft');
    await recordsShown(page, WEEK11, 0);
    await page.keyboard.press('Enter');
    await recordsShown(page, WEEK11, 1);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'list-grouped-by-week-1920');

    // The export writes the same grouping.
    await page.click('[data-testid=action-export]');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20000 }) as Promise<Download>, page.click('[data-testid=export-zh]')]);
    const file = join(dir, 'grouped.xlsx');
    await download.saveAs(file);
    const { values, levels } = await rowsOfSheet(file);
    const first = values.map((v) => String(v[0] ?? ''));
    const header10 = first.findIndex((v) => v.startsWith('2031 第10周（03-03～03-09）（2 行）'));
    expect(header10).toBe(1);
    expect(levels.slice(header10, header10 + 4)).toEqual([0, 1, 1, 0]);
    expect(first[header10 + 3]).toBe('小计：2031 第10周（03-03～03-09）');
    expect(values[header10 + 3]).toContain(30);
    expect(first[header10 + 4]).toContain('2031 第11周');
    expect(first[first.length - 1]).toBe('合计');
    expect(values[values.length - 1]).toContain(70);

    // In English the groups are named again by the server, the control says what it groups by.
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-en]');
    await until(page, (g) => (document.querySelector(`[data-testid=group-row][data-group="${g}"]`)?.textContent ?? '').includes('2031 W10 (03-03 – 03-09)'), WEEK10, { timeout: 15000 });
    expect(await page.locator(`[data-testid=group-row][data-group="${WEEK10}"]`).innerText()).toContain('2 rows');
    expect(await page.locator('[data-testid=action-group]').innerText()).toContain('Group by');
    // The open weeks are read again with the names and keep their orders.
    await recordsShown(page, WEEK10, 2);
    await until(page, () => !document.querySelector('[data-testid=group-loading]'), undefined, { timeout: 15000 });
    await snap(page, 'list-grouped-by-week-1920-en');

    // No grouping: the flat list is back with its rows.
    await page.click('[data-testid=action-group]');
    await page.click('[data-testid=group-none]');
    await page.waitForSelector('[data-testid=grouped-customerorder]', { state: 'detached' });
    await page.waitForSelector('[data-testid=grid-customerorder] .ag-row[row-index="2"] [col-id=order_no]', { state: 'visible' });
    await page.close();
  });
});
