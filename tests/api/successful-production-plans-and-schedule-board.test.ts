import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardBar, BoardCommandResult, BoardData, ScenarioComparison, ScenarioSummary } from '../../src/model/schedule-board';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * The scheduling board's server (issue 11): the maker's seeded season reads as lines with capacity
 * and load and live bars; a move lands and changes the load; a stale version is refused with 11409;
 * a line that cannot make the category and a locked bar are refused with their reasons; split and
 * merge; auto-schedule writes a scenario that is compared with the live schedule and published over
 * it; another company neither reads nor moves the maker's bars.
 */
let t: TestApp;
let planner: string;
let brand: string;

type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function call<T>(token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, query?: Record<string, string>): Promise<Reply<T>> {
  const res = await t.app.inject({ method, url, payload, query, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const board = (token: string, query: Record<string, string> = {}) => call<BoardData>(token, 'GET', '/api/scmapi/schedule/board', undefined, query);
const command = (token: string, cmd: Record<string, unknown>) => call<BoardCommandResult>(token, 'POST', '/api/scmapi/schedule/command', cmd);

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  brand = await signIn(t.app, 'brand');
});
afterAll(async () => t?.close());

describe('production plans and the scheduling board', () => {
  let data: BoardData;

  it('lists the board in the planner\'s menu, not in an ordinary user\'s', async () => {
    const entries = async (username: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username, password: 'Demo1234' } });
      const menus = (res.json() as { data: { menus: Array<{ children: Array<{ CODE: string; FURL: string }> }> } }).data.menus;
      return menus.flatMap((g) => g.children);
    };
    expect(await entries('maker.planner')).toContainEqual(expect.objectContaining({ CODE: 'scm.schedule.board', FURL: '/scm/page/schedule-board' }));
    expect((await entries('brand.buyer')).map((e) => e.CODE)).not.toContain('scm.schedule.board');
  });

  it('reads the seeded season: days of the cycle calendar, lines with categories, capacity and load, live bars', async () => {
    const r = await board(planner);
    expect(r.status).toBe(200);
    data = r.body.data;
    expect(data.days.length).toBeGreaterThan(100);
    expect(data.days.some((d) => !d.working)).toBe(true); // Sundays
    const withCats = data.lines.filter((l) => l.categories.length > 0);
    expect(withCats.length).toBe(12);
    for (const l of data.lines) {
      expect(l.capacity).toHaveLength(data.days.length);
      expect(l.load).toHaveLength(data.days.length);
    }
    // 08:00-12:00 + 13:00-17:30 = 510 minutes x operators x efficiency on a working day, 0 on Sunday.
    const l = withCats[0];
    const sunday = data.days.findIndex((d) => new Date(d.date + 'T00:00:00Z').getUTCDay() === 0);
    expect(l.capacity[sunday]).toBe(0);
    const work = data.days.findIndex((d) => d.working);
    expect(l.capacity[work]).toBeCloseTo(l.operators * 510 * (l.efficiency / 100), 4);
    expect(data.bars.length).toBeGreaterThan(30);
    expect(data.bars.some((b) => b.locked)).toBe(true);
    const b = data.bars[0];
    expect(b.daily).toHaveLength(Math.round((Date.parse(b.end) - Date.parse(b.start)) / 86400000) + 1);
    expect(b.daily.reduce((a, q) => a + q, 0)).toBe(b.qty);
    // The season as the auto-scheduler laid it (day by day, stored with the bar): no line over capacity.
    for (const line of data.lines) line.load.forEach((m, i) => expect(m).toBeLessThanOrEqual(line.capacity[i] + 1e-6));
  });

  it('moves a bar to another line of its category, changing both lines load; a stale version gets 11409', async () => {
    const lineOf = new Map(data.lines.map((l) => [l.id, l]));
    const bar = data.bars.find((b) => !b.locked && b.start > data.from && data.lines.some((l) => l.id !== b.line_id && l.categories.includes(b.category)))!;
    const target = data.lines.find((l) => l.id !== bar.line_id && l.categories.includes(bar.category))!;
    const i = data.days.findIndex((d) => d.date === bar.start);
    const r = await command(planner, { op: 'move', bar_id: bar.id, version: bar.version, line_id: target.id, start: bar.start });
    expect(r.status).toBe(200);
    const moved = r.body.data.bars.find((b) => b.id === bar.id)!;
    expect(moved).toMatchObject({ line_id: target.id, start: bar.start, end: bar.end, version: bar.version + 1 });
    const newTargetLoad = r.body.data.lines.find((l) => l.id === target.id)!.load;
    const newSourceLoad = r.body.data.lines.find((l) => l.id === bar.line_id)!.load;
    const dayMinutes = (bar.minutes / bar.qty) * bar.daily[0];
    expect(newTargetLoad[i]).toBeCloseTo(lineOf.get(target.id)!.load[i] + dayMinutes, 4);
    expect(newSourceLoad[i]).toBeCloseTo(lineOf.get(bar.line_id)!.load[i] - dayMinutes, 4);
    // Persisted: the board reads it on the new line.
    const again = await board(planner);
    expect(again.body.data.bars.find((b) => b.id === bar.id)).toMatchObject({ line_id: target.id, version: bar.version + 1 });

    const stale = await command(planner, { op: 'move', bar_id: bar.id, version: bar.version, line_id: bar.line_id, start: bar.start });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(11409);
    expect(stale.body.message).toBe('该单据已被他人操作，请刷新后重试');
    data = again.body.data;
  });

  it('refuses a malformed command by its declared shape, naming the field', async () => {
    const bar = data.bars.find((b) => !b.locked)!;
    const bad = await command(planner, { op: 'move', bar_id: bar.id, version: bar.version, line_id: bar.line_id, start: '2026-02-30' });
    expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message: '排产指令无效：move.start: a date YYYY-MM-DD' });
    const op = await command(planner, { op: 'teleport', bar_id: bar.id });
    expect({ status: op.status, message: op.body.message }).toEqual({ status: 400, message: '排产指令无效：op: move | resize | lock | unlock | split | merge | place' });
    // A caller not signed in is refused for that, whatever they send.
    expect((await command('not-a-token', { op: 'teleport' })).status).toBe(401);
    // Nothing moved.
    expect((await board(planner)).body.data.bars.find((b) => b.id === bar.id)).toMatchObject({ version: bar.version, start: bar.start });
  });

  it('refuses a line that cannot make the category and any change of a locked bar, with the reason', async () => {
    const bar = data.bars.find((b) => !b.locked)!;
    const wrong = data.lines.find((l) => l.categories.length > 0 && !l.categories.includes(bar.category))!;
    const r = await command(planner, { op: 'move', bar_id: bar.id, version: bar.version, line_id: wrong.id, start: bar.start });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('不能生产品类');
    expect(r.body.message).toContain(wrong.code);

    const locked = data.bars.find((b) => b.locked)!;
    const m = await command(planner, { op: 'move', bar_id: locked.id, version: locked.version, line_id: locked.line_id, start: data.to });
    expect(m.status).toBe(400);
    expect(m.body.message).toBe('排产条已锁定，请先解锁再调整');
    const rs = await command(planner, { op: 'resize', bar_id: locked.id, version: locked.version, end: locked.end });
    expect(rs.status).toBe(400);
    // Unlock, then it moves; lock again.
    const u = await command(planner, { op: 'unlock', bar_id: locked.id, version: locked.version });
    expect(u.status).toBe(200);
    const unlocked = u.body.data.bars[0];
    expect(unlocked.locked).toBe(false);
    const l = await command(planner, { op: 'lock', bar_id: unlocked.id, version: unlocked.version });
    expect(l.body.data.bars[0].locked).toBe(true);
  });

  it('splits a bar by quantity and merges the parts back', async () => {
    const bar = (await board(planner)).body.data.bars.find((b) => !b.locked && b.qty >= 100 && b.split_count === 1)!;
    const s = await command(planner, { op: 'split', bar_id: bar.id, version: bar.version, qty: 40 });
    expect(s.status).toBe(200);
    const parts = s.body.data.bars;
    expect(parts.map((b) => b.qty).sort((a, b) => a - b)).toEqual([40, bar.qty - 40].sort((a, b) => a - b));
    expect(parts.every((b) => b.split_count === 2)).toBe(true);
    const bad = await command(planner, { op: 'split', bar_id: bar.id, version: bar.version + 1, qty: bar.qty });
    expect(bad.status).toBe(400);
    const [a, b] = [parts.find((p) => p.id === bar.id)!, parts.find((p) => p.id !== bar.id)!];
    const m = await command(planner, { op: 'merge', bar_ids: [a.id, b.id], versions: [a.version, b.version] });
    expect(m.status).toBe(200);
    expect(m.body.data.removed).toEqual([b.id]);
    expect(m.body.data.bars[0]).toMatchObject({ id: bar.id, qty: bar.qty, split_count: 1 });
  });

  it('auto-schedules into a scenario, compares it with the live schedule and publishes it', async () => {
    const from = data.from;
    const to = data.to;
    const auto = await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/auto', { name: '下周方案', from, to });
    expect(auto.status).toBe(200);
    const sc = auto.body.data;
    expect(sc).toMatchObject({ name: '下周方案', status: 'draft' });
    expect(sc.metrics.plans).toBe(60);
    expect(sc.metrics.placed).toBeGreaterThan(0);
    const list = await call<ScenarioSummary[]>(planner, 'GET', '/api/scmapi/schedule/scenarios');
    expect(list.body.data.map((s) => s.id)).toContain(sc.id);

    const cmp = await call<ScenarioComparison>(planner, 'GET', '/api/scmapi/schedule/compare', undefined, { scenario: String(sc.id) });
    expect(cmp.status).toBe(200);
    expect(cmp.body.data.scenario.id).toBe(sc.id);
    expect(cmp.body.data.live.plans).toBe(60);
    expect(cmp.body.data.live.per_line.length).toBeGreaterThanOrEqual(12);
    for (const i of cmp.body.data.issues) expect(['no_line', 'capacity', 'material_date']).toContain(i.reason);

    // The scenario's bars: each on a line that makes its category, locked live bars kept in place.
    const what = (await board(planner, { from, to, scenario: String(sc.id) })).body.data;
    expect(what.scenario_id).toBe(sc.id);
    expect(what.bars.length).toBeGreaterThan(0);
    const cats = new Map(what.lines.map((l) => [l.id, l.categories]));
    for (const b of what.bars) expect(cats.get(b.line_id)!.length === 0 || cats.get(b.line_id)!.includes(b.category)).toBe(true);
    const liveLocked = (await board(planner, { from, to })).body.data.bars.filter((b) => b.locked);
    for (const l of liveLocked) expect(what.bars.some((b) => b.plan_id === l.plan_id && b.locked && b.line_id === l.line_id && b.start === l.start)).toBe(true);

    const pub = await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/scenario/publish', { id: sc.id });
    expect(pub.status).toBe(200);
    expect(pub.body.data.status).toBe('published');
    const live = (await board(planner, { from, to })).body.data;
    expect(new Set(live.bars.map((b) => b.id))).toEqual(new Set(what.bars.map((b) => b.id)));
    expect(live.bars.every((b: BoardBar) => b.scenario_id === null)).toBe(true);
    const again = await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/scenario/discard', { id: sc.id });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('该排产方案已发布或已放弃，不能再操作');
  });

  it('refuses to publish a scenario over live changes made after it, until the planner confirms', async () => {
    const { from, to } = data;
    const sc = (await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/auto', { name: '旧方案', from, to })).body.data;
    const fresh = await call<ScenarioComparison>(planner, 'GET', '/api/scmapi/schedule/compare', undefined, { scenario: String(sc.id) });
    expect(fresh.body.data.stale).toBeNull();

    // Another change on the live schedule after the scenario was made: a bar moved one day later.
    const bar = (await board(planner, { from, to })).body.data.bars.find((b) => !b.locked)!;
    const later = new Date(Date.parse(`${bar.start}T00:00:00Z`) + 86400000).toISOString().slice(0, 10);
    const moved = await command(planner, { op: 'move', bar_id: bar.id, version: bar.version, line_id: bar.line_id, start: later });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const cmp = await call<ScenarioComparison>(planner, 'GET', '/api/scmapi/schedule/compare', undefined, { scenario: String(sc.id) });
    expect(cmp.body.data.stale).toMatchObject({ changes: 1, by: expect.any(String) });
    expect(cmp.body.data.stale!.by!.length).toBeGreaterThan(0);

    const refused = await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/scenario/publish', { id: sc.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^方案“旧方案”生成后，正式排产已被修改（1 处，最近一次由.+修改），发布将覆盖这些修改。请重新自动排产，或确认后仍然发布$/);
    expect((refused.body.data as unknown as { reason: string }).reason).toBe('scenario_stale');
    // Nothing changed by the refusal: the scenario is still a draft and the moved bar still live.
    expect((await call<ScenarioComparison>(planner, 'GET', '/api/scmapi/schedule/compare', undefined, { scenario: String(sc.id) })).body.data.scenario.status).toBe('draft');
    expect((await board(planner, { from, to })).body.data.bars.find((b) => b.id === bar.id)).toMatchObject({ start: later });

    const forced = await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/scenario/publish', { id: sc.id, force: true });
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    expect(forced.body.data.status).toBe('published');
  });

  it('does not call a scenario stale when the live schedule did not change', async () => {
    const { from, to } = data;
    const sc = (await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/auto', { name: '新方案', from, to })).body.data;
    // A change inside the scenario itself is not a live change.
    const own = (await board(planner, { from, to, scenario: String(sc.id) })).body.data.bars.find((b) => !b.locked)!;
    const r = await command(planner, { op: 'lock', bar_id: own.id, version: own.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await call<ScenarioComparison>(planner, 'GET', '/api/scmapi/schedule/compare', undefined, { scenario: String(sc.id) })).body.data.stale).toBeNull();
    const pub = await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/scenario/publish', { id: sc.id });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
  });

  it('reads one line only when asked (a report’s drill-down), and never another company’s line', async () => {
    const all = (await board(planner)).body.data;
    const line = all.lines.find((l) => all.bars.some((b) => b.line_id === l.id))!;
    const one = await board(planner, { line: String(line.id) });
    expect(one.status).toBe(200);
    expect(one.body.data.lines.map((l) => l.id)).toEqual([line.id]);
    expect(one.body.data.bars.length).toBe(all.bars.filter((b) => b.line_id === line.id).length);
    expect(one.body.data.bars.every((b) => b.line_id === line.id)).toBe(true);
    expect((await board(planner, { line: 'x' })).status).toBe(404);
    const theirs = await board(brand, { line: String(line.id) });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.lines).toEqual([]);
    expect(theirs.body.data.bars).toEqual([]);
  });

  it('keeps the maker’s bars from another company: not read, not moved', async () => {
    const mine = (await board(planner)).body.data;
    const bar = mine.bars.find((b) => !b.locked)!;
    const theirs = await board(brand);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.bars.map((b) => b.id)).not.toContain(bar.id);
    expect(theirs.body.data.lines.map((l) => l.id)).not.toContain(bar.line_id);
    const move = await command(brand, { op: 'move', bar_id: bar.id, version: bar.version, line_id: bar.line_id, start: bar.start });
    expect(move.status).toBe(404);
    const sc = (await call<ScenarioSummary[]>(planner, 'GET', '/api/scmapi/schedule/scenarios')).body.data[0];
    const cmp = await call<ScenarioComparison>(brand, 'GET', '/api/scmapi/schedule/compare', undefined, { scenario: String(sc.id) });
    expect(cmp.status).toBe(404);
    expect((await board(planner)).body.data.bars.find((b) => b.id === bar.id)).toMatchObject({ version: bar.version, line_id: bar.line_id });
  });
});
