/**
 * Capacity arithmetic of production scheduling (DOMAIN "Capacity"), pure and fast: the server's board,
 * commands and auto-scheduler and the browser board's drag preview use the same functions.
 *
 * - Working minutes of a day come from the cycle calendar: morning and afternoon hours on its working
 *   weekdays, none on a holiday, a full day on an overtime day (a weekend or holiday made working).
 * - A line's capacity per day in minutes = operators x working minutes x efficiency; in pieces =
 *   minutes / standard minutes per piece (SAM) of the category.
 * - Laying a bar of N pieces onto a line from a start day fills it day by day, the first days lowered
 *   by the line's learning curve, giving the end day (inclusive) and the pieces of each day.
 *
 * Dates are `YYYY-MM-DD` strings; day arithmetic runs on UTC day numbers so no time zone shifts a day.
 */

/** The parts of a cycle calendar capacity needs. */
export type CycleCalendarHours = {
  am_start?: string | null;
  am_end?: string | null;
  pm_start?: string | null;
  pm_end?: string | null;
  /** Working weekdays, Monday = 1 … Sunday = 7, e.g. `1,2,3,4,5,6`. */
  work_weekdays?: string | null;
  /** Days off although on a working weekday. */
  holidays?: readonly string[];
  /** Days worked although a weekend or holiday (overtime). */
  overtime_days?: readonly string[];
};

export type DayKind = { working: boolean; holiday: boolean; overtime: boolean };

const DAY_MS = 86_400_000;

/** Day number (days since 1970-01-01, UTC) of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, n: number): string {
  return dayString(dayNumber(date) + n);
}

/** Days from `from` to `to`, both inclusive (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.max(0, dayNumber(to) - dayNumber(from) + 1);
}

/** Weekday of a day number, Monday = 1 … Sunday = 7 (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Minutes of a `HH:MM[:SS]` time of day, or null. */
export function timeMinutes(t: string | null | undefined): number | null {
  if (!t) return null;
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t.trim());
  if (!m) return null;
  return Number(m[1]) * 60 + Number(m[2]) + (m[3] ? Number(m[3]) / 60 : 0);
}

/** Minutes worked on one working day: the morning plus the afternoon span (a missing or reversed span is 0). */
export function minutesPerWorkingDay(cal: CycleCalendarHours): number {
  const span = (a: string | null | undefined, b: string | null | undefined) => {
    const x = timeMinutes(a);
    const y = timeMinutes(b);
    return x == null || y == null || y <= x ? 0 : y - x;
  };
  return span(cal.am_start, cal.am_end) + span(cal.pm_start, cal.pm_end);
}

/** The working weekdays of a calendar as a 1..7 set (Monday to Saturday when not given). */
export function workingWeekdays(cal: CycleCalendarHours): Set<number> {
  const raw = cal.work_weekdays ?? '1,2,3,4,5,6';
  const set = new Set<number>();
  for (const part of raw.split(',')) {
    const n = Number(part.trim());
    if (Number.isInteger(n) && n >= 1 && n <= 7) set.add(n);
  }
  return set;
}

/**
 * A calendar prepared for many day look-ups: working weekdays, holidays and overtime days as sets,
 * minutes of a working day computed once.
 */
export type PreparedCalendar = {
  minutes: number;
  weekdays: Set<number>;
  holidays: Set<number>;
  overtime: Set<number>;
};

export function prepareCalendar(cal: CycleCalendarHours): PreparedCalendar {
  return {
    minutes: minutesPerWorkingDay(cal),
    weekdays: workingWeekdays(cal),
    holidays: new Set((cal.holidays ?? []).map(dayNumber)),
    overtime: new Set((cal.overtime_days ?? []).map(dayNumber)),
  };
}

/** What kind of day a date is in a calendar: overtime wins over a holiday and a weekend. */
export function dayKind(cal: PreparedCalendar, day: number): DayKind {
  const holiday = cal.holidays.has(day);
  const overtime = cal.overtime.has(day);
  const working = overtime || (!holiday && cal.weekdays.has(weekdayOf(day)));
  return { working, holiday, overtime };
}

/** Working minutes of one day (per operator). */
export function workingMinutes(cal: PreparedCalendar, day: number): number {
  return dayKind(cal, day).working ? cal.minutes : 0;
}

/** The parts of a line capacity needs. */
export type LineCapacity = {
  operators: number;
  /** Efficiency as a fraction (0.85) or a percentage (85); see `efficiencyFraction`. */
  efficiency: number;
  /** Output of the first days of a new style as percentages, e.g. [50, 70, 90]; later days 100. */
  learning?: readonly number[];
};

/** Efficiency as a fraction: values above 1.5 are read as percentages; missing or negative is 1. */
export function efficiencyFraction(e: number | null | undefined): number {
  if (e == null || !Number.isFinite(e) || e <= 0) return 1;
  return e > 1.5 ? e / 100 : e;
}

/** Capacity of a line on one day in standard minutes: operators x working minutes x efficiency. */
export function lineDayMinutes(line: LineCapacity, cal: PreparedCalendar, day: number): number {
  return Math.max(0, line.operators) * workingMinutes(cal, day) * efficiencyFraction(line.efficiency);
}

/** Capacity in pieces from minutes and the standard minutes per piece (0 when SAM is not positive). */
export function piecesFromMinutes(minutes: number, sam: number): number {
  return sam > 0 ? Math.floor(minutes / sam + 1e-9) : 0;
}

/** Capacity in minutes of a line for each day of a range (inclusive). */
export function lineCapacityRange(line: LineCapacity, cal: PreparedCalendar, from: string, to: string): number[] {
  const start = dayNumber(from);
  const n = daysBetween(from, to);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = lineDayMinutes(line, cal, start + i);
  return out;
}

/** The day kinds of a range (inclusive), for the board's day columns. */
export function dayKinds(cal: PreparedCalendar, from: string, to: string): (DayKind & { date: string })[] {
  const start = dayNumber(from);
  const n = daysBetween(from, to);
  const out: (DayKind & { date: string })[] = [];
  for (let i = 0; i < n; i++) out.push({ date: dayString(start + i), ...dayKind(cal, start + i) });
  return out;
}

/** Learning-curve factor (0..1] of the `k`-th working day (0-based) of a new style on a line. */
export function learningFactor(learning: readonly number[] | undefined, k: number): number {
  if (!learning || k >= learning.length) return 1;
  const p = learning[k];
  if (!Number.isFinite(p) || p <= 0) return 1;
  return Math.min(1, p > 1.5 ? p / 100 : p);
}

/** Parses a learning-curve setting like `50,70,90` (percentages) into a list. */
export function parseLearningCurve(raw: string | null | undefined): number[] {
  if (!raw) return [];
  return raw
    .split(/[,，\s]+/)
    .map((s) => Number(s))
    .filter((n) => Number.isFinite(n) && n > 0);
}

export type LaidBar = {
  /** First day with output (the start day moved forward to the first working day). */
  start: string;
  /** Last day with output (inclusive). */
  end: string;
  /** Pieces per day from `start` to `end` (non-working days inside are 0). */
  daily: number[];
  /** Standard minutes the bar uses per day, aligned with `daily`. */
  minutes: number[];
};

export type LayOptions = {
  /**
   * Minutes already used on the line per day number (other bars); the bar takes only what is left.
   * When absent the bar has the whole capacity.
   */
  used?: (day: number) => number;
  /** Give up after this many days (default 3 years) so an empty calendar never loops forever. */
  maxDays?: number;
  /** Skip the learning curve (the style already runs on the line). */
  noLearning?: boolean;
};

/**
 * Lays `qty` pieces of a style with `sam` standard minutes per piece onto a line from `start`, day by
 * day: each working day makes floor(free minutes x learning factor / sam) pieces (at least the rest of
 * the bar on its last day when the minutes suffice). Returns null when the line never has capacity
 * within `maxDays` (no working minutes, no operators, or SAM not positive).
 */
export function layBar(
  qty: number,
  sam: number,
  line: LineCapacity,
  cal: PreparedCalendar,
  start: string,
  opts: LayOptions = {},
): LaidBar | null {
  if (qty <= 0) return { start, end: start, daily: [], minutes: [] };
  if (!(sam > 0)) return null;
  const maxDays = opts.maxDays ?? 1096;
  const s = dayNumber(start);
  const daily: number[] = [];
  const mins: number[] = [];
  let left = qty;
  let first = -1;
  let k = 0; // working days of this bar so far (learning curve)
  for (let i = 0; i < maxDays && left > 0; i++) {
    const day = s + i;
    const cap = lineDayMinutes(line, cal, day);
    const free = Math.max(0, cap - (opts.used ? opts.used(day) : 0));
    if (cap <= 0 || free <= 0) {
      if (first >= 0) {
        daily.push(0);
        mins.push(0);
      }
      continue;
    }
    const factor = opts.noLearning ? 1 : learningFactor(line.learning, k);
    const pieces = Math.min(left, piecesFromMinutes(free * factor, sam));
    k++;
    if (pieces <= 0) {
      if (first >= 0) {
        daily.push(0);
        mins.push(0);
      }
      continue;
    }
    if (first < 0) first = day;
    daily.push(pieces);
    mins.push(factor > 0 ? (pieces * sam) / factor : pieces * sam);
    left -= pieces;
  }
  if (left > 0 || first < 0) return null;
  return { start: dayString(first), end: dayString(first + daily.length - 1), daily, minutes: mins };
}

/**
 * Spreads a bar's pieces evenly over the working days of a fixed run (a resized bar), as the board's
 * `daily`: returns pieces per day from `start` to `end` inclusive, non-working days 0, the remainder on
 * the first days. When the run has no working day everything lands on its first day.
 */
export function spreadBar(qty: number, cal: PreparedCalendar, start: string, end: string): number[] {
  const s = dayNumber(start);
  const n = daysBetween(start, end);
  const working: boolean[] = [];
  for (let i = 0; i < n; i++) working.push(dayKind(cal, s + i).working);
  return spreadOver(qty, working);
}

/**
 * The pieces of a bar spread evenly over a run of days given as working (true) or not: non-working
 * days 0, the remainder on the first working days; no working day puts everything on the first day.
 * `spreadBar` on the server and the board's drag preview in the browser both spread this way.
 */
export function spreadOver(qty: number, working: readonly boolean[]): number[] {
  const n = working.length;
  const out = new Array<number>(n).fill(0);
  if (n === 0) return out;
  const work: number[] = [];
  for (let i = 0; i < n; i++) if (working[i]) work.push(i);
  if (work.length === 0) {
    out[0] = qty;
    return out;
  }
  const base = Math.floor(qty / work.length);
  let rest = qty - base * work.length;
  for (const i of work) {
    out[i] = base + (rest > 0 ? 1 : 0);
    if (rest > 0) rest--;
  }
  return out;
}

/**
 * Standard minutes per piece of a plan on a line: the line's own minutes of the plan's category
 * (line settings) when set, else the plan's. The board's load, the server's commands and the browser's
 * drag preview all take a bar's minutes from here.
 */
export function minutesPerPieceOn(lineSam: Readonly<Record<string, number>> | undefined, category: string, planMinutes: number): number {
  const own = lineSam?.[category];
  return own !== undefined && own > 0 ? own : planMinutes;
}

/** A bar's load per day (standard minutes): its pieces of each day x minutes per piece. */
export function barDayMinutes(daily: readonly number[], minutesPerPiece: number): number[] {
  return daily.map((p) => p * minutesPerPiece);
}

/**
 * A bar's pieces per day over its run (`start` to `end` inclusive): its kept `daily` when that fits the
 * run (one whole, non-negative entry a day adding up to its pieces: a bar laid day by day into free
 * capacity, a learning curve), else its pieces spread evenly over the run's working days (`spreadBar`).
 */
export function barPieces(qty: number, kept: readonly unknown[] | null | undefined, cal: PreparedCalendar, start: string, end: string): number[] {
  return barPiecesOfDays(qty, kept, cal, dayNumber(start), dayNumber(end));
}

/**
 * `barPieces` of a run given as day numbers (the board's read has its dates as day numbers). Kept
 * pieces count only as JSON numbers, each whole and non-negative: the database's copy of this rule
 * (`line_load_bar_pieces`, services/planning/line-day-load.ts) reads them so, and a text or a
 * fraction in `daily` (never written by the board) spreads the bar as a malformed list does.
 */
export function barPiecesOfDays(qty: number, kept: readonly unknown[] | null | undefined, cal: PreparedCalendar, start: number, end: number): number[] {
  const n = Math.max(0, end - start + 1);
  if (Array.isArray(kept) && kept.length === n && kept.every((q) => typeof q === 'number' && Number.isInteger(q) && q >= 0)) {
    const daily = kept as number[];
    if (daily.reduce((a, q) => a + q, 0) === qty) return [...daily];
  }
  const working: boolean[] = [];
  for (let i = 0; i < n; i++) working.push(dayKind(cal, start + i).working);
  return spreadOver(qty, working);
}

/** The parts of a bar its load needs: its run, its pieces, its kept pieces per day (if any). */
export type BarRun = { start: string; end: string; qty: number; daily?: readonly unknown[] | null };

/**
 * Line load, one figure: a bar's load per day of its run in standard minutes = its pieces of the day
 * (`barPieces`) x its minutes per piece on its line (`minutesPerPieceOn`). The board's days, the
 * commands' replies, the scenario figures and the capacity-load report (per ISO week, the sum of these
 * days) all take a bar's load from here; a day is overloaded when the sum over its bars exceeds the
 * day's capacity (`dayOverloaded`), a week when its load exceeds its capacity (`weekOverloaded`).
 */
export function barLoad(bar: BarRun, minutesPerPiece: number, cal: PreparedCalendar): number[] {
  return barDayMinutes(barPieces(bar.qty, bar.daily, cal, bar.start, bar.end), minutesPerPiece);
}

/** A bar as the load computation needs it: its line, its first day and the minutes of each day. */
export type LoadBar = { line_id: number; start: string; minutes: readonly number[] };

/**
 * Load per line per day over a range (inclusive): the sum of the minutes of the bars on that day.
 * Returns a map line id → minutes per day aligned with the range.
 */
export function loadByLine(bars: Iterable<LoadBar>, from: string, to: string): Map<number, number[]> {
  const f = dayNumber(from);
  const n = daysBetween(from, to);
  const out = new Map<number, number[]>();
  for (const b of bars) {
    let row = out.get(b.line_id);
    if (!row) {
      row = new Array<number>(n).fill(0);
      out.set(b.line_id, row);
    }
    const off = dayNumber(b.start) - f;
    for (let i = 0; i < b.minutes.length; i++) {
      const j = off + i;
      if (j >= 0 && j < n) row[j] += b.minutes[i];
    }
  }
  return out;
}

/** Days of a range where load exceeds capacity (beyond a rounding tolerance), as indexes. */
export function overloadedDays(capacity: readonly number[], load: readonly number[], tolerance = 1e-6): number[] {
  const out: number[] = [];
  for (let i = 0; i < load.length; i++) if (dayOverloaded(capacity[i] ?? 0, load[i], tolerance)) out.push(i);
  return out;
}

/** One day over capacity: the load exceeds the capacity beyond a rounding tolerance (a rest day: any load). */
export function dayOverloaded(capacity: number, load: number, tolerance = 1e-6): boolean {
  return load > capacity + tolerance;
}

/**
 * An overloaded week: the week's load (the sum of its days' loads) exceeds the week's capacity (the sum
 * of its days' capacities): the capacity-load report's utilisation above 100 %. The week's figures
 * being the sums of its days' figures, an overloaded week always holds at least one overloaded day;
 * a week with an overloaded day can still be at or under 100 % in total.
 */
export function weekOverloaded(capacity: readonly number[], load: readonly number[], tolerance = 1e-6): boolean {
  return dayOverloaded(capacity.reduce((a, c) => a + c, 0), load.reduce((a, m) => a + m, 0), tolerance);
}
