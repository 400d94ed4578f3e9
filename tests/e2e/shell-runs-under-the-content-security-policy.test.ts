import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile } from './support/harness';

/**
 * Issue 20: the server sends a Content-Security-Policy with every reply, and the built app must still
 * work under it: Fluent UI and AG Grid inject styles, the socket connects to the same origin, forms
 * open in drawers. The browser reports every blocked script, style, image or connection both as a
 * console message and as a `securitypolicyviolation` event; either fails this test.
 * Build the client first (`npx vite build`): the server serves dist/client.
 */
const run = serverAndBrowserForFile();

/** Collects CSP violations of a page from its console and from the document's violation events. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) messages.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...messages, ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []))];
}

describe('the app under its Content-Security-Policy', () => {
  it('signs in, shows a grid, opens a form drawer and a master-detail page without one violation', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const violations = await watchViolations(page);

    const index = await page.goto(`${run.server.url}/md/index/vendor`);
    const headers = index?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');

    await page.waitForSelector('[data-testid=login-form]');
    await page.fill('input[name=username]', 'maker');
    await page.fill('input[name=password]', 'Demo1234');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=grid-vendor] .ag-header-cell');
    await page.waitForSelector('[data-testid=row-total]');
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    expect(await violations()).toEqual([]);

    await page.goto(`${run.server.url}/md/masterdetail/material`);
    await page.waitForSelector('.ag-row[row-index="0"]');
    await page.goto(`${run.server.url}/workspace/home`);
    await page.waitForSelector('[data-testid=workspace-home]');
    // Give the socket time to connect (same origin, allowed by connect-src 'self').
    await page.waitForTimeout(1500);
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
