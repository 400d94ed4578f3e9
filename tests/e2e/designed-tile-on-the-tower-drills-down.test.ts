import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';

/**
 * Issue 34's tile designer in Chromium (issue 30: the engine's list and drawer of \`rpttile\`): the
 * maker's manager opens 指标卡设计, sees the company's tiles in the grid, composes a tile over the
 * order book (orders, number with trend, a threshold), watches the live preview, saves it to the
 * company dashboard, sees it on the control tower with the same figure, and clicks it: the customer
 * order list opens with exactly the tile's filters, as many rows as the figure. Screenshots of the
 * designer and of the tower with the tile at 1366 x 768 and 1920 x 1080 (`tiles-*`), zh and en.
 * Build the client first: `npx vite build --outDir ../../dist-<name>`.
 */
const run = serverAndBrowserForFile();

async function open(browser: Browser, size: { width: number; height: number }, lang: 'zh' | 'en', path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: size });
  if (lang === 'en') await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${run.server.url}${path}`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', 'maker');
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
  return { page, errors };
}

/** The name field of the designer's drawer (the engine's form). */
const NAME = '[data-testid=tile-drawer] [data-testid=entity-form] [data-field=name] input';

async function pick(page: Page, testId: string, option: string) {
  await page.click(`[data-testid=${testId}]`);
  await page.click(`[role=option]:has-text("${option}")`);
}

/** The customer order list's total for the filters of a URL, as the signed-in user reads it. */
const listTotal = (page: Page, search: string) =>
  page.evaluate(async (q) => {
    const res = await fetch(`/api/scmapi/customerorder/page${q}&page=1&size=1`, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await res.json()) as { data: { total: number } }).data.total;
  }, search);

/**
 * The tile's name, another on a retry in CI: the first attempt's tile stays in the file's database, and
 * a second tile of the same name would make every locator by name find two (neither name holds the other).
 */
const TILE_NAMES = ['在手订单数', '在手订单合计', '在手订单总数'];
let attempt = -1;
let TILE_NAME = TILE_NAMES[0];

describe('tile designer', () => {
  it('a manager builds a tile, sees it on the tower and drills down to its rows', async () => {
    attempt++;
    TILE_NAME = TILE_NAMES[Math.min(attempt, TILE_NAMES.length - 1)];
    const { page, errors } = await open(run.browser, { width: 1366, height: 768 }, 'zh', '/rpt/page/tiles');
    await page.waitForSelector('[data-testid=tiles-page]', { timeout: 30000 });
    await page.waitForSelector('[data-testid=tiles-page] [data-testid=action-create]:not([disabled])', { timeout: 30000 });
    // The designer's list is the engine's grid: the demo's company tiles are in it before anything is made.
    await page.waitForSelector('[data-testid=tiles-page] .ag-row[row-index]:has-text("本季度交货订单")', { timeout: 30000 });
    await page.click('[data-testid=tiles-page] [data-testid=action-create]');
    await page.waitForSelector(NAME);
    // A new tile starts on the first dataset the designer may read.
    await page.waitForSelector('[data-testid=tile-drawer] [data-testid=tile-measure]:not([disabled])', { timeout: 30000 });
    await page.fill(NAME, TILE_NAME);
    await pick(page, 'tile-report', '订单簿（客户×月份）');
    await pick(page, 'tile-measure', '订单数');
    await pick(page, 'tile-chart', '数字与趋势');
    await page.click('[data-testid=tile-add-threshold]');
    await page.fill('[data-testid=tile-threshold-0]', '5');
    // The live preview: the figure as the designer reads it now.
    await page.waitForSelector('[data-testid=tile-preview][data-loading="0"] [data-testid=tile-preview-view-number]', { timeout: 30000 });
    const previewed = await page.getAttribute('[data-testid=tile-preview-view-number]', 'data-value');
    expect(Number(previewed)).toBeGreaterThan(0);
    await snap(page, 'tiles-designer-number-zh-1366');
    // A bar by status in the preview, then back to the number.
    await pick(page, 'tile-chart', '柱状图');
    await page.waitForSelector('[data-testid=tile-preview][data-loading="0"] [data-testid=tile-preview-view-chart] canvas', { timeout: 30000 });
    await snap(page, 'tiles-designer-bar-zh-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.waitForTimeout(400);
    await snap(page, 'tiles-designer-bar-zh-1920');
    await pick(page, 'tile-chart', '数字与趋势');
    await page.click('[data-testid=tile-save]');
    await page.waitForSelector('[data-testid=tile-drawer]', { state: 'detached', timeout: 20000 });
    const row = page.locator('[data-testid=tiles-page] .ag-row[row-index]', { hasText: TILE_NAME }).first();
    await row.waitFor({ timeout: 20000 });
    expect(await row.locator('[col-id=chart]').textContent()).toContain('数字与趋势');
    expect(await row.locator('[col-id=scope]').textContent()).toContain('企业看板');
    await snap(page, 'tiles-list-zh-1920');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.waitForTimeout(400);
    await snap(page, 'tiles-list-zh-1366');

    // On the tower: the same figure; a click opens the orders it counts.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${run.server.url}/visual/control-tower`);
    const tile = page.locator('[data-testid=tower-tiles] [data-testid^=tile-][data-chart=number]').filter({ hasText: TILE_NAME });
    await tile.waitFor({ timeout: 30000 });
    await page.waitForSelector('[data-testid=tower-tiles] [data-testid$=-view-number]', { timeout: 30000 });
    expect(await tile.getAttribute('data-value')).toBe(previewed);
    // Visited again, the tower draws the tile's frame it had before the tiles' call answers, the
    // headline cards and the scenarios' figures before theirs: nothing moves while it loads (the tiles
    // and the headline numbers pushed every chart down, a layout shift of 0.45-0.60 per visit).
    await page.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.layoutShift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.reload();
    await page.waitForSelector('[data-testid=control-tower][data-loaded="1"] [data-testid=tower-tiles][data-loaded="1"] [data-testid$=-view-number]', { timeout: 30000 });
    await page.waitForSelector('[data-testid=tower-scenarios][data-loaded="1"]', { timeout: 30000 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.01);
    // A first visit in a browser that has never drawn the tiles (no frames kept): the document asks
    // the tiles with the tower's call before the app's code loads (early-calls.js), so they come
    // with the tower instead of pushing it down (0.089 before, on this visit).
    const kept = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => !k.startsWith('tower-tiles:'))));
    const fresh = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    await fresh.addInitScript((entries: Record<string, string>) => {
      if (!sessionStorage.getItem('seeded')) for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      sessionStorage.setItem('seeded', '1');
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.layoutShift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    }, kept);
    const first = await fresh.newPage();
    // The tiles answer a second late, as they did in a loaded full run: the tower waits for them.
    await first.route("**/api/rptapi/tiles/board", async (r) => {
      await new Promise((x) => setTimeout(x, 1000));
      await r.continue();
    });
    await first.goto(`${run.server.url}/visual/control-tower`);
    await first.waitForSelector('[data-testid=control-tower][data-loaded="1"] [data-testid=tower-tiles][data-loaded="1"] [data-testid$=-view-number]', { timeout: 30000 });
    await first.waitForSelector('[data-testid=tower-scenarios][data-loaded="1"]', { timeout: 30000 });
    await first.waitForTimeout(500);
    expect(await first.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.01);
    await fresh.close();
    await snap(page, 'tiles-tower-zh-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.waitForTimeout(600);
    await snap(page, 'tiles-tower-zh-1920');
    await tile.locator('[data-testid$=-view-number]').click();
    await page.waitForURL((u) => u.pathname === '/page/subindex/customerorder', { timeout: 15000 });
    // A row on view (a row the grid animates away is in the list's body too, hidden).
    await page.locator('[data-testid=grid-customerorder] .ag-row[row-index]:visible').first().waitFor({ timeout: 20000 });
    expect(await listTotal(page, new URL(page.url()).search || '?')).toBe(Number(previewed));
    await snap(page, 'tiles-drill-zh-1920');
    expect(errors, errors.join('\n')).toEqual([]);
    await page.context().close();
  });

  it('the designer and the tower with the tile in English', async () => {
    for (const size of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
      const { page, errors } = await open(run.browser, size, 'en', '/visual/control-tower');
      await page.waitForSelector('[data-testid=tower-tiles] [data-testid$=-view-number]', { timeout: 30000 });
      await page.waitForTimeout(500);
      await snap(page, `tiles-tower-en-${size.width}`);
      await page.goto(`${run.server.url}/rpt/page/tiles`);
      const row = page.locator('[data-testid=tiles-page] .ag-row[row-index]', { hasText: TILE_NAME }).first();
      await row.waitFor({ timeout: 30000 });
      if (size.width === 1366) await row.locator('[col-id=name]').dblclick();
      else {
        // The tower's pencil on a tile opens the designer at `?edit=<id>`: that tile's drawer.
        const id = await page.evaluate(async (name) => {
          const res = await fetch('/api/rptapi/tiles', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
          return ((await res.json()) as { data: { rows: Array<{ id: number; name: string }> } }).data.rows.find((x) => x.name === name)!.id;
        }, TILE_NAME);
        await page.goto(`${run.server.url}/rpt/page/tiles?edit=${id}`);
        await page.waitForSelector(NAME, { timeout: 30000 });
      }
      expect(await page.inputValue(NAME)).toBe(TILE_NAME);
      await page.waitForSelector('[data-testid=tile-preview][data-loading="0"] [data-testid=tile-preview-view-number]', { timeout: 30000 });
      await snap(page, `tiles-designer-en-${size.width}`);
      expect(errors, errors.join('\n')).toEqual([]);
      await page.context().close();
    }
  });
});
