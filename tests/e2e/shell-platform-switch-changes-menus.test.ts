import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';

/**
 * Issue 10: menu groups declare their platforms, so switching platform in the shell changes the
 * side menu at once (the switch's reply carries the platform's menus), and a reload keeps it.
 * Build the client first (`npx vite build`): the server serves dist/client.
 */
const run = serverAndBrowserForFile();

describe('the platform switch', () => {
  it('shows the orders on the supply platform only, and keeps the chosen platform after a reload', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${run.server.url}/workspace/home`);
    await page.waitForSelector('[data-testid=login-form]');
    await page.fill('input[name=username]', 'brand');
    await page.fill('input[name=password]', 'Demo1234');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=workspace-home]');
    await page.waitForSelector('[data-testid=menu-group-orders]');
    expect(await page.textContent('[data-testid=platform-switch]')).toContain('供应链协同');

    await page.click('[data-testid=platform-switch]');
    await page.click('[role=menuitemradio]:has-text("智造中心")');
    await page.waitForSelector('[data-testid=menu-group-orders]', { state: 'detached', timeout: 15000 });
    await page.waitForSelector('[data-testid=platform-switch]:has-text("智造中心")');
    expect(await page.$('[data-testid=menu-group-masterdata]')).not.toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('platformid'))).toBe('SFCENTER');
    await snap(page, 'shell-platform-01-factory-centre');

    await page.reload();
    await page.waitForSelector('[data-testid=menu-group-masterdata]');
    expect(await page.$('[data-testid=menu-group-orders]')).toBeNull();

    await page.click('[data-testid=platform-switch]');
    await page.click('[role=menuitemradio]:has-text("供应链协同")');
    await page.waitForSelector('[data-testid=menu-group-orders]', { timeout: 15000 });
    await snap(page, 'shell-platform-02-supply');
    expect(errors).toEqual([]);
    await page.close();
  });
});
