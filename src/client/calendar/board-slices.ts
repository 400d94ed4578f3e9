/**
 * Work spread over frames (issue 31): a window's reply merged into a board of 30,000 bars and the
 * board laid out again took 10-25 ms of one task, so every reply landing in a month-zoom scroll cost a
 * frame (B5 at 100,000 bars). Such work is written as steps (a generator that yields between pieces
 * of a few hundred bars) and run here in the idle time between frames (at most `SLICE_MS` a frame),
 * jobs one after another in the order given; `flush` runs what is left at once (a command's reply must land after the windows
 * taken before it). The same steps run to the end at once (`finish`) give the same result.
 *
 * Example: `const q = new FrameSlices(); q.push((function* () { ...; yield; ... })());`
 */

import type { BoardData } from '../../model/schedule-board';

/** Work in steps: `yield` where it may stop for a frame; its return value is the result. */
export type Steps<T> = Generator<void, T, void>;

/** Runs steps to the end at once. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Time taken from a frame for the queued work (ms) at most: a month-zoom frame of the board itself costs 4-8 ms. */
export const SLICE_MS = 4;
/** Longest wait for idle time (ms): on a page that is never idle the work still goes on, a slice at a time. */
export const IDLE_WAIT_MS = 100;

/**
 * Calls `fn` with a time to work: in the browser's idle time after a frame (what is left of the frame,
 * at most `SLICE_MS`), or after `IDLE_WAIT_MS` without idle time (then one step at least); after the
 * next frame where there is no idle callback.
 */
export function whenIdle(fn: (ms: number) => void): void {
  if (typeof requestIdleCallback !== 'undefined') {
    requestIdleCallback((d) => fn(d.didTimeout ? 0 : Math.min(SLICE_MS, d.timeRemaining())), { timeout: IDLE_WAIT_MS });
    return;
  }
  if (typeof requestAnimationFrame === 'undefined' || typeof MessageChannel === 'undefined') {
    setTimeout(() => fn(SLICE_MS), 0);
    return;
  }
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => { ch.port1.close(); fn(SLICE_MS); };
    ch.port2.postMessage(null);
  });
}

export class FrameSlices {
  private jobs: Steps<void>[] = [];
  private waiting = false;

  constructor(
    private readonly later: (fn: (ms: number) => void) => void = whenIdle,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Queues a job after the others. */
  push(job: Steps<void>): void {
    this.jobs.push(job);
    this.wait();
  }

  /** Jobs not finished. */
  get size(): number {
    return this.jobs.length;
  }

  /** Runs every job left to its end now, in order. */
  flush(): void {
    while (this.jobs.length) {
      const job = this.jobs[0];
      finish(job);
      if (this.jobs[0] === job) this.jobs.shift();
    }
  }

  /** Drops the jobs left unrun. */
  clear(): void {
    this.jobs = [];
  }

  private wait(): void {
    if (this.waiting || !this.jobs.length) return;
    this.waiting = true;
    this.later((ms) => {
      this.waiting = false;
      this.slice(ms);
    });
  }

  /** Steps the jobs in order for `ms` (one step at least), then waits for the next idle time. */
  private slice(ms: number): void {
    const end = this.now() + ms;
    do {
      const job = this.jobs[0];
      if (!job) break;
      if (job.next().done && this.jobs[0] === job) this.jobs.shift();
    } while (this.now() < end);
    this.wait();
  }
}

/** What waiting for the view to rest needs: a timer, an animation frame, the clock (the browser's; a test's own). */
export type RestIo = { later: (fn: () => void, ms: number) => () => void; frame: (fn: () => void) => () => void; now: () => number };

const browserRest: RestIo = {
  later: (fn, ms) => { const t = setTimeout(fn, ms); return () => clearTimeout(t); },
  frame: (fn) => {
    if (typeof requestAnimationFrame === 'undefined') return browserRest.later(fn, 16);
    const f = requestAnimationFrame(() => fn());
    return () => cancelAnimationFrame(f);
  },
  now: () => performance.now(),
};

/**
 * Calls `done` once the view has rested `ms`: no move for `ms` by `lastMove` (the time of the last
 * scroll event, told on every one), then one animation frame without a move (a scroll under way tells
 * its next move in the frame, before the frame's callbacks: a frame longer than `ms` on a loaded
 * machine is not taken for rest). Returns a cancel. The board's invisible lists wait for this: laid out
 * in the middle of a scroll they cost the frame 20-80 ms of style and layout (B5 at 100,000 bars,
 * 2026-12-07 twenty-first session), and a rest told by React's renders of the view (every 100 ms) came
 * whenever a frame was slow.
 */
export function afterRest(ms: number, lastMove: { current: number }, done: () => void, io: RestIo = browserRest): () => void {
  let cancel: () => void;
  const check = () => {
    const wait = lastMove.current + ms - io.now();
    if (wait > 0) {
      cancel = io.later(check, wait);
      return;
    }
    const asked = io.now();
    cancel = io.frame(() => {
      if (lastMove.current >= asked) cancel = io.later(check, ms);
      else done();
    });
  };
  cancel = io.later(check, ms);
  return () => cancel();
}

/** What a window's merge spread over frames works with (the page's hook, useBoardSource.ts). */
export type MergeCtx = {
  /** Whether the reader that took the window is still the board's. */
  current: () => boolean;
  /** The board's data as last set (ahead of the page's while a merge waits to be rendered). */
  dataRef: { current: BoardData | null };
  /** The board's layout of data in steps (null: the board lays it out when it renders). */
  prelayout: { current: ((d: BoardData) => Steps<unknown>) | null };
  /** The schedule shown (null: live) when the window was asked. */
  shown: number | null;
  /** Renders `next`, merged on `base`; data other than `base` by then is given `fn` at once. */
  commit: (next: BoardData, base: BoardData, fn: (d: BoardData) => BoardData) => void;
};

/**
 * A window's merge (or the tiles given up) as a job of steps: merged into the data as last set, laid
 * out at the board's zoom, then rendered; the same data as merging it at once. Data changed while it
 * merged (another planner's removal; a command's reply flushes the jobs first) is merged again at once.
 */
export function* mergeLater(c: MergeCtx, steps: (d: BoardData) => Steps<BoardData>): Steps<void> {
  const base = c.dataRef.current;
  if (!c.current() || !base || base.scenario_id !== c.shown) return;
  let next = yield* steps(base);
  const now = c.dataRef.current;
  if (!c.current() || !now || now.scenario_id !== c.shown) return;
  if (now !== base) next = finish(steps(now));
  c.dataRef.current = next;
  if (c.prelayout.current) yield* c.prelayout.current(next);
  if (c.current()) c.commit(next, now, (d) => finish(steps(d)));
}
