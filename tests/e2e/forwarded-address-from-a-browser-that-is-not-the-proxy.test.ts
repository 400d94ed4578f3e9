import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snap, startServer, type RunningServer } from './support/harness';
import { clickMenuEntry } from './support/side-menu';
import { until } from './support/steps';

/**
 * Issue 28 item 5 in a real browser against the real server started with TRUST_PROXY=127.0.0.2: a
 * browser on 127.0.0.1 (not the proxy) that sends `X-Forwarded-For: 198.51.100.24` with every
 * request signs in, and its sign-in and its audited change are recorded under 127.0.0.1; the users
 * screen shows that address. A sign-in that really comes from the proxy's address is recorded under
 * the address it forwards (so the setting is in force and the header is read where it should be).
 * Build the client first (`npx vite build`): the server serves dist/client.
 */
const PROXY = '127.0.0.2';
const CLAIMED = '198.51.100.24';
const BROWSER_ADDRESS = '127.0.0.1';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The harness starts the product with extra environment: here the proxy to trust.
  const [started, launched] = await Promise.allSettled([startServer({ TRUST_PROXY: PROXY }), launchBrowser()]);
  if (started.status === 'fulfilled') server = started.value;
  if (launched.status === 'fulfilled') browser = launched.value;
  if (started.status === 'rejected') throw started.reason;
  if (launched.status === 'rejected') throw launched.reason;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const envelope = (await res.json()) as { code: number; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A sign-in sent from the proxy's own address (a second loopback address), forwarding `forwardedFor`. */
function signInFromProxy(username: string, forwardedFor: string): Promise<{ code: number; data: { access_token: string } }> {
  const url = new URL(`${server.url}/api/access/login`);
  const payload = JSON.stringify({ username, password: 'Demo1234' });
  return new Promise((ok, fail) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: PROXY, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'x-forwarded-for': forwardedFor } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += String(d)));
        res.on('end', () => ok(JSON.parse(text)));
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

describe('a forwarded address is not believed from a browser that is not the proxy', () => {
  it('records the browser’s own address for its sign-in and its changes, and the proxy’s forwarded address for the proxy', async () => {
    // The proxy's own sign-in: believed.
    expect((await signInFromProxy('brand.buyer', `203.0.113.7, ${CLAIMED}`)).code).toBe(200);

    const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, extraHTTPHeaders: { 'X-Forwarded-For': CLAIMED } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/login`);
    await page.waitForSelector('[data-testid=login-form]');
    await page.fill('input[name=username]', 'brand');
    await page.fill('input[name=password]', 'Demo1234');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/access/login') && r.method() === 'POST');
    await page.click('[data-testid=login-submit]');
    // The browser did send the header with its sign-in.
    expect((await (await sent).allHeaders())['x-forwarded-for']).toBe(CLAIMED);
    await page.waitForSelector('[data-testid=workspace-home]');

    // An audited change of the browser's own profile, sent by the page (with the header too).
    const saved = await page.evaluate(async () => {
      const res = await fetch('/api/clientinfoapi/user-profile/save-profile', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fullname: '品牌管理员（地址核对）' }),
      });
      return res.status;
    });
    expect(saved).toBe(200);

    // The users screen: the browser's sign-in under its loopback address, the proxied one under the forwarded address.
    await clickMenuEntry(page, 'admin.user');
    await page.waitForSelector('[data-testid=admin-users] .ag-row [col-id=last_login_ip]');
    // Each user's row of the engine's list (issue 30): found by the quick search, its sign-in address cell.
    const addressOf = async (username: string) => {
      await page.fill('[data-testid=quick-search]', username);
      await until(page, (u) => document.querySelector('.ag-row[row-index="0"] [col-id=username]')?.textContent === u, username, { timeout: 15_000 });
      return (await page.textContent('.ag-row[row-index="0"] [col-id=last_login_ip]')) ?? '';
    };
    expect(await addressOf('brand')).toContain(BROWSER_ADDRESS);
    expect(await addressOf('brand')).not.toContain(CLAIMED);
    expect(await addressOf('brand.buyer')).toContain(CLAIMED);
    await snap(page, 'forwarded-01-users-last-sign-in-address');

    // The same through the API (asked without any header): last sign-in and the audit log's address.
    const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
    const users = await api<{ rows: Array<{ username: string; last_login_ip: string | null }> }>(token, '/adminapi/users?q=brand');
    expect(users.rows.find((u) => u.username === 'brand')?.last_login_ip).toBe(BROWSER_ADDRESS);
    expect(users.rows.find((u) => u.username === 'brand.buyer')?.last_login_ip).toBe(CLAIMED);
    const audit = await api<{ rows: Array<{ action: string; username: string; ip: string | null }> }>(token, '/adminapi/audit?entity=user&username=brand');
    const own = audit.rows.find((r) => r.action === 'update-own-profile' && r.username === 'brand');
    expect(own?.ip, JSON.stringify(audit.rows.slice(0, 3))).toBe(BROWSER_ADDRESS);

    expect(errors).toEqual([]);
    await context.close();
  });
});
