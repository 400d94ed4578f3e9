import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { SIGNATURE_HEADER, verifySignature } from '../../src/server/services/gateway';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor, type Reply } from '../support/resource-client';

/**
 * Issue 35, out-api auto-push: a company's document events reach a receiver on loopback, signed
 * with the endpoint's secret; a failing receiver is retried with backoff until it answers or the
 * attempts run out; a replay delivers the same event again; nothing of another company is pushed.
 */
type Received = { headers: Record<string, string | string[] | undefined>; body: string };

let t: TestApp;
let brand: string;
let maker: string;
let receiver: Server;
let base = '';
const received: Received[] = [];
/** How the receiver answers: the next `failNext` requests get 500, the rest 200. */
const mode = { failNext: 0 };

const parse = <T = Record<string, unknown>>(r: LightMyRequestResponse) => ({ status: r.statusCode, body: r.json() as Reply<T> });
const admin = (token: string) => ({ authorization: `Bearer ${token}` });

type Delivery = { id: number; endpoint_name: string | null; event: string; event_id: string; status: string; attempts: number; response_status: number | null; error: string | null; replay_of: number | null };

async function deliveries(token: string): Promise<Delivery[]> {
  return parse<{ rows: Delivery[] }>(await t.app.inject({ method: 'GET', url: '/api/adminapi/push/deliveries', query: { size: '100' }, headers: admin(token) })).body.data.rows;
}

/** Waits until `check` holds (the sender works in the background), up to `ms`. */
async function until<T>(what: string, read: () => Promise<T>, check: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      if (mode.failNext > 0) {
        mode.failNext--;
        res.writeHead(500).end('down');
      } else res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ push: { allowLoopback: true, retryBaseMs: 100 } });
  brand = await tokenFor(t.database.db, t.config, 'brand');
  maker = await tokenFor(t.database.db, t.config, 'maker');
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => receiver.close(() => r()));
});

describe('out-api push', () => {
  let secret = '';
  let endpointId = 0;

  it('accepts an https endpoint only on the company\'s allow-list', async () => {
    const save = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/adminapi/push/endpoints/save', payload, headers: admin(brand) }).then((r) => parse(r));
    const events = [{ entity: 'vendor', events: ['create'] }];
    const off = await save({ name: 'ERP', url: 'https://erp.yueyi.example/hooks', events });
    expect(off.status).toBe(400);
    expect((off.body.data.errors as Record<string, string>).url).toBe('该域名不在本企业的推送白名单中，请先在“允许的域名”中添加');
    const host = await t.app.inject({ method: 'POST', url: '/api/adminapi/push/hosts/save', payload: { host: 'erp.yueyi.example' }, headers: admin(brand) });
    expect(host.statusCode).toBe(200);
    expect((await save({ name: 'ERP', url: 'http://erp.yueyi.example/hooks', events })).body.data.errors).toEqual({ url: '推送地址必须使用 https' });
    expect((await save({ name: 'ERP', url: 'https://10.0.0.8/hooks', events })).status).toBe(400);
    const onList = await save({ name: 'ERP（停用）', url: 'https://erp.yueyi.example/hooks', events, enabled: false });
    expect(onList.status, JSON.stringify(onList.body)).toBe(200);
    // The host cannot leave the list while an endpoint uses it.
    const hostId = (host.json() as Reply<{ id: number }>).data.id;
    expect((await t.app.inject({ method: 'POST', url: '/api/adminapi/push/hosts/remove', payload: { id: hostId }, headers: admin(brand) })).statusCode).toBe(400);
    // Another company does not see this company's set-up.
    const theirs = parse<{ endpoints: Array<{ name: string; url: string }>; hosts: Array<{ host: string }> }>(await t.app.inject({ method: 'GET', url: '/api/adminapi/push/setup', headers: admin(maker) }));
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.endpoints.map((e) => e.url).filter((u) => u.includes('erp.yueyi.example'))).toEqual([]);
    expect(theirs.body.data.hosts.map((h) => h.host)).not.toContain('erp.yueyi.example');
  });

  it('pushes a created vendor, signed with the endpoint\'s secret', async () => {
    const created = parse<{ endpoint: { id: number }; secret: string }>(await t.app.inject({
      method: 'POST', url: '/api/adminapi/push/endpoints/save', headers: admin(brand),
      payload: { name: '本机接收端', url: `${base}/hook`, events: [{ entity: 'vendor', events: ['create', 'update', 'transition'] }] },
    }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    secret = created.body.data.secret;
    endpointId = created.body.data.endpoint.id;
    expect(secret).toMatch(/^whsec_/);
    const sealed = (await sql<{ secret_sealed: string }>`select secret_sealed from push_endpoint where id = ${endpointId}`.execute(t.database.db)).rows[0].secret_sealed;
    expect(sealed).not.toContain(secret.slice(6));

    const vendors = resourceClient(t.app, brand, 'mdapi', 'vendor');
    const v = await vendors.save({ name: '推送测试面料厂', vendor_type: 'fabric', grade: 'A' });
    expect(v.body.code).toBe(200);
    const got = await until('the create event', async () => received.filter((r) => r.headers['x-garment-event'] === 'vendor.create'), (l) => l.length === 1);
    const event = got[0];
    expect(verifySignature(secret, event.headers[SIGNATURE_HEADER] as string, event.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifySignature('whsec_wrong', event.headers[SIGNATURE_HEADER] as string, event.body, Math.floor(Date.now() / 1000))).toBe(false);
    expect(verifySignature(secret, event.headers[SIGNATURE_HEADER] as string, event.body.replace('推送测试', '篡改'), Math.floor(Date.now() / 1000))).toBe(false);
    const body = JSON.parse(event.body) as { type: string; entity: string; event: string; DATA: Array<Record<string, unknown>>; company: { code: string }; id: string };
    expect(body).toMatchObject({ type: 'vendor.create', entity: 'vendor', event: 'create', company: { code: 'BRAND01' } });
    expect(body.DATA[0]).toMatchObject({ id: v.body.data.id, name: '推送测试面料厂', grade: 'A' });
    expect(event.headers['x-garment-event-id']).toBe(body.id);

    // An update and a transition, each its own event; a refused save none.
    await vendors.save({ ...v.body.data, grade: 'B' });
    const frozen = await vendors.action('freeze', { ids: [v.body.data.id] });
    expect(frozen.body.code, JSON.stringify(frozen.body)).toBe(200);
    expect((await vendors.save({ name: '' })).status).toBe(400);
    const later = await until('update and transition', async () => received.map((r) => JSON.parse(r.body) as { type: string; action: string | null; DATA: Array<{ status?: string }> }), (l) => l.length >= 3);
    expect(later.map((e) => e.type)).toEqual(['vendor.create', 'vendor.update', 'vendor.transition']);
    expect(later[2]).toMatchObject({ action: 'freeze', DATA: [{ status: 'frozen' }] });
    const log = await deliveries(brand);
    expect(log.filter((d) => d.status === 'sent')).toHaveLength(3);
    expect(log[0]).toMatchObject({ status: 'sent', attempts: 1, response_status: 204 });
    // The log names the endpoint (read under the company's row-level security, not as removed).
    expect(log[0].endpoint_name).toBe('本机接收端');
  });

  it('pushes nothing of another company', async () => {
    const before = received.length;
    const theirs = await resourceClient(t.app, maker, 'mdapi', 'vendor').save({ name: '别家的供应商', vendor_type: 'trim' });
    expect(theirs.body.code).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(received.length).toBe(before);
    expect(await deliveries(maker)).toEqual([]);
  });

  it('retries a failing receiver with backoff until it answers', async () => {
    mode.failNext = 2;
    const from = received.length;
    await resourceClient(t.app, brand, 'mdapi', 'vendor').save({ name: '重试测试供应商', vendor_type: 'fabric' });
    const done = await until('the retried delivery', () => deliveries(brand), (l) => l[0]?.status === 'sent' && l[0].event === 'vendor.create');
    expect(done[0]).toMatchObject({ attempts: 3, response_status: 204, error: null });
    const tries = received.slice(from);
    expect(tries).toHaveLength(3);
    // The same event each time, signed each time.
    expect(new Set(tries.map((r) => r.headers['x-garment-event-id'])).size).toBe(1);
    for (const r of tries) expect(verifySignature(secret, r.headers[SIGNATURE_HEADER] as string, r.body, Math.floor(Date.now() / 1000))).toBe(true);
  });

  it('gives up after the last attempt, keeps the error, and a replay delivers the event again', async () => {
    mode.failNext = 100;
    await resourceClient(t.app, brand, 'mdapi', 'vendor').save({ name: '失败测试供应商', vendor_type: 'fabric' });
    const failed = await until('the failed delivery', () => deliveries(brand), (l) => l[0]?.status === 'failed', 20_000);
    expect(failed[0]).toMatchObject({ attempts: 6, response_status: 500, error: 'HTTP 500' });
    mode.failNext = 0;
    const from = received.length;
    const replay = parse<{ delivery_id: number }>(await t.app.inject({ method: 'POST', url: '/api/adminapi/push/deliveries/replay', payload: { id: failed[0].id }, headers: admin(brand) }));
    expect(replay.status).toBe(200);
    const after = await until('the replay', () => deliveries(brand), (l) => l[0]?.id === replay.body.data.delivery_id && l[0].status === 'sent');
    expect(after[0]).toMatchObject({ replay_of: failed[0].id, event_id: failed[0].event_id, attempts: 1 });
    const got = received.slice(from);
    expect(got).toHaveLength(1);
    expect(got[0].headers['x-garment-event-id']).toBe(failed[0].event_id);
    expect(verifySignature(secret, got[0].headers[SIGNATURE_HEADER] as string, got[0].body, Math.floor(Date.now() / 1000))).toBe(true);
    // Another company can neither replay nor read it.
    expect((await t.app.inject({ method: 'POST', url: '/api/adminapi/push/deliveries/replay', payload: { id: failed[0].id }, headers: admin(maker) })).statusCode).toBe(404);
  });

  it('signs with a new secret once rotated, and a user who is not an administrator has no access', async () => {
    const rotated = parse<{ secret: string }>(await t.app.inject({ method: 'POST', url: '/api/adminapi/push/endpoints/rotate-secret', payload: { id: endpointId }, headers: admin(brand) }));
    const fresh = rotated.body.data.secret;
    expect(fresh).not.toBe(secret);
    const from = received.length;
    expect((await t.app.inject({ method: 'POST', url: '/api/adminapi/push/endpoints/ping', payload: { id: endpointId }, headers: admin(brand) })).statusCode).toBe(200);
    await until('the ping', async () => received.length, (n) => n > from);
    const ping = received[from];
    expect(ping.headers['x-garment-event']).toBe('ping');
    expect(verifySignature(fresh, ping.headers[SIGNATURE_HEADER] as string, ping.body, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifySignature(secret, ping.headers[SIGNATURE_HEADER] as string, ping.body, Math.floor(Date.now() / 1000))).toBe(false);
    const buyer = await tokenFor(t.database.db, t.config, 'brand.buyer');
    expect((await t.app.inject({ method: 'GET', url: '/api/adminapi/push/deliveries', headers: admin(buyer) })).statusCode).toBe(403);
  });
});
