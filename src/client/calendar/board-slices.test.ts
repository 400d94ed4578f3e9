import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardWindow, BoardWindowRead } from '../../model/board-window';
import type { BoardBar, BoardData, BoardDay } from '../../model/schedule-board';
import { addDays, applyResult, layoutBoard } from './board-model';
import { type BoardLayout, relayoutSteps } from './board-layout';
import { afterRest, finish, FrameSlices, mergeLater, type RestIo, type Steps } from './board-slices';
import { serveWindow, testLine } from './board-window-fixtures';
import { BoardWindowReader } from './board-window-reader';
import { frameBoard, keepShown, keepShownSteps, mergeSteps, mergeWindow } from './board-windows';

/**
 * Work spread over frames (board-slices.ts): the queue's order, budget and flush; a window's merge, the
 * tiles given up and the layout in steps give what they give at once; a reader whose merges go
 * through the queue, sliced at random and interleaved with commands, ends with the same board as one
 * merging every reply at once; a reply parsed by the worker merges to the same board.
 */
const FROM = '2027-01-04';

function frame(lineCount: number, dayCount: number): BoardData {
  const days: BoardDay[] = Array.from({ length: dayCount }, (_, i) => ({ date: addDays(FROM, i), working: true, holiday: false, overtime: false }));
  return frameBoard({ from: FROM, to: addDays(FROM, dayCount - 1), scenario_id: null, days, lines: Array.from({ length: lineCount }, (_, i) => line(i + 1, [])) });
}
function bar(id: number, lineId: number, start: number, length: number, version = 1): BoardBar {
  return {
    id, version, plan_id: id, plan_no: `P${id}`, order_no: `O${id % 7}`, customer: 'C', style_no: `S${id % 5}`, category: 'woven', line_id: lineId,
    start: addDays(FROM, start), end: addDays(FROM, start + length - 1), qty: 10 * length, done_qty: id % 3, minutes: 100 * length,
    daily: Array.from({ length }, (_, k) => 10 + k), delivery_date: id % 4 ? null : addDays(FROM, start + 9), late: id % 5 === 0, locked: id % 9 === 0, split_index: 1, split_count: 1, scenario_id: null,
  };
}
const serve = (all: readonly BoardBar[], lines: number[], from: string, to: string): BoardWindow => serveWindow(all, lines, from, to, FROM);
const line = testLine;

/** A queue whose idle times (of `budget`) come when the test says, with a clock that moves one per call. */
function manualQueue(budget: number) {
  let clock = 0;
  const frames: (() => void)[] = [];
  const q = new FrameSlices((fn) => frames.push(() => fn(budget)), () => clock++);
  const frame = () => { const fns = frames.splice(0); for (const fn of fns) fn(); };
  return { q, frame, pending: () => frames.length };
}

describe('the frame queue', () => {
  it('runs jobs in order, a budget of steps after each frame, and flushes what is left at once', () => {
    const log: string[] = [];
    function* job(name: string, n: number): Steps<void> {
      for (let i = 0; i < n; i++) { log.push(`${name}${i}`); yield; }
      log.push(`${name}!`);
    }
    const m = manualQueue(3);
    m.q.push(job('a', 4));
    m.q.push(job('b', 2));
    expect(log).toEqual([]);
    m.frame();
    // A clock that moves one per call: a budget of 3 takes one step after the start is read.
    expect(log.length).toBeGreaterThan(0);
    expect(log.length).toBeLessThan(4);
    m.frame();
    m.q.flush();
    expect(log).toEqual(['a0', 'a1', 'a2', 'a3', 'a!', 'b0', 'b1', 'b!']);
    expect(m.q.size).toBe(0);
    m.frame();
    expect(m.pending()).toBe(0);
  });

  it('runs no job before a frame has been produced, and drops the jobs left when cleared', () => {
    const m = manualQueue(100);
    let ran = false;
    m.q.push((function* () { yield; ran = true; })());
    expect(ran).toBe(false);
    m.q.clear();
    m.frame();
    m.q.flush();
    expect(ran).toBe(false);
  });
});

describe('steps give what the work gives at once', () => {
  it('merging windows, giving up tiles and laying out, stopped at every step, give the same board', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 110 }), fc.integer({ min: 1, max: 4 })), { maxLength: 300 }), fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 3 }), (spec, block, tile) => {
      const all = spec.map(([l, s, len], i) => bar(i + 1, l, s, len));
      const lines = Array.from({ length: 30 }, (_, i) => block * 30 + i + 1);
      const w = serve(all, lines, addDays(FROM, tile * 28), addDays(FROM, tile * 28 + 55));
      let d = frame(60, 120);
      d = mergeWindow(d, serve(all, lines.map((x) => x % 60 + 1), FROM, addDays(FROM, 27)));
      const stepped: BoardData[] = [];
      const it = mergeSteps(d, w);
      for (let r = it.next(); ; r = it.next()) if (r.done) { stepped.push(r.value); break; }
      expect(stepped[0]).toEqual(mergeWindow(d, w));
      const shown = new Set([`${block}:${tile}`, '0:0']);
      expect(finish(keepShownSteps(stepped[0], shown))).toEqual(keepShown(stepped[0], shown));
      const prev = layoutBoard(d, 'month');
      expect(finish(relayoutSteps(prev, stepped[0], 'month'))).toEqual(layoutBoard(stepped[0], 'month'));
    }), { numRuns: 60 });
  });
});

describe('a reader whose merges are spread over frames', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Two readers over one in-memory server: one merging at once, one through a frame queue (as the board page). */
  function pair(all: BoardBar[], budget: number) {
    const at = { data: frame(300, 731) as BoardData };
    const spread = { dataRef: { current: frame(300, 731) as BoardData | null }, page: null as BoardData | null };
    spread.page = spread.dataRef.current;
    const m = manualQueue(budget);
    const asks: { q: { from: string; to: string; lines: string }; ok: (w: BoardWindow) => void; signal: AbortSignal }[] = [];
    const read = (q: { from: string; to: string; lines: string }, signal: AbortSignal) => new Promise<BoardWindow>((ok) => asks.push({ q, ok, signal }));
    const once = new BoardWindowReader({ read, data: () => at.data, update: (fn) => { at.data = fn(at.data); } });
    const laidOut: BoardData[] = [];
    let last: BoardLayout | null = null;
    const ctx = {
      current: () => true,
      dataRef: spread.dataRef,
      prelayout: { current: (d: BoardData) => (function* () { laidOut.push(d); last = yield* relayoutSteps(last, d, 'month'); })() },
      shown: null,
      commit: (next: BoardData, base: BoardData, fn: (d: BoardData) => BoardData) => { spread.page = spread.page === base ? next : (spread.dataRef.current = fn(spread.page!)); },
    };
    const inFrames = new BoardWindowReader({
      read,
      data: () => spread.dataRef.current,
      update: (fn) => { spread.page = spread.dataRef.current = fn(spread.page!); },
      updateInSteps: (steps) => m.q.push(mergeLater(ctx, steps)),
    });
    const answer = async () => {
      for (const r of asks.splice(0)) if (!r.signal.aborted) r.ok(serve(all, r.q.lines.split(',').map(Number), r.q.from, r.q.to));
      await vi.advanceTimersByTimeAsync(0);
    };
    return { at, spread, m, once, inFrames, answer, laidOut };
  }

  it('ends with the same bars, lines and layout as merging every reply at once, whatever the frames and commands between', async () => {
    const all = Array.from({ length: 3000 }, (_, i) => bar(i + 1, (i % 300) + 1, Math.floor(i / 300) * 72 % 725, 1 + (i % 3)));
    await fc.assert(fc.asyncProperty(
      fc.array(fc.oneof(fc.record({ k: fc.constant('view' as const), day: fc.integer({ min: 0, max: 700 }), line: fc.integer({ min: 0, max: 280 }) }), fc.record({ k: fc.constant('frame' as const) }), fc.record({ k: fc.constant('command' as const), bar: fc.integer({ min: 0, max: 2999 }), by: fc.integer({ min: 1, max: 5 }) })), { minLength: 5, maxLength: 14 }),
      fc.integer({ min: 2, max: 60 }),
      async (events, budget) => {
        const p = pair(all, budget);
        for (const e of events) {
          if (e.k === 'view') {
            const span = { firstDay: e.day, lastDay: e.day + 240, lines: Array.from({ length: 22 }, (_, i) => e.line + i) };
            p.once.view(span);
            p.inFrames.view(span);
            await vi.advanceTimersByTimeAsync(250);
            await p.answer();
          } else if (e.k === 'frame') p.m.frame();
          else {
            // A command's reply (a bar moved later) applied to both boards: the page flushes its queue first.
            p.m.q.flush();
            const b = all[e.bar];
            const moved = { ...b, start: addDays(b.start, e.by), end: addDays(b.end, e.by), version: b.version + 1 };
            const reply = { bars: [moved], removed: [], lines: [] };
            p.at.data = applyResult(p.at.data, reply);
            p.spread.page = p.spread.dataRef.current = applyResult(p.spread.dataRef.current!, reply);
          }
        }
        p.m.q.flush();
        expect(p.inFrames.merged).toBe(p.once.merged);
        expect(p.spread.page).toEqual(p.at.data);
        expect(p.spread.dataRef.current).toBe(p.spread.page);
        expect(layoutBoard(p.spread.page!, 'month')).toEqual(layoutBoard(p.at.data, 'month'));
        // Every merge was laid out before it was rendered.
        expect(p.laidOut.length).toBeGreaterThanOrEqual(p.inFrames.merged - 1);
      },
    ), { numRuns: 12 });
  }, 60_000);
});

describe('a window parsed by the worker', () => {
  it('merges to the same board as the reply parsed on the page, its number columns moved to the page as typed arrays', async () => {
    const posted: unknown[] = [];
    const moved: ArrayBuffer[][] = [];
    const g = globalThis as unknown as { self?: unknown };
    const had = 'self' in g;
    const before = g.self;
    // What the page reads: a structured clone, the buffers given moved (detached on the worker's side).
    g.self = { postMessage: (m: unknown, o?: { transfer?: ArrayBuffer[] }) => { moved.push(o?.transfer ?? []); posted.push(structuredClone(m, { transfer: o?.transfer ?? [] })); } };
    try {
      const { transferColumns } = await import('./board-window.worker');
      const worker = g.self as { onmessage: (e: { data: { id: number; body: ArrayBuffer } }) => void };
      const all = Array.from({ length: 400 }, (_, i) => bar(i + 1, (i % 30) + 1, (i * 7) % 100, 1 + (i % 3)));
      const w = serve(all, Array.from({ length: 30 }, (_, i) => i + 1), FROM, addDays(FROM, 111));
      const text = JSON.stringify({ code: 200, message: '', data: w });
      const body = new TextEncoder().encode(text).buffer as ArrayBuffer;
      worker.onmessage({ data: { id: 7, body } });
      worker.onmessage({ data: { id: 8, body: new TextEncoder().encode('{"code": 2').buffer as ArrayBuffer } });
      const [ok, bad] = posted as [{ id: number; value: { data: BoardWindowRead } }, { id: number; error?: string }];
      expect(ok.id).toBe(7);
      const sent = JSON.parse(text) as { data: BoardWindow };
      const cols = ok.value.data.cols;
      // Every column a Float64Array of the same numbers, each moved (one buffer each), the rest as sent.
      for (const k of Object.keys(sent.data.cols) as (keyof BoardWindow['cols'])[]) {
        expect(cols[k]).toBeInstanceOf(Float64Array);
        expect(Array.from(cols[k])).toEqual(sent.data.cols[k]);
      }
      expect(moved[0].length).toBe(Object.keys(sent.data.cols).length);
      expect(moved[0].every((b) => b.byteLength === 0)).toBe(true);
      expect({ ...ok.value, data: { ...ok.value.data, cols: null } }).toEqual({ ...sent, data: { ...sent.data, cols: null } });
      expect(mergeWindow(frame(30, 120), ok.value.data)).toEqual(mergeWindow(frame(30, 120), sent.data));
      expect(bad).toMatchObject({ id: 8 });
      expect(bad.error).toBeTruthy();
      expect(moved[1]).toEqual([]);
      // A column with anything but numbers stays an array; a reply without columns (an error's envelope) moves nothing.
      const odd = { data: { cols: { id: [1, 2], style: [1, null] } } };
      expect(transferColumns(odd).length).toBe(1);
      expect(odd.data.cols.id).toBeInstanceOf(Float64Array);
      expect(odd.data.cols.style).toEqual([1, null]);
      expect(transferColumns({ code: 401, data: null })).toEqual([]);
      expect(transferColumns(null)).toEqual([]);
    } finally {
      if (had) g.self = before;
      else delete g.self;
    }
  });
});

/** A clock the test moves, its timers and its animation frames. */
function restClock() {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  let frames: (() => void)[] = [];
  const io: RestIo = {
    later: (fn, ms) => { const t = { at: now + ms, fn }; timers.push(t); return () => { const i = timers.indexOf(t); if (i >= 0) timers.splice(i, 1); }; },
    frame: (fn) => { frames.push(fn); return () => { frames = frames.filter((f) => f !== fn); }; },
    now: () => now,
  };
  /** Moves the clock to `t`, firing the timers due on the way. */
  const to = (t: number) => {
    for (;;) {
      const due = timers.filter((x) => x.at <= t).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers.splice(timers.indexOf(due), 1);
      now = due.at;
      due.fn();
    }
    now = t;
  };
  /** An animation frame at the clock's time: `scrolled` first (its scroll event), then the frame's callbacks. */
  const frame = (scrolled?: () => void) => { scrolled?.(); const fns = frames; frames = []; for (const fn of fns) fn(); };
  return { io, to, frame, now: () => now };
}

describe('the wait for the scroll to rest', () => {
  it('is over after `ms` without a scroll and a frame without one; a scroll in between, or in that frame, makes it wait again', () => {
    const c = restClock();
    const last = { current: 0 };
    let rested = -1;
    afterRest(150, last, () => { rested = c.now(); }, c.io);
    // Scrolls every 100 ms: renders of the view would not have told a rest, nor does this.
    for (let t = 100; t <= 500; t += 100) { c.to(t); last.current = t; c.frame(); }
    expect(rested).toBe(-1);
    // A frame of 300 ms on a loaded machine: the timer fires, but the next frame scrolls before its callbacks.
    c.to(800);
    c.frame(() => { last.current = c.now(); });
    expect(rested).toBe(-1);
    // Then the scroll stops: 150 ms later and one frame without a scroll, the view rests.
    c.to(960);
    expect(rested).toBe(-1);
    c.frame();
    expect(rested).toBe(960);
  });

  it('never ends while a scroll goes on, whatever the frames take, and ends once it stops', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 5, max: 400 }), { minLength: 1, maxLength: 30 }), fc.integer({ min: 50, max: 300 }), (gaps, ms) => {
      const c = restClock();
      const last = { current: 0 };
      let rested = false;
      afterRest(ms, last, () => { rested = true; }, c.io);
      // A scroll: one move per frame, frames `gaps` apart.
      let t = 0;
      for (const g of gaps) {
        t += g;
        c.to(t);
        c.frame(() => { last.current = c.now(); });
        expect(rested).toBe(false);
      }
      // It stops: frames go on without a move.
      for (let k = 0; k < 40 && !rested; k++) { t += 16; c.to(t); c.frame(); }
      expect(rested).toBe(true);
      expect(t - last.current).toBeGreaterThanOrEqual(ms);
    }), { numRuns: 200 });
  });

  it('is cancelled by its cancel', () => {
    const c = restClock();
    let rested = false;
    const cancel = afterRest(150, { current: 0 }, () => { rested = true; }, c.io);
    c.to(200);
    cancel();
    c.frame();
    c.to(1000);
    c.frame();
    expect(rested).toBe(false);
  });
});

