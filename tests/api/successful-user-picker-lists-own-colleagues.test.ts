import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * The user picker's list (a position's holder, a line member): every signed-in member of a company
 * may pick a colleague, and sees only the active people of the own company, with id, account and
 * name and nothing else.
 */
let t: TestApp;

async function options(token: string | null, q = '', ids?: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/adminapi/users/options', query: { ...(q ? { q } : {}), ...(ids !== undefined ? { ids } : {}) }, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json() as { code: number; data: { rows: Array<Record<string, unknown>> } } };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('user picker options', () => {
  it('lists the own company only, for a member who is not an administrator, with id, account and name', async () => {
    const planner = await signIn(t.app, 'maker.planner');
    const r = await options(planner);
    expect(r.status).toBe(200);
    const names = r.body.data.rows.map((x) => x.username).sort();
    expect(names).toEqual(['maker', 'maker.planner']);
    for (const row of r.body.data.rows) expect(Object.keys(row).sort()).toEqual(['fullname', 'id', 'username']);
  });

  it('narrows by account or name, and the other companies see their own people', async () => {
    const brand = await signIn(t.app, 'brand');
    const r = await options(brand, 'buyer');
    expect(r.body.data.rows.map((x) => x.username)).toEqual(['brand.buyer']);
    const all = await options(brand);
    expect(all.body.data.rows.every((x) => String(x.username).startsWith('brand'))).toBe(true);
  });

  it('names the chosen colleagues by id (a picker\'s saved choice), also one since frozen, of the own company only', async () => {
    const maker = await signIn(t.app, 'maker');
    const planner = (await options(maker, 'maker.planner')).body.data.rows[0];
    const buyer = (await options(await signIn(t.app, 'brand'), 'buyer')).body.data.rows[0];
    const named = async (ids: string) => (await options(maker, '', ids)).body.data.rows.map((x) => x.username);
    // Another company's id names nobody; a search does not widen the ids.
    expect(await named(`${String(planner.id)},${String(buyer.id)}`)).toEqual(['maker.planner']);
    expect((await options(maker, 'maker', String(buyer.id))).body.data.rows).toEqual([]);
    const frozen = await t.app.inject({ method: 'POST', url: '/api/adminapi/users/freeze', payload: { ids: [planner.id] }, headers: { authorization: `Bearer ${maker}` } });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(await named(String(planner.id))).toEqual(['maker.planner']);
    // The list to pick from offers the active ones only.
    expect((await options(maker)).body.data.rows.map((x) => x.username)).toEqual(['maker']);
    expect((await options(maker, '', 'x')).status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const r = await options(null);
    expect(r.status).toBe(401);
  });
});
