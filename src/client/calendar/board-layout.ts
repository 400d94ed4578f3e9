/**
 * The board's layout (pure, no DOM): rows (a group header per workshop, then its lines, each as tall
 * as its sub-rows), day columns per zoom, and every bar's rectangle. Laid out line by line and kept per
 * line, so that a change (a command's reply, a window read, another planner's change) lays out again
 * only the lines whose bars changed (`relayoutBoard`): the other lines keep their bars' rectangles,
 * moved down or up only when a line above them changed height. The result is the same as laying out
 * the whole board (`layoutBoard`), which the unit tests check against each other and against the
 * board's former one-pass layout.
 *
 * Example: `let layout = layoutBoard(data, 'day'); layout = relayoutBoard(layout, applyResult(data, reply), 'day');`
 */
import type { BoardBar, BoardData, BoardLine } from '../../model/schedule-board';
import type { CalendarZoom } from '../../model/calendar';
import { finish, type Steps } from './board-slices';

export const DAY_WIDTH: Record<CalendarZoom, number> = { day: 48, week: 16, month: 5 };
/** Height of a line's row with one sub-row of bars; each further sub-row adds `LANE_PITCH`. */
export const ROW_HEIGHT = 34;
export const GROUP_HEIGHT = 24;
export const STRIP_HEIGHT = 6;
export const BAR_HEIGHT = ROW_HEIGHT - STRIP_HEIGHT - 6;
export const LANE_PITCH = BAR_HEIGHT + 2;

export type Row =
  | { kind: 'group'; workshop: string; y: number; height: number }
  | { kind: 'line'; line: BoardLine; y: number; height: number; index: number; lanes: number };

export type Rect = { x: number; y: number; w: number; h: number };
export type LaidBar = { bar: BoardBar; rect: Rect };

/** One line laid out: its bars (as the data lists them), sub-row count, rectangles from the row's top (`rel`) and on the board at row `y` (`abs`). */
type LineLaid = { bars: readonly BoardBar[]; lanes: number; rel: LaidBar[]; y: number; abs: LaidBar[] };
/** What a layout keeps to be laid out again line by line: the first day and day width it was laid at, each line's layout. */
type LayoutCache = { from: string; dayWidth: number; days: BoardData['days']; lines: Map<number, LineLaid> };

export type BoardLayout = {
  zoom: CalendarZoom;
  dayWidth: number;
  rows: Row[];
  lineRow: Map<number, Extract<Row, { kind: 'line' }>>;
  dayIndex: Map<string, number>;
  width: number;
  height: number;
  /** Every bar laid out, line by line in the rows' order, by start within a line. */
  bars: LaidBar[];
  /** Per line, for `relayoutBoard` and `visible` (absent on a layout built by hand, e.g. a bench's). */
  cache?: LayoutCache;
};

const DAY_MS = 86_400_000;
const dayNumbers = new Map<string, number>();
/** Day number of an ISO date (days since 1970-01-01), memoised: a board has a few hundred distinct dates. */
export function dayNumber(date: string): number {
  let n = dayNumbers.get(date);
  if (n === undefined) {
    n = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
    if (dayNumbers.size > 20_000) dayNumbers.clear();
    dayNumbers.set(date, n);
  }
  return n;
}

/**
 * Sub-rows of a line (interval partitioning): bars are taken by start and each goes into the lowest
 * sub-row whose last bar ended before it starts, so bars that overlap in time never share a sub-row
 * and the count is the most bars overlapping at once. Spans are inclusive day numbers. A hand-over
 * day is not an overlap: finite-capacity laying starts the next plan on the day the previous one ends
 * (it finishes in the morning, the next starts after it), so two bars of several days each that share
 * only the last day of one and the first of the other stay on one sub-row, each drawn over half of
 * that day (`layLine`). In half days a bar of several days covers [2 start + 1, 2 end], a one-day
 * bar [2 start, 2 start + 1], and two bars overlap when those closed intervals meet.
 */
export function assignLanes(spans: readonly { start: number; end: number }[]): { lane: number[]; count: number } {
  const half = spans.map((s) => (s.end > s.start ? { a: 2 * s.start + 1, b: 2 * s.end } : { a: 2 * s.start, b: 2 * s.start + 1 }));
  const order = spans.map((_, i) => i).sort((x, y) => half[x].a - half[y].a || half[x].b - half[y].b || x - y);
  const laneEnd: number[] = [];
  const lane = new Array<number>(spans.length).fill(0);
  for (const i of order) {
    let k = laneEnd.findIndex((end) => end < half[i].a);
    if (k < 0) { k = laneEnd.length; laneEnd.push(half[i].b); } else laneEnd[k] = half[i].b;
    lane[i] = k;
  }
  return { lane, count: Math.max(1, laneEnd.length) };
}

/**
 * One line's bars laid out from its row's top: each on its sub-row, by start (then end, then id); a
 * hand-over day (a bar starting on the day the previous one of its sub-row ends) split half and half.
 */
function layLine(bars: readonly BoardBar[], first: number, dayWidth: number): { lanes: number; rel: LaidBar[] } {
  const spans = bars.map((b) => ({ start: dayNumber(b.start) - first, end: dayNumber(b.end) - first }));
  const { lane, count } = assignLanes(spans);
  const order = bars.map((_, i) => i).sort((a, b) => spans[a].start - spans[b].start || spans[a].end - spans[b].end || bars[a].id - bars[b].id);
  const last = new Map<number, LaidBar>();
  const rel: LaidBar[] = [];
  for (const i of order) {
    const bar = bars[i];
    const { start, end } = spans[i];
    const rect = { x: start * dayWidth, y: lane[i] * LANE_PITCH + 3, w: Math.max(1, (end - start + 1) * dayWidth), h: BAR_HEIGHT };
    const prev = last.get(lane[i]);
    if (prev && prev.bar.end === bar.start) {
      prev.rect.w -= dayWidth / 2;
      rect.x += dayWidth / 2;
      rect.w -= dayWidth / 2;
    }
    const laid = { bar, rect };
    last.set(lane[i], laid);
    rel.push(laid);
  }
  return { lanes: count, rel };
}

const sameBars = (a: readonly BoardBar[], b: readonly BoardBar[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The whole board laid out. */
export function layoutBoard(data: BoardData, zoom: CalendarZoom): BoardLayout {
  return relayoutBoard(null, data, zoom);
}

/**
 * The board laid out again after a change, from its previous layout: a line whose bars are the same
 * objects in the same order as when it was laid out keeps its layout (moved to its row's new top if a
 * line above changed height); only the others are laid out again. Another zoom or first day lays out
 * every line. Rows are counted again (a few hundred).
 */
export function relayoutBoard(prev: BoardLayout | null, data: BoardData, zoom: CalendarZoom): BoardLayout {
  return finish(relayoutSteps(prev, data, zoom));
}

/** Bars grouped by line between two stops of a layout's steps. */
const STEP_BARS = 4096;

/** `relayoutBoard` in steps (board-slices.ts): it stops every `STEP_BARS` bars grouped and after each line laid out. */
export function* relayoutSteps(prev: BoardLayout | null, data: BoardData, zoom: CalendarZoom): Steps<BoardLayout> {
  const dayWidth = DAY_WIDTH[zoom];
  const from = data.days[0]?.date ?? data.from;
  const first = dayNumber(from);
  const old = prev?.cache && prev.cache.from === from && prev.cache.dayWidth === dayWidth ? prev.cache.lines : null;
  const byLine = new Map<number, BoardBar[]>();
  for (let i = 0; i < data.bars.length; i++) {
    const bar = data.bars[i];
    const list = byLine.get(bar.line_id);
    if (list) list.push(bar);
    else byLine.set(bar.line_id, [bar]);
    if (i % STEP_BARS === STEP_BARS - 1) yield;
  }
  const groups = new Map<string, BoardLine[]>();
  for (const line of data.lines) {
    const list = groups.get(line.workshop_name);
    if (list) list.push(line);
    else groups.set(line.workshop_name, [line]);
  }
  const rows: Row[] = [];
  const lineRow = new Map<number, Extract<Row, { kind: 'line' }>>();
  const lines = new Map<number, LineLaid>();
  const bars: LaidBar[] = [];
  let y = 0;
  let index = 0;
  for (const [workshop, list] of groups) {
    rows.push({ kind: 'group', workshop, y, height: GROUP_HEIGHT });
    y += GROUP_HEIGHT;
    for (const line of list) {
      const mine = byLine.get(line.id) ?? [];
      const kept = old?.get(line.id);
      const same = kept && sameBars(kept.bars, mine);
      let laid: LineLaid = same ? kept : { bars: mine, ...layLine(mine, first, dayWidth), y: Number.NaN, abs: [] };
      if (laid.y !== y) {
        const top = y;
        laid = { ...laid, y: top, abs: laid.rel.map((b) => ({ bar: b.bar, rect: { ...b.rect, y: b.rect.y + top } })) };
      }
      lines.set(line.id, laid);
      for (const b of laid.abs) bars.push(b);
      // As many sub-rows as the frame counted over the range, or more when the bars read now overlap more (an edit).
      const lanes = Math.max(laid.lanes, line.lanes ?? 1);
      const row = { kind: 'line' as const, line, y, height: ROW_HEIGHT + (lanes - 1) * LANE_PITCH, index: index++, lanes };
      rows.push(row);
      lineRow.set(line.id, row);
      y += row.height;
      if (laid !== kept) yield;
    }
  }
  const dayIndex = prev?.cache?.days === data.days ? prev.dayIndex : new Map(data.days.map((d, i) => [d.date, i]));
  return { zoom, dayWidth, rows, lineRow, dayIndex, width: data.days.length * dayWidth, height: y, bars, cache: { from, dayWidth, days: data.days, lines } };
}

/** A bar's rectangle in its line's whole bar area (all sub-rows): the drag ghost, a live position under a scenario. */
export function spanRect(layout: BoardLayout, from: string, lineId: number, start: string, end: string): Rect | null {
  const row = layout.lineRow.get(lineId);
  if (!row) return null;
  const s = dayNumber(start) - dayNumber(from);
  const e = dayNumber(end) - dayNumber(from);
  return { x: s * layout.dayWidth, y: row.y + 3, w: Math.max(1, (e - s + 1) * layout.dayWidth), h: row.height - STRIP_HEIGHT - 6 };
}

/**
 * Rows and bars inside a viewport (with a margin), so that thousands of bars on 300 lines draw only
 * what shows: the bars of the rows in view only, when the layout keeps them per line.
 */
export function visible(layout: BoardLayout, view: Rect, margin = 200) {
  const top = view.y - margin;
  const bottom = view.y + view.h + margin;
  const left = view.x - margin;
  const right = view.x + view.w + margin;
  const rows = layout.rows.filter((r) => r.y + r.height >= top && r.y <= bottom);
  const seen = (rect: Rect) => rect.y + rect.h >= top && rect.y <= bottom && rect.x + rect.w >= left && rect.x <= right;
  let bars: LaidBar[];
  const cache = layout.cache;
  if (cache) {
    bars = [];
    for (const r of rows) {
      if (r.kind !== 'line') continue;
      for (const b of cache.lines.get(r.line.id)?.abs ?? []) if (seen(b.rect)) bars.push(b);
    }
  } else bars = layout.bars.filter(({ rect }) => seen(rect));
  const firstDay = Math.max(0, Math.floor(left / layout.dayWidth));
  const lastDay = Math.ceil(right / layout.dayWidth);
  return { rows, bars, firstDay, lastDay };
}
