/**
 * The board's viewport reader (issue 31): told what is in view (`view`, debounced), it asks the
 * server for the windows missing around it (board-windows.ts: tiles, requests, the cache), nearest
 * first, cancels the requests the planner scrolled away from, merges each reply into the board's data
 * and gives up the least recently wanted windows past the cache's bound. `refresh` (another planner's
 * change, `schedule.changed`) makes every window stale and reads those in view again; `edited` (a
 * command's reply applied) refuses the replies under way, which were asked before the change.
 * No React here: the page's hook (useBoardSource.ts) owns one per shown schedule.
 *
 * Example: `const r = new BoardWindowReader(io); r.view(span); r.refresh();`
 */
import type { BoardWindowRead } from '../../model/board-window';
import type { BoardData } from '../../model/schedule-board';
import type { Steps } from './board-slices';
import { FIRST_SPAN, keepShown, keepShownSteps, mergeSteps, mergeWindow, requestRange, requestsFor, tileKey, tilesFor, WindowCache, type Ticket, type ViewSpan, type WindowRequest } from './board-windows';

/** What the reader works with: the read of one window, the board's data now, and its update. */
export type ReaderIo = {
  read: (q: { from: string; to: string; lines: string }, signal: AbortSignal) => Promise<BoardWindowRead>;
  data: () => BoardData | null;
  update: (fn: (d: BoardData) => BoardData) => void;
  /**
   * The same as `update` with the change given in steps, which the page may spread over frames
   * (board-slices.ts): a window's merge and the tiles given up go here when given, in the order asked.
   */
  updateInSteps?: (steps: (d: BoardData) => Steps<BoardData>) => void;
  onError?: (e: unknown) => void;
  /** Bars kept through an eviction (the selected one). */
  pinned?: () => ReadonlySet<number>;
};

/** Wait after the last view change before asking (ms): a scroll asks once it rests, and at least every `THROTTLE_MS` while it moves. */
export const DEBOUNCE_MS = 60;
export const THROTTLE_MS = 200;

type Flight = { req: WindowRequest; ticket: Ticket; abort: AbortController };

export class BoardWindowReader {
  readonly cache = new WindowCache();
  private flights = new Set<Flight>();
  private span: ViewSpan = FIRST_SPAN;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the first view change not yet asked for came. */
  private since = 0;
  private closed = false;
  /** Replies merged (tests and the bench). */
  merged = 0;

  constructor(private readonly io: ReaderIo) {}

  /** The view changed: ask for what it needs once the view rests (or at most every THROTTLE_MS while it moves). */
  view(span: ViewSpan): void {
    this.span = span;
    const now = Date.now();
    if (this.timer) clearTimeout(this.timer);
    else this.since = now;
    // DEBOUNCE_MS after the last change, but no later than THROTTLE_MS after the first one not yet asked for.
    const wait = Math.max(0, Math.min(now + DEBOUNCE_MS, this.since + THROTTLE_MS) - now);
    this.timer = setTimeout(() => { this.timer = null; this.ask(); }, wait);
  }

  /** Asks now for the windows the current view misses; cancels the requests it no longer wants. */
  ask(): void {
    const data = this.io.data();
    if (!data || this.closed) return;
    const bounds = { days: data.days.length, lines: data.lines.length };
    const wanted = tilesFor(this.span, bounds);
    const keys = new Set(wanted.map(tileKey));
    for (const f of [...this.flights]) {
      if (f.ticket.keys.some((k) => keys.has(k))) continue;
      f.abort.abort();
      this.cache.cancel(f.ticket);
      this.flights.delete(f);
    }
    const missing = this.cache.plan(wanted);
    if (!missing.length) return;
    const ids = data.lines.map((l) => l.id);
    for (const req of requestsFor(missing, bounds, ids)) this.send(req, (signal) => this.io.read({ ...requestRange(data, req), lines: req.lineIds.join(',') }, signal));
  }

  /** A request under way (its reply merged when it still counts). */
  private send(req: WindowRequest, start: (signal: AbortSignal) => Promise<BoardWindowRead>): void {
    const f: Flight = { req, ticket: this.cache.ticket(req.tiles.map((tile) => ({ block: req.block, tile }))), abort: new AbortController() };
    this.flights.add(f);
    start(f.abort.signal).then(
      (w) => {
        this.flights.delete(f);
        if (this.closed || !this.cache.accept(f.ticket)) return;
        this.merged++;
        if (this.io.updateInSteps) this.io.updateInSteps((d) => mergeSteps(d, w));
        else this.io.update((d) => mergeWindow(d, w));
        this.evict();
      },
      (e: unknown) => {
        this.flights.delete(f);
        const wasOurs = this.cache.pending(f.ticket);
        this.cache.cancel(f.ticket);
        if (!f.abort.signal.aborted && wasOurs && !this.closed) this.io.onError?.(e);
      },
    );
  }

  /**
   * Takes replies already under way (the route's prefetch, board-prefetch.ts) for the requests the
   * first view makes, so they are not asked twice.
   */
  adopt(replies: { req: WindowRequest; reply: Promise<BoardWindowRead> }[]): void {
    for (const { req, reply } of replies) {
      this.cache.plan(req.tiles.map((tile) => ({ block: req.block, tile })));
      this.send(req, () => reply);
    }
  }

  private evict(): void {
    const data = this.io.data();
    const keep = new Set(data ? tilesFor(this.span, { days: data.days.length, lines: data.lines.length }).map(tileKey) : []);
    if (!this.cache.evict(keep).length) return;
    const shown = this.cache.shown();
    const pinned = this.io.pinned?.() ?? new Set<number>();
    if (this.io.updateInSteps) this.io.updateInSteps((d) => keepShownSteps(d, shown, pinned));
    else this.io.update((d) => keepShown(d, shown, pinned));
  }

  /** Another planner's change: every window read becomes stale; those in view are read again now. */
  refresh(): void {
    this.dropFlights();
    this.cache.invalidate();
    this.ask();
  }

  /** A command's reply was applied: the replies under way (asked before it) are refused and asked again. */
  edited(): void {
    if (!this.flights.size) return;
    this.dropFlights();
    this.ask();
  }

  private dropFlights(): void {
    for (const f of this.flights) {
      f.abort.abort();
      this.cache.cancel(f.ticket);
    }
    this.flights.clear();
  }

  /** Requests under way. */
  get inFlight(): number {
    return this.flights.size;
  }

  /** The page left or shows another schedule: nothing more is asked or merged. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.dropFlights();
  }
}
