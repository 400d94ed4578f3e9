import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * Issue 32, filters of a list in Chromium, on the brand's materials: the quick search finds a
 * material by a piece of its code typed in lower case, and by a word of its name; a number range
 * on the unit price keeps exactly the materials in range; a multi-select of material groups keeps
 * those groups; "filter by this value" from a vendor cell's menu (right click) keeps that vendor's
 * materials; the same menu opens with Shift+F10 on the focused cell and clears the column's filter;
 * "exclude this value" on a group cell drops that group; the active filters show as chips and clear
 * at once. The expected rows are computed from what the list showed unfiltered. Photographed at
 * 1366 x 768 and 1920 x 1080 with the menu open.
 */
const run = serverAndBrowserForFile();
const GRID = '[data-testid=grid-material]';

type Material = { id: string; code: string; name: string; group: string; vendor: string; price: number };

/** The materials the grid shows (the demo's list is one block, every row drawn). */
async function rows(page: Page): Promise<Material[]> {
  return page.evaluate((grid) => {
    // A row is drawn in several containers (pinned columns apart): its cells are found by its row id.
    const byId = new Map<string, Record<string, string>>();
    for (const cell of document.querySelectorAll(`${grid} .ag-row .ag-cell[col-id]`)) {
      const id = cell.closest('.ag-row')?.getAttribute('row-id');
      if (!id) continue;
      byId.set(id, { ...(byId.get(id) ?? {}), [cell.getAttribute('col-id') ?? '']: cell.textContent?.trim() ?? '' });
    }
    return [...byId.entries()]
      .filter(([, c]) => c.code)
      .map(([id, c]) => ({ id, code: c.code, name: c.name ?? '', group: c.material_group ?? '', vendor: c.vendor_id ?? '', price: Number((c.price ?? '').replace(/,/g, '')) }));
  }, GRID);
}

/** Waits until the grid shows exactly these rows. */
async function showsExactly(page: Page, want: Material[]): Promise<void> {
  const ids = want.map((m) => m.id).sort().join(',');
  await until(page,
      ([grid, w]) => [...new Set([...document.querySelectorAll(`${grid} .ag-row .ag-cell[col-id=code]`)].filter((c) => c.textContent?.trim()).map((c) => c.closest('.ag-row')?.getAttribute('row-id') ?? ''))].sort().join(',') === w,
      [GRID, ids] as const,
      { timeout: 15000 },
    )
    .catch(async (e: unknown) => {
      throw new Error(`expected ${want.map((m) => m.code).join(',')}, shown ${(await rows(page)).map((m) => m.code).join(',')}: ${String(e)}`);
    });
}

const chips = (page: Page) => page.locator('[data-testid=filter-chip]').allInnerTexts();
const cell = (m: Material, col: string) => `${GRID} .ag-row[row-id="${m.id}"] .ag-cell[col-id=${col}]`;

describe('list filters, quick search and the cell menu', () => {
  it('a buyer narrows the materials by quick search, a price range, groups and a vendor from a cell', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, run.server.url, '/md/masterdetail/material', 'brand');
    await page.waitForSelector(`${GRID} .ag-row .ag-cell[col-id=code]:not(:empty)`, { timeout: 30000 });
    const all = await rows(page);
    expect(all.length).toBeGreaterThanOrEqual(5);

    // Quick search: a piece of a code in lower case, then a word of a name.
    const target = all[all.length - 1];
    const piece = target.code.slice(-3).toLowerCase();
    await page.fill('[data-testid=quick-search]', piece);
    await showsExactly(page, all.filter((m) => m.code.toLowerCase().includes(piece) || m.name.toLowerCase().includes(piece)));
    const word = target.name.slice(0, 2);
    await page.fill('[data-testid=quick-search]', word);
    await showsExactly(page, all.filter((m) => m.name.includes(word) || m.code.includes(word)));
    await page.fill('[data-testid=quick-search]', '');
    await showsExactly(page, all);

    // A price range from the column's filter.
    const prices = [...new Set(all.map((m) => m.price))].sort((a, b) => a - b);
    const [lo, hi] = [prices[1], prices[prices.length - 2]];
    await page.click(`${GRID} .ag-floating-filter[col-id=price] .ag-floating-filter-button button`);
    await page.click('.ag-filter .ag-picker-field-wrapper');
    await page.click('.ag-list-item:has-text("介于")');
    const inputs = page.locator('.ag-filter .ag-filter-body input');
    await inputs.nth(0).fill(String(lo));
    await inputs.nth(1).fill(String(hi));
    const inRange = all.filter((m) => m.price >= lo && m.price <= hi);
    await showsExactly(page, inRange);
    await page.keyboard.press('Escape');
    expect(await chips(page)).toEqual([`单价: ${lo} – ${hi}`]);

    // Two material groups from the group column's multi-select.
    const groups = [...new Set(all.map((m) => m.group))].slice(0, 2);
    await page.click(`${GRID} .ag-header-cell[col-id=material_group] .ag-header-cell-filter-button`);
    for (const g of groups) await page.click(`.ag-filter label:text-is("${g}")`);
    await page.click('.ag-filter button:has-text("确定")');
    const byGroup = inRange.filter((m) => groups.includes(m.group));
    await showsExactly(page, byGroup);
    expect(await chips(page)).toHaveLength(2);

    // "Filter by this value" from a vendor cell's menu, opened by a right click at the pointer.
    const withVendor = byGroup.find((m) => m.vendor)!;
    await page.click(cell(withVendor, 'vendor_id'), { button: 'right' });
    await page.waitForSelector('[data-testid=cell-menu]');
    await snap(page, 'list-cell-menu-zh-1366');
    await page.click('[data-testid=cell-menu-only]');
    const ofVendor = byGroup.filter((m) => m.vendor === withVendor.vendor);
    await showsExactly(page, ofVendor);
    expect(await chips(page)).toContain(`供应商: ${withVendor.vendor}`);

    // The same menu by keyboard: Shift+F10 on the focused cell, its first item focused; clear the column.
    await page.click(cell(ofVendor[0], 'vendor_id'));
    await page.keyboard.press('Shift+F10');
    await page.waitForSelector('[data-testid=cell-menu]');
    await until(page, () => document.activeElement?.getAttribute('data-testid') === 'cell-menu-only');
    await page.click('[data-testid=cell-menu-clear]');
    await showsExactly(page, byGroup);

    // Exclude a group from a group cell, then clear every filter from the chips' bar.
    await page.click(cell(byGroup[0], 'material_group'), { button: 'right' });
    await page.click('[data-testid=cell-menu-exclude]');
    // Excluding replaces the column's choice: every group but that one, still within the price range.
    await showsExactly(page, inRange.filter((m) => m.group !== byGroup[0].group));
    expect(await chips(page)).toContain(`物料组: 不是 ${byGroup[0].group}`);
    await snap(page, 'list-active-filters-zh-1366');
    await page.click('[data-testid=filters-clear]');
    await showsExactly(page, all);
    expect(await page.locator('[data-testid=active-filters]').count()).toBe(0);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.click(cell(all[0], 'name'), { button: 'right' });
    await page.waitForSelector('[data-testid=cell-menu]');
    await snap(page, 'list-cell-menu-zh-1920');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=cell-menu]', { state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
