import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 30: a company's API keys are the engine's list of the view entity `api_key`. A save without
 * an id makes a key and its reply carries the key this once (nothing reads it again: the list, the
 * record and the audit hold its first characters and digest only); scopes, rate and expiry are
 * checked, scopes fixed once made; name, rate and expiry change at the key's version; a key past its
 * last day reads as expired and stops; revoking (from the active or the expired state) stops it at
 * once and leaves it read-only; every write is audited; another company's key is a 404 and a member
 * without the menu is refused.
 */
let t: TestApp;
let brand: string;
let maker: string;
let buyer: string;
const keys = (token: string) => resourceClient(t.app, token, 'adminapi', 'api_key');

beforeAll(async () => {
  t = await createTestApp();
  brand = await tokenFor(t.database.db, t.config, 'brand');
  maker = await tokenFor(t.database.db, t.config, 'maker');
  buyer = await tokenFor(t.database.db, t.config, 'brand.buyer');
});
afterAll(async () => t?.close());

const gateway = async (key: string) => (await t.app.inject({ method: 'GET', url: '/api/thirdapi/vendor/count', headers: { 'x-api-key': key } })).statusCode;
const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

describe('API keys on the engine', () => {
  let secret = '';
  let id = 0;

  it('makes a key whose reply carries it once; the list and the record never do', async () => {
    const made = await keys(brand).save({ name: ' ERP 读取 ', scopes: [{ entity: 'vendor', access: 'read' }], rate_per_minute: 120, expires_on: null });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    secret = String(made.body.data.secret);
    id = Number(made.body.data.id);
    expect(secret).toMatch(/^gk_[A-Za-z0-9_-]{43}$/);
    expect(made.body.data).toMatchObject({ name: 'ERP 读取', key_prefix: secret.slice(0, 11), status: 'active', rate_per_minute: 120, version: 1, created_by_name: expect.any(String) });
    const page = await keys(brand).page({ tabs: 1 });
    expect(page.body.data.rows.map((r) => r.id)).toContain(id);
    expect(page.body.data.rows.find((r) => r.id === id)).toMatchObject({ scopes_text: '供应商 · 读取', scopes: [{ entity: 'vendor', access: 'read' }] });
    expect(page.body.data.tabs).toMatchObject({ active: 1, expired: 0, revoked: 0 });
    const view = await keys(brand).view(id);
    for (const body of [page.body, view.body]) expect(JSON.stringify(body)).not.toContain(secret.slice(11));
    const audit = await sql<{ changes: unknown }>`select changes from audit_log where entity = 'api_key' and record_id = ${id} and action = 'create'`.execute(t.database.db);
    expect(audit.rows).toHaveLength(1);
    expect(JSON.stringify(audit.rows[0].changes)).not.toContain(secret.slice(11));
    expect(await gateway(secret)).toBe(200);
    // Quick search reads the scopes' stored codes; English names them in words.
    expect((await keys(brand).page({ q: 'vendor', opt: 'apikeys' })).body.data.rows.map((r) => r.id)).toContain(id);
    const en = await t.app.inject({ method: 'GET', url: `/api/adminapi/api_key/view?id=${id}`, headers: { authorization: `Bearer ${brand}`, 'x-lang': 'en' } });
    expect((en.json() as { data: { scopes_text: string } }).data.scopes_text).toBe('Vendor · read');
  });

  it('refuses unknown or empty scopes, a rate out of range and a day already over', async () => {
    const bad = await keys(brand).save({ name: 'x', scopes: [{ entity: 'users', access: 'read' }], rate_per_minute: 0, expires_on: '2020-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toMatchObject({ scopes: '授权范围格式不正确', rate_per_minute: '每分钟调用次数须为 1 到 6000 之间的整数', expires_on: '过期时间必须晚于现在' });
    const empty = await keys(brand).save({ name: '', scopes: [], rate_per_minute: 60 });
    expect(Object.keys(empty.body.data.errors as object).sort()).toEqual(['name', 'scopes']);
    const count = await sql<{ n: number }>`select count(*)::int as n from api_key`.execute(t.database.db);
    expect(count.rows[0].n).toBe(1);
  });

  it('changes name, rate and expiry at the version; scopes stay as made', async () => {
    const row = (await keys(brand).view(id)).body.data;
    const fixed = await keys(brand).save({ id, version: row.version, scopes: [{ entity: 'vendor', access: 'write' }] });
    expect(fixed.status).toBe(400);
    expect(fixed.body.data.errors).toMatchObject({ scopes: '密钥创建后不能更改授权范围，请新建一个密钥' });
    const day = tomorrow();
    const saved = await keys(brand).save({ id, version: row.version, name: 'ERP 同步', rate_per_minute: 30, expires_on: day });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'ERP 同步', rate_per_minute: 30, expires_on: day, status: 'active', version: Number(row.version) + 1 });
    expect(saved.body.data).not.toHaveProperty('secret');
    const stored = await sql<{ expires_at: string }>`select expires_at from api_key where id = ${id}`.execute(t.database.db);
    expect(new Date(stored.rows[0].expires_at).toISOString()).toBe(new Date(`${day}T23:59:59+08:00`).toISOString());
    expect((await keys(brand).save({ id, version: row.version, name: '旧版本' })).status).toBe(409);
    const audit = await sql<{ changes: Array<{ field: string; old: unknown; new: unknown }> }>`select changes from audit_log where entity = 'api_key' and record_id = ${id} and action = 'update'`.execute(t.database.db);
    expect(audit.rows[0].changes.map((c) => c.field).sort()).toEqual(['expires_on', 'name', 'rate_per_minute']);
    expect(await gateway(secret)).toBe(200);
  });

  it('reads as expired past its last day and stops; revoked from there, it stays read-only', async () => {
    await sql`update api_key set expires_at = now() - interval '1 second' where id = ${id}`.execute(t.database.db);
    const page = await keys(brand).page({ tabs: 1 });
    expect(page.body.data.tabs).toMatchObject({ active: 0, expired: 1 });
    expect(await gateway(secret)).toBe(401);
    const row = (await keys(brand).view(id)).body.data;
    expect(row.status).toBe('expired');
    const revoked = await keys(brand).action('revoke', { ids: [id], version: row.version });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.data.rows[0]).toMatchObject({ status: 'revoked', revoked_by_name: expect.any(String), version: Number(row.version) + 1 });
    expect((await keys(brand).action('revoke', { ids: [id] })).status).toBe(409);
    expect((await keys(brand).save({ id, version: revoked.body.data.rows[0].version, name: '改名' })).status).toBe(409);
    const audit = await sql<{ n: number }>`select count(*)::int as n from audit_log where entity = 'api_key' and record_id = ${id} and action = 'revoke'`.execute(t.database.db);
    expect(audit.rows[0].n).toBe(1);
  });

  it('revokes an active key and the gateway refuses it at once', async () => {
    const made = (await keys(brand).save({ name: 'MES', scopes: [{ entity: 'vendor', access: 'read' }], rate_per_minute: 60 })).body.data;
    expect(await gateway(String(made.secret))).toBe(200);
    expect((await keys(brand).action('revoke', { ids: [made.id] })).status).toBe(200);
    expect(await gateway(String(made.secret))).toBe(401);
  });

  it('is another company\'s 404 and a member\'s 403', async () => {
    expect((await keys(maker).view(id)).status).toBe(404);
    expect((await keys(maker).page()).body.data.rows).toEqual([]);
    expect((await keys(maker).action('revoke', { ids: [id] })).status).toBe(404);
    expect((await keys(buyer).page()).status).toBe(403);
    expect((await keys(buyer).save({ name: 'x', scopes: [{ entity: 'vendor', access: 'read' }], rate_per_minute: 60 })).status).toBe(403);
  });
});
