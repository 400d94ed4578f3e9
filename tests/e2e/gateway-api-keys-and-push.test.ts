import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, snap, startServer, type RunningServer } from './support/harness';
import { signIn, toast, until } from './support/steps';

/**
 * The outside-system calls (issue 35, docs/architecture-gateway.md) on their screens, as the maker's
 * administrator: an API key made in the engine's drawer with a read scope on customer orders, its
 * secret shown once (closing the dialog is the only way out, the list shows its first characters
 * only), used by another system (it lists customer orders, is refused work orders), revoked from the
 * toolbar after a confirmation (then refused, under the 已吊销 tab);
 * a push endpoint to a receiver on this machine (the server runs with PUSH_ALLOW_LOOPBACK=1): its host
 * allowed in the allow-list's engine list, the endpoint made in the engine's drawer, its signing secret
 * shown once; a test event from the toolbar reaches the receiver signed with that secret, a new secret
 * is asked first and shown once, the delivery log shows it delivered, and a replay from the delivery's
 * drawer brings the same event id again.
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

/** An input of the drawer's field. */
const field = (key: string, selector: string) => `[data-testid=entity-form] [data-field=${key}] ${selector}`;

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
    // The engine's list of the view entity api_key: none yet, so its empty state says what keys are for.
    await page.waitForSelector('[data-testid=admin-apikeys]:has-text("第三方系统用 API 密钥调用平台接口")');
    await page.click('[data-testid=action-create]');
    await page.fill(field('name', 'input'), 'MES 读取订单');
    await page.fill(field('rate_per_minute', 'input'), '120');
    await page.check('[data-testid=apikey-scope-customerorder] input[value=read]');
    await shots(page, 'gateway-01-new-key');
    await page.click('[data-testid=form-save]');
    await page.waitForSelector('[data-testid=secret-once]');
    const key = await page.inputValue('[data-testid=secret-once-value]');
    expect(key).toMatch(/^gk_[A-Za-z0-9_-]{40,}$/);
    await shots(page, 'gateway-02-secret-once');
    await page.click('[data-testid=secret-once-done]');
    await page.waitForSelector('[data-testid=secret-once]', { state: 'detached' });
    await until(page, () => document.querySelector('.ag-row[row-index="0"] [col-id=name]')?.textContent === 'MES 读取订单');
    expect(await page.textContent('.ag-row[row-index="0"] [col-id=key_prefix]')).toBe(key.slice(0, 11));
    expect(await page.textContent('.ag-row[row-index="0"] [col-id=status]')).toBe('有效');
    expect(await page.textContent('.ag-row[row-index="0"] [col-id=scopes_text]')).toBe('客户订单 · 读取');
    // Nothing on the page shows the secret again.
    expect(await page.content()).not.toContain(key.slice(11));
    await shots(page, 'gateway-03-keys');

    // Another system: customer orders within the scope, work orders refused.
    const listed = await withKey(key, 'customerorder/page?size=5');
    expect(listed).toMatchObject({ status: 200, code: 200 });
    expect(listed.rows).toBeGreaterThan(0);
    expect((await withKey(key, 'workorder/page?size=5')).status).toBe(403);

    // Revoked after a confirmation: refused at once, listed as revoked, not offered again.
    await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    await page.click('[data-testid=action-revoke]');
    await page.waitForSelector('[role=dialog]:has-text("确定吊销所选密钥")');
    await page.click('[data-testid=transition-ok]');
    await toast(page, 'success', '操作成功');
    await until(page, () => document.querySelector('.ag-row[row-index="0"] [col-id=status]')?.textContent === '已吊销');
    expect((await withKey(key, 'customerorder/page?size=5')).status).toBe(401);
    await page.click('[data-testid=tab-revoked]');
    await until(page, () => document.querySelector('.ag-row[row-index="0"] [col-id=name]')?.textContent === 'MES 读取订单');
    expect(errors).toEqual([]);
  });

  it('a push endpoint to an allowed host gets a signed test event, delivered in the log, and its replay', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const port = (receiver.address() as AddressInfo).port;
    // The engine's list of push endpoints: the demo's own, switched off.
    await signIn(page, server.url, '/admin/page/push', 'maker');
    await until(page, () => document.querySelector('[data-testid=admin-push] .ag-row[row-index="0"] [col-id=name]')?.textContent === 'MES 生产计划');
    await shots(page, 'gateway-04-push-endpoints');

    // The receiver's host on the allow-list (its own engine list).
    await page.goto(`${server.url}/admin/page/pushhosts`);
    await page.click('[data-testid=action-create]');
    await page.fill(field('host', 'input'), `127.0.0.1:${port}`);
    await page.click('[data-testid=form-save]');
    await until(page, (h) => [...document.querySelectorAll('.ag-row [col-id=host]')].some((c) => c.textContent === h), `127.0.0.1:${port}`);
    await shots(page, 'gateway-05-push-hosts');

    // The endpoint: customer orders created; its signing secret shown once.
    await page.goto(`${server.url}/admin/page/push`);
    await page.click('[data-testid=action-create]');
    await page.fill(field('name', 'input'), 'E2E 接收端');
    await page.fill(field('url', 'input'), `http://127.0.0.1:${port}/hook`);
    await page.check('[data-testid=push-event-customerorder-create]');
    await shots(page, 'gateway-06-push-endpoint-dialog');
    await page.click('[data-testid=form-save]');
    await page.waitForSelector('[data-testid=secret-once]');
    const secret = await page.inputValue('[data-testid=secret-once-value]');
    expect(secret).toMatch(/^whsec_/);
    await page.click('[data-testid=secret-once-done]');
    await page.fill('[data-testid=quick-search]', 'E2E');
    await until(page, () => document.querySelector('.ag-row[row-index="0"] [col-id=name]')?.textContent === 'E2E 接收端' && !document.querySelector('.ag-row[row-index="1"]'));
    expect(await page.textContent('.ag-row[row-index="0"] [col-id=events_text]')).toBe('客户订单：新建');

    // A test event, signed with that secret: HMAC-SHA256 of "<t>.<body>".
    await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    await page.click('[data-testid=action-ping]');
    await toast(page, 'success', '操作成功');
    await receivedCount(1);
    const first = received[0];
    const sig = String(first.headers['x-garment-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(sig)!;
    expect(createHmac('sha256', secret).update(`${t}.${first.body}`).digest('hex')).toBe(v1);
    expect(JSON.parse(first.body)).toMatchObject({ event: 'ping', DATA: [] });

    // A new signing secret, asked first and shown once: another one.
    await page.click('[data-testid=action-rotate-secret]');
    await page.waitForSelector('[role=dialog]:has-text("确定为所选推送地址更换签名密钥")');
    await page.click('[data-testid=transition-ok]');
    await page.waitForSelector('[data-testid=secret-once]');
    const rotated = await page.inputValue('[data-testid=secret-once-value]');
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.click('[data-testid=secret-once-done]');

    // The log shows it delivered; a replay (asked first) brings the same event id again.
    await page.goto(`${server.url}/admin/page/pushlog`);
    await page.click('[data-testid=tab-sent]');
    await until(page, () => document.querySelector('.ag-row[row-index="0"] [col-id=subject]')?.textContent === 'ping');
    await shots(page, 'gateway-07-push-log');
    await page.dblclick('.ag-row[row-index="0"] [col-id=subject]');
    await page.click('[data-testid=push-replay]');
    await page.click('[data-testid=confirm-ok]');
    await toast(page, 'success', '已加入发送队列');
    await receivedCount(2);
    expect(received[1].headers['x-garment-event-id']).toBe(first.headers['x-garment-event-id']);
    expect(errors).toEqual([]);
  });
});
