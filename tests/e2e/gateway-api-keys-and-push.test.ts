import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snap, startServer, type RunningServer } from './support/harness';
import { signIn, toast } from './support/steps';

/**
 * The outside-system calls (issue 35, docs/architecture-gateway.md) on their screens, as the maker's
 * administrator: an API key made with a read scope on customer orders, its secret shown once (closing
 * the dialog is the only way out, the list shows its first characters only), used by another system
 * (it lists customer orders, is refused work orders), revoked after a confirmation (then refused);
 * a push endpoint to a receiver on this machine (the server runs with PUSH_ALLOW_LOOPBACK=1): its host
 * allowed, the endpoint made, its signing secret shown once; a test event reaches the receiver signed
 * with that secret, the delivery log shows it delivered, and a replay brings the same event id again.
 */
let server: RunningServer;
let browser: Browser;
let receiver: Server;
type Received = { headers: Record<string, string | string[] | undefined>; body: string };
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += String(d)));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const [s, b] = await Promise.allSettled([startServer({ PUSH_ALLOW_LOOPBACK: '1', PUSH_POLL_MS: '500' }), launchBrowser()]);
  if (s.status === 'fulfilled') server = s.value;
  if (b.status === 'fulfilled') browser = b.value;
  if (s.status === 'rejected') throw s.reason;
  if (b.status === 'rejected') throw b.reason;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => receiver?.close(r));
});

/** Another system's call with the key (not the browser's session). */
async function withKey(key: string, path: string): Promise<{ status: number; code: number; rows: number }> {
  const r = await fetch(`${server.url}/api/thirdapi/${path}`, { headers: { 'x-api-key': key } });
  const j = (await r.json()) as { code: number; data?: { rows?: unknown[] } };
  return { status: r.status, code: j.code, rows: j.data?.rows?.length ?? 0 };
}

/** Waits until the receiver holds `n` requests. */
async function receivedCount(n: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (received.length < n) {
    if (Date.now() > deadline) throw new Error(`the receiver got ${received.length} requests, not ${n}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const shots = async (page: Page, name: string) => {
  await snap(page, `${name}-1366`);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, `${name}-1920`);
  await page.setViewportSize({ width: 1366, height: 768 });
};

describe('gateway screens', () => {
  it('an API key is made with its scopes, shown once, used within them, and revoked after a confirmation', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.url, '/admin/page/apikeys', 'maker');
    await page.waitForSelector('[data-testid=admin-apikeys]:has-text("还没有 API 密钥")');
    await page.click('[data-testid=apikey-create]');
    await page.fill('[data-testid=apikey-name]', 'MES 读取订单');
    await page.fill('[data-testid=apikey-rate]', '120');
    await page.check('[data-testid=apikey-scope-customerorder] input[value=read]');
    await shots(page, 'gateway-01-new-key');
    await page.click('[data-testid=apikey-save]');
    await page.waitForSelector('[data-testid=apikey-secret]');
    const key = await page.inputValue('[data-testid=apikey-secret-value]');
    expect(key).toMatch(/^gk_[A-Za-z0-9_-]{40,}$/);
    await shots(page, 'gateway-02-secret-once');
    await page.click('[data-testid=apikey-secret-done]');
    await page.waitForSelector('[data-testid=apikey-secret]', { state: 'detached' });
    const row = page.locator('[data-testid^=apikey-row-]', { hasText: 'MES 读取订单' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(`${key.slice(0, 11)}…`);
    expect(text).not.toContain(key.slice(11, 30));
    expect(text).toContain('有效');
    // Nothing on the page shows the secret again.
    expect(await page.content()).not.toContain(key);
    await shots(page, 'gateway-03-keys');

    // Another system: customer orders within the scope, work orders refused.
    const listed = await withKey(key, 'customerorder/page?size=5');
    expect(listed).toMatchObject({ status: 200, code: 200 });
    expect(listed.rows).toBeGreaterThan(0);
    expect((await withKey(key, 'workorder/page?size=5')).status).toBe(403);

    // Revoked after a confirmation: refused at once, listed as revoked.
    const id = (await row.getAttribute('data-testid'))!.replace('apikey-row-', '');
    await page.click(`[data-testid=apikey-revoke-${id}]`);
    await page.waitForSelector('[data-testid=confirm-ok]');
    expect(await page.textContent('#confirm-text')).toContain('确定吊销密钥“MES 读取订单”');
    await page.click('[data-testid=confirm-ok]');
    await toast(page, 'success', '密钥已吊销');
    await page.waitForSelector(`[data-testid=apikey-row-${id}]:has-text("已吊销")`);
    expect(await page.locator(`[data-testid=apikey-revoke-${id}]`).count()).toBe(0);
    expect((await withKey(key, 'customerorder/page?size=5')).status).toBe(401);
    expect(errors).toEqual([]);
  });

  it('a push endpoint to an allowed host gets a signed test event, delivered in the log, and its replay', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const port = (receiver.address() as AddressInfo).port;
    await signIn(page, server.url, '/admin/page/push', 'maker');
    await page.waitForSelector('[data-testid=push-endpoints] [data-testid^=push-endpoint-]');
    await shots(page, 'gateway-04-push-endpoints');

    // The receiver's host on the allow-list.
    await page.click('[data-testid=push-tab-hosts]');
    await page.fill('[data-testid=push-host-input]', `127.0.0.1:${port}`);
    await page.click('[data-testid=push-host-add]');
    await page.waitForSelector(`[data-testid=push-hosts]:has-text("127.0.0.1:${port}")`);
    await shots(page, 'gateway-05-push-hosts');

    // The endpoint: customer orders created; its signing secret shown once.
    await page.click('[data-testid=push-tab-endpoints]');
    await page.click('[data-testid=push-endpoint-create]');
    await page.fill('[data-testid=push-endpoint-name]', 'E2E 接收端');
    await page.fill('[data-testid=push-endpoint-url]', `http://127.0.0.1:${port}/hook`);
    await page.check('[data-testid=push-event-customerorder-create]');
    await shots(page, 'gateway-06-push-endpoint-dialog');
    await page.click('[data-testid=push-endpoint-save]');
    await page.waitForSelector('[data-testid=push-secret]');
    const secret = await page.inputValue('[data-testid=push-secret-value]');
    expect(secret).toMatch(/^whsec_/);
    await page.click('[data-testid=push-secret-done]');
    const row = page.locator('[data-testid^=push-endpoint-]', { hasText: 'E2E 接收端' });
    await row.waitFor();
    const id = (await row.getAttribute('data-testid'))!.replace('push-endpoint-', '');

    // A test event, signed with that secret: HMAC-SHA256 of "<t>.<body>".
    await page.click(`[data-testid=push-ping-${id}]`);
    await toast(page, 'success', '测试事件已加入发送队列');
    await receivedCount(1);
    const first = received[0];
    const sig = String(first.headers['x-garment-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(sig)!;
    expect(createHmac('sha256', secret).update(`${t}.${first.body}`).digest('hex')).toBe(v1);
    expect(JSON.parse(first.body)).toMatchObject({ event: 'ping', DATA: [] });

    // The log shows it delivered; a replay (asked first) brings the same event id again.
    await page.click('[data-testid=push-tab-deliveries]');
    const delivered = page.locator('[data-testid^=push-delivery-]', { hasText: '已送达' }).first();
    await delivered.waitFor();
    await shots(page, 'gateway-07-push-log');
    const deliveryId = (await delivered.getAttribute('data-testid'))!.replace('push-delivery-', '');
    await page.click(`[data-testid=push-replay-${deliveryId}]`);
    await page.click('[data-testid=confirm-ok]');
    await toast(page, 'success', '已加入发送队列');
    await receivedCount(2);
    expect(received[1].headers['x-garment-event-id']).toBe(first.headers['x-garment-event-id']);
    expect(errors).toEqual([]);
  });
});
