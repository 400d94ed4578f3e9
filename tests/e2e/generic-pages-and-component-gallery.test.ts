import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';

/**
 * Issue 35 in a real browser against the real server: the generic page routes render a declared
 * page by its key (a list at `/zp/{cata}/index/{opt}` whose "new" opens the form drawer; the
 * not-found, no-permission and document-without-record states), and the component gallery draws its
 * items from their declarations (a form checked with its rule messages, then passing; the chart's
 * kind switched; a calendar day picked), photographed at 1366 x 768 and 1920 x 1080.
 * Build the client first (`npx vite build`): the server serves dist/client or CLIENT_DIR.
 */
const run = serverAndBrowserForFile();

async function signIn(page: Page, path: string, username: string): Promise<void> {
  await page.goto(`${run.server.url}${path}`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${run.server.url}${path}`);
}

/** The message under a form field (Fluent Field's validation message). */
async function fieldMessage(page: Page, field: string): Promise<string> {
  const el = await page.waitForSelector(`[data-field="${field}"] .fui-Field__validationMessage`, { timeout: 20_000 });
  return ((await el.textContent()) ?? '').trim();
}

describe('generic page routes and the component gallery', () => {
  it('renders a declared page by its key and says plainly when it cannot', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, '/zp/md/index/material', 'maker');
    await page.waitForSelector('[data-testid=list-material] [data-testid=grid-material] .ag-header-cell');
    expect(await page.title()).toContain('物料');
    // A control of the page works as on its own route: "new" opens the form drawer.
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form] [data-field=name]');
    await snap(page, 'generic-01-zp-index-material');
    await page.keyboard.press('Escape');

    // The ecindex shape of the same page, and a key no page declares.
    await open(page, '/md/ecindex/material');
    await page.waitForSelector('[data-testid=grid-material] .ag-header-cell');
    await open(page, '/md/ecindex/no-such-page');
    expect(await page.textContent('[data-testid=engine-missing]')).toContain('页面不存在');
    expect(await page.textContent('[data-testid=engine-missing]')).toContain('no-such-page');
    await snap(page, 'generic-02-missing-1366');

    // A document route without a record says how to reach one and opens the list.
    await open(page, '/zp/md/document/material');
    await page.waitForSelector('[data-testid=engine-document-no-record]');
    await page.click('[data-testid=engine-document-no-record] button:has-text("打开列表")');
    await page.waitForURL(/\/md\/masterdetail\/material$/);
    expect(errors).toEqual([]);
    await page.close();

    // A planner may not view the numbering rules: the no-permission state, not an empty list.
    const planner = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(planner, '/zp/admin/page/snrule', 'maker.planner');
    await planner.waitForSelector('[data-testid=engine-forbidden]');
    expect(await planner.textContent('[data-testid=engine-forbidden]')).toContain('没有权限访问此页面');
    expect(await planner.$('[data-testid=grid-snrule]')).toBeNull();
    await snap(planner, 'generic-03-forbidden-1366');
    // Nor the gallery, which is for administrators.
    await open(planner, '/visual/demo/inputs');
    await planner.waitForSelector('[data-testid=engine-forbidden]');
    expect(await planner.$('[data-testid=gallery]')).toBeNull();
    await planner.close();
  });

  it('draws the gallery from its declarations: a form checked with its messages, a chart and a calendar that respond', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, '/visual/demo/inputs', 'maker');
    await page.waitForSelector('[data-testid=gallery-item-inputs] [data-testid=gallery-form-gallery-inputs]');
    expect(await page.textContent('[data-testid=gallery-declaration]')).toContain("opt: 'gallery-inputs'");

    // Checked empty: the rule messages under the fields, nothing "sent".
    await page.click('[data-testid=gallery-check]');
    expect(await fieldMessage(page, 'name')).toBe('必填项');
    expect(await page.$('[data-testid=gallery-checked]')).toBeNull();
    await page.fill('#f-gallery-inputs-code', 'ab-1!');
    await page.fill('#f-gallery-inputs-qty', '3');
    await page.fill('#f-gallery-inputs-price', '2.5');
    await page.click('[data-testid=gallery-check]');
    expect(await fieldMessage(page, 'code')).toContain('大写字母');
    // The amount is calculated from quantity and price.
    expect(await page.inputValue('#f-gallery-inputs-amount')).toMatch(/^7\.5/);
    await snap(page, 'gallery-01-inputs-messages-1366');

    // Corrected: every rule passes and the body the save would send is shown (the code in capitals).
    await page.fill('#f-gallery-inputs-name', '样衣');
    await page.fill('#f-gallery-inputs-code', 'ab_1');
    await page.click('[data-testid=gallery-check]');
    const checked = (await page.waitForSelector('[data-testid=gallery-checked]')).textContent();
    expect(await checked).toContain('"code": "AB_1"');

    // The chart: another kind, and a point read by a click on the canvas.
    await page.click('[data-testid=gallery-nav-chart]');
    await page.waitForSelector('[data-testid=gallery-chart][data-chart-kind=bar] canvas');
    await page.click('[data-testid=gallery-chart-kinds] button:has-text("折线图")');
    await page.waitForSelector('[data-testid=gallery-chart][data-chart-kind=line] canvas');
    await snap(page, 'gallery-02-chart-1366');

    // The calendar: a day with events lists them.
    await page.click('[data-testid=gallery-nav-calendar]');
    await page.waitForSelector('[data-testid=gallery-calendar] .fc-daygrid-day[data-date="2026-12-16"]');
    await page.click('[data-testid=gallery-calendar] .fc-daygrid-day[data-date="2026-12-16"] .fc-daygrid-day-top');
    expect(await page.textContent('[data-testid=gallery-calendar-day]')).toContain('中期验货');
    await snap(page, 'gallery-03-calendar-1366');

    // The matrix and the lines through the spec's fixed demo routes; an unknown item is said in place.
    await open(page, '/superdemo/index/fabricpage');
    await page.waitForSelector('[data-testid=gallery-item-matrix]');
    await snap(page, 'gallery-04-matrix-1366');
    await open(page, '/superdemo/masterdetail/lines');
    await page.waitForSelector('[data-testid=gallery-item-lines] .ag-header-cell');
    await open(page, '/superdemopage/unknown-demo');
    expect(await page.textContent('[data-testid=gallery-missing]')).toContain('unknown-demo');

    // The list reads the company's materials; at 1920 x 1080 too.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await open(page, '/visual/demo/list');
    await page.waitForSelector('[data-testid=gallery-item-list] .ag-row .ag-cell');
    await page.click('[data-testid=gallery-item-list] .ag-row[row-index="0"] .ag-cell[col-id=name]');
    await page.waitForSelector('[data-testid=gallery-selected]:has-text("已选择 1 行")');
    await snap(page, 'gallery-05-list-1920');
    await open(page, '/visual/demo/structures');
    await page.waitForSelector('[data-testid=gallery-form-gallery-structures] [data-testid=matrix-input]');
    await snap(page, 'gallery-06-structures-1920');
    await open(page, '/visual/demo/choices');
    await page.waitForSelector('[data-testid=gallery-form-gallery-choices] [data-testid=transfer-available]');
    await snap(page, 'gallery-07-choices-1920');
    expect(errors).toEqual([]);
    await page.close();

    // In English: the same gallery, its messages in English.
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const en = await context.newPage();
    await signIn(en, '/visual/demo/inputs', 'maker');
    await en.waitForSelector('[data-testid=gallery-form-gallery-inputs]');
    expect(await en.textContent('[data-testid=gallery]')).toContain('Component gallery');
    await en.click('[data-testid=gallery-check]');
    expect(await fieldMessage(en, 'name')).toBe('Required');
    await snap(en, 'gallery-08-inputs-en-1366');
    await open(en, '/visual/demo/matrix');
    await en.waitForSelector('[data-testid=gallery-item-matrix]');
    await snap(en, 'gallery-09-matrix-en-1366');
    await context.close();
  });
});
