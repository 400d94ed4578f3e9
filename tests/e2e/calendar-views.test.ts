import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { until } from './support/steps';

/**
 * The calendar views on FullCalendar (issue 11) in Chromium: the planner opens the cycle calendar from
 * the production planning menu, marks a working day a holiday after the confirmation, sees it still a
 * holiday after a reload (persisted as the calendar's child row), and makes it ordinary again; then
 * opens a line's month: the line's bars as events, each day's capacity, the line's settings, and
 * another line picked from the toolbar.
 */
const run = serverAndBrowserForFile();

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto(`${run.server.url}/login`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

describe('calendar views', () => {
  it('marks a holiday on the cycle calendar, keeps it after a reload, and opens a line\'s month', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'maker.planner');

    await page.getByText('生产日历', { exact: true }).first().click();
    await page.waitForURL(/\/scm\/page\/cycle-calendar$/);
    await page.waitForSelector('[data-testid=cal-summary]');
    await page.waitForSelector('[data-testid^=cal-day-][data-kind=working]');
    // A working day of the month shown (not a neighbouring month's grey day).
    const month = new Date().toISOString().slice(0, 7);
    const working = await page.$$eval(`[data-testid^=cal-day-${month}][data-kind=working]`, (els) => els.map((e) => e.getAttribute('data-testid')!.slice('cal-day-'.length)));
    expect(working.length).toBeGreaterThan(15);
    const day = working[working.length - 1];
    const cell = `[data-testid=cal-day-${day}]`;

    await page.click(cell);
    await page.waitForSelector('[data-testid=cal-confirm]');
    expect(await page.textContent('[data-testid=cal-confirm]')).toContain('设为节假日');
    await page.fill('[data-testid=cal-confirm-name] input, input[data-testid=cal-confirm-name]', '厂庆');
    await page.click('[data-testid=cal-confirm-ok]');
    await page.waitForSelector(`${cell}[data-kind=holiday]`);
    expect(await page.textContent(cell)).toContain('厂庆');
    await page.waitForSelector('[data-testid=cal-confirm]', { state: 'detached' });
    await snap(page, 'calendar-views-01-holiday-marked');

    await page.reload();
    await page.waitForSelector(`${cell}[data-kind=holiday]`);
    expect(await page.textContent(cell)).toContain('厂庆');

    // A cancelled confirmation changes nothing; a confirmed one makes the day ordinary again.
    await page.click(cell);
    await page.waitForSelector('[data-testid=cal-confirm]');
    await page.getByRole('button', { name: '取消' }).click();
    await page.waitForSelector('[data-testid=cal-confirm]', { state: 'detached' });
    expect(await page.getAttribute(cell, 'data-kind')).toBe('holiday');
    await page.click(cell);
    await page.click('[data-testid=cal-confirm-ok]');
    await page.waitForSelector(`${cell}[data-kind=working]`);

    // The year: twelve months with the season's holidays.
    await page.click('[data-testid=cal-zoom-year]');
    await page.waitForSelector('[data-testid=cal-year-grid]');
    expect(await page.locator('[data-testid=cal-year-grid] .fc').count()).toBe(12);
    expect(await page.locator('[data-testid^=cal-day-][data-kind=holiday]').count()).toBeGreaterThan(5);

    await page.getByText('产线月历', { exact: true }).first().click();
    await page.waitForURL(/\/scm\/page\/line-month$/);
    await page.waitForSelector('[data-testid=line-settings]');
    expect(await page.textContent('[data-testid=line-settings]')).toContain('学习曲线');
    await page.waitForSelector('[data-testid^=line-bar-]');
    expect(await page.locator('[data-testid^=line-cap-]').count()).toBeGreaterThan(15);
    expect(await page.textContent(`[data-testid=line-day-${month}-01]`)).toMatch(/产能 [\d,]+ 分|休/);
    await snap(page, 'calendar-views-02-line-month');

    const first = await page.textContent('[data-testid=line-settings]');
    await page.click('[data-testid=line-select]');
    await page.getByRole('option').nth(4).click();
    await until(page, (before) => document.querySelector('[data-testid=line-settings]')?.textContent !== before, first);
    await page.waitForSelector('[data-testid^=line-bar-]');
    expect(errors).toEqual([]);
  });
});
