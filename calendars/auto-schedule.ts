/**
 * Auto-schedule (issue 11), a pure function: finite capacity, forward from each plan's material-ready
 * date, plans taken by delivery date then priority, a changeover cost when a line switches category,
 * locked bars kept where they are, never over capacity. Every plan it cannot place on time gets a reason
 * (`no_line`, `capacity`, `material_date`). `greedySchedule` is the earliest-due-date baseline measured
 * beside it (bench B4b).
 *
 * Model: each line is filled as a queue. A line keeps a cursor (the last day of its last placed bar) and
 * the category of that bar; a plan is laid from max(material-ready, range start, cursor) taking only the
 * minutes left free (locked bars and earlier bars), day by day with the line's learning curve. A line
 * that switches category first spends `changeoverMinutes` (a setup) on the bar's first working day.
 * For each plan the scheduler tries every line that can make the category and keeps the earliest end
 * (ties: no changeover, then the lower load).
 */
import type { UnplacedReason } from '../src/model/schedule-board';
import { dayNumber, dayString, learningFactor, lineDayMinutes, type PreparedCalendar } from './capacity';

export type SchedLine = {
  id: number;
  /** Categories the line can make; empty = any. */
  categories: readonly string[];
  operators: number;
  efficiency: number;
  learning?: readonly number[];
  /** Standard minutes per piece by category. */
  sam: Readonly<Record<string, number>>;
  calendar: PreparedCalendar;
};

export type SchedPlan = {
  id: number;
  category: string;
  style_no?: string;
  qty: number;
  /** Minutes per piece given on the plan; otherwise the line's SAM of the category. */
  minutes_per_piece?: number | null;
  material_ready: string | null;
  delivery_date: string | null;
  /** Higher first among plans due the same day. */
  priority: number;
};

/** A bar kept where it is (locked); its minutes per day from `start`. */
export type FixedBar = { plan_id: number; line_id: number; start: string; minutes: readonly number[]; category: string };

export type SchedBar = {
  plan_id: number;
  line_id: number;
  start: string;
  end: string;
  qty: number;
  /** Standard minutes per day from start (changeover included), aligned with `daily`. */
  minutes: number[];
  daily: number[];
  changeover: boolean;
};

export type SchedIssue = { plan_id: number; reason: UnplacedReason; planned_end: string | null };

export type ScheduleInput = {
  from: string;
  to: string;
  lines: readonly SchedLine[];
  plans: readonly SchedPlan[];
  locked?: readonly FixedBar[];
  /** `samFrom`: whose minutes per piece win when both a plan and its line have one (default the plan's). */
  options?: { changeoverMinutes?: number; samFrom?: 'plan' | 'line' };
};

export type ScheduleResult = {
  bars: SchedBar[];
  issues: SchedIssue[];
  placed: number;
  late_plans: number;
  late_pieces: number;
  changeovers: number;
};

type LineState = {
  line: SchedLine;
  idx: number;
  cap: Float64Array;
  used: Float64Array;
  cursor: number; // day index of the last placed bar's end, -1 none
  lastCat: string | null;
  lastStyle: string | null;
  load: number;
};

type Trial = { end: number; start: number; daily: number[]; minutes: number[]; changeover: boolean };

function canMake(line: SchedLine, category: string): boolean {
  return line.categories.length === 0 || line.categories.includes(category);
}

/**
 * Minutes per piece of a plan on a line: by default the plan's own, else the line's SAM of the
 * category; with `lineFirst` (options.samFrom = 'line') the line's SAM of the category when it has
 * one, else the plan's (the planning service: line settings override the plan).
 */
function samOf(line: SchedLine, plan: SchedPlan, lineFirst = false): number {
  const own = plan.minutes_per_piece && plan.minutes_per_piece > 0 ? plan.minutes_per_piece : 0;
  const ofLine = line.sam[plan.category] ?? 0;
  if (lineFirst) return ofLine > 0 ? ofLine : own;
  return own > 0 ? own : ofLine;
}

/** Lays a plan on a line state from day index `s` without changing it; null when it does not fit the range. */
function trial(st: LineState, plan: SchedPlan, s: number, setup: number, sam: number, learn: boolean, n: number): Trial | null {
  if (!(sam > 0)) return null;
  let left = plan.qty;
  let setupLeft = setup;
  let k = 0;
  let first = -1;
  const daily: number[] = [];
  const minutes: number[] = [];
  for (let d = s; d < n && left > 0; d++) {
    let free = st.cap[d] - st.used[d];
    if (st.cap[d] <= 0 || free <= 1e-9) {
      if (first >= 0) {
        daily.push(0);
        minutes.push(0);
      }
      continue;
    }
    let spent = 0;
    if (setupLeft > 0) {
      const s2 = Math.min(setupLeft, free);
      setupLeft -= s2;
      free -= s2;
      spent = s2;
    }
    const factor = learn ? learningFactor(st.line.learning, k) : 1;
    const pieces = Math.min(left, Math.floor((free * factor) / sam + 1e-9));
    if (spent > 0 || pieces > 0) {
      if (first < 0) first = d;
      k += pieces > 0 ? 1 : 0;
      daily.push(pieces);
      minutes.push(spent + (pieces * sam) / factor);
      left -= pieces;
    } else if (first >= 0) {
      daily.push(0);
      minutes.push(0);
    }
  }
  if (left > 0 || first < 0) return null;
  return { start: first, end: first + daily.length - 1, daily, minutes, changeover: setup > 0 };
}

function prepare(input: ScheduleInput): { n: number; f: number; states: LineState[] } {
  const f = dayNumber(input.from);
  const n = Math.max(0, dayNumber(input.to) - f + 1);
  const states: LineState[] = input.lines.map((line, idx) => {
    const cap = new Float64Array(n);
    for (let d = 0; d < n; d++) cap[d] = lineDayMinutes(line, line.calendar, f + d);
    return { line, idx, cap, used: new Float64Array(n), cursor: -1, lastCat: null, lastStyle: null, load: 0 };
  });
  const byId = new Map(states.map((s) => [s.line.id, s]));
  for (const b of input.locked ?? []) {
    const st = byId.get(b.line_id);
    if (!st) continue;
    const off = dayNumber(b.start) - f;
    for (let i = 0; i < b.minutes.length; i++) {
      const d = off + i;
      if (d >= 0 && d < n) st.used[d] += b.minutes[i];
    }
    st.load += b.minutes.reduce((a, x) => a + x, 0);
  }
  return { n, f, states };
}

function commit(st: LineState, plan: SchedPlan, t: Trial): void {
  for (let i = 0; i < t.minutes.length; i++) st.used[t.start + i] += t.minutes[i];
  st.cursor = Math.max(st.cursor, t.end);
  st.lastCat = plan.category;
  st.lastStyle = plan.style_no ?? null;
  st.load += t.minutes.reduce((a, x) => a + x, 0);
}

function toBar(plan: SchedPlan, st: LineState, t: Trial, f: number): SchedBar {
  return {
    plan_id: plan.id,
    line_id: st.line.id,
    start: dayString(f + t.start),
    end: dayString(f + t.end),
    qty: plan.qty,
    minutes: t.minutes,
    daily: t.daily,
    changeover: t.changeover,
  };
}

function lateness(plan: SchedPlan, endDay: number | null, f: number): boolean {
  if (plan.delivery_date == null) return false;
  return endDay == null || f + endDay > dayNumber(plan.delivery_date);
}

function run(input: ScheduleInput, order: SchedPlan[], smart: boolean): ScheduleResult {
  const { n, f, states } = prepare(input);
  const setupMin = input.options?.changeoverMinutes ?? 0;
  const lineFirst = input.options?.samFrom === 'line';
  const bars: SchedBar[] = [];
  const issues: SchedIssue[] = [];
  let latePlans = 0;
  let latePieces = 0;
  let changeovers = 0;
  const lockedPlans = new Set((input.locked ?? []).map((b) => b.plan_id));
  for (const plan of order) {
    if (lockedPlans.has(plan.id) || plan.qty <= 0) continue;
    const ready = plan.material_ready ? Math.max(0, dayNumber(plan.material_ready) - f) : 0;
    let best: { st: LineState; t: Trial } | null = null;
    let eligible = 0;
    for (const st of states) {
      if (!canMake(st.line, plan.category)) continue;
      const sam = samOf(st.line, plan, lineFirst);
      if (!(sam > 0)) continue;
      eligible++;
      const setup = st.lastCat != null && st.lastCat !== plan.category ? setupMin : 0;
      const sameStyle = plan.style_no != null && st.lastStyle === plan.style_no;
      if (!smart) {
        // EDD greedy: the eligible line free earliest, first in input order on a tie.
        if (best && st.cursor >= best.st.cursor) continue;
        const t = trial(st, plan, Math.max(ready, st.cursor < 0 ? 0 : st.cursor), setup, sam, !sameStyle, n);
        if (t) best = { st, t };
        continue;
      }
      const t = trial(st, plan, Math.max(ready, st.cursor < 0 ? 0 : st.cursor), setup, sam, !sameStyle, n);
      if (!t) continue;
      if (
        !best ||
        t.end < best.t.end ||
        (t.end === best.t.end && (Number(t.changeover) < Number(best.t.changeover) || (t.changeover === best.t.changeover && st.load < best.st.load)))
      )
        best = { st, t };
    }
    if (eligible === 0) {
      issues.push({ plan_id: plan.id, reason: 'no_line', planned_end: null });
      latePlans++;
      latePieces += plan.qty;
      continue;
    }
    if (!best) {
      issues.push({ plan_id: plan.id, reason: 'capacity', planned_end: null });
      latePlans++;
      latePieces += plan.qty;
      continue;
    }
    commit(best.st, plan, best.t);
    if (best.t.changeover) changeovers++;
    bars.push(toBar(plan, best.st, best.t, f));
    if (lateness(plan, best.t.end, f)) {
      latePlans++;
      latePieces += plan.qty;
      // Would an empty line finish on time from the material date? If not, the material date is the cause.
      const empty: LineState = { ...best.st, used: new Float64Array(n), cursor: -1 };
      const alone = trial(empty, plan, ready, 0, samOf(best.st.line, plan, lineFirst), true, n);
      const reason: UnplacedReason = !alone || lateness(plan, alone.end, f) ? 'material_date' : 'capacity';
      issues.push({ plan_id: plan.id, reason, planned_end: dayString(f + best.t.end) });
    }
  }
  return { bars, issues, placed: bars.length, late_plans: latePlans, late_pieces: latePieces, changeovers };
}

const due = (p: SchedPlan) => (p.delivery_date ? dayNumber(p.delivery_date) : Number.MAX_SAFE_INTEGER);

/** The auto-scheduler: delivery date, then priority (high first), then material date. */
export function autoSchedule(input: ScheduleInput): ScheduleResult {
  const order = [...input.plans].sort(
    (a, b) =>
      due(a) - due(b) ||
      b.priority - a.priority ||
      (a.material_ready ? dayNumber(a.material_ready) : 0) - (b.material_ready ? dayNumber(b.material_ready) : 0) ||
      a.id - b.id,
  );
  return run(input, order, true);
}

/** Baseline: earliest due date first, each plan on the eligible line free earliest; no changeover or load awareness. */
export function greedySchedule(input: ScheduleInput): ScheduleResult {
  const order = [...input.plans].sort((a, b) => due(a) - due(b) || a.id - b.id);
  return run(input, order, false);
}

/** Day indexes (line id, day) where the bars and locked bars of a result exceed a line's capacity. */
export function overCapacity(input: ScheduleInput, result: ScheduleResult): { line_id: number; date: string }[] {
  const { n, f, states } = prepare(input);
  const byId = new Map(states.map((s) => [s.line.id, s]));
  for (const b of result.bars) {
    const st = byId.get(b.line_id)!;
    const off = dayNumber(b.start) - f;
    for (let i = 0; i < b.minutes.length; i++) if (off + i >= 0 && off + i < n) st.used[off + i] += b.minutes[i];
  }
  const out: { line_id: number; date: string }[] = [];
  for (const st of states) for (let d = 0; d < n; d++) if (st.used[d] > st.cap[d] + 1e-6) out.push({ line_id: st.line.id, date: dayString(f + d) });
  return out;
}
