import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { clickMenuEntry, showMenuEntry } from './support/side-menu';
import { until } from './support/steps';

/**
 * Spec 7 "Profile and workspace" in a real browser against the real server: edit the own profile
 * and see it after a reload; star a menu in the side navigation and find it on the workspace home;
 * a list's column layout and the language saved to the account, seen from a browser that has no
 * local copy. Build the client first (`npx vite build`): the server serves dist/client.
 */
const run = serverAndBrowserForFile();

async function signIn(page: Page, username: string, password = 'Demo1234'): Promise<void> {
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
}

/** The account as the server has it now (the profile call, with this page's token). */
async function accountOf(page: Page): Promise<{ fullname: string; email: string; mobile: string; language_code: string; saved_tables: Record<string, { columns: Array<{ colId: string; hide: boolean; width?: number }> }> }> {
  return page.evaluate(async () => {
    const res = await fetch('/api/access/profile', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await res.json()) as { data: { userinfo: never } }).data.userinfo;
  });
}

describe('profile, settings and favourites', () => {
  it('edits the own profile with the spec 5 checks and sees it after a reload', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${run.server.url}/page/userinfo`);
    await signIn(page, 'brand.buyer');
    await page.waitForSelector('[data-testid=userinfo]');
    await page.click('[data-testid=profile-edit]');
    await page.waitForSelector('[data-testid=profile-form]');
    await page.fill('[data-testid=profile-form] input[name=fullname]', '李小采');
    await page.fill('[data-testid=profile-form] input[name=email]', 'not-an-email');
    await page.fill('[data-testid=profile-form] input[name=mobile]', '12345');
    await page.click('[data-testid=profile-save]');
    await until(page, () => document.querySelector('[data-testid=profile-form]')?.textContent?.includes('不是有效的邮箱地址'));
    expect(await page.textContent('[data-testid=profile-form]')).toContain('不是有效的手机号码');
    await snap(page, 'profile-01-bad-input');

    // Another account's e-mail: the server's field message lands on the field (spec 8).
    await page.fill('[data-testid=profile-form] input[name=email]', 'brand@demo.local');
    await page.fill('[data-testid=profile-form] input[name=mobile]', '13912345678');
    await page.click('[data-testid=profile-save]');
    await until(page, () => document.querySelector('[data-testid=profile-form]')?.textContent?.includes('该邮箱已被其他账号使用'));

    await page.fill('[data-testid=profile-form] input[name=email]', 'li.xiaocai@demo.local');
    await page.click('[data-testid=profile-save]');
    await page.waitForSelector('[data-testid=profile-form]', { state: 'detached' });
    expect(await page.textContent('[data-testid=profile-fullname]')).toBe('李小采');
    expect(await page.textContent('[data-testid=user-menu]')).toContain('李小采');

    await page.reload();
    await page.waitForSelector('[data-testid=profile-fullname]');
    expect(await page.textContent('[data-testid=profile-fullname]')).toBe('李小采');
    expect(await page.textContent('[data-testid=profile-email]')).toBe('li.xiaocai@demo.local');
    expect(await page.textContent('[data-testid=profile-mobile]')).toBe('13912345678');
    await snap(page, 'profile-02-saved-after-reload');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('stars a menu entry in the side navigation, finds it on the workspace home after a reload, and unstars it there', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    await page.goto(`${run.server.url}/login`);
    await signIn(page, 'brand');
    await page.waitForSelector('[data-testid=workspace-home]');
    await page.waitForSelector('[data-testid=home-favourites]');
    expect(await page.textContent('[data-testid=home-favourites]')).toContain('还没有常用菜单');

    // The side menu opens one group at a time: its search finds the entry (in either language), with its star.
    expect(await page.locator('[data-testid=side-nav] [data-testid=menu-md\\.vendor]').count()).toBe(0);
    await page.fill('input[data-testid=side-nav-search]', 'vendors');
    await page.waitForSelector('[data-testid=side-nav] [data-testid=menu-md\\.vendor]');
    expect(await page.locator('[data-testid=side-nav] [data-testid^=menu-group-]').count()).toBeLessThan(4);
    await page.click('[data-testid=side-nav] [data-testid=star-md\\.vendor]');
    await page.waitForSelector('[data-testid=star-md\\.vendor][data-starred=true]');
    await page.waitForSelector('[data-testid=favourite-md\\.vendor]');
    await snap(page, 'profile-03-favourite-on-home');
    await page.reload();
    await page.waitForSelector('[data-testid=favourite-md\\.vendor]');
    expect(await page.getAttribute('[data-testid=star-md\\.vendor] >> nth=0', 'data-starred')).toBe('true');

    // The tile opens the list; back home, its star takes it off.
    await page.click('[data-testid=favourite-md\\.vendor]');
    await page.waitForSelector('[data-testid=list-vendor]');
    // The list's own group is open in the side menu, with the entry starred; home is in another group.
    expect(await page.getAttribute('[data-testid=side-nav] [data-testid=star-md\\.vendor]', 'data-starred')).toBe('true');
    await clickMenuEntry(page, 'workspace.home', 'workspace');
    await page.waitForSelector('[data-testid=favourite-md\\.vendor]');
    await page.click('[data-testid=favourite-md\\.vendor] [data-testid=star-md\\.vendor]');
    await page.waitForSelector('[data-testid=favourite-md\\.vendor]', { state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/workspace/home');
    await showMenuEntry(page, 'md.vendor', 'masterdata');
    expect(await page.getAttribute('[data-testid=side-nav] [data-testid=star-md\\.vendor]', 'data-starred')).toBe('false');
    await page.close();
  });

  it('keeps a list\'s column layout and the language on the account, so a browser without a local copy follows them', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1366, height: 820 } });
    const page = await context.newPage();
    await page.goto(`${run.server.url}/md/index/vendor`);
    await signIn(page, 'maker');
    await page.waitForSelector('[data-testid=list-vendor] .ag-header-cell');
    const widthOf = (p: Page, colId: string) => p.$eval(`[data-testid=grid-vendor] .ag-header-cell[col-id=${colId}]`, (el) => Math.round(el.getBoundingClientRect().width));
    const before = await widthOf(page, 'name');
    // Widen the name column by dragging its header edge, as a planner does.
    const handle = await page.$('[data-testid=grid-vendor] .ag-header-cell[col-id=name] .ag-header-cell-resize');
    const box = (await handle!.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 6 });
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    const widened = await widthOf(page, 'name');
    expect(widened).toBeGreaterThan(before + 100);
    // Saved to the account (debounced), not only in this browser.
    await expect.poll(async () => (await accountOf(page)).saved_tables.vendor?.columns.find((c) => c.colId === 'name')?.width ?? 0, { timeout: 10000 }).toBe(widened);

    // Language through the settings page: saved to the account too.
    await page.goto(`${run.server.url}/page/settings`);
    await page.waitForSelector('[data-testid=settings-language]');
    await page.click('[data-testid=settings-language] >> text=English');
    await until(page, () => document.querySelector('[data-testid=settings]')?.textContent?.includes('Preferences'));
    await expect.poll(async () => (await accountOf(page)).language_code, { timeout: 10000 }).toBe('en');

    // Another device: a fresh browser with no local layout and no language of its own.
    const other = await run.browser.newContext({ viewport: { width: 1366, height: 820 } });
    const p2 = await other.newPage();
    await p2.goto(`${run.server.url}/md/index/vendor`);
    await signIn(p2, 'maker');
    await p2.waitForSelector('[data-testid=list-vendor] .ag-header-cell');
    await until(p2, () => document.querySelector('[data-testid=side-nav]')?.textContent?.includes('Master data'));
    expect(await p2.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tablestate:')))).toEqual([]);
    expect(await widthOf(p2, 'name')).toBe(widened);
    await snap(p2, 'profile-04-layout-and-language-on-another-device');

    // Back to Chinese for the account.
    await p2.goto(`${run.server.url}/page/settings`);
    await p2.click('[data-testid=settings-language] >> text=中文');
    await expect.poll(async () => (await accountOf(p2)).language_code, { timeout: 10000 }).toBe('zh-CN');
    await context.close();
    await other.close();
  });
});
