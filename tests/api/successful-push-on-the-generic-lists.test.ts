import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 30: a company's push set-up and log are the engine's lists of the view entities
 * `push_host` (allowed hosts: in use while an endpoint names them, then neither changed nor
 * removed), `push_endpoint` (its signing secret in the save's reply once, a new one in the
 * `rotate-secret` action's reply once, never read back; the events in words; a test event queued)
 * and `push_delivery` (read-only, the company's push rows of the outbox). Another company's rows
 * are 404, a member without the menu is refused.
 */
let t: TestApp;
let brand: string;
let maker: string;
let buyer: string;
const client = (token: string, entity: string) => resourceClient(t.app, token, 'adminapi', entity);

beforeAll(async () => {
  t = await createTestApp({ push: { allowLoopback: false, retryBaseMs: 100 } });
  brand = await tokenFor(t.database.db, t.config, 'brand');
  maker = await tokenFor(t.database.db, t.config, 'maker');
  buyer = await tokenFor(t.database.db, t.config, 'brand.buyer');
});
afterAll(async () => t?.close());

describe('push on the engine', () => {
  let hostId = 0;
  let endpointId = 0;

  it('adds a host in its plain form once, free until an endpoint names it', async () => {
    const added = await client(brand, 'push_host').save({ host: ' ERP.Push-Test.example ' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    hostId = Number(added.body.data.id);
    expect(added.body.data).toMatchObject({ host: 'erp.push-test.example', state: 'free' });
    const again = await client(brand, 'push_host').save({ host: 'erp.push-test.example' });
    expect(again.body.data.errors).toMatchObject({ host: '该域名已在白名单中' });
    expect((await client(brand, 'push_host').save({ host: 'not a host/path' })).status).toBe(400);
  });

  it('makes an endpoint whose reply carries its signing secret once', async () => {
    const refused = await client(brand, 'push_endpoint').save({ name: 'x', url: 'https://elsewhere.example/h', events: [{ entity: 'vendor', events: ['create'] }] });
    expect(refused.body.data.errors).toMatchObject({ url: '该域名不在本企业的推送白名单中，请先在“允许的域名”中添加' });
    const made = await client(brand, 'push_endpoint').save({ name: 'BI 接收', url: 'https://erp.push-test.example/hook', events: [{ entity: 'vendor', events: ['create', 'transition'] }], enabled: true });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    endpointId = Number(made.body.data.id);
    const secret = String(made.body.data.secret);
    expect(secret).toMatch(/^whsec_/);
    expect(made.body.data).toMatchObject({ state: 'enabled', events_text: '供应商：新建、状态变更', sent_24h: 0 });
    const view = await client(brand, 'push_endpoint').view(endpointId);
    expect(JSON.stringify(view.body)).not.toContain(secret.slice(6));
    expect(view.body.data).not.toHaveProperty('secret_sealed');
    // The host is in use now: neither changed nor removed.
    const host = (await client(brand, 'push_host').view(hostId)).body.data;
    expect(host.state).toBe('in_use');
    expect((await client(brand, 'push_host').save({ id: hostId, version: host.version, host: 'other.push-test.example' })).status).toBe(400);
    expect((await client(brand, 'push_host').remove([hostId], [Number(host.version)])).status).toBe(400);

    const rotated = await client(brand, 'push_endpoint').action('rotate-secret', { ids: [endpointId] });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const fresh = String(((rotated.body.data as { data?: Array<{ secret: string }> }).data ?? [])[0].secret);
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    const audit = await sql<{ changes: unknown }>`select changes from audit_log where entity = 'push_endpoint' and record_id = ${endpointId}`.execute(t.database.db);
    expect(audit.rows.map((r) => r.changes)).toHaveLength(2);
    expect(JSON.stringify(audit.rows)).not.toContain(fresh.slice(6));
  });

  it('queues a test event, listed read-only in the company\'s log', async () => {
    expect((await client(brand, 'push_endpoint').action('ping', { ids: [endpointId] })).status).toBe(200);
    const log = await client(brand, 'push_delivery').page({ tabs: 1 });
    expect(log.status).toBe(200);
    expect(log.body.data.rows[0]).toMatchObject({ subject: 'ping', endpoint_name: 'BI 接收', endpoint_id: endpointId });
    expect(log.body.data.tabs?.all).toBe(1);
    expect((await client(brand, 'push_delivery').save({ id: log.body.data.rows[0].id, version: 0, error: 'x' })).status).toBe(404);
    expect((await client(maker, 'push_delivery').page()).body.data.rows).toEqual([]);
  });

  it('is another company\'s 404 and a member\'s 403', async () => {
    expect((await client(maker, 'push_endpoint').view(endpointId)).status).toBe(404);
    expect((await client(maker, 'push_endpoint').action('rotate-secret', { ids: [endpointId] })).status).toBe(404);
    expect((await client(maker, 'push_host').view(hostId)).status).toBe(404);
    for (const entity of ['push_endpoint', 'push_host', 'push_delivery']) expect((await client(buyer, entity).page()).status, entity).toBe(403);
  });

  it('removes an endpoint (its deliveries stay), then its host', async () => {
    const ep = (await client(brand, 'push_endpoint').view(endpointId)).body.data;
    expect((await client(brand, 'push_endpoint').remove([endpointId], [Number(ep.version)])).status).toBe(200);
    expect((await client(brand, 'push_delivery').page()).body.data.rows[0]).toMatchObject({ subject: 'ping', endpoint_name: null });
    const host = (await client(brand, 'push_host').view(hostId)).body.data;
    expect(host.state).toBe('free');
    expect((await client(brand, 'push_host').remove([hostId], [Number(host.version)])).status).toBe(200);
  });
});
