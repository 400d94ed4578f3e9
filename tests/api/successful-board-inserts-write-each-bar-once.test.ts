import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../calendars/capacity';
import type { BoardCommandResult, BoardData, ScenarioSummary } from '../../src/model/schedule-board';
import { barWrites as barWritesOf, wrongPlaces as wrongPlacesOf, type BarWrite } from '../support/bar-writes';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * A bar the board inserts is written once (issue 31), on PGlite and PostgreSQL: the insert itself
 * holds the bar's place among its plan's bars (`split_index`, `split_count`, planning.window.ts), so
 * the places' renumbering after the statement writes only bars whose place the insert changed, each
 * once, and never the new bar again. Before, every inserted bar got a second row version from that
 * renumbering (a split's new part, a plan put on the board, auto-schedule's bars). Counted by a row
 * trigger on the bars (tests/support/bar-writes.ts); every kept place still equals a recount.
 */
let t: TestApp;
let planner: string;

type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function call<T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>): Promise<Reply<T>> {
  const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${planner}` } });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const board = () => call<BoardData>('GET', '/api/scmapi/schedule/board');
const command = (cmd: Record<string, unknown>) => call<BoardCommandResult>('POST', '/api/scmapi/schedule/command', cmd);
const barWrites = (work: () => Promise<void>) => barWritesOf(t.app.db, work);
const wrongPlaces = () => wrongPlacesOf(t.app.db);

/** The writes of one bar, as `insert@1`, `update@1`, `update@2*` (depth; `*` when its place changed). */
const writesOf = (writes: BarWrite[], id: number) => writes.filter((w) => w.id === id).map((w) => `${w.op.toLowerCase()}@${w.depth}${w.place_changed ? '*' : ''}`);

/** No bar is written twice by one statement's kind: at most once by the command itself and once by the places' renumbering, which writes only a changed place. */
function eachOnce(writes: BarWrite[]): void {
  expect(writes.filter((w) => w.depth > 1 && !w.place_changed)).toEqual([]);
  for (const id of new Set(writes.map((w) => w.id))) {
    expect(writes.filter((w) => w.id === id && w.depth === 1).length, `bar ${id}: ${writesOf(writes, id).join(' ')}`).toBeLessThanOrEqual(1);
    expect(writes.filter((w) => w.id === id && w.depth > 1).length, `bar ${id}: ${writesOf(writes, id).join(' ')}`).toBeLessThanOrEqual(1);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
});
afterAll(async () => t?.close());

describe('the board writes an inserted bar once', () => {
  it('a split inserts its new part once; the bars whose place changed are renumbered once each', async () => {
    const data = (await board()).body.data;
    const bar = data.bars.find((b) => !b.locked && b.qty >= 100 && b.split_count === 1);
    expect(bar, 'an unlocked bar of 100 pieces or more, its plan’s only bar').toBeTruthy();
    let part = 0;
    const split = await barWrites(async () => {
      const r = await command({ op: 'split', bar_id: bar!.id, version: bar!.version, qty: 40 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.bars.map((b) => [b.split_index, b.split_count]).sort()).toEqual([[1, 2], [2, 2]]);
      part = r.body.data.bars.find((b) => b.id !== bar!.id)!.id;
    });
    // The new part: its insert, nothing after it.
    expect(writesOf(split.writes, part)).toEqual(['insert@1']);
    // The bar split: the split's own update, and its place (1 of 1 -> 1 of 2) once.
    expect(writesOf(split.writes, bar!.id)).toEqual(['update@1', 'update@2*']);
    eachOnce(split.writes);
    expect(split.audited.sort((a, b) => a - b)).toEqual([bar!.id, part].sort((a, b) => a - b));
    expect(await wrongPlaces()).toEqual([]);

    // Split the part again: the third bar goes in once, the other two are renumbered (of 3) once each.
    const now = (await board()).body.data.bars.find((b) => b.id === part)!;
    let third = 0;
    const again = await barWrites(async () => {
      const r = await command({ op: 'split', bar_id: now.id, version: now.version, qty: 10 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      third = r.body.data.bars.find((b) => b.id !== now.id)!.id;
      expect(r.body.data.bars.find((b) => b.id === third)).toMatchObject({ split_index: 3, split_count: 3 });
    });
    expect(writesOf(again.writes, third)).toEqual(['insert@1']);
    expect(writesOf(again.writes, bar!.id)).toEqual(['update@2*']);
    eachOnce(again.writes);
    expect(await wrongPlaces()).toEqual([]);
  });

  it('auto-schedule inserts the bar of a plan with one bar in the scenario once', async () => {
    const today = new Date().toISOString().slice(0, 10);
    let scenario = 0;
    const auto = await barWrites(async () => {
      const r = await call<ScenarioSummary>('POST', '/api/scmapi/schedule/auto', { name: '写入次数', from: today, to: addDays(today, 120) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      scenario = r.body.data.id;
    });
    const inserted = auto.writes.filter((w) => w.op === 'INSERT').map((w) => w.id);
    expect(inserted.length).toBeGreaterThan(0);
    // Of a plan with one bar in the scenario, a bar is written by its insert alone.
    const scenarioBars = (await call<BoardData>('GET', `/api/scmapi/schedule/board?scenario=${scenario}`)).body.data.bars.filter((b) => inserted.includes(b.id));
    const single = scenarioBars.filter((b) => b.split_count === 1);
    expect(single.length).toBeGreaterThan(0);
    for (const b of single) expect(writesOf(auto.writes, b.id)).toEqual(['insert@1']);
    // A plan given several bars is inserted bar by bar: an earlier bar's count is renumbered as each later one goes in
    // (left: the count is known only once the plan's last bar is in). Each such write changes its place.
    expect(auto.writes.filter((w) => w.depth > 1 && !w.place_changed)).toEqual([]);
    for (const id of inserted) expect(writesOf(auto.writes, id)[0]).toBe('insert@1');
    expect(await wrongPlaces()).toEqual([]);
  });
});
