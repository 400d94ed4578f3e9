import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../support/test-app';
import { tokenFor, type Reply } from '../support/resource-client';

/**
 * Issue 35, the third-party gateway: an API key of a company lists and saves within its scopes and
 * no more, under its creator's rights and data permissions, never reaches another company, is
 * refused once revoked or expired, and is held to its rate (429). Also `/sf/send-temp-token`.
 */
let t: TestApp;
let brand: string;
let maker: string;
let buyer: string;
const parse = <T = Record<string, unknown>>(r: LightMyRequestResponse) => ({ status: r.statusCode, body: r.json() as Reply<T>, headers: r.headers });

beforeAll(async () => {
  t = await createTestApp();
  brand = await tokenFor(t.database.db, t.config, 'brand');
  maker = await tokenFor(t.database.db, t.config, 'maker');
  buyer = await tokenFor(t.database.db, t.config, 'brand.buyer');
});
afterAll(async () => t?.close());

const asSession = (token: string) => ({ authorization: `Bearer ${token}` });

async function createKey(token: string, payload: Record<string, unknown>) {
  // A refused save answers the fields' messages in `data.errors` instead of the key.
  return parse<{ key: { id: number; key_prefix: string; status: string }; secret: string; errors?: Record<string, unknown> }>(
    await t.app.inject({ method: 'POST', url: '/api/adminapi/api-keys/save', payload, headers: asSession(token) }),
  );
}

const withKey = (key: string) => ({ 'x-api-key': key });
const get = async (url: string, key: string, query: Record<string, string> = {}) => parse<{ rows: Array<Record<string, unknown>>; total: number } & Record<string, unknown>>(await t.app.inject({ method: 'GET', url, query, headers: withKey(key) }));
const post = async (url: string, key: string, payload: Record<string, unknown>) => parse<Record<string, unknown>>(await t.app.inject({ method: 'POST', url, payload, headers: withKey(key) }));

describe('API keys of a company through the gateway', () => {
  let key = '';
  let keyId = 0;

  it('is created by a company administrator, shown once, and listed without its secret', async () => {
    const created = await createKey(brand, { name: 'ERP 同步', scopes: [{ entity: 'vendor', access: 'read' }, { entity: 'material', access: 'write' }], rate_per_minute: 100 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    key = created.body.data.secret;
    keyId = created.body.data.key.id;
    expect(key).toMatch(/^gk_[A-Za-z0-9_-]{43}$/);
    const list = parse<{ rows: Array<Record<string, unknown>> }>(await t.app.inject({ method: 'GET', url: '/api/adminapi/api-keys', headers: asSession(brand) }));
    const row = list.body.data.rows.find((r) => r.id === keyId)!;
    expect(row).toMatchObject({ name: 'ERP 同步', key_prefix: key.slice(0, 11), status: 'active', rate_per_minute: 100 });
    expect(JSON.stringify(list.body.data)).not.toContain(key);
    const stored = await sql<{ secret_hash: string }>`select secret_hash from api_key where id = ${keyId}`.execute(t.database.db);
    expect(stored.rows[0].secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].secret_hash).not.toContain(key.slice(3));
  });

  it('is refused to a user who is not an administrator, and cannot grant what does not exist', async () => {
    const byBuyer = await createKey(buyer, { name: 'x', scopes: [{ entity: 'vendor', access: 'read' }] });
    expect(byBuyer.status).toBe(403);
    const unknown = await createKey(brand, { name: 'x', scopes: [{ entity: 'users', access: 'read' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.errors).toHaveProperty('scopes');
    const empty = await createKey(brand, { name: '', scopes: [] });
    expect(Object.keys(empty.body.data.errors as object).sort()).toEqual(['name', 'scopes']);
  });

  it('lists within its read scope exactly what its creator sees, on every gateway prefix', async () => {
    const mine = parse<{ rows: Array<{ id: number }> }>(await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/page', query: { size: '200' }, headers: asSession(brand) }));
    for (const prefix of ['vfapi', 'plmapi', 'thirdapi', 'thirdscmapi', 'thirdplmapi']) {
      const page = await get(`/api/${prefix}/vendor/page`, key, { size: '200' });
      expect(page.status, `${prefix}: ${JSON.stringify(page.body)}`).toBe(200);
      expect(page.body.data.rows.map((r) => r.id)).toEqual(mine.body.data.rows.map((r) => r.id));
    }
    expect(mine.body.data.rows.length).toBeGreaterThan(0);
  });

  it('writes nothing outside its scopes: no vendor save, no purchase orders at all', async () => {
    const save = await post('/api/thirdapi/vendor/save', key, { name: '不该建的供应商', vendor_type: 'fabric' });
    expect(save.status).toBe(403);
    expect(save.body.message).toBe('该 API 密钥无权写入“供应商”');
    const count = await sql<{ n: number }>`select count(*)::int as n from md_vendor where name = '不该建的供应商'`.execute(t.database.db);
    expect(count.rows[0].n).toBe(0);
    const orders = await get('/api/thirdapi/purorder/page', key);
    expect(orders.status).toBe(403);
    const admin = await get('/api/thirdapi/outbox/page', key);
    expect(admin.status).toBe(404);
  });

  it('saves within its write scope, audited as its creator', async () => {
    const vendorId = (await get('/api/thirdapi/vendor/page', key, { size: '1' })).body.data.rows[0].id;
    const saved = await post('/api/thirdscmapi/material/save', key, { name: '接口建的物料 40S', material_group: 'fabric', unit: 'M', vendor_id: vendorId });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const history = await get('/api/thirdapi/material/history', key, { id: String(saved.body.data.id) });
    expect(history.status).toBe(200);
    const brandAdmin = await sql<{ id: number }>`select id from users where username = 'brand'`.execute(t.database.db);
    expect(Number(saved.body.data.created_by)).toBe(brandAdmin.rows[0].id);
  });

  it('never reaches another company: its ids are not found, its rows never listed', async () => {
    const makerVendor = parse<{ rows: Array<{ id: number; name: string }> }>(await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/page', query: { size: '1' }, headers: asSession(maker) }));
    const other = makerVendor.body.data.rows[0];
    const view = await get('/api/thirdapi/vendor/view', key, { id: String(other.id) });
    expect(view.status).toBe(404);
    const listed = await get('/api/thirdapi/vendor/page', key, { size: '500' });
    expect(listed.body.data.rows.map((r) => r.id)).not.toContain(other.id);
    const makerMaterial = parse<{ rows: Array<{ id: number; version: number; name: string }> }>(await t.app.inject({ method: 'GET', url: '/api/mdapi/material/page', query: { size: '1' }, headers: asSession(maker) })).body.data.rows[0];
    const edit = await post('/api/thirdapi/material/save', key, { id: makerMaterial.id, version: makerMaterial.version, name: '改名', material_group: 'fabric', unit: 'M' });
    expect(edit.status).toBe(404);
    const stored = await sql<{ name: string }>`select name from md_material where id = ${makerMaterial.id}`.execute(t.database.db);
    expect(stored.rows[0].name).toBe(makerMaterial.name);
  });

  it('follows its creator\'s data permissions as the screens do', async () => {
    const admin = (await sql<{ id: number; client_id: number }>`select id, client_id from users where username = 'brand'`.execute(t.database.db)).rows[0];
    await sql`insert into data_permissions (client_id, user_id, menu_code, field, operator, value) values (${admin.client_id}, ${admin.id}, 'md.vendor', 'grade', 'eq', 'A')`.execute(t.database.db);
    try {
      const viaKey = await get('/api/thirdapi/vendor/page', key, { size: '500' });
      const grades = new Set(viaKey.body.data.rows.map((r) => r.grade));
      expect([...grades]).toEqual(['A']);
      const viaScreen = parse<{ rows: Array<{ id: number }> }>(await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/page', query: { size: '500' }, headers: asSession(brand) }));
      expect(viaKey.body.data.rows.map((r) => r.id)).toEqual(viaScreen.body.data.rows.map((r) => r.id));
    } finally {
      await sql`delete from data_permissions where user_id = ${admin.id} and menu_code = 'md.vendor' and field = 'grade'`.execute(t.database.db);
    }
  });

  it('documents in OpenAPI only what it may use', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/thirdapi/openapi.json', headers: withKey(key) });
    expect(doc.statusCode).toBe(200);
    // The document itself, not the envelope: OpenAPI tools read it as it is.
    const body = { data: doc.json() as { openapi: string; paths: Record<string, unknown>; components: { schemas: Record<string, { properties: Record<string, unknown> }> } } };
    const paths = Object.keys(body.data.paths);
    expect(body.data.openapi).toBe('3.1.0');
    expect(paths).toContain('/vendor/page');
    expect(paths).toContain('/material/save');
    expect(paths).not.toContain('/vendor/save');
    expect(paths.some((p) => p.startsWith('/purorder'))).toBe(false);
    expect(Object.keys(body.data.components.schemas).sort()).toEqual(['material', 'vendor']);
    expect(body.data.components.schemas.vendor.properties).toHaveProperty('grade');
  });

  it('answers 429 past its rate, with Retry-After', async () => {
    const limited = (await createKey(brand, { name: '限流', scopes: [{ entity: 'vendor', access: 'read' }], rate_per_minute: 3 })).body.data.secret;
    const statuses: number[] = [];
    let last: ReturnType<typeof parse> | null = null;
    for (let i = 0; i < 5; i++) {
      last = await get('/api/thirdapi/vendor/count', limited);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.body.code).toBe(429);
    // Another key of the same company has its own count.
    expect((await get('/api/thirdapi/vendor/count', key)).status).toBe(200);
  });

  it('is refused once revoked, and once expired', async () => {
    const other = (await createKey(brand, { name: '将过期', scopes: [{ entity: 'vendor', access: 'read' }] })).body.data;
    expect((await get('/api/thirdapi/vendor/count', other.secret)).status).toBe(200);
    await sql`update api_key set expires_at = now() - interval '1 second' where id = ${other.key.id}`.execute(t.database.db);
    const expired = await get('/api/thirdapi/vendor/count', other.secret);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('API 密钥无效、已吊销或已过期');

    const revoke = parse<{ status: string }>(await t.app.inject({ method: 'POST', url: '/api/adminapi/api-keys/revoke', payload: { id: keyId }, headers: asSession(brand) }));
    expect(revoke.body.data.status).toBe('revoked');
    expect((await get('/api/thirdapi/vendor/page', key)).status).toBe(401);
    // Another company's administrator cannot revoke (or see) this company's keys.
    const foreign = await t.app.inject({ method: 'POST', url: '/api/adminapi/api-keys/revoke', payload: { id: other.key.id }, headers: asSession(maker) });
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/thirdapi/vendor/page', 'gk_' + 'x'.repeat(43))).status).toBe(401);
  });

  it('serves a signed-in session on the same prefixes (spec 7: {thirdapi}/{path} with the token)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/thirdapi/vendor/page', query: { token: brand } });
    expect(page.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/thirdapi/vendor/page' })).statusCode).toBe(401);
  });
});

describe('/sf/send-temp-token', () => {
  it('gives a one-use token that opens a session of the same user and company', async () => {
    const sent = parse<{ temp_token: string; expire: number }>(await t.app.inject({ method: 'POST', url: '/api/thirdpartyapi/sf/send-temp-token', payload: { target: 'printui' }, headers: asSession(buyer) }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.expire).toBe(60);
    const login = parse<{ access_token: string; username: string }>(await t.app.inject({ method: 'POST', url: '/api/access/temp-token-login', payload: { temp_token: sent.body.data.temp_token } }));
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.data.username).toBe('brand.buyer');
    const again = await t.app.inject({ method: 'POST', url: '/api/access/temp-token-login', payload: { temp_token: sent.body.data.temp_token } });
    expect(again.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/thirdpartyapi/sf/send-temp-token', payload: {} })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/api/thirdpartyapi/sf/send-temp-token', payload: { target: 'elsewhere' }, headers: asSession(buyer) });
    expect(bad.statusCode).toBe(400);
  });
});
