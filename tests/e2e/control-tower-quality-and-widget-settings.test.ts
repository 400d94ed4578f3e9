import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { until } from './support/steps';

/**
 * Issue 13 in Chromium: the maker's manager sees the defect rate by line on the control tower (its
 * widget and headline, from the inspection results), in Chinese and English; on the personal
 * dashboard a tower widget keeps its own period and top N after a reload, and the server's board
 * holds them; on the tower page itself a widget keeps its own period, which the server applies.
 * Build the client first (`npx vite build --outDir ../../dist-<name>`, CLIENT_DIR).
 */
const run = serverAndBrowserForFile();

async function signIn(page: Page, path: string, username: string): Promise<void> {
  await page.goto(`${run.server.url}${path}`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
}

describe('quality on the control tower and widget settings on the dashboard', () => {
  it('shows the defect rate by line from the inspection results, in both languages', async () => {
    const page = await (await run.browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, '/visual/control-tower', 'maker');
    await page.waitForSelector('[data-testid=control-tower][data-loaded="1"]', { timeout: 30000 });
    await page.waitForSelector('[data-testid=chart-quality] canvas', { timeout: 20000 });
    expect(await page.getAttribute('[data-testid=widget-quality]', 'data-report')).toBe('quality-defects');
    // The headline is the inspections' defects over the pieces sampled, as a percentage.
    const rate = await page.textContent('[data-testid=kpi-defectRate] > span:nth-child(2)');
    expect(rate).toMatch(/^\d+(\.\d)?%$/);
    const api = await page.evaluate(async () => {
      const q = new URLSearchParams({ group: 'line' });
      const res = await fetch(`/api/rptapi/report/quality-defects/run?${q}`, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return ((await res.json()) as { data: { rows: Array<{ defects: number; sampled: number }> } }).data.rows;
    });
    expect(api.length).toBeGreaterThan(0);
    expect(api.reduce((s, r) => s + r.sampled, 0)).toBeGreaterThan(0);
    await snap(page, 'control-tower-quality-zh');
    await page.locator('[data-testid=widget-quality]').scrollIntoViewIfNeeded();
    await page.locator('[data-testid=widget-quality]').screenshot({ path: 'screenshots/control-tower-quality-widget-zh.png' });
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-en]');
    await until(page, () => document.querySelector('[data-testid=widget-quality]')?.textContent?.includes('Defect rate'));
    await page.waitForSelector('[data-testid=control-tower][data-loaded="1"]');
    await snap(page, 'control-tower-quality-en');
    await page.locator('[data-testid=widget-quality]').scrollIntoViewIfNeeded();
    await page.locator('[data-testid=widget-quality]').screenshot({ path: 'screenshots/control-tower-quality-widget-en.png' });
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-zh-CN]');
    expect(errors).toEqual([]);
  });

  it('keeps a widget’s own period on the tower page itself across a reload, applied by the server', async () => {
    const page = await (await run.browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await signIn(page, '/visual/control-tower', 'maker');
    await page.waitForSelector('[data-testid=control-tower][data-loaded="1"]', { timeout: 30000 });
    await page.click('[data-testid=widget-funnel] [data-testid=widget-settings-funnel]');
    await page.click('[data-testid=widget-period-quarter]');
    await page.waitForSelector('[data-testid=widget-period-label-funnel]');
    await page.reload();
    await page.waitForSelector('[data-testid=control-tower][data-loaded="1"]', { timeout: 30000 });
    await page.waitForSelector('[data-testid=widget-period-label-funnel]', { timeout: 20000 });
    expect(await page.textContent('[data-testid=widget-period-label-funnel]')).toBe('本季度');
    const tower = await page.evaluate(async () => {
      const res = await fetch('/api/rptapi/tower', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return ((await res.json()) as { data: { settings: Record<string, unknown>; range: { from: string }; widgets: Record<string, { range: { from: string; to: string } }> } }).data;
    });
    expect(tower.settings).toEqual({ funnel: { period: 'quarter' } });
    const m = new Date().getUTCMonth();
    const first = new Date(Date.UTC(new Date().getUTCFullYear(), m - (m % 3), 1)).toISOString().slice(0, 10);
    expect(tower.widgets.funnel.range.from).toBe(first);
    expect(tower.widgets.ontime.range.from).toBe(tower.range.from);
    await snap(page, 'control-tower-widget-settings-zh');
    // Back to the tower's range.
    await page.click('[data-testid=widget-settings-funnel]');
    await page.click('[data-testid=widget-period-tower]');
    await page.waitForSelector('[data-testid=widget-period-label-funnel]', { state: 'detached' });
  });

  it('keeps a tower widget’s own period and top N on the personal dashboard across a reload', async () => {
    const page = await (await run.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await signIn(page, '/mydash', 'maker');
    await page.waitForSelector('[data-testid=board-mydash]');
    const card = page.locator('[data-testid=board-item-tower\\.funnel]');
    await card.waitFor({ timeout: 20000 });
    await page.click('[data-testid=widget-settings-funnel]');
    await page.click('[data-testid=widget-period-quarter]');
    await page.waitForSelector('[data-testid=widget-period-label-funnel]');
    await page.click('[data-testid=widget-settings-funnel]');
    await page.click('[data-testid=widget-top-5]');
    await page.waitForTimeout(500);
    await page.reload();
    await page.waitForSelector('[data-testid=widget-period-label-funnel]', { timeout: 20000 });
    expect(await page.textContent('[data-testid=widget-period-label-funnel]')).toBe('本季度');
    const board = await page.evaluate(async () => {
      const res = await fetch('/api/clientinfoapi/user-profile/my-dash-setting', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return ((await res.json()) as { data: { board: Array<{ key: string; settings?: unknown }> } }).data.board;
    });
    expect(board.find((i) => i.key === 'tower.funnel')?.settings).toEqual({ period: 'quarter', top: 5 });
    await snap(page, 'mydash-widget-settings-zh');
  });
});
