import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBoardWindow, type BoardWindow } from '../../src/model/board-window';
import type { BoardData, ScenarioSummary } from '../../src/model/schedule-board';
import { addDaysIso } from '../../src/model';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Under a what-if scenario the board shows where the plans in view are on the live schedule (dashed
 * outlines, issue 31): `GET /scmapi/schedule/window?...&live_under=<scenario>` reads that window by
 * window, not the live schedule whole. The reply has the live window's shape and days and lines; its
 * bars are the live window's and every live bar of the plans the scenario has in the window, wherever
 * they are, and nothing else. Another company's scenario is not found; naming a scenario as well is
 * refused.
 */
let t: TestApp;
let planner: string;
let brand: string;

type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function call<T>(token: string, method: 'GET' | 'POST', url: string, query?: Record<string, string>, payload?: Record<string, unknown>): Promise<Reply<T>> {
  const res = await t.app.inject({ method, url, query, payload, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const window = (token: string, query: Record<string, string>) => call<BoardWindow>(token, 'GET', '/api/scmapi/schedule/window', query);

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  brand = await signIn(t.app, 'brand');
}, 120_000);
afterAll(async () => t?.close());

describe('the live bars under a scenario, read by window', () => {
  it('gives the live window and the live bars of the plans the scenario shows there, in the live window\'s shape', async () => {
    const live = (await call<BoardData>(planner, 'GET', '/api/scmapi/schedule/board')).body.data;
    const auto = await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/auto', undefined, { name: '窗口对比', from: live.from, to: live.to });
    expect(auto.status).toBe(200);
    const scenario = auto.body.data.id;
    const lines = live.lines.slice(0, 2).map((l) => l.id);
    // A plan the scenario puts on one of these lines, in the first window, whose live bars are on other lines: a scenario bar moved there.
    const sc = (await call<BoardData>(planner, 'GET', '/api/scmapi/schedule/board', { scenario: String(scenario) })).body.data;
    let mover: BoardData['bars'][number] | undefined;
    let target: BoardData['lines'][number] | undefined;
    for (const b of sc.bars) {
      const planLive = live.bars.filter((x) => x.plan_id === b.plan_id);
      if (b.locked || lines.includes(b.line_id) || !planLive.length || planLive.some((x) => lines.includes(x.line_id))) continue;
      target = live.lines.find((l) => lines.includes(l.id) && (l.categories.length === 0 || l.categories.includes(b.category)));
      if (target) { mover = b; break; }
    }
    expect(mover, 'a scenario bar to move onto the lines read').toBeTruthy();
    const moved = await call(planner, 'POST', '/api/scmapi/schedule/command', undefined, { op: 'move', bar_id: mover!.id, version: mover!.version, line_id: target!.id, start: addDaysIso(live.from, 10) });
    expect(moved.status).toBe(200);
    let checked = 0;
    for (const [a, n] of [[7, 27], [30, 27]] as const) {
      const from = addDaysIso(live.from, a);
      const to = addDaysIso(from, n);
      const q = { from, to, lines: lines.join(',') };
      const plain = (await window(planner, q)).body.data;
      const shown = decodeBoardWindow((await window(planner, { ...q, scenario: String(scenario) })).body.data);
      const r = await window(planner, { ...q, live_under: String(scenario) });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      const under = r.body.data;
      // The live window's shape, days and lines (capacity and load of the asked lines over the window).
      expect(Object.keys(under).sort()).toEqual(Object.keys(plain).sort());
      expect(under.scenario_id).toBeNull();
      expect(under.days).toEqual(plain.days);
      expect(under.lines).toEqual(plain.lines);
      // Its bars: the live window's, and every live bar of the plans the scenario has in the window, nothing else.
      const plans = new Set(shown.map((b) => b.plan_id));
      const expected = new Map(decodeBoardWindow(plain).map((b) => [b.id, b]));
      for (const b of live.bars) if (plans.has(b.plan_id)) expected.set(b.id, { ...b, scenario_id: null });
      const got = decodeBoardWindow(under);
      expect(got.map((b) => b.id).sort((x, y) => x - y)).toEqual([...expected.keys()].sort((x, y) => x - y));
      for (const b of got) expect(b).toMatchObject({ plan_id: expected.get(b.id)!.plan_id, line_id: expected.get(b.id)!.line_id, start: expected.get(b.id)!.start, end: expected.get(b.id)!.end, qty: expected.get(b.id)!.qty });
      // Not the live schedule whole.
      expect(got.length).toBeLessThan(live.bars.length);
      checked += got.filter((b) => !lines.includes(b.line_id)).length;
    }
    // Some plan the scenario shows on these lines is on another line in the live schedule.
    expect(checked).toBeGreaterThan(0);

    // Another company's reader: the maker's scenario is not found; a scenario and live_under together are refused.
    expect((await window(brand, { from: live.from, to: addDaysIso(live.from, 27), live_under: String(scenario) })).status).toBe(404);
    expect((await window(planner, { from: live.from, to: addDaysIso(live.from, 27), live_under: String(scenario), scenario: String(scenario) })).status).toBe(400);
  });
});
