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
import { changeoverMinutes, type ChangeoverRules, type SetupKey } from './schedule-rules';

export type SchedLine = {
  id: number;
  /** Categories the line can make; empty = any. */
  categories: readonly string[];
  operators: number;
  efficiency: number;
  learning?: readonly number[];
  /** Learning curves learned from the line's history by style family (schedule-rules.ts); a family absent here takes `learning`. */
  learningByFamily?: Readonly<Record<string, readonly number[]>>;
  /** Standard minutes per piece by category. */
  sam: Readonly<Record<string, number>>;
  calendar: PreparedCalendar;
};

export type SchedPlan = {
  id: number;
  category: string;
  style_no?: string;
  /** Style family for changeovers and learning (default: the category); fabric and colour of the plan when known. */
  family?: string;
  fabric?: string | null;
  colour?: string | null;
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
  /**
   * `changeover`: the company's rules by what changes in the line's sequence (family, fabric, colour,
   * style; schedule-rules.ts); without them `changeoverMinutes` is spent on a change of family only.
   */
  options?: { changeoverMinutes?: number; changeover?: ChangeoverRules; samFrom?: 'plan' | 'line' };
};

export type ScheduleResult = {
  bars: SchedBar[];
  issues: SchedIssue[];
  placed: number;
  late_plans: number;
  late_pieces: number;
  /** Σ over plans of calendar days from the delivery date to the end (an unplaced plan: to the day after the range). */
  lateness_days: number;
  changeovers: number;
  changeover_minutes: number;
};

type LineState = {
  line: SchedLine;
  idx: number;
  cap: Float64Array;
  used: Float64Array;
  cursor: number; // day index of the last placed bar's end, -1 none
  last: SetupKey | null; // what the line's last placed bar made
  load: number;
  /** Placed bars by start (day indexes) and what they make; the idle spans between them can be back-filled. */
  placed: { s: number; e: number; key: SetupKey }[];
};

type Trial = { end: number; start: number; daily: number[]; minutes: number[]; changeover: boolean; setup: number; from: number; limit: number; learn: boolean; sam: number };

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

export const setupKey = (p: SchedPlan): SetupKey => ({ family: p.family ?? p.category, fabric: p.fabric ?? null, colour: p.colour ?? null, style: p.style_no ?? null });

/** The learning curve a line shows on a new style of the plan's family: learned from its history, else its setting. */
const curveOf = (line: SchedLine, plan: SchedPlan) => line.learningByFamily?.[plan.family ?? plan.category] ?? line.learning;

/** Lays a plan on a line state from day index `s` without changing it; null when it does not fit the range. */
function trial(st: LineState, plan: SchedPlan, s: number, setup: number, sam: number, learn: boolean, n: number, limit = n - 1, record = false): Trial | null {
  if (!(sam > 0)) return null;
  const stop = Math.min(n, limit + 1);
  const curve = learn ? curveOf(st.line, plan) : undefined;
  const { cap, used } = st;
  let left = plan.qty;
  let setupLeft = setup;
  let k = 0;
  let first = -1;
  let last = -1;
  // Candidates are measured without their day lists (most are dropped); the chosen one is laid again with `record`.
  const daily: number[] = [];
  const minutes: number[] = [];
  for (let d = s; d < stop && left > 0; d++) {
    let free = cap[d] - used[d];
    if (cap[d] <= 0 || free <= 1e-9) continue;
    let spent = 0;
    if (setupLeft > 0) {
      spent = Math.min(setupLeft, free);
      setupLeft -= spent;
      free -= spent;
    }
    const factor = curve ? learningFactor(curve, k) : 1;
    const pieces = Math.min(left, Math.floor((free * factor) / sam + 1e-9));
    if (spent <= 0 && pieces <= 0) continue;
    if (first < 0) first = d;
    if (record) {
      for (let z = last + 1; last >= 0 && z < d; z++) {
        daily.push(0);
        minutes.push(0);
      }
      daily.push(pieces);
      minutes.push(spent + (pieces * sam) / factor);
    }
    last = d;
    k += pieces > 0 ? 1 : 0;
    left -= pieces;
  }
  if (left > 0 || first < 0) return null;
  return { start: first, end: last, daily, minutes, changeover: setup > 0, setup, from: s, limit, learn, sam };
}

/** A chosen candidate laid again with its day lists. */
const laid = (st: LineState, plan: SchedPlan, t: Trial, n: number): Trial => trial(st, plan, t.from, t.setup, t.sam, t.learn, n, t.limit, true)!;

function prepare(input: ScheduleInput): { n: number; f: number; states: LineState[] } {
  const f = dayNumber(input.from);
  const n = Math.max(0, dayNumber(input.to) - f + 1);
  const states: LineState[] = input.lines.map((line, idx) => {
    const cap = new Float64Array(n);
    for (let d = 0; d < n; d++) cap[d] = lineDayMinutes(line, line.calendar, f + d);
    return { line, idx, cap, used: new Float64Array(n), cursor: -1, last: null, load: 0, placed: [] };
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
  const key = setupKey(plan);
  if (t.end >= st.cursor) st.last = key;
  st.cursor = Math.max(st.cursor, t.end);
  st.load += t.minutes.reduce((a, x) => a + x, 0);
  let i = st.placed.length;
  while (i > 0 && st.placed[i - 1].s > t.start) i--;
  st.placed.splice(i, 0, { s: t.start, e: t.end, key });
}

/**
 * A plan laid into an idle span before the line's cursor (a span a later material date left): from
 * max(ready, end of the bar before) and finished no later than the first day of the bar after, paying
 * the changeover into it and the one back to the bar after (that bar's own setup stays as it was, so
 * the sequence is never charged less than it costs). Null when it fits no span.
 */
function backFill(st: LineState, plan: SchedPlan, ready: number, sam: number, rules: ChangeoverRules, n: number, bound: number): Trial | null {
  const key = setupKey(plan);
  const need = plan.qty * sam;
  let best: Trial | null = null;
  for (let i = 0; i < st.placed.length; i++) {
    const next = st.placed[i];
    if (next.s >= bound) break;
    const prev = i > 0 ? st.placed[i - 1] : null;
    const from = Math.max(ready, prev ? prev.e : 0);
    if (next.s - from < 1 || (best && best.end <= from)) continue;
    // The span's free minutes must hold the pieces at full rate at least (learning and setup only add).
    let free = 0;
    for (let d = from; d <= next.s && free < need; d++) free += st.cap[d] - st.used[d];
    if (free < need) continue;
    const setup = changeoverMinutes(prev?.key ?? null, key, rules) + changeoverMinutes(key, next.key, rules);
    const learn = !(prev && prev.key.style != null && prev.key.style === plan.style_no);
    const t = trial(st, plan, from, setup, sam, learn, n, next.s);
    if (t && (!best || t.end < best.end)) best = t;
  }
  return best;
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

/** Calendar days a plan ends after its delivery date (0 on time or without one); unplaced: as if it ended the day after the range. */
function daysLate(plan: SchedPlan, endDay: number | null, f: number, n: number): number {
  if (plan.delivery_date == null) return 0;
  return Math.max(0, f + (endDay ?? n) - dayNumber(plan.delivery_date));
}

type Best = { st: LineState; t: Trial } | null;

function better(t: Trial, st: LineState, best: Best): boolean {
  if (!best) return true;
  if (t.end !== best.t.end) return t.end < best.t.end;
  if (t.setup !== best.t.setup) return t.setup < best.t.setup;
  return st.load < best.st.load;
}

/** The line a plan goes to: smart, the one that ends it earliest (ties: less setup, lower load); greedy, the eligible line free earliest. */
function pickLine(ctx: RunCtx, plan: SchedPlan, smart: boolean): { best: Best; eligible: number } {
  const { states, n, f, rules, lineFirst } = ctx;
  const ready = plan.material_ready ? Math.max(0, dayNumber(plan.material_ready) - f) : 0;
  const key = setupKey(plan);
  let best: Best = null;
  let eligible = 0;
  for (const st of states) {
    if (!canMake(st.line, plan.category)) continue;
    const sam = samOf(st.line, plan, lineFirst);
    if (!(sam > 0)) continue;
    eligible++;
    // EDD greedy: the eligible line free earliest, first in input order on a tie.
    if (!smart && best && st.cursor >= best.st.cursor) continue;
    const setup = changeoverMinutes(st.last, key, rules);
    const sameStyle = plan.style_no != null && st.last?.style === plan.style_no;
    const t = trial(st, plan, Math.max(ready, st.cursor < 0 ? 0 : st.cursor), setup, sam, !sameStyle, n);
    if (t && (!smart || better(t, st, best))) best = { st, t };
    if (!smart || ready >= st.cursor) continue;
    const g = backFill(st, plan, ready, sam, rules, n, best ? best.t.end : n);
    if (g && better(g, st, best)) best = { st, t: g };
  }
  return { best, eligible };
}

type RunCtx = { states: LineState[]; n: number; f: number; rules: ChangeoverRules; lineFirst: boolean };

/** The changeover rules of a run: the company's, else `changeoverMinutes` on a change of family only. */
function rulesOf(input: ScheduleInput): ChangeoverRules {
  if (input.options?.changeover) return input.options.changeover;
  const m = input.options?.changeoverMinutes ?? 0;
  return { family: m, fabric: 0, colour: 0, style: 0 };
}

/** Places plans in the given order (smart: best line; else EDD greedy's line) and measures the result. */
function run(input: ScheduleInput, order: readonly SchedPlan[], smart: boolean): ScheduleResult {
  const { n, f, states } = prepare(input);
  const ctx: RunCtx = { states, n, f, rules: rulesOf(input), lineFirst: input.options?.samFrom === 'line' };
  const r: ScheduleResult = { bars: [], issues: [], placed: 0, late_plans: 0, late_pieces: 0, lateness_days: 0, changeovers: 0, changeover_minutes: 0 };
  const lockedPlans = new Set((input.locked ?? []).map((b) => b.plan_id));
  for (const plan of order) {
    if (lockedPlans.has(plan.id) || plan.qty <= 0) continue;
    const { best, eligible } = pickLine(ctx, plan, smart);
    if (!best) {
      r.issues.push({ plan_id: plan.id, reason: eligible === 0 ? 'no_line' : 'capacity', planned_end: null });
      r.late_plans++;
      r.late_pieces += plan.qty;
      r.lateness_days += daysLate(plan, null, f, n);
      continue;
    }
    best.t = laid(best.st, plan, best.t, n);
    commit(best.st, plan, best.t);
    if (best.t.changeover) r.changeovers++;
    r.changeover_minutes += best.t.setup;
    r.bars.push(toBar(plan, best.st, best.t, f));
    if (lateness(plan, best.t.end, f)) {
      r.late_plans++;
      r.late_pieces += plan.qty;
      r.lateness_days += daysLate(plan, best.t.end, f, n);
      r.issues.push({ plan_id: plan.id, reason: lateReason(ctx, plan, best.st), planned_end: dayString(f + best.t.end) });
    }
  }
  r.placed = r.bars.length;
  return r;
}

/** Would an empty line finish a late plan on time from its material date? If not, the material date is the cause. */
function lateReason(ctx: RunCtx, plan: SchedPlan, st: LineState): UnplacedReason {
  const ready = plan.material_ready ? Math.max(0, dayNumber(plan.material_ready) - ctx.f) : 0;
  const empty: LineState = { ...st, used: new Float64Array(ctx.n), cursor: -1 };
  const alone = trial(empty, plan, ready, 0, samOf(st.line, plan, ctx.lineFirst), true, ctx.n);
  return !alone || lateness(plan, alone.end, ctx.f) ? 'material_date' : 'capacity';
}

const due = (p: SchedPlan) => (p.delivery_date ? dayNumber(p.delivery_date) : Number.MAX_SAFE_INTEGER);

/** The auto-scheduler's order: delivery date, then priority (high first), then material date. */
export function autoOrder(plans: readonly SchedPlan[]): SchedPlan[] {
  return [...plans].sort(
    (a, b) =>
      due(a) - due(b) ||
      b.priority - a.priority ||
      (a.material_ready ? dayNumber(a.material_ready) : 0) - (b.material_ready ? dayNumber(b.material_ready) : 0) ||
      a.id - b.id,
  );
}

/** The auto-scheduler: plans in `autoOrder`, each on the line that ends it earliest. */
export function autoSchedule(input: ScheduleInput): ScheduleResult {
  return run(input, autoOrder(input.plans), true);
}

/** The auto-scheduler's placement of plans in a given order (an improvement search moves the order). */
export function scheduleInOrder(input: ScheduleInput, order: readonly SchedPlan[]): ScheduleResult {
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
