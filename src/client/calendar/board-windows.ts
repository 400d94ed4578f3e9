/**
 * The board's viewport read (issue 31), pure: which windows of the schedule the board needs for what
 * is in view, the cache of the windows read (keyed by window: a block of lines x a run of days, read
 * again when stale, the least recently used given up past a bound), and the merge of a window's
 * columns (src/model/board-window.ts) into the board's data. The reader that sends the requests is
 * board-window-reader.ts; the page's hook useBoardSource.ts.
 *
 * The board's range is cut in tiles: `TILE_LINES` lines (in the frame's order) by `TILE_DAYS` days
 * (from the range's first day). A tile is read once and kept; neighbouring missing tiles of one block
 * of lines are asked in one request (a window of those lines over the tiles' days).
 */
import { windowBar, windowSize, type BoardWindow, type BoardWindowRead } from '../../model/board-window';
import type { BoardBar, BoardData, BoardLine } from '../../model/schedule-board';
import { finish, type Steps } from './board-slices';

export const TILE_DAYS = 28;
export const TILE_LINES = 30;
/** At most this many tiles are asked in one request (a window of up to 4 x 28 days). */
export const TILES_PER_REQUEST = 4;
/** Tiles kept at most; past it the least recently wanted are given up (their bars leave the board). */
export const MAX_TILES = 80;

export type Tile = { block: number; tile: number };
export const tileKey = (t: Tile): string => `${t.block}:${t.tile}`;

/** What is in view: the frame's day indexes [firstDay, lastDay] and the frame's indexes of the lines in view. */
export type ViewSpan = { firstDay: number; lastDay: number; lines: readonly number[] };
/** The view before the board has told one: the first lines over the first days. */
export const FIRST_SPAN: ViewSpan = { firstDay: 0, lastDay: 30, lines: Array.from({ length: 24 }, (_, i) => i) };
/** The frame's size: its days and its lines. */
export type Bounds = { days: number; lines: number };

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/**
 * The tiles the board needs for a view: those covering the days and lines in view and a margin
 * around them (days: at least 14 and half the view's width on each side; lines: 10 above and below),
 * the tiles in view first, then by distance from the view's middle.
 */
export function tilesFor(span: ViewSpan, bounds: Bounds, margin: { lines: number; days?: number } = { lines: 10 }): Tile[] {
  if (bounds.days <= 0 || bounds.lines <= 0 || !span.lines.length || span.lastDay < span.firstDay) return [];
  const width = span.lastDay - span.firstDay + 1;
  const md = margin.days ?? Math.max(14, Math.ceil(width / 2));
  const lo = clamp(Math.min(...span.lines), 0, bounds.lines - 1);
  const hi = clamp(Math.max(...span.lines), 0, bounds.lines - 1);
  const first = clamp(span.firstDay, 0, bounds.days - 1);
  const last = clamp(span.lastDay, 0, bounds.days - 1);
  const blocks = [Math.floor(clamp(lo - margin.lines, 0, bounds.lines - 1) / TILE_LINES), Math.floor(clamp(hi + margin.lines, 0, bounds.lines - 1) / TILE_LINES)];
  const tiles = [Math.floor(clamp(first - md, 0, bounds.days - 1) / TILE_DAYS), Math.floor(clamp(last + md, 0, bounds.days - 1) / TILE_DAYS)];
  const seen = { blocks: [Math.floor(lo / TILE_LINES), Math.floor(hi / TILE_LINES)], tiles: [Math.floor(first / TILE_DAYS), Math.floor(last / TILE_DAYS)] };
  const mid = { block: (lo + hi) / 2 / TILE_LINES - 0.5, tile: (first + last) / 2 / TILE_DAYS - 0.5 };
  const out: { t: Tile; inView: boolean; d: number }[] = [];
  for (let b = blocks[0]; b <= blocks[1]; b++) {
    for (let k = tiles[0]; k <= tiles[1]; k++) {
      const inView = b >= seen.blocks[0] && b <= seen.blocks[1] && k >= seen.tiles[0] && k <= seen.tiles[1];
      out.push({ t: { block: b, tile: k }, inView, d: Math.abs(b - mid.block) * 2 + Math.abs(k - mid.tile) });
    }
  }
  return out.sort((a, b) => Number(b.inView) - Number(a.inView) || a.d - b.d).map((x) => x.t);
}

/** One request: a block of lines over a run of neighbouring tiles; its day indexes and the lines' ids. */
export type WindowRequest = { block: number; tiles: number[]; firstDay: number; lastDay: number; lineIds: number[] };

/**
 * Missing tiles as requests: per block, runs of neighbouring tiles (at most `TILES_PER_REQUEST`)
 * become one window; the requests keep the order of the tiles' first appearance (nearest first).
 */
export function requestsFor(missing: readonly Tile[], bounds: Bounds, lineIds: readonly number[]): WindowRequest[] {
  const byBlock = new Map<number, { tiles: Set<number>; rank: number }>();
  missing.forEach((t, rank) => {
    const e = byBlock.get(t.block) ?? { tiles: new Set<number>(), rank };
    e.tiles.add(t.tile);
    byBlock.set(t.block, e);
  });
  const rank = new Map(missing.map((t, i) => [tileKey(t), i]));
  const out: { req: WindowRequest; rank: number }[] = [];
  for (const [block, { tiles }] of byBlock) {
    const sorted = [...tiles].sort((a, b) => a - b);
    let run: number[] = [];
    const flush = () => {
      if (!run.length) return;
      const ids = lineIds.slice(block * TILE_LINES, Math.min(bounds.lines, (block + 1) * TILE_LINES));
      const req = { block, tiles: run, firstDay: run[0] * TILE_DAYS, lastDay: Math.min(bounds.days - 1, (run[run.length - 1] + 1) * TILE_DAYS - 1), lineIds: ids };
      out.push({ req, rank: Math.min(...run.map((k) => rank.get(tileKey({ block, tile: k }))!)) });
      run = [];
    };
    for (const k of sorted) {
      if (run.length && (k !== run[run.length - 1] + 1 || run.length >= TILES_PER_REQUEST)) flush();
      run.push(k);
    }
    flush();
  }
  return out.sort((a, b) => a.rank - b.rank).map((x) => x.req);
}

type TileState = { state: 'loading' | 'loaded' | 'stale'; gen: number; used: number };
/** A request under way: its tiles and the generation each was asked at. */
export type Ticket = { keys: string[]; gens: number[] };

/**
 * The tiles read, being read, or read but stale (shown until read again). A request's reply is taken
 * only while every tile it asked is still being read at the generation it was asked at: a tile made
 * stale (another planner's change), cancelled (scrolled away) or dropped meanwhile refuses the reply.
 */
export class WindowCache {
  private tiles = new Map<string, TileState>();
  private gen = 0;
  private clock = 0;
  constructor(private readonly max = MAX_TILES) {}

  /** Of the wanted tiles, those to read now (missing or stale), marked as being read; every wanted tile is marked as used now. */
  plan(wanted: readonly Tile[]): Tile[] {
    const now = ++this.clock;
    const out: Tile[] = [];
    for (const t of wanted) {
      const k = tileKey(t);
      const s = this.tiles.get(k);
      if (s) s.used = now;
      if (!s || s.state === 'stale') {
        this.tiles.set(k, { state: 'loading', gen: ++this.gen, used: now });
        out.push(t);
      }
    }
    return out;
  }

  ticket(tiles: readonly Tile[]): Ticket {
    const keys = tiles.map(tileKey);
    return { keys, gens: keys.map((k) => this.tiles.get(k)?.gen ?? -1) };
  }

  /** Whether a reply still counts (see the class); if so its tiles are read. */
  accept(t: Ticket): boolean {
    const ok = t.keys.every((k, i) => { const s = this.tiles.get(k); return s?.state === 'loading' && s.gen === t.gens[i]; });
    if (ok) for (const k of t.keys) this.tiles.get(k)!.state = 'loaded';
    return ok;
  }

  /** A request given up (failed or cancelled): its tiles still being read at its generation become missing. */
  cancel(t: Ticket): void {
    t.keys.forEach((k, i) => { const s = this.tiles.get(k); if (s?.state === 'loading' && s.gen === t.gens[i]) this.tiles.delete(k); });
  }

  /** Everything read becomes stale (read again when wanted), everything being read missing (its reply refused). */
  invalidate(): void {
    for (const [k, s] of this.tiles) {
      if (s.state === 'loading') this.tiles.delete(k);
      else s.state = 'stale';
    }
  }

  /** Whether the ticket's tiles are all still being read for it. */
  pending(t: Ticket): boolean {
    return t.keys.every((k, i) => this.tiles.get(k)?.state === 'loading' && this.tiles.get(k)?.gen === t.gens[i]);
  }

  /** Gives up the least recently wanted tiles past the bound, never one of `keep`; returns their keys. */
  evict(keep: ReadonlySet<string>): string[] {
    if (this.tiles.size <= this.max) return [];
    const old = [...this.tiles].filter(([k, s]) => !keep.has(k) && s.state !== 'loading').sort((a, b) => a[1].used - b[1].used);
    const gone = old.slice(0, this.tiles.size - this.max).map(([k]) => k);
    for (const k of gone) this.tiles.delete(k);
    return gone;
  }

  /** The keys of the tiles whose bars are on the board (read or stale). */
  shown(): Set<string> {
    return new Set([...this.tiles].filter(([, s]) => s.state !== 'loading').map(([k]) => k));
  }

  state(t: Tile): TileState['state'] | 'missing' {
    return this.tiles.get(tileKey(t))?.state ?? 'missing';
  }

  get size(): number {
    return this.tiles.size;
  }
}

const DAY_MS = 86_400_000;
/**
 * A day's number, remembered: the merges and the tiles given up ask it of every bar they keep, and a
 * board's bars fall on a few hundred distinct days (Date.parse on each was a third of a month-zoom
 * scroll's merge time at 100,000 bars, B5).
 */
const DAYS_SEEN = new Map<string, number>();
function dayOf(date: string): number {
  let d = DAYS_SEEN.get(date);
  if (d === undefined) {
    if (DAYS_SEEN.size > 20_000) DAYS_SEEN.clear();
    d = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
    DAYS_SEEN.set(date, d);
  }
  return d;
}

/** The frame read (`frame=1`: days and lines, no bar) as the board's data: every line's capacity and load zero until its windows are read. */
export function frameBoard(frame: Pick<BoardWindow, 'from' | 'to' | 'scenario_id' | 'days' | 'lines'>): BoardData {
  const n = frame.days.length;
  const lines = frame.lines.map((l) => ({ ...l, capacity: new Array<number>(n).fill(0), load: new Array<number>(n).fill(0) }));
  return { from: frame.from, to: frame.to, scenario_id: frame.scenario_id, days: frame.days, lines, bars: [] };
}

/** Bars looked at between two stops of a merge's steps (about a millisecond's work). */
const STEP_BARS = 2048;

/**
 * A window's reply merged into the board: its region (its lines over its days) is replaced, so a bar
 * that left the region since the last read leaves the board, the window's bars (decoded from its
 * columns) are put in, and its lines' capacity and load are written over its days. Bars outside the
 * region stay as they are; a bar both in and out (across the region's edge) is the window's.
 */
export function mergeWindow(data: BoardData, w: BoardWindowRead): BoardData {
  return finish(mergeSteps(data, w));
}

/** `mergeWindow` in steps (board-slices.ts): it stops every `STEP_BARS` bars decoded or looked at. */
export function* mergeSteps(data: BoardData, w: BoardWindowRead): Steps<BoardData> {
  const first = dayOf(data.days[0]?.date ?? data.from);
  const offset = Math.round(dayOf(w.from) - first);
  const lines = new Set(w.lines.map((l) => l.id));
  const n = windowSize(w);
  const incoming: BoardBar[] = new Array<BoardBar>(n);
  const ids = new Set<number>();
  for (let i = 0; i < n; i++) {
    incoming[i] = windowBar(w, i);
    ids.add(incoming[i].id);
    if (i % STEP_BARS === STEP_BARS - 1) yield;
  }
  // Days written YYYY-MM-DD compare as text: a kept bar is one of another line, or outside the window's days.
  const kept: BoardBar[] = [];
  const bars = data.bars;
  for (let i = 0; i < bars.length; i++) {
    const b = bars[i];
    if (!ids.has(b.id) && !(lines.has(b.line_id) && b.start <= w.to && b.end >= w.from)) kept.push(b);
    if (i % STEP_BARS === STEP_BARS - 1) yield;
  }
  const byId = new Map(w.lines.map((l) => [l.id, l]));
  const merged = data.lines.map((l): BoardLine => {
    const got = byId.get(l.id);
    if (!got) return l;
    const capacity = l.capacity.slice();
    const load = l.load.slice();
    for (let i = 0; i < got.load.length; i++) {
      const j = offset + i;
      if (j < 0 || j >= capacity.length) continue;
      capacity[j] = got.capacity[i] ?? 0;
      load[j] = got.load[i] ?? 0;
    }
    return { ...l, capacity, load };
  });
  return { ...data, lines: merged, bars: kept.length ? kept.concat(incoming) : incoming };
}

/**
 * The board without the bars of given-up tiles: a bar stays while it touches a tile still shown
 * (`shown`, keys of `tileKey`), or is pinned (the selected bar, one being dragged).
 */
export function keepShown(data: BoardData, shown: ReadonlySet<string>, pinned: ReadonlySet<number> = new Set()): BoardData {
  return finish(keepShownSteps(data, shown, pinned));
}

/** `keepShown` in steps (board-slices.ts): it stops every `STEP_BARS` bars looked at. */
export function* keepShownSteps(data: BoardData, shown: ReadonlySet<string>, pinned: ReadonlySet<number> = new Set()): Steps<BoardData> {
  const first = dayOf(data.days[0]?.date ?? data.from);
  const lineIndex = new Map(data.lines.map((l, i) => [l.id, i]));
  const last = data.days.length - 1;
  const stays = (b: BoardBar) => {
    if (pinned.has(b.id)) return true;
    const li = lineIndex.get(b.line_id);
    if (li === undefined) return false;
    const block = Math.floor(li / TILE_LINES);
    const s = Math.floor(clamp(Math.round(dayOf(b.start) - first), 0, last) / TILE_DAYS);
    const e = Math.floor(clamp(Math.round(dayOf(b.end) - first), 0, last) / TILE_DAYS);
    for (let k = s; k <= e; k++) if (shown.has(tileKey({ block, tile: k }))) return true;
    return false;
  };
  const bars: BoardBar[] = [];
  for (let i = 0; i < data.bars.length; i++) {
    if (stays(data.bars[i])) bars.push(data.bars[i]);
    if (i % STEP_BARS === STEP_BARS - 1) yield;
  }
  return bars.length === data.bars.length ? data : { ...data, bars };
}

/** The days of a request as dates of the board's range. */
export function requestRange(data: Pick<BoardData, 'days'>, r: WindowRequest): { from: string; to: string } {
  return { from: data.days[r.firstDay]!.date, to: data.days[Math.min(r.lastDay, data.days.length - 1)]!.date };
}

/**
 * A command's reply (its lines' load over the whole range) kept to the days read: the days of the tiles
 * shown on each line's block take the reply's load, the others stay unread (capacity and load 0 until
 * their window is read), so no unread day shows a load without its capacity.
 */
export function replyOnDaysRead<T extends { lines: { id: number; load: number[] }[] }>(data: BoardData, reply: T, shown: ReadonlySet<string>): T {
  const index = new Map(data.lines.map((l, i) => [l.id, i]));
  const lines = reply.lines.map((r) => {
    const i = index.get(r.id);
    if (i === undefined) return r;
    const load = data.lines[i].load.slice();
    const block = Math.floor(i / TILE_LINES);
    for (let d = 0; d < load.length; d++) if (shown.has(tileKey({ block, tile: Math.floor(d / TILE_DAYS) }))) load[d] = r.load[d] ?? 0;
    return { ...r, load };
  });
  return { ...reply, lines };
}

/** The days and lines whose late bars' reasons are read (useLateReasons.ts). */
export type ReasonSpan = { from: string; to: string; scenario: number | null; lines: number[] };

/**
 * The late reasons' span for a view: whole tiles of days around it, 28 days either side (not the two
 * years shown), and the blocks of lines in view with 10 lines either side (not the group's 300: a read
 * of every line at 100,000 bars held the embedded server for seconds, and a planner's command behind
 * it, B5). Null before the board has days.
 */
export function reasonSpanFor(d: Pick<BoardData, 'days' | 'lines' | 'scenario_id'>, span: ViewSpan): ReasonSpan | null {
  if (!d.days.length) return null;
  const last = d.days.length - 1;
  const a = Math.max(0, Math.floor((span.firstDay - TILE_DAYS) / TILE_DAYS) * TILE_DAYS);
  const b = Math.min(last, (Math.floor((span.lastDay + TILE_DAYS) / TILE_DAYS) + 1) * TILE_DAYS - 1);
  const firstBlock = span.lines.length ? Math.floor(Math.max(0, Math.min(...span.lines) - 10) / TILE_LINES) : 0;
  const lastBlock = span.lines.length ? Math.floor((Math.max(...span.lines) + 10) / TILE_LINES) : 0;
  const lines = d.lines.slice(firstBlock * TILE_LINES, (lastBlock + 1) * TILE_LINES).map((l) => l.id);
  return { from: d.days[Math.min(a, last)]!.date, to: d.days[Math.max(0, b)]!.date, scenario: d.scenario_id, lines };
}

export const sameReasonSpan = (x: ReasonSpan, y: ReasonSpan): boolean =>
  x.from === y.from && x.to === y.to && x.scenario === y.scenario && x.lines.length === y.lines.length && x.lines.every((id, i) => id === y.lines[i]);
