import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap, clickAction } from './support/harness';
import { until } from './support/steps';

/**
 * Issue 11 in Chromium: the maker's planner turns an accepted customer order into production plans
 * split by delivery batch from the order list; a bad batch quantity is refused under its field
 * before any call; the plans appear in the plans-to-schedule list.
 */
const run = serverAndBrowserForFile();

describe('production plans from an accepted order', () => {
  it('splits an order into two delivery batches from the order list', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${run.server.url}/scm/index/customerorder`);
    await page.waitForSelector('[data-testid=login-form]');
    await page.fill('input[name=username]', 'maker.planner');
    await page.fill('input[name=password]', 'Demo1234');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=grid-customerorder] .ag-row[row-index="0"]', { timeout: 30000 });

    // An accepted order (in progress) of the demo season: its status tab, first row.
    await page.click('[data-testid=tab-in_progress]');
    await until(page, () => document.querySelector('[data-testid=tab-in_progress]')?.getAttribute('aria-selected') === 'true');
    await page.waitForSelector('[data-testid=grid-customerorder] .ag-row[row-index="0"] .ag-selection-checkbox input', { timeout: 20000 });
    await page.waitForTimeout(500);
    await page.click('[data-testid=grid-customerorder] .ag-row[row-index="0"] .ag-selection-checkbox input');
    await clickAction(page, 'plan');
    await page.waitForSelector('[data-testid=plan-dialog]');
    await page.check('[data-testid=plan-mode-batches]');
    await page.fill('[data-testid=plan-batch-qty-0]', '0');
    await page.click('[data-testid=plan-ok]');
    await page.waitForSelector('[data-testid=plan-dialog] .fui-Field__validationMessage');
    await snap(page, 'plans-01-batch-refused');
    await page.fill('[data-testid=plan-batch-qty-0]', '10');
    await page.fill('[data-testid=plan-batch-date-0]', '2026/12/20');
    await page.click('[data-testid=plan-batch-add]');
    await page.fill('[data-testid=plan-batch-qty-1]', '5');
    await page.click('[data-testid=plan-ok]');
    const toast = await page.waitForSelector('[data-testid=toast-success]:has-text("已生成 2 个生产计划")', { timeout: 20000 });
    const text = (await toast.textContent()) ?? '';
    expect(text).toMatch(/（10）/);
    expect(text).toMatch(/（5）/);
    await snap(page, 'plans-02-created');

    await page.goto(`${run.server.url}/scm/index/prodplan`);
    await page.waitForSelector('[data-testid=grid-prodplan] .ag-row[row-index="0"]', { timeout: 30000 });
    const planNo = /([A-Z]+[0-9A-Z-]*)（10）/.exec(text)?.[1];
    expect(planNo).toBeTruthy();
    await page.fill('[data-testid=quick-search]', planNo!);
    await page.press('[data-testid=quick-search]', 'Enter');
    await until(page, () => document.querySelector('[data-testid=row-total]')?.textContent?.includes('共 1 条'), undefined, { timeout: 20000 });
    // The plan's colour x size matrix, read-only in its form, adds up to the plan's 10 pieces.
    await page.dblclick('[data-testid=grid-prodplan] .ag-row[row-index="0"] .ag-cell[col-id="plan_no"]');
    await page.waitForSelector('[data-testid=matrix-input]', { timeout: 20000 });
    expect((await page.textContent('[data-testid=matrix-grand-total]'))?.replace(/,/g, '')).toBe('10');
    expect(await page.locator('[data-testid=matrix-input] input:not([disabled])').count()).toBe(0);
    await snap(page, 'plans-03-plan-matrix');
    await page.keyboard.press('Escape');

    // The maker's own requirement orders are planned from their list too (the planner has the planning menu).
    await page.goto(`${run.server.url}/scm/masterdetail/prorder`);
    await page.waitForSelector('[data-testid=grid-prorder]', { timeout: 30000 });
    await clickAction(page, 'plan');
    await page.waitForSelector('[data-testid^=toast-]:has-text("请先选择")', { timeout: 10000 });
    expect(errors).toEqual([]);
    await page.close();
  });
});
