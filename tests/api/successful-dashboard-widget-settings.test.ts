import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 13: a tower widget on a personal board keeps its own period and top N with the user's layout
 * (save-dash-layout, read back by my-dash-setting), per user; settings on a block that is no tower
 * widget, or values off the lists, are refused and the stored board stays.
 */
let t: TestApp;
let maker: string;
let planner: string;
const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'x-lang': 'zh-CN' });
const save = (token: string, items: unknown) => t.app.inject({ method: 'POST', url: '/api/clientinfoapi/user-profile/save-dash-layout', headers: headers(token), payload: { board: 'mydash', items } });
const board = async (token: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/clientinfoapi/user-profile/my-dash-setting', headers: headers(token) })).json() as { data: { board: unknown } }).data.board;

beforeAll(async () => {
  t = await createTestApp();
  maker = await signIn(t.app, 'maker');
  planner = await signIn(t.app, 'maker.planner');
});
afterAll(async () => t?.close());

describe('a tower widget’s settings on the dashboard', () => {
  it('keeps period and top N with the layout, for that user only', async () => {
    const items = [
      { key: 'todo', hidden: false },
      { key: 'tower.funnel', hidden: false, settings: { period: 'quarter', top: 5 } },
      { key: 'tower.ontime', hidden: false, settings: { period: 'year' } },
    ];
    const r = await save(maker, items);
    expect(r.statusCode, r.body).toBe(200);
    expect(await board(maker)).toEqual(items);
    expect(await board(planner)).toBeNull();
  });

  it('refuses settings on a block that is no tower widget and values off the lists, keeping the stored board', async () => {
    const before = await board(maker);
    for (const items of [
      [{ key: 'todo', hidden: false, settings: { period: 'month' } }],
      [{ key: 'tower.funnel', hidden: false, settings: { period: 'week' } }],
      [{ key: 'tower.funnel', hidden: false, settings: { top: 3 } }],
      [{ key: 'tower.funnel', hidden: false, settings: { customer: 'x' } }],
    ]) {
      const r = await save(maker, items);
      expect(r.statusCode, JSON.stringify(items)).toBe(400);
      expect((r.json() as { code: number; data: { errors: Record<string, unknown> } }).data.errors).toHaveProperty('items');
    }
    expect(await board(maker)).toEqual(before);
  });
});
