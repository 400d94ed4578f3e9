import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * The outbox is a view entity (issue 30): the engine's list and drawer read it at
 * /api/utilsapi/outbox/page, /count and /view with the list query of every registry list (filters, sort,
 * quick search, state tabs and their counts), within the rows its scope gives: a client
 * administrator their company's, the super administrator every row, nobody else any. Nothing is
 * written through it.
 */
let t: TestApp;
let brand: string;
let maker: string;
let admin: string;
let buyer: string;
let brandRow: number;
let platformRow: number;

type Env = { code: number; data: Record<string, unknown> & { rows?: Array<Record<string, unknown>>; total?: number; tabs?: Record<string, number> } };

async function get(url: string, token: string | null) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json() as Env };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const ids = (await sql<{ code: string; id: number }>`select code, id from clients`.execute(db)).rows;
  const brandId = ids.find((r) => r.code === 'BRAND01')!.id;
  const makerId = ids.find((r) => r.code === 'MAKER01')!.id;
  const put = async (client: number | null, channel: string, to: string, subject: string, status = 'queued') =>
    (await sql<{ id: number }>`insert into outbox (client_id, channel, to_address, subject, body, link, status) values (${client}, ${channel}, ${to}, ${subject}, ${`${subject} body`}, ${'http://127.0.0.1/forgotpwd/newpwd?token=t'}, ${status}) returning id`.execute(db)).rows[0].id;
  brandRow = await put(brandId, 'email', 'view.buyer@demo.local', 'view reset');
  await put(brandId, 'sms', '13800000001', 'view code', 'sent');
  await put(brandId, 'email', 'view.other@demo.local', 'view failed', 'failed');
  await put(makerId, 'email', 'view.maker@demo.local', 'view maker');
  platformRow = await put(null, 'email', 'view.signup@demo.local', 'view signup');
  [brand, maker, admin, buyer] = await Promise.all(['brand', 'maker', 'admin', 'brand.buyer'].map((u) => signIn(t.app, u)));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the outbox through the generic list', () => {
  it('lists a client administrator their company rows, with the state tab counts', async () => {
    const page = await get('/api/utilsapi/outbox/page?size=100&tabs=1&q=view', brand);
    expect(page.status).toBe(200);
    const subjects = page.body.data.rows!.map((r) => r.subject);
    expect(subjects).toEqual(['view failed', 'view code', 'view reset']);
    expect(page.body.data.rows!.every((r) => typeof r.client_id === 'number')).toBe(true);
    expect(page.body.data.tabs).toMatchObject({ queued: 1, sent: 1, failed: 1 });
    const sms = await get('/api/utilsapi/outbox/page?f.channel.eq=sms&q=view', brand);
    expect(sms.body.data.rows!.map((r) => r.subject)).toEqual(['view code']);
    const failed = await get('/api/utilsapi/outbox/page?tab=failed&q=view', brand);
    expect(failed.body.data.rows!.map((r) => r.subject)).toEqual(['view failed']);
    const rowsOnly = await get('/api/utilsapi/outbox/page?count=none&q=view', brand);
    expect(rowsOnly.body.data.total).toBeUndefined();
    const count = await get('/api/utilsapi/outbox/count?tabs=1&tab=sent&q=view', brand);
    expect(count.body.data).toMatchObject({ total: 1, estimated: false, tabs: { all: 3, queued: 1, sent: 1, failed: 1 } });
    const byAddress = await get('/api/utilsapi/outbox/page?f.to_address.like=view.buyer&sort=created_at', brand);
    expect(byAddress.body.data.rows!.map((r) => r.id)).toEqual([brandRow]);
  });

  it('shows the super administrator every row, those without a company too', async () => {
    const page = await get('/api/utilsapi/outbox/page?size=100&q=view', admin);
    expect(page.body.data.rows!.map((r) => r.subject)).toEqual(expect.arrayContaining(['view reset', 'view maker', 'view signup']));
    const one = await get(`/api/utilsapi/outbox/view?id=${platformRow}`, admin);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: platformRow, client_id: null, to_address: 'view.signup@demo.local', body: 'view signup body' });
  });

  it('opens a row of the caller only: another company reads 404, a colleague without the role 403', async () => {
    const mine = await get(`/api/utilsapi/outbox/view?id=${brandRow}`, brand);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ subject: 'view reset', channel: 'email', status: 'queued' });
    expect((await get(`/api/utilsapi/outbox/view?id=${brandRow}`, maker)).status).toBe(404);
    expect((await get(`/api/utilsapi/outbox/view?id=${platformRow}`, brand)).status).toBe(404);
    expect((await get('/api/utilsapi/outbox/page', buyer)).status).toBe(403);
    expect((await get(`/api/utilsapi/outbox/view?id=${brandRow}`, buyer)).status).toBe(403);
    expect((await get('/api/utilsapi/outbox/page', null)).status).toBe(401);
  });

  it('refuses what the table does not hold and offers no write', async () => {
    expect((await get('/api/utilsapi/outbox/page?sort=version', brand)).status).toBe(400);
    expect((await get('/api/utilsapi/outbox/page?f.updated_by.eq=1', brand)).status).toBe(400);
    expect((await get('/api/utilsapi/outbox/page?f.nothing.eq=1', brand)).status).toBe(400);
    const save = await t.app.inject({ method: 'POST', url: '/api/utilsapi/outbox/save', headers: { authorization: `Bearer ${brand}` }, payload: { subject: 'x' } });
    expect(save.statusCode).toBe(404);
    expect((await get(`/api/utilsapi/outbox/history?id=${brandRow}`, brand)).status).toBe(404);
  });
});
