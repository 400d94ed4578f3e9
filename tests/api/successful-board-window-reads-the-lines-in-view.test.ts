import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBoardWindow, type BoardWindow } from '../../src/model/board-window';
import type { BoardData } from '../../src/model/schedule-board';
import { addDaysIso } from '../../src/model';
import { assignLanes, dayNumber } from '../../src/client/calendar/board-layout';
import { createTestApp, signIn, signInUnassigned, type TestApp } from '../support/test-app';

/**
 * The board's window read (issue 31, docs/architecture-board.md "The window read"): the bars of a
 * range on the asked lines, as columns and dictionaries. Decoded, they are exactly the whole-board
 * read's bars of the same range on those lines (same order, same fields), and exactly the stored live
 * bars overlapping the range on those lines; the lines' capacity and load are the whole board's.
 * Another company asking for the maker's lines reads nothing; a user without the board's right gets
 * the same typed refusal as the whole-board read.
 */
let t: TestApp;
let planner: string;
let brand: string;
let lone: string;

type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function get<T>(token: string, url: string, query: Record<string, string>): Promise<Reply<T>> {
  const res = await t.app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const board = (token: string, query: Record<string, string> = {}) => get<BoardData>(token, '/api/scmapi/schedule/board', query);
const window = (token: string, query: Record<string, string>) => get<BoardWindow>(token, '/api/scmapi/schedule/window', query);

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  brand = await signIn(t.app, 'brand');
  lone = await signInUnassigned(t, 'maker.planner', 'maker.norole', '13700000009');
}, 120_000);
afterAll(async () => t?.close());

/** Ids of the maker's live bars overlapping [from, to] on the lines, straight from the table. */
async function storedIds(lines: number[], from: string, to: string): Promise<number[]> {
  return t.app.db.transaction().execute(async (tx) => {
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    const r = await sql<{ id: number }>`select b.id from scm_prodplan_bar b join clients c on c.id = b.client_id and c.code = 'MAKER01'
      where b.scenario_id is null and b.line_id in (${sql.join(lines)}) and b.start_date <= ${to}::date and b.end_date >= ${from}::date order by b.id`.execute(tx);
    return r.rows.map((x) => Number(x.id));
  });
}

describe('the board window read', () => {
  it('gives exactly the bars overlapping the window on the asked lines, as the whole board gives them', async () => {
    const all = (await board(planner)).body.data;
    const busy = all.lines.filter((l) => all.bars.some((b) => b.line_id === l.id));
    const idle = all.lines.find((l) => !all.bars.some((b) => b.line_id === l.id));
    const lines = [busy[0]!.id, busy[2]!.id, busy[busy.length - 1]!.id, ...(idle ? [idle.id] : [])];
    for (const [a, n] of [[10, 20], [0, 6], [35, 60]] as const) {
      const from = addDaysIso(all.from, a);
      const to = addDaysIso(from, n);
      const r = await window(planner, { from, to, lines: lines.join(',') });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      const w = r.body.data;
      const bars = decodeBoardWindow(w);
      const whole = (await board(planner, { from, to })).body.data;
      expect(bars).toEqual(whole.bars.filter((b) => lines.includes(b.line_id)));
      // Ordered by line, start and id (the read sorts its rows once and gathers every column in that order).
      const byPlace = (a: (typeof bars)[number], b: (typeof bars)[number]) => a.line_id - b.line_id || a.start.localeCompare(b.start) || a.id - b.id;
      expect(bars.map((b) => b.id)).toEqual([...bars].sort(byPlace).map((b) => b.id));
      expect(bars.map((b) => b.id).sort((x, y) => x - y)).toEqual(await storedIds(lines, from, to));
      expect(bars.length).toBeGreaterThan(0);
      for (const b of bars) expect(b.start <= to && b.end >= from).toBe(true);
      expect(w.lines.map((l) => l.id).sort()).toEqual([...lines].sort());
      expect(w.lines).toEqual(whole.lines.filter((l) => lines.includes(l.id)));
      expect(w.days).toEqual(whole.days);
      // Repeated strings travel once: fewer styles in the dictionary than bars carrying them.
      expect(w.dict.styles.length).toBeLessThanOrEqual(new Set(bars.map((b) => b.style_no)).size);
    }
  });

  it('without lines reads every line of the company, as the whole board', async () => {
    const from = addDaysIso((await board(planner)).body.data.from, 14);
    const to = addDaysIso(from, 30);
    const w = (await window(planner, { from, to })).body.data;
    const whole = (await board(planner, { from, to })).body.data;
    expect(decodeBoardWindow(w)).toEqual(whole.bars);
    expect(w.lines.map((l) => l.id)).toEqual(whole.lines.map((l) => l.id));
  });

  it('gives the frame (frame=1): the days and lines of a two-year range, no bar, capacity and load left to the windows', async () => {
    const all = (await board(planner)).body.data;
    const to = addDaysIso(all.from, 730);
    const r = await window(planner, { from: all.from, to, frame: '1' });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const f = r.body.data;
    expect(f.days).toHaveLength(731);
    expect(f.days.slice(0, all.days.length)).toEqual(all.days);
    expect(f.lines.map((l) => l.id)).toEqual(all.lines.map((l) => l.id));
    expect(f.lines.map(({ lanes: _lanes, ...l }) => ({ ...l, capacity: l.capacity.length, load: l.load.length }))).toEqual(all.lines.map((l) => ({ ...l, capacity: 0, load: 0 })));
    expect(f.cols.id).toEqual([]);
    // Another company's frame names none of the maker's lines; more than two years is refused.
    expect((await window(brand, { from: all.from, to, frame: '1' })).body.data.lines.some((l) => all.lines.some((m) => m.id === l.id))).toBe(false);
    expect((await window(planner, { from: all.from, to: addDaysIso(all.from, 741), frame: '1' })).status).toBe(400);
    expect((await window(lone, { from: all.from, to, frame: '1' })).status).toBe(403);
  });

  it('counts each line’s sub-rows in the frame as the board lays them out: overlaps, not hand-over days', async () => {
    const before = (await board(planner)).body.data;
    // An overlap the planner made: a bar moved onto the first day of another bar of its line.
    const line = before.lines.find((l) => before.bars.filter((b) => b.line_id === l.id && !b.locked).length >= 2)!;
    const [first, second] = before.bars.filter((b) => b.line_id === line.id && !b.locked).sort((a, b) => a.start.localeCompare(b.start));
    const moved = await t.app.inject({ method: 'POST', url: '/api/scmapi/schedule/command', headers: { authorization: `Bearer ${planner}` }, payload: { op: 'move', bar_id: second.id, version: second.version, line_id: line.id, start: first.start } });
    expect(moved.statusCode, moved.body).toBe(200);
    const all = (await board(planner)).body.data;
    const f = (await window(planner, { from: all.from, to: all.to, frame: '1' })).body.data;
    const counted = new Map(all.lines.map((l) => [l.id, assignLanes(all.bars.filter((b) => b.line_id === l.id).map((b) => ({ start: dayNumber(b.start), end: dayNumber(b.end) }))).count]));
    expect(new Map(f.lines.map((l) => [l.id, l.lanes]))).toEqual(counted);
    expect(counted.get(line.id)).toBeGreaterThanOrEqual(2);
    // The demo's finite-capacity plans hand over on shared days: many lines hold such a pair and still count one sub-row.
    const handOver = all.lines.filter((l) => all.bars.some((a) => a.line_id === l.id && all.bars.some((b) => b.line_id === l.id && b.id !== a.id && b.start === a.end && a.end > a.start && b.end > b.start)));
    expect(handOver.length).toBeGreaterThan(0);
    expect(handOver.some((l) => counted.get(l.id) === 1)).toBe(true);
    // A window's lines leave the count out.
    expect((await window(planner, { from: all.from, to: all.to, lines: String(line.id) })).body.data.lines[0].lanes).toBeUndefined();
  });

  it('never gives another company the maker’s bars or lines', async () => {
    const all = (await board(planner)).body.data;
    const lines = all.lines.map((l) => l.id).join(',');
    const theirs = await window(brand, { from: all.from, to: all.to, lines });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.lines).toEqual([]);
    expect(theirs.body.data.cols.id).toEqual([]);
  });

  it('refuses a user without the board’s right with the typed error of the whole-board read, and a bad line list with 400', async () => {
    const all = (await board(planner)).body.data;
    const refused = await window(lone, { from: all.from, to: all.to });
    const wholeRefused = await board(lone);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(wholeRefused.body.code);
    expect(refused.body.message).toBe(wholeRefused.body.message);
    expect(refused.body.data).toBeFalsy();
    expect((await window(planner, { from: all.from, to: all.to, lines: '1,x' })).status).toBe(400);
    expect((await window(planner, { from: all.to, to: all.from })).status).toBe(400);
  });
});
