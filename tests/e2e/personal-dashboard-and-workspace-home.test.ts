import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { clickMenuEntry, showMenuEntry } from './support/side-menu';
import { until } from './support/steps';

/**
 * Issue 13 end to end in Chromium: the demo maker's manager opens the personal dashboard
 * (`/mydash`), adds a control tower widget from the market, moves it up, drags another card,
 * hides one, reloads and finds the arrangement kept (saved on the server, per user); then stars a
 * menu entry and subscribes to a module, and finds both on the workspace home. Screenshots of both
 * boards in Chinese and English at 1366 x 768 and 1920 x 1080.
 * Build the client first: `npx vite build --outDir ../../dist-<name>` and CLIENT_DIR=dist-<name>.
 */
const run = serverAndBrowserForFile();

async function signIn(page: Page, path: string, username: string): Promise<void> {
  await page.goto(`${run.server.url}${path}`);
  await page.waitForSelector('[data-testid=login-form]', { timeout: 60000 });
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
}

/** The board's shown widgets, in the order drawn. */
const shownOn = (page: Page) => page.$$eval('[data-testid=board-grid] > section', (els) => els.map((e) => (e as HTMLElement).dataset.testid!.replace('board-item-', '')));

/** The dashboard as the server keeps it for this page's user. */
const storedBoard = (page: Page, call: 'my-dash-setting' | 'my-workspace-home-setting') =>
  page.evaluate(async (c) => {
    const res = await fetch(`/api/clientinfoapi/user-profile/${c}`, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await res.json()) as { data: { board: Array<{ key: string; hidden: boolean }> | null } }).data.board;
  }, call);

/** Waits until the board's cards have drawn (charts, lists) so a screenshot shows them. */
async function settled(page: Page): Promise<void> {
  await until(page, () => !document.querySelector('[data-testid=board-grid] .fui-Spinner'), undefined, { timeout: 20000 });
  await page.waitForTimeout(400);
}

describe('the personal dashboard and the workspace home', () => {
  it('a manager adds a widget from the market, moves it, reloads and finds the layout kept; a favourite menu and an app appear on the home', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, '/mydash', 'maker');
    await page.waitForSelector('[data-testid=board-mydash]');
    // A new dashboard: the to-dos, the items to read and the first four tower widgets of the maker's roles.
    await page.waitForSelector('[data-testid=board-item-todo]');
    await page.waitForSelector('[data-testid=board-chart-funnel] canvas', { timeout: 20000 });
    const first = await shownOn(page);
    expect(first.slice(0, 2)).toEqual(['todo', 'toread']);
    expect(first.filter((k) => k.startsWith('tower.'))).toHaveLength(4);
    expect(first).not.toContain('tower.stock');
    expect(await storedBoard(page, 'my-dash-setting')).toBeNull();
    await settled(page);
    await snap(page, 'mydash-01-new-board-zh-1366');

    // The market: the stock alerts widget, offered to a manager, added to the board.
    await page.click('[data-testid=board-market-open]');
    await page.waitForSelector('[data-testid=board-market]');
    expect(await page.textContent('[data-testid=market-widget-tower\\.funnel]')).toContain('已添加');
    await snap(page, 'mydash-02-market-zh-1366');
    await page.click('[data-testid=market-add-tower\\.stock]');
    await page.waitForSelector('[data-testid=market-widget-tower\\.stock] >> text=已添加');
    await page.click('[data-testid=market-close]');
    await page.waitForSelector('[data-testid=board-item-tower\\.stock]');
    expect((await shownOn(page)).at(-1)).toBe('tower.stock');

    // Arrange: move it up twice, drag the items to read before the to-dos, hide the purchase widget.
    await page.click('[data-testid=board-arrange]');
    await page.click('[data-testid=move-up-tower\\.stock]');
    await page.click('[data-testid=move-up-tower\\.stock]');
    const afterMove = await shownOn(page);
    expect(afterMove.indexOf('tower.stock')).toBe(afterMove.length - 3);
    await page.dragAndDrop('[data-testid=board-item-toread]', '[data-testid=board-item-todo]');
    await expect.poll(async () => (await shownOn(page)).slice(0, 2)).toEqual(['toread', 'todo']);
    const hidden = afterMove.find((k) => k.startsWith('tower.') && k !== 'tower.stock' && k !== 'tower.funnel')!;
    await page.click(`[data-testid=hide-${hidden.replace('.', '\\.')}]`);
    await page.waitForSelector(`[data-testid=board-item-${hidden.replace('.', '\\.')}]`, { state: 'detached' });
    await snap(page, 'mydash-03-arranging-zh-1366');
    await page.click('[data-testid=board-arrange]');
    const arranged = await shownOn(page);
    expect(arranged).not.toContain(hidden);

    // Kept on the server: the same order after a reload, and in what the server answers.
    await expect.poll(async () => (await storedBoard(page, 'my-dash-setting'))?.filter((i) => !i.hidden).map((i) => i.key), { timeout: 10000 }).toEqual(arranged);
    await page.reload();
    await page.waitForSelector('[data-testid=board-item-tower\\.stock]');
    expect(await shownOn(page)).toEqual(arranged);
    await settled(page);
    await snap(page, 'mydash-04-kept-after-reload-zh-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await settled(page);
    await snap(page, 'mydash-05-zh-1920');

    // Live as on the tower: a customer order saved elsewhere reaches the board's funnel over the socket.
    const funnelTotal = async () => Number(await page.getAttribute('[data-testid=board-widget-funnel]', 'data-total'));
    const before = await funnelTotal();
    const delivery = new Date(Date.now() + 30 * 86400000).toISOString().slice(0, 10);
    const saved = await page.evaluate(async (date) => {
      const res = await fetch('/api/scmapi/customerorder/save', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify({ brand_name: '看板实时品牌', pr_type: 'bulk', category: 'knit-top', receive_date: date, delivery_date: date, currency: 'CNY', entries: [{ style_no: 'DASH-1', style_name: '看板', colour: '黑色', size: 'M', qty: 10, unit_price: 1, seq: 1 }] }),
      });
      return res.status;
    }, delivery);
    expect(saved).toBe(200);
    await expect.poll(funnelTotal, { timeout: 15000 }).toBe(before + 1);

    // A click on the funnel's first step opens the customer orders behind it, as on the tower.
    const box = (await (await page.$('[data-testid=board-chart-funnel]'))!.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + 40);
    await page.waitForURL((u) => u.pathname === '/page/subindex/customerorder', { timeout: 15000 });
    expect(new URL(page.url()).searchParams.get('f.status.eq')).toBe('pending');
    await page.goBack();
    await page.waitForSelector('[data-testid=board-item-tower\\.stock]');

    // Another user of the same company has a board of their own.
    const other = await (await run.browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await signIn(other, '/mydash', 'maker.planner');
    await other.waitForSelector('[data-testid=board-item-todo]');
    expect(await shownOn(other)).not.toEqual(arranged);
    // A planner's new dashboard puts the lines' utilisation first among the tower widgets.
    expect((await shownOn(other)).find((k) => k.startsWith('tower.'))).toBe('tower.capacity');
    expect(await storedBoard(other, 'my-dash-setting')).toBeNull();
    await other.context().close();

    // A favourite menu starred in the side navigation appears on the workspace home.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.click('[data-testid=menu-workspace\\.home]');
    await page.waitForSelector('[data-testid=board-home]');
    await page.waitForSelector('[data-testid=home-favourites]');
    await showMenuEntry(page, 'md.vendor', 'masterdata');
    await page.click('[data-testid=side-nav] [data-testid=star-md\\.vendor]');
    await page.waitForSelector('[data-testid=favourite-md\\.vendor]');

    // An app subscribed in the market appears as a tile of "my apps", and opens its module.
    await page.click('[data-testid=apps-market]');
    await page.waitForSelector('[data-testid=board-market] [data-testid^=market-app-]');
    const code = (await page.getAttribute('[data-testid=board-market] [data-testid^=app-toggle-] >> nth=0', 'data-testid'))!.replace('app-toggle-', '');
    await page.click(`[data-testid=app-toggle-${code}]`);
    await page.waitForSelector(`[data-testid=app-toggle-${code}][data-subscribed=true]`);
    await page.click('[data-testid=market-close]');
    await page.waitForSelector(`[data-testid=app-${code}]`);
    await page.reload();
    await page.waitForSelector(`[data-testid=app-${code}]`);
    await page.waitForSelector('[data-testid=favourite-md\\.vendor]');
    await settled(page);
    await snap(page, 'home-01-top-zh-1366');
    await page.$eval('[data-testid=board-item-apps]', (e) => e.scrollIntoView({ block: 'start' }));
    await snap(page, 'home-01b-apps-and-favourites-zh-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await settled(page);
    await snap(page, 'home-02-zh-1920');
    await page.click(`[data-testid=app-${code}]`);
    await page.waitForSelector('[data-testid=menu-index]');
    expect(new URL(page.url()).pathname).toBe(`/workspace/menuindex/${code}`);

    // English: both boards at both sizes.
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-en]');
    await clickMenuEntry(page, 'workspace.home', 'workspace');
    await until(page, () => document.querySelector('[data-testid=board-home]')?.textContent?.includes('Favourite menus'));
    await settled(page);
    await snap(page, 'home-03-en-1920');
    await page.setViewportSize({ width: 1366, height: 768 });
    await settled(page);
    await snap(page, 'home-04-en-1366');
    await page.click('[data-testid=menu-workspace\\.mydash]');
    await until(page, () => document.querySelector('[data-testid=mydash]')?.textContent?.includes('My dashboard'));
    await page.waitForSelector('[data-testid=board-chart-funnel] canvas', { timeout: 20000 });
    expect(await shownOn(page)).toEqual(arranged);
    await settled(page);
    await snap(page, 'mydash-06-en-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await settled(page);
    await snap(page, 'mydash-07-en-1920');
    // Back to Chinese for the account.
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-zh-CN]');
    expect(errors).toEqual([]);
    await context.close();
  });
});
