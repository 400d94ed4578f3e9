import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';

/**
 * Issue 13's declared dashboards in Chromium: the demo brand's manager opens the sourcing and
 * purchasing dashboard (`/visual/sourcing`), clicks a stage of "sourcing in progress" and lands on
 * the sourcing project list filtered to that stage, showing exactly the projects the chart counted;
 * the maker's production dashboard narrows to an organisation from its filter (kept in the URL);
 * the workbench variant (`/workspace/ecindex/{opt}`). Screenshots in zh and en at 1366 x 768 and
 * 1920 x 1080 (`dashboard-*`). Build the client first: `npx vite build --outDir ../../dist-<name>`.
 */
const run = serverAndBrowserForFile();

async function open(browser: Browser, size: { width: number; height: number }, lang: 'zh' | 'en', user: string, path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: size });
  if (lang === 'en') await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${run.server.url}${path}`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', user);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=dashboard][data-loaded="1"]', { timeout: 30000 });
  return { page, errors };
}

/** Widgets that drew a chart, and none that failed to load. */
async function widgetStates(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries(await page.$$eval('[data-testid^=dwidget-]', (ws) => ws.map((w) => [w.getAttribute('data-testid')!.slice(8), w.getAttribute('data-state') ?? ''])));
}

describe('declared dashboards', () => {
  it('a brand manager clicks a stage of sourcing in progress and lands on that stage’s projects', async () => {
    const { page, errors } = await open(run.browser, { width: 1366, height: 768 }, 'zh', 'brand', '/visual/sourcing');
    await page.waitForSelector('[data-testid=dchart-pipeline] canvas', { timeout: 20000 });
    const states = await widgetStates(page);
    expect(states.pipeline).toBe('ready');
    expect(Object.values(states)).not.toContain('error');
    expect(await page.textContent('[data-testid=dashboard]')).toContain('寻源与采购看板');
    await page.waitForTimeout(500);
    await snap(page, 'dashboard-sourcing-zh-1366');

    // Scan the pipeline's bars just above the axis: the first bar hit opens its stage's projects.
    const box = (await (await page.$('[data-testid=dchart-pipeline]'))!.boundingBox())!;
    for (let x = box.x + 40; x < box.x + box.width - 10 && new URL(page.url()).pathname === '/visual/sourcing'; x += 8) {
      await page.mouse.click(x, box.y + box.height - 42);
      await page.waitForTimeout(120);
    }
    await page.waitForURL((u) => u.pathname === '/page/subindex/srcproject', { timeout: 15000 });
    const url = new URL(page.url());
    const stage = url.searchParams.get('f.status.eq');
    expect(stage).toMatch(/^[a-z_]+$/);
    expect(url.searchParams.get('f.eval_state.in')).toBe('not_evaluated,evaluating');
    await page.waitForSelector('.ag-row[row-index]', { timeout: 20000 });
    const shown = await page.$$eval('.ag-row[row-index]', (rows) => new Set(rows.map((r) => r.getAttribute('row-index'))).size);
    // The projects the chart counted for that stage, from the same report.
    const counted = await page.evaluate(async (s) => {
      const res = await fetch(`/api/rptapi/report/sourcing-in-progress/run?f.eval_state.in=not_evaluated,evaluating&f.status.eq=${s}`, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      const body = (await res.json()) as { data: { rows: Array<{ projects: number; _level: number }> } };
      return body.data.rows.filter((r) => !r._level).reduce((n, r) => n + r.projects, 0);
    }, stage);
    expect(counted).toBeGreaterThan(0);
    expect(shown).toBe(counted);
    await snap(page, 'dashboard-sourcing-drill-zh-1366');
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('the sourcing dashboard in English at 1920, and in the workbench', async () => {
    const { page, errors } = await open(run.browser, { width: 1920, height: 1080 }, 'en', 'brand', '/visual/sourcing');
    await page.waitForSelector('[data-testid=dchart-pipeline] canvas', { timeout: 20000 });
    expect(await page.textContent('[data-testid=dashboard]')).toContain('Sourcing and purchasing dashboard');
    await page.waitForTimeout(500);
    await snap(page, 'dashboard-sourcing-en-1920');
    await page.goto(`${run.server.url}/workspace/ecindex/sourcing`);
    await page.waitForSelector('[data-testid=dashboard][data-loaded="1"]', { timeout: 30000 });
    await page.waitForSelector('[data-testid=dchart-pipeline] canvas', { timeout: 20000 });
    await page.waitForTimeout(500);
    await snap(page, 'dashboard-sourcing-workbench-en-1920');
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('the maker’s production dashboard narrows to an organisation chosen from its filter', async () => {
    for (const [lang, size] of [['zh', { width: 1920, height: 1080 }], ['en', { width: 1366, height: 768 }]] as const) {
      const { page, errors } = await open(run.browser, size, lang, 'maker', '/visual/production');
      await page.waitForSelector('[data-testid=dchart-orderbook] canvas', { timeout: 20000 });
      expect(Object.values(await widgetStates(page))).not.toContain('error');
      await page.waitForTimeout(500);
      await snap(page, `dashboard-production-${lang}-${size.width}`);
      // The production department (the demo planner's): its id from the option list.
      const value = await page.$$eval('[data-testid=dashboard-org] option', (os) => os.find((o) => (o.textContent ?? '').includes('生产部'))?.getAttribute('value') ?? '');
      expect(value).toMatch(/^\d+$/);
      await page.selectOption('[data-testid=dashboard-org]', value);
      await page.waitForURL((u) => u.searchParams.get('org') === value);
      await page.waitForSelector(`[data-testid=dashboard][data-loaded="1"][data-org="${value}"]`, { timeout: 30000 });
      expect(Object.values(await widgetStates(page))).not.toContain('error');
      // The order book now counts the orders the department's members entered: what the report gives for them.
      const members = await page.evaluate(async (id) => {
        const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
        const orgs = (await (await fetch('/api/rptapi/dashboard/production/orgs', { headers })).json()) as { data: Array<{ id: number; users: number[] }> };
        const users = orgs.data.find((o) => String(o.id) === id)!.users;
        const rep = (await (await fetch(`/api/rptapi/report/order-book/run?group=month&f.created_by.in=${users.join(',') || '0'}&f.delivery_date.between=1900-01-01,2999-12-31`, { headers })).json()) as { data: { rows: Array<{ orders: number; _level: number }> } };
        return { users, orders: rep.data.rows.filter((r) => !r._level).reduce((n, r) => n + r.orders, 0) };
      }, value);
      expect(members.users.length).toBeGreaterThan(0);
      expect((await widgetStates(page)).orderbook).toBe(members.orders ? 'ready' : 'empty');
      await snap(page, `dashboard-production-org-${lang}-${size.width}`);
      expect(errors, errors.join('\n')).toEqual([]);
      await page.context().close();
    }
  });
});
