/**
 * Plan against actual (issue 31): the shop floor's scanned output attributed to the board's bars, and
 * the forecasts made from it. Pure, no imports but the capacity arithmetic; the planning service
 * (src/server/services/planning/planning.actuals.ts), the board and bench B9b use it.
 *
 * The method (docs/architecture-board.md, "Plan against actual"):
 * - **Ratio.** A run's recent rate is the ratio of what it made to what it was planned to make, over its
 *   last `window` complete working days that had planned or actual output, each day weighted `decay^age`
 *   (yesterday 1, the day before 0.6, …): r = Σ w·actual / Σ w·planned, kept within [0.2, 2]. The planned
 *   pieces already carry the line's calendar, efficiency and learning curve, so the ratio measures only
 *   how far the floor is from the plan (absences, a slower learning, a changeover).
 * - **A line's next day** (`forecastLineOutput`, below): the line's pace measured through its learning
 *   curve, the day's capacity at that pace laid into its plans not finished, where the floor really is
 *   (each plan's pieces left and its days worked), not where the plan's days say. `forecastDay` (the
 *   plan's pieces of the day x the line's ratio) is the simpler method bench B9b compares with: it is
 *   no better than the plan once a line runs behind, because its plans' learning and changeover days
 *   move.
 * - **A running bar's end**: its pieces not made yet are laid day by day from the as-of day at
 *   ratio x planned pieces of each day of its run, and after the run at ratio x its full planned rate
 *   (the mean of its planned working days), only on the calendar's working days and never above the
 *   line's capacity in pieces that day; the as-of day counts only what is left of it (its forecast minus
 *   what was already scanned). A bar's ratio is its own, else (no complete day yet, or nothing scanned
 *   at all: not started on the floor) its line's, else 1.
 */
import { dayKind, dayNumber, dayString, type PreparedCalendar } from './capacity';

export type ForecastOptions = { window: number; decay: number };
export const FORECAST: ForecastOptions = { window: 5, decay: 0.6 };
const MIN_RATIO = 0.2;
const MAX_RATIO = 2;

/** One day of a run's history: its planned and actual pieces. */
export type DayFigures = { planned: number; actual: number };

/**
 * The recent ratio of actual to planned output (method above) over complete days, oldest first; days
 * with neither planned nor actual output (rest days, idle days) are skipped. Null without evidence.
 */
export function recentRatio(history: readonly DayFigures[], opts: ForecastOptions = FORECAST): number | null {
  let wa = 0;
  let wp = 0;
  let w = 1;
  let used = 0;
  for (let i = history.length - 1; i >= 0 && used < opts.window; i--) {
    const d = history[i];
    if (!(d.planned > 0) && !(d.actual > 0)) continue;
    wa += w * Math.max(0, d.actual);
    wp += w * Math.max(0, d.planned);
    w *= opts.decay;
    used++;
  }
  if (!(wp > 0)) return null;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, wa / wp));
}

/** A line's output forecast for a day: its planned pieces of the day x its recent ratio (none: the plan). */
export function forecastDay(history: readonly DayFigures[], plannedNext: number, opts: ForecastOptions = FORECAST): number {
  return plannedNext * (recentRatio(history, opts) ?? 1);
}

/** A bar as attribution and the end forecast need it: its run and its planned pieces per day of the run. */
export type RunBar = { id: number; plan_id: number; line_id: number; start: string; end: string; qty: number; planned: readonly number[] };

/** A plan's output on a day (scanned pieces out of its output process). */
export type PlanOutput = { plan_id: number; date: string; qty: number };

/**
 * Gives each plan's output of a day to one of its bars: the bar whose run holds the day (several: the
 * one planned to make more that day, then the earliest), else the nearest run in days (a day before
 * every run goes to the first, after to the last, between runs to the closer). Returns, per bar id, the
 * pieces per day number.
 */
export function attributeOutput(bars: readonly RunBar[], output: readonly PlanOutput[]): Map<number, Map<number, number>> {
  const byPlan = new Map<number, RunBar[]>();
  for (const b of bars) byPlan.set(b.plan_id, [...(byPlan.get(b.plan_id) ?? []), b]);
  for (const list of byPlan.values()) list.sort((a, b) => dayNumber(a.start) - dayNumber(b.start) || a.id - b.id);
  const out = new Map<number, Map<number, number>>();
  for (const o of output) {
    const list = byPlan.get(o.plan_id);
    if (!list || !(o.qty > 0)) continue;
    const day = dayNumber(o.date);
    let best: RunBar | null = null;
    let bestKey = Infinity;
    for (const b of list) {
      const s = dayNumber(b.start);
      const e = dayNumber(b.end);
      const inside = day >= s && day <= e;
      const distance = inside ? 0 : day < s ? s - day : day - e;
      // Inside a run: the bar planned to make more that day wins (a smaller key), then the earliest.
      const key = inside ? -(b.planned[day - s] ?? 0) / 1e9 : distance;
      if (key < bestKey) { best = b; bestKey = key; }
    }
    if (!best) continue;
    const m = out.get(best.id) ?? new Map<number, number>();
    m.set(day, (m.get(day) ?? 0) + o.qty);
    out.set(best.id, m);
  }
  return out;
}

/** What the end forecast of a bar says. */
export type BarForecast = {
  /** Pieces scanned (all days up to the as-of day). */
  actual: number;
  /** Pieces the plan meant to make up to and including the as-of day. */
  plannedToDate: number;
  /** The ratio used (null: nothing to measure, the plan stands). */
  ratio: number | null;
  /** The forecast end (inclusive); the plan's end for a bar not started; null when capacity never allows it. */
  end: string | null;
  /** Every piece made. */
  done: boolean;
};

export type BarForecastInput = {
  bar: RunBar;
  /** The bar's attributed output by day number. */
  actual: ReadonlyMap<number, number>;
  asOf: string;
  cal: PreparedCalendar;
  /** The line's capacity in pieces of this bar on a day (minutes / minutes per piece); none: unlimited. */
  capacityPieces?: (day: number) => number;
  /** The line's recent ratio, for a bar without a complete day of its own. */
  lineRatio?: number | null;
  opts?: ForecastOptions;
  /** Give up after this many days (default 400). */
  maxDays?: number;
};

/** The end of a bar re-forecast from its actual rate (method above). */
export function forecastBarEnd(p: BarForecastInput): BarForecast {
  const { bar, actual, cal } = p;
  const s = dayNumber(bar.start);
  const e = dayNumber(bar.end);
  const a = dayNumber(p.asOf);
  let made = 0;
  let firstOutput = Infinity;
  let lastOutput = -Infinity;
  for (const [d, q] of actual) {
    if (d > a || !(q > 0)) continue;
    made += q;
    firstOutput = Math.min(firstOutput, d);
    lastOutput = Math.max(lastOutput, d);
  }
  let plannedToDate = 0;
  for (let d = s; d <= Math.min(e, a); d++) plannedToDate += bar.planned[d - s] ?? 0;
  if (made >= bar.qty) return { actual: made, plannedToDate, ratio: null, end: dayString(lastOutput), done: true };
  if (s > a && made === 0) return { actual: made, plannedToDate, ratio: null, end: bar.end, done: false };
  const history: DayFigures[] = [];
  for (let d = Math.min(s, firstOutput); d < a; d++) {
    if (!dayKind(cal, d).working && !(actual.get(d) ?? 0)) continue;
    history.push({ planned: d >= s && d <= e ? bar.planned[d - s] ?? 0 : 0, actual: actual.get(d) ?? 0 });
  }
  // Nothing scanned yet: the bar has not started on the floor, its own days say nothing of its rate.
  const own = made > 0 ? recentRatio(history, p.opts) : null;
  const ratio = own ?? p.lineRatio ?? null;
  const r = ratio ?? 1;
  const worked = bar.planned.filter((q) => q > 0);
  const fullRate = worked.length ? worked.reduce((x, q) => x + q, 0) / worked.length : bar.qty;
  let left = bar.qty - made;
  const maxDays = p.maxDays ?? 400;
  for (let d = a; d < a + maxDays; d++) {
    if (!dayKind(cal, d).working) continue;
    const plannedDay = d >= s && d <= e ? bar.planned[d - s] ?? 0 : d > e ? fullRate : 0;
    let f = r * plannedDay;
    if (p.capacityPieces) f = Math.min(f, p.capacityPieces(d));
    if (d === a) f = Math.max(0, f - (actual.get(a) ?? 0));
    left -= f;
    if (left <= 1e-9) return { actual: made, plannedToDate, ratio, end: dayString(d), done: false };
  }
  return { actual: made, plannedToDate, ratio, end: null, done: false };
}

/** A plan as its line works it: its pieces, its standard minutes on the line, its scanned pieces by day number. */
export type LineRun = { qty: number; sam: number; made: ReadonlyMap<number, number> };

export type LineDayInput = {
  /** The line's plans in the order the line works them (the board's order on the line). */
  runs: readonly LineRun[];
  /** The line's capacity in standard minutes on a day (operators x working minutes x efficiency; 0 on rest days). */
  capacityMinutes: (day: number) => number;
  /** The line's learning curve (percent of full output on a style's first days). */
  learning: readonly number[];
  /** The day to forecast; every scan before it counts. */
  day: number;
  /** Days from this one on are not complete (today's scans so far): they count as made, not for the pace. */
  completeBefore?: number;
};

/**
 * Share of a style's first day left after the changeover's setup (a line starting a style mid-day loses
 * the setup too). A fixed figure: the line's own changeover days are too few in two weeks to measure it.
 */
export const CHANGEOVER_SHARE = 0.8;

/**
 * A line's output of a day forecast from where the floor really is (the next-day forecast the board's
 * read gives each line and bench B9b measures), rather than from the plan's days:
 * - **pace**: over the line's last `window` working days with output and no style started, the standard
 *   minutes made against the minutes the calendar gave at the learning factor of the style-day worked
 *   (each plan's working days with output so far), weighted `decay^age`; none: 1 (the line's efficiency);
 * - **the day**: the day's capacity x pace is laid into the plans not finished, in the line's order, each
 *   at its learning factor (the plan's working days with output so far) and a style's first day at
 *   `CHANGEOVER_SHARE`; a plan finished mid-day hands the rest of the day to the next.
 */
export function forecastLineOutput(p: LineDayInput, opts: ForecastOptions = FORECAST): number {
  const days = new Set<number>();
  const complete = Math.min(p.day, p.completeBefore ?? p.day);
  for (const r of p.runs) for (const [d, q] of r.made) if (d < complete && q > 0) days.add(d);
  const sorted = [...days].sort((a, b) => a - b);
  // Working days with output before each day, per run.
  const worked = (r: LineRun, before: number) => { let n = 0; for (const [d, q] of r.made) if (d < before && q > 0) n++; return n; };
  let wm = 0;
  let wc = 0;
  let w = 1;
  let used = 0;
  for (let i = sorted.length - 1; i >= 0 && used < opts.window; i--) {
    const d = sorted[i];
    const cap = p.capacityMinutes(d);
    if (!(cap > 0)) continue;
    let planned = 0;
    let started = false;
    for (const r of p.runs) {
      const q = r.made.get(d) ?? 0;
      if (!(q > 0)) continue;
      const k = worked(r, d);
      if (k === 0) started = true;
      planned += (q * r.sam) / learningOf(p.learning, k);
    }
    if (started || !(planned > 0)) continue;
    // The minutes the day's work needed at full skill, against the day's capacity: the line's pace.
    wm += w * planned;
    wc += w * cap;
    w *= opts.decay;
    used++;
  }
  const pace = wc > 0 ? Math.min(MAX_RATIO, Math.max(MIN_RATIO, wm / wc)) : 1;
  let cap = p.capacityMinutes(p.day) * pace;
  let out = 0;
  for (const r of p.runs) {
    if (!(cap > 1e-9)) break;
    let made = 0;
    for (const [d, q] of r.made) if (d < p.day) made += q;
    const left = r.qty - made;
    if (!(left > 0) || !(r.sam > 0)) continue;
    const k = worked(r, p.day);
    const f = learningOf(p.learning, k) * (k === 0 ? CHANGEOVER_SHARE : 1);
    const q = Math.min(left, (cap * f) / r.sam);
    out += q;
    cap -= (q * r.sam) / f;
  }
  return out;
}

function learningOf(learning: readonly number[], k: number): number {
  const p = learning[k];
  if (k >= learning.length || !Number.isFinite(p) || p <= 0) return 1;
  return Math.min(1, p > 1.5 ? p / 100 : p);
}
