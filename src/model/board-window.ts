import type { BoardBar, BoardData, BoardDay, BoardLine } from './schedule-board';

/**
 * The scheduling board's window read (issue 31): the bars of a time window on the lines in view, as
 * columns of numbers and dictionaries of repeated strings instead of one object per bar, so 10,000
 * bars travel as a few arrays (contract of GET /api/scmapi/schedule/window, served by
 * src/server/services/planning/planning.window.ts). `decodeBoardWindow` gives back exactly the
 * `BoardBar`s the whole-board read (`/scmapi/schedule/board`) gives for the same bars.
 *
 * Dates are day numbers (days since 1970-01-01, UTC); a missing delivery date is -1. String fields
 * are indexes into `dict`; a bar's category label sits at the same index of `dict.categoryLabels` as
 * its category in `dict.categories` (null: none given).
 */
export type BoardWindowColumns = {
  id: number[];
  version: number[];
  plan: number[];
  line: number[];
  start: number[];
  end: number[];
  qty: number[];
  done: number[];
  minutes: number[];
  /** The plan's own minutes per piece (-1: not given). */
  mpp: number[];
  delivery: number[];
  /** Bit 1: locked, bit 2: late. */
  state: number[];
  splitIndex: number[];
  splitCount: number[];
  planNo: number[];
  orderNo: number[];
  customer: number[];
  style: number[];
  category: number[];
  /** Pieces per day of each bar, one after another: bar i's are `daily[dailyAt[i]]` up to the next bar's `dailyAt` (or the end). */
  dailyAt: number[];
  daily: number[];
};

export type BoardWindowDict = { plans: string[]; orders: string[]; customers: string[]; styles: string[]; categories: string[]; categoryLabels: (string | null)[] };

/** GET /api/scmapi/schedule/window?from&to&scenario&lines → BoardWindow. */
export type BoardWindow = {
  from: string;
  to: string;
  scenario_id: number | null;
  days: BoardDay[];
  /** The lines asked for (all the company's, or a workshop's, when none named), capacity and load over the window. */
  lines: BoardLine[];
  dict: BoardWindowDict;
  cols: BoardWindowColumns;
};

/** A window as the board reads it: the page's parser moves its number columns as typed arrays (board-window.worker.ts). */
export type BoardWindowRead = Omit<BoardWindow, 'cols'> & { cols: { readonly [K in keyof BoardWindowColumns]: ArrayLike<number> } };

/**
 * Query of the window read; `lines` is a comma-separated list of line ids. `frame=1`: the frame only
 * (the range's days and the lines, capacity and load empty, no bar): what the board lays out first.
 * `live_under=<scenario id>` (instead of `scenario`): the live schedule's window, the same reply as the
 * live window's, with also every live bar of the plans that scenario has in the window (wherever it
 * is): the outlines of where the plans shown under a scenario are now, read window by window.
 */
export type BoardWindowQuery = { from: string; to: string; scenario?: number; live_under?: number; workshop?: number; lines?: string; frame?: '1' };

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` → days since 1970-01-01. */
export const windowDay = (date: string): number => Math.floor(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS);
/** Days since 1970-01-01 → `YYYY-MM-DD` (each day's text made once: a read of 10,000 bars names a few hundred days). */
const DATES = new Map<number, string>();
export const windowDate = (day: number): string => {
  let d = DATES.get(day);
  if (d === undefined) {
    if (DATES.size > 100_000) DATES.clear();
    DATES.set(day, (d = new Date(day * DAY_MS).toISOString().slice(0, 10)));
  }
  return d;
};

const COLUMN_KEYS = ['id', 'version', 'plan', 'line', 'start', 'end', 'qty', 'done', 'minutes', 'mpp', 'delivery', 'state', 'splitIndex', 'splitCount', 'planNo', 'orderNo', 'customer', 'style', 'category', 'dailyAt', 'daily'] as const;

/** A string dictionary being built: each distinct value once, its index by value. */
function dictionary(): { values: string[]; at: (v: string) => number } {
  const values: string[] = [];
  const index = new Map<string, number>();
  return {
    values,
    at: (v) => {
      let i = index.get(v);
      if (i === undefined) {
        i = values.length;
        values.push(v);
        index.set(v, i);
      }
      return i;
    },
  };
}

/** Bars into columns and dictionaries (the server's side of the window read). */
export function encodeBoardBars(bars: readonly BoardBar[]): { dict: BoardWindowDict; cols: BoardWindowColumns } {
  const cols = Object.fromEntries(COLUMN_KEYS.map((k) => [k, [] as number[]])) as BoardWindowColumns;
  const plans = dictionary();
  const orders = dictionary();
  const customers = dictionary();
  const styles = dictionary();
  // A category and its label travel together: the pair is the dictionary's entry.
  const categories = dictionary();
  const pairs: [string, string | null][] = [];
  for (const b of bars) {
    cols.id.push(b.id);
    cols.version.push(b.version);
    cols.plan.push(b.plan_id);
    cols.line.push(b.line_id);
    cols.start.push(windowDay(b.start));
    cols.end.push(windowDay(b.end));
    cols.qty.push(b.qty);
    cols.done.push(b.done_qty);
    cols.minutes.push(b.minutes);
    cols.mpp.push(b.minutes_per_piece ?? -1);
    cols.delivery.push(b.delivery_date === null ? -1 : windowDay(b.delivery_date));
    cols.state.push((b.locked ? 1 : 0) | (b.late ? 2 : 0));
    cols.splitIndex.push(b.split_index);
    cols.splitCount.push(b.split_count);
    cols.planNo.push(plans.at(b.plan_no));
    cols.orderNo.push(orders.at(b.order_no));
    cols.customer.push(customers.at(b.customer));
    cols.style.push(styles.at(b.style_no));
    const pair: [string, string | null] = [b.category, b.category_label ?? null];
    const c = categories.at(JSON.stringify(pair));
    pairs[c] = pair;
    cols.category.push(c);
    cols.dailyAt.push(cols.daily.length);
    for (const d of b.daily) cols.daily.push(d);
  }
  const dict = { plans: plans.values, orders: orders.values, customers: customers.values, styles: styles.values };
  return { dict: { ...dict, categories: pairs.map((p) => p[0]), categoryLabels: pairs.map((p) => p[1]) }, cols };
}

/**
 * Bars as columns before their strings go into dictionaries: what the server's board read computes
 * (planning.board-read.ts), one array per field, `n` bars. `mpp` is the plan's own minutes per piece
 * (0 when not given), `delivery` a day number or -1, `state` bit 1 locked and bit 2 late, `daily` each
 * bar's pieces per day.
 */
export type BoardBarColumns = Pick<BoardWindowColumns, 'id' | 'version' | 'plan' | 'line' | 'start' | 'end' | 'qty' | 'done' | 'minutes' | 'mpp' | 'delivery' | 'state' | 'splitIndex' | 'splitCount'> & {
  n: number;
  planNo: string[];
  orderNo: string[];
  customer: string[];
  style: string[];
  category: string[];
  categoryLabel: (string | null)[];
  daily: number[][];
};

/** Bar `i` of the columns as the whole-board read's `BoardBar` (its fields in the read's order). */
export function boardBarAt(c: BoardBarColumns, i: number, scenario: number | null): BoardBar {
  const delivery = c.delivery[i]!;
  const state = c.state[i]!;
  const bar: BoardBar = {
    id: c.id[i]!,
    version: c.version[i]!,
    plan_id: c.plan[i]!,
    plan_no: c.planNo[i]!,
    order_no: c.orderNo[i]!,
    customer: c.customer[i]!,
    style_no: c.style[i]!,
    category: c.category[i]!,
    line_id: c.line[i]!,
    start: windowDate(c.start[i]!),
    end: windowDate(c.end[i]!),
    qty: c.qty[i]!,
    done_qty: c.done[i]!,
    minutes: c.minutes[i]!,
    minutes_per_piece: c.mpp[i]!,
    daily: c.daily[i]!,
    delivery_date: delivery < 0 ? null : windowDate(delivery),
    late: (state & 2) !== 0,
    locked: (state & 1) !== 0,
    split_index: c.splitIndex[i]!,
    split_count: c.splitCount[i]!,
    scenario_id: scenario,
  };
  const label = c.categoryLabel[i];
  if (label !== null && label !== undefined) bar.category_label = label;
  return bar;
}

/**
 * Columns into the window's columns and dictionaries, without an object per bar: the same answer as
 * `encodeBoardBars` of the same bars (`boardBarAt` of each).
 */
export function encodeBarColumns(c: BoardBarColumns): { dict: BoardWindowDict; cols: BoardWindowColumns } {
  const plans = dictionary();
  const orders = dictionary();
  const customers = dictionary();
  const styles = dictionary();
  // A category and its label travel together: the pair is the dictionary's entry.
  const categories: string[] = [];
  const categoryLabels: (string | null)[] = [];
  const pairs = new Map<string, Map<string | null, number>>();
  const category: number[] = new Array<number>(c.n);
  const dailyAt: number[] = new Array<number>(c.n);
  let total = 0;
  for (let i = 0; i < c.n; i++) total += c.daily[i]!.length;
  const daily: number[] = new Array<number>(total);
  let at = 0;
  for (let i = 0; i < c.n; i++) {
    const cat = c.category[i]!;
    const label = c.categoryLabel[i] ?? null;
    let byLabel = pairs.get(cat);
    if (!byLabel) pairs.set(cat, (byLabel = new Map()));
    let k = byLabel.get(label);
    if (k === undefined) {
      k = categories.length;
      categories.push(cat);
      categoryLabels.push(label);
      byLabel.set(label, k);
    }
    category[i] = k;
    dailyAt[i] = at;
    for (const d of c.daily[i]!) daily[at++] = d;
  }
  const cols: BoardWindowColumns = {
    id: c.id,
    version: c.version,
    plan: c.plan,
    line: c.line,
    start: c.start,
    end: c.end,
    qty: c.qty,
    done: c.done,
    minutes: c.minutes,
    mpp: c.mpp,
    delivery: c.delivery,
    state: c.state,
    splitIndex: c.splitIndex,
    splitCount: c.splitCount,
    planNo: c.planNo.map(plans.at),
    orderNo: c.orderNo.map(orders.at),
    customer: c.customer.map(customers.at),
    style: c.style.map(styles.at),
    category,
    dailyAt,
    daily,
  };
  return { dict: { plans: plans.values, orders: orders.values, customers: customers.values, styles: styles.values, categories, categoryLabels }, cols };
}

/** How many bars a window holds. */
export const windowSize = (w: Pick<BoardWindowRead, 'cols'>): number => w.cols.id.length;

/** Bar `i` of a window as the board's `BoardBar` (the same object the whole-board read gives). */
export function windowBar(w: Pick<BoardWindowRead, 'dict' | 'cols' | 'scenario_id'>, i: number): BoardBar {
  const c = w.cols;
  const start = c.start[i]!;
  const end = c.end[i]!;
  const label = w.dict.categoryLabels[c.category[i]!];
  const mpp = c.mpp[i]!;
  const bar: BoardBar = {
    id: c.id[i]!,
    version: c.version[i]!,
    plan_id: c.plan[i]!,
    plan_no: w.dict.plans[c.planNo[i]!]!,
    order_no: w.dict.orders[c.orderNo[i]!]!,
    customer: w.dict.customers[c.customer[i]!]!,
    style_no: w.dict.styles[c.style[i]!]!,
    category: w.dict.categories[c.category[i]!]!,
    line_id: c.line[i]!,
    start: windowDate(start),
    end: windowDate(end),
    qty: c.qty[i]!,
    done_qty: c.done[i]!,
    minutes: c.minutes[i]!,
    // An array whether the column is one or a typed array (Array.prototype.slice makes an array of either).
    daily: Array.prototype.slice.call(c.daily, c.dailyAt[i]!, i + 1 < c.dailyAt.length ? c.dailyAt[i + 1]! : c.daily.length) as number[],
    delivery_date: c.delivery[i]! < 0 ? null : windowDate(c.delivery[i]!),
    late: (c.state[i]! & 2) !== 0,
    locked: (c.state[i]! & 1) !== 0,
    split_index: c.splitIndex[i]!,
    split_count: c.splitCount[i]!,
    scenario_id: w.scenario_id,
  };
  if (mpp >= 0) bar.minutes_per_piece = mpp;
  if (label !== null && label !== undefined) bar.category_label = label;
  return bar;
}

/** Every bar of a window, in the window's order (line, start, id). */
export function decodeBoardWindow(w: Pick<BoardWindowRead, 'dict' | 'cols' | 'scenario_id'>): BoardBar[] {
  const out: BoardBar[] = [];
  for (let i = 0; i < windowSize(w); i++) out.push(windowBar(w, i));
  return out;
}

/** A window as the board's `BoardData` (its bars decoded): what the board page draws. */
export function boardFromWindow(w: BoardWindow): BoardData {
  return { from: w.from, to: w.to, scenario_id: w.scenario_id, days: w.days, lines: w.lines, bars: decodeBoardWindow(w) };
}
