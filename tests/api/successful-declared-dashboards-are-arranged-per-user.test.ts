import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 30: every declared dashboard is arranged by its users (the order of its widgets and the
 * hidden ones), kept per company and user (`GET|POST /api/rptapi/dashboard/:name/layout`, the users'
 * boards store under `dashboard.<name>`), read and saved with the dashboard's menu entry; a key that
 * is no widget of the dashboard, or a bad list, is refused on `items` and the stored arrangement stays.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'x-lang': 'zh-CN' });
const layout = (user: string, name = 'production') => t.app.inject({ method: 'GET', url: `/api/rptapi/dashboard/${name}/layout`, headers: headers(tokens[user]) });
const save = (user: string, items: unknown, name = 'production') => t.app.inject({ method: 'POST', url: `/api/rptapi/dashboard/${name}/layout`, headers: headers(tokens[user]), payload: { items } });
const itemsOf = async (user: string) => ((await layout(user)).json() as { data: { items: unknown } }).data.items;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['maker', 'maker.planner', 'brand']) tokens[u] = await signIn(t.app, u);
}, 120_000);
afterAll(async () => t?.close());

const arranged = [
  { key: 'capacity', hidden: false },
  { key: 'orderbook', hidden: false },
  { key: 'ontime', hidden: true },
  { key: 'quality', hidden: false },
];

describe('a declared dashboard arranged by its user', () => {
  it('is the declared order until arranged, then the user’s, for that user only', async () => {
    expect(await itemsOf('maker')).toBeNull();
    const r = await save('maker', arranged);
    expect(r.statusCode, r.body).toBe(200);
    expect(await itemsOf('maker')).toEqual(arranged);
    // A colleague of the same company keeps the declared order.
    expect(await itemsOf('maker.planner')).toBeNull();
    const kept = await sql<{ client_id: number; board: string }>`select u.client_id, b.board from user_workspace_board b join users u on u.id = b.user_id where u.username = 'maker' and b.board like 'dashboard.%'`.execute(t.app.db);
    expect(kept.rows.map((x) => x.board)).toEqual(['dashboard.production']);
    // Saved again: replaced, not merged.
    expect((await save('maker', arranged.slice(0, 2))).statusCode).toBe(200);
    expect(await itemsOf('maker')).toEqual(arranged.slice(0, 2));
  });

  it('refuses a key that is no widget of the dashboard and bad lists, keeping the stored arrangement', async () => {
    const before = await itemsOf('maker');
    for (const items of [[{ key: 'tower.funnel', hidden: false }], [{ key: 'nope', hidden: false }], [{ key: 'orderbook' }, { key: 'orderbook' }], 'x', [{ key: 'orderbook', hidden: 'no' }], [{ key: 'ontime', hidden: false, settings: { period: 'year' } }]]) {
      const r = await save('maker', items);
      expect(r.statusCode, JSON.stringify(items)).toBe(400);
      expect((r.json() as { data: { errors: Record<string, unknown> } }).data.errors).toHaveProperty('items');
    }
    expect(await itemsOf('maker')).toEqual(before);
  });

  it('asks for the dashboard’s menu entry; an unknown dashboard is not found', async () => {
    // A buyer whose only role grants the project list, not the sourcing dashboard.
    const role = await t.app.inject({ method: 'POST', url: '/api/adminapi/roles/save', headers: headers(tokens.brand), payload: { code: 'no_dash', name_zh: '无看板', grants: [{ menu_code: 'srm.sourcing', verbs: ['view'] }] } });
    expect(role.statusCode, role.body).toBe(200);
    const users = (await t.app.inject({ method: 'GET', url: '/api/adminapi/users?q=brand.buyer', headers: headers(tokens.brand) })).json() as { data: { rows: Array<{ id: number; username: string }> } };
    const id = users.data.rows.find((u) => u.username === 'brand.buyer')!.id;
    expect((await t.app.inject({ method: 'POST', url: '/api/adminapi/users/assign-roles', headers: headers(tokens.brand), payload: { id, roles: ['no_dash'] } })).statusCode).toBe(200);
    tokens.buyer = await signIn(t.app, 'brand.buyer');
    expect((await layout('brand', 'sourcing')).statusCode).toBe(200);
    expect((await layout('buyer', 'sourcing')).statusCode).toBe(403);
    expect((await save('buyer', [{ key: 'pipeline', hidden: false }], 'sourcing')).statusCode).toBe(403);
    expect((await layout('maker', 'nope')).statusCode).toBe(404);
    expect((await save('maker', arranged, 'nope')).statusCode).toBe(404);
  });
});
