import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, overloadedDays } from '../../calendars/capacity';
import type { BoardBar, BoardCommandResult, BoardData } from '../../src/model/schedule-board';
import { pushDrop } from '../support/board-drop';
import { barWrites as barWritesOf, wrongPlaces as wrongPlacesOf, type BarWrite as Write } from '../support/bar-writes';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * "Move and push the following plans later" (issue 29) through the board's command route: a plain move
 * of a bar onto the start of another bar overloads the target line (the board asks first; the server
 * does what it is told), the same move with `push` lays the bar into the line's capacity and the bars
 * behind it after it, in their order: none of them overlaps another bar of the line, no day they take
 * is over capacity, locked bars stay, and the reply names where each moved bar was (for undo). Each
 * bar a push (or its undo) moves is written once, with one audit row, and keeps its counted place.
 */
let t: TestApp;
let planner: string;

type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function call<T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, query?: Record<string, string>): Promise<Reply<T>> {
  const res = await t.app.inject({ method, url, payload, query, headers: { authorization: `Bearer ${planner}` } });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const board = (query: Record<string, string> = {}) => call<BoardData>('GET', '/api/scmapi/schedule/board', undefined, query);
const command = (cmd: Record<string, unknown>) => call<BoardCommandResult>('POST', '/api/scmapi/schedule/command', cmd);
const overlap = (a: { start: string; end: string }, b: { start: string; end: string }) => a.start <= b.end && b.start <= a.end;

/** The bars' row versions `work` writes and the bars whose kept place is wrong (tests/support/bar-writes.ts). */
const barWrites = (work: () => Promise<void>) => barWritesOf(t.app.db, work);
const wrongPlaces = () => wrongPlacesOf(t.app.db);

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
});
afterAll(async () => t?.close());

describe('move and push the following plans later', () => {
  it('a plain move stacks the bar and overloads; with push nothing overlaps, no day is over capacity, order is kept', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const data = (await board()).body.data;
    // A line with at least two unlocked bars starting after today, and a bar of another line it can take.
    const drop = pushDrop(data, today, (b) => b.qty >= 100);
    expect(drop, 'a line with bars ahead and a bar to drop on it').toBeTruthy();
    const target: BoardData['lines'][number] | undefined = drop?.target;
    const mover: BoardBar | undefined = drop?.mover;
    const hit = drop!.ahead[0];
    const far = { from: hit.start, to: addDays(hit.start, 399) };

    // Plain move onto the start of `hit`: accepted as told, and the line is over capacity where they stack.
    const before = (await board(far)).body.data;
    const lineBefore = before.lines.find((l) => l.id === target!.id)!;
    const plain = await command({ op: 'move', bar_id: mover!.id, version: mover!.version, line_id: target!.id, start: hit.start, ...far });
    expect(plain.status).toBe(200);
    const stacked = plain.body.data.lines.find((l) => l.id === target!.id)!.load;
    expect(overloadedDays(lineBefore.capacity, stacked).length).toBeGreaterThan(0);
    const movedOnce = plain.body.data.bars.find((b) => b.id === mover!.id)!;

    // A push that is not a boolean is refused.
    expect((await command({ op: 'move', bar_id: mover!.id, version: movedOnce.version, line_id: target!.id, start: hit.start, push: 'yes' })).status).toBe(400);

    // The same drop with push (from where the bar now is: its own line).
    const lineBars = before.bars.filter((b) => b.line_id === target!.id);
    const pushed = await command({ op: 'move', bar_id: mover!.id, version: movedOnce.version, line_id: target!.id, start: hit.start, push: true, ...far });
    expect(pushed.status).toBe(200);
    const reply = pushed.body.data;
    expect(reply.previous?.[0]).toMatchObject({ id: mover!.id, line_id: target!.id, start: hit.start });
    expect(reply.previous!.map((p) => p.id)).toContain(hit.id);
    const after = (await board(far)).body.data;
    const line = after.lines.find((l) => l.id === target!.id)!;
    const onLine = after.bars.filter((b) => b.line_id === target!.id);
    const placed = onLine.filter((b) => reply.previous!.some((p) => p.id === b.id));
    expect(placed.length).toBe(reply.previous!.length);
    expect(placed.find((b) => b.id === mover!.id)!.start).toBe(hit.start);
    // No moved bar overlaps another bar of the line.
    for (const a of placed) for (const b of onLine) if (a.id !== b.id) expect(overlap(a, b), `${a.id} ${a.start}..${a.end} / ${b.id} ${b.start}..${b.end}`).toBe(false);
    // No day the moved bars take is over capacity.
    const over = new Set(overloadedDays(line.capacity, line.load));
    for (const b of placed) b.daily.forEach((p, i) => {
      const day = after.days.findIndex((d) => d.date === addDays(b.start, i));
      if (p > 0 && day >= 0) expect(over.has(day), `${b.id} on ${addDays(b.start, i)}`).toBe(false);
    });
    // The pushed bars keep their order, move only later, and each stored daily adds up to its quantity.
    const pushedIds = reply.previous!.slice(1).map((p) => p.id);
    const wasStart = new Map(lineBars.map((b) => [b.id, b.start]));
    expect([...pushedIds].sort((a, b) => wasStart.get(a)!.localeCompare(wasStart.get(b)!) || a - b)).toEqual(pushedIds);
    for (const id of pushedIds) expect(placed.find((b) => b.id === id)!.start > wasStart.get(id)!).toBe(true);
    for (const b of placed) expect(b.daily.reduce((s, q) => s + q, 0)).toBe(b.qty);
    // Locked bars of the line did not move.
    for (const b of lineBars.filter((x) => x.locked)) expect(onLine.find((x) => x.id === b.id)).toMatchObject({ start: b.start, end: b.end });
    // Versions moved on: the old version of a pushed bar is stale now.
    const pushedBar = lineBars.find((b) => b.id === pushedIds[0])!;
    const stale = await command({ op: 'move', bar_id: pushedBar.id, version: pushedBar.version, line_id: target!.id, start: pushedBar.start });
    expect(stale.status).toBe(409);
  });

  it('the undo of a push is one place command: every bar back on its line, days and pieces; stale, locked or malformed refused', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const data = (await board()).body.data;
    const drop = pushDrop(data, today);
    expect(drop, 'a line with bars ahead and a bar to drop on it').toBeTruthy();
    const target: BoardData['lines'][number] | undefined = drop?.target;
    const mover: BoardBar | undefined = drop?.mover;
    const far = { from: addDays(today, -7), to: addDays(today, 399) };
    const shape = (b: BoardBar) => ({ id: b.id, line_id: b.line_id, start: b.start, end: b.end, qty: b.qty, daily: b.daily });
    const before = new Map((await board(far)).body.data.bars.map((b) => [b.id, shape(b)]));
    const hit = drop!.ahead[0];
    const pushed = await command({ op: 'move', bar_id: mover!.id, version: mover!.version, line_id: target!.id, start: hit.start, push: true, ...far });
    expect(pushed.status).toBe(200);
    const previous = pushed.body.data.previous!;
    expect(previous.length).toBeGreaterThan(1);
    const version = new Map(pushed.body.data.bars.map((b) => [b.id, b.version]));
    const places = previous.map((p) => ({ bar_id: p.id, version: version.get(p.id)!, line_id: p.line_id, start: p.start, end: p.end, daily: p.daily ?? null }));

    // Malformed: no bars, a last day before the first, a bar twice.
    expect((await command({ op: 'place', bars: [] })).status).toBe(400);
    expect((await command({ op: 'place', bars: [{ ...places[0], end: addDays(places[0].start, -1) }] })).status).toBe(400);
    expect((await command({ op: 'place', bars: [places[0], places[0]] })).status).toBe(400);
    // One stale version refuses the whole command, nothing moves.
    expect((await command({ op: 'place', bars: places.map((p, i) => (i === 1 ? { ...p, version: p.version - 1 } : p)) })).status).toBe(409);

    const undo = await command({ op: 'place', bars: places, ...far });
    expect(undo.status).toBe(200);
    expect(undo.body.data.bars.map((b) => b.id).sort((a, b) => a - b)).toEqual(previous.map((p) => p.id).sort((a, b) => a - b));
    expect(undo.body.data.lines.map((l) => l.id)).toEqual(expect.arrayContaining([target!.id, mover!.line_id]));
    const after = new Map((await board(far)).body.data.bars.map((b) => [b.id, shape(b)]));
    for (const p of previous) expect(after.get(p.id), `bar ${p.id}`).toEqual(before.get(p.id));
    // Every other bar of the board is as it was.
    expect([...after.values()].sort((a, b) => a.id - b.id)).toEqual([...before.values()].sort((a, b) => a.id - b.id));

    // A locked bar is not placed.
    const again = new Map(undo.body.data.bars.map((b) => [b.id, b]));
    const first = again.get(previous[0].id)!;
    const locked = await command({ op: 'lock', bar_id: first.id, version: first.version });
    expect(locked.status).toBe(200);
    const lockedVersion = locked.body.data.bars[0].version;
    const refused = await command({ op: 'place', bars: [{ bar_id: first.id, version: lockedVersion, line_id: target!.id, start: hit.start, end: hit.start }] });
    expect(refused.status).toBe(400);
    expect(refused.body.code).not.toBe(200);
  });

  it('writes each bar a push moves once, with one audit row, each keeping its counted place; so does its undo', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const data = (await board()).body.data;
    const drop = pushDrop(data, today);
    expect(drop, 'a line with bars ahead and a bar to drop on it').toBeTruthy();
    const far = { from: addDays(today, -7), to: addDays(today, 399) };
    const hit = drop!.ahead[0];
    let previous: NonNullable<BoardCommandResult['previous']> = [];
    let versions = new Map<number, number>();
    const once = (writes: Write[], audited: number[], moved: number[]) => {
      // The command's own statement writes each moved bar once and no other bar.
      const own = writes.filter((w) => w.depth === 1).map((w) => w.id).sort((a, b) => a - b);
      expect(own).toEqual([...moved].sort((a, b) => a - b));
      // The places' step writes a bar only when its place changed (not every bar the command wrote again).
      expect(writes.filter((w) => w.depth > 1 && !w.place_changed)).toEqual([]);
      expect([...audited].sort((a, b) => a - b)).toEqual([...moved].sort((a, b) => a - b));
    };
    const push = await barWrites(async () => {
      const r = await command({ op: 'move', bar_id: drop!.mover.id, version: drop!.mover.version, line_id: drop!.target.id, start: hit.start, push: true, ...far });
      expect(r.status).toBe(200);
      previous = r.body.data.previous!;
      versions = new Map(r.body.data.bars.map((b) => [b.id, b.version]));
      // The reply's bars carry their kept places.
      for (const b of r.body.data.bars) expect(b.split_index).toBeLessThanOrEqual(b.split_count);
    });
    expect(previous.length).toBeGreaterThan(1);
    once(push.writes, push.audited, previous.map((p) => p.id));
    expect(await wrongPlaces()).toEqual([]);

    const undo = await barWrites(async () => {
      const places = previous.map((p) => ({ bar_id: p.id, version: versions.get(p.id)!, line_id: p.line_id, start: p.start, end: p.end, daily: p.daily ?? null }));
      expect((await command({ op: 'place', bars: places, ...far })).status).toBe(200);
    });
    once(undo.writes, undo.audited, previous.map((p) => p.id));
    expect(await wrongPlaces()).toEqual([]);
  });
});
