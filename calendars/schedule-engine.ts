/**
 * The auto-scheduler's placement engine (issues 11 and 31), pure: line states over a range, laying one
 * plan on a line (`trial`), the back-fill of idle spans, the choice of a line (`pickLine`), and a
 * placement that can be taken back (`place`, `unplace`, `replay`) so that the improvement search
 * (schedule-improve.ts) re-lays only the plans after a change. auto-schedule.ts is the public face
 * (types re-exported there); the model is described in its header.
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

/** What the improvement step did (absent when it did not run): steps tried, steps that lowered the lateness, its time, the lateness before and after; `lines`: the part of it the line neighbourhood did after the order's (schedule-improve.ts `improveSchedule`). */
export type ImproveStats = { steps: number; kept: number; ms: number; before: number; after: number; lines?: { steps: number; kept: number; before: number } };

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
  improvement?: ImproveStats;
};

type PlacedEntry = { s: number; e: number; key: SetupKey };

export type LineState = {
  line: SchedLine;
  idx: number;
  cap: Float64Array;
  used: Float64Array;
  cursor: number; // day index of the last placed bar's end, -1 none
  last: SetupKey | null; // what the line's last placed bar made
  load: number;
  /** Placed bars by start (day indexes) and what they make; the idle spans between them can be back-filled. */
  placed: PlacedEntry[];
};

export type Trial = { end: number; start: number; daily: number[]; minutes: number[]; changeover: boolean; setup: number; from: number; limit: number; learn: boolean; sam: number };

/** A line a plan can go to, with the plan's minutes per piece on it. */
export type Eligible = { st: LineState; sam: number };

/** A run: line states, days, rules, and the lines each kind of plan can go to (by category and own minutes per piece, filled as met). */
export type RunCtx = { states: LineState[]; n: number; f: number; rules: ChangeoverRules; lineFirst: boolean; eligible: Map<string, Eligible[]> };

/** A plan with what placing it needs worked out once: its gate (day index), its delivery day (day number), its setup key and its lines. */
export type PrepPlan = { plan: SchedPlan; ready: number; due: number | null; key: SetupKey; lines: readonly Eligible[] };

/** One plan placed (or not) on a line state, with what taking it back restores. */
export type Placement = {
  pp: PrepPlan;
  st: LineState | null;
  t: Trial | null;
  eligible: number;
  /** Days late (see `lateness_days`). */
  late: number;
  undo: { cursor: number; last: SetupKey | null; load: number; entry: PlacedEntry } | null;
};

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

/** The day lists of a candidate measured without them (never written: only a recorded trial pushes days). */
const NO_DAYS: number[] = [];

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
  const daily: number[] = record ? [] : NO_DAYS;
  const minutes: number[] = record ? [] : NO_DAYS;
  for (let d = s; d < stop && left > 0; d++) {
    let free = cap[d] - used[d];
    if (cap[d] <= 0 || free <= 1e-9) continue;
    let spent = 0;
    if (setupLeft > 0) {
      spent = Math.min(setupLeft, free);
      setupLeft -= spent;
      free -= spent;
    }
    const factor = curve && k < curve.length ? learningFactor(curve, k) : 1;
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

export function prepare(input: { from: string; to: string; lines: readonly SchedLine[]; locked?: readonly FixedBar[] }): { n: number; f: number; states: LineState[] } {
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

/** The lines (in input order) that can make a plan, with its minutes per piece on each. */
function eligibleLines(ctx: RunCtx, plan: SchedPlan): Eligible[] {
  const own = plan.minutes_per_piece && plan.minutes_per_piece > 0 ? plan.minutes_per_piece : 0;
  const kind = `${plan.category}\u0000${own}`;
  let list = ctx.eligible.get(kind);
  if (!list) {
    list = [];
    for (const st of ctx.states) {
      if (!canMake(st.line, plan.category)) continue;
      const sam = samOf(st.line, plan, ctx.lineFirst);
      if (sam > 0) list.push({ st, sam });
    }
    ctx.eligible.set(kind, list);
  }
  return list;
}

/** The plan's days and lines worked out once for a run. */
export function prepPlan(ctx: RunCtx, plan: SchedPlan): PrepPlan {
  return {
    plan,
    ready: plan.material_ready ? Math.max(0, dayNumber(plan.material_ready) - ctx.f) : 0,
    due: plan.delivery_date ? dayNumber(plan.delivery_date) : null,
    key: setupKey(plan),
    lines: eligibleLines(ctx, plan),
  };
}

function commit(st: LineState, key: SetupKey, t: Trial): NonNullable<Placement['undo']> {
  const undo = { cursor: st.cursor, last: st.last, load: st.load, entry: { s: t.start, e: t.end, key } };
  for (let i = 0; i < t.minutes.length; i++) st.used[t.start + i] += t.minutes[i];
  if (t.end >= st.cursor) st.last = key;
  st.cursor = Math.max(st.cursor, t.end);
  for (let i = 0; i < t.minutes.length; i++) st.load += t.minutes[i];
  let i = st.placed.length;
  while (i > 0 && st.placed[i - 1].s > t.start) i--;
  st.placed.splice(i, 0, undo.entry);
  return undo;
}

/**
 * A plan laid into an idle span before the line's cursor (a span a later material date left): from
 * max(ready, end of the bar before) and finished no later than the first day of the bar after, paying
 * the changeover into it and the one back to the bar after (that bar's own setup stays as it was, so
 * the sequence is never charged less than it costs). Null when it fits no span.
 */
function backFill(st: LineState, pp: PrepPlan, sam: number, rules: ChangeoverRules, n: number, bound: number): Trial | null {
  const { plan, key, ready } = pp;
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

/**
 * A plan laid on a line state from day index `from` (never before its gate) after a bar making `prev`
 * (null: the line starts empty): the setup the rules charge for that change, the line's learning curve
 * unless it continues the same style. The one laying of the scheduler's line choice (`pickLine`) and
 * the drag's re-plan (schedule-replan.ts `layOnLine`).
 */
function lineTrial(ctx: RunCtx, st: LineState, pp: PrepPlan, sam: number, from: number, prev: SetupKey | null, limit: number, record = false): Trial | null {
  const setup = changeoverMinutes(prev, pp.key, ctx.rules);
  const sameStyle = pp.plan.style_no != null && prev?.style === pp.plan.style_no;
  return trial(st, pp.plan, Math.max(pp.ready, from), setup, sam, !sameStyle, ctx.n, limit, record);
}

/**
 * Lays a plan on one line from day index `from` after a bar making `prev`, by the scheduler's rules
 * (`lineTrial`: gate, setup by sequence, learning, the line's free minutes), without changing the line
 * state; the trial carries its day lists. Null when it does not fit the range.
 */
export function layOnLine(ctx: RunCtx, st: LineState, pp: PrepPlan, from: number, prev: SetupKey | null): Trial | null {
  return lineTrial(ctx, st, pp, samOf(st.line, pp.plan, ctx.lineFirst), from, prev, ctx.n - 1, true);
}

type Best = { st: LineState; t: Trial } | null;

function better(t: Trial, st: LineState, best: Best): boolean {
  if (!best) return true;
  if (t.end !== best.t.end) return t.end < best.t.end;
  if (t.setup !== best.t.setup) return t.setup < best.t.setup;
  return st.load < best.st.load;
}

/** The line a plan goes to: smart, the one that ends it earliest (ties: less setup, lower load); greedy, the eligible line free earliest. */
function pickLine(ctx: RunCtx, pp: PrepPlan, smart: boolean): { best: Best; eligible: number } {
  const { n, rules } = ctx;
  const { ready } = pp;
  let best: Best = null;
  const eligible = pp.lines.length;
  for (const { st, sam } of pp.lines) {
    // EDD greedy: the eligible line free earliest, first in input order on a tie.
    if (!smart && best && st.cursor >= best.st.cursor) continue;
    // Smart: a line that cannot end by the best end so far is not laid past it (it could not win).
    const t = lineTrial(ctx, st, pp, sam, st.cursor < 0 ? 0 : st.cursor, st.last, smart && best ? best.t.end : n - 1);
    if (t && (!smart || better(t, st, best))) best = { st, t };
    if (!smart || ready >= st.cursor) continue;
    const g = backFill(st, pp, sam, rules, n, best ? best.t.end : n);
    if (g && better(g, st, best)) best = { st, t: g };
  }
  return { best, eligible };
}

/** Calendar days a plan ends after its delivery date (0 on time or without one); unplaced: as if it ended the day after the range. */
function daysLate(ctx: RunCtx, pp: PrepPlan, endDay: number | null): number {
  if (pp.due == null) return 0;
  return Math.max(0, ctx.f + (endDay ?? ctx.n) - pp.due);
}

/** Places one plan (smart: best line; else EDD greedy's line) and changes the line state. */
export function place(ctx: RunCtx, pp: PrepPlan, smart: boolean): Placement {
  const { best, eligible } = pickLine(ctx, pp, smart);
  if (!best) return { pp, st: null, t: null, eligible, late: daysLate(ctx, pp, null), undo: null };
  const t = laid(best.st, pp.plan, best.t, ctx.n);
  const undo = commit(best.st, pp.key, t);
  return { pp, st: best.st, t, eligible, late: daysLate(ctx, pp, t.end), undo };
}

/**
 * Places one plan on a given line, not on the best line: after the line's last placed bar (from
 * max(gate, cursor), the setup of that change) or into an idle span before it, whichever ends it
 * earlier, as `pickLine` lays on each line; the improvement step's moves within and between lines'
 * sequences (schedule-improve.ts `improveOnLines`). Null when the line cannot take it within the range.
 */
export function placeOnLine(ctx: RunCtx, st: LineState, pp: PrepPlan): Placement | null {
  const sam = samOf(st.line, pp.plan, ctx.lineFirst);
  let best = lineTrial(ctx, st, pp, sam, st.cursor < 0 ? 0 : st.cursor, st.last, ctx.n - 1);
  // As in `pickLine`: an idle span a later gate left before the cursor may finish it earlier.
  if (pp.ready < st.cursor) {
    const g = backFill(st, pp, sam, ctx.rules, ctx.n, best ? best.end : ctx.n);
    if (g && (!best || g.end < best.end || (g.end === best.end && g.setup < best.setup))) best = g;
  }
  if (!best) return null;
  const t = laid(st, pp.plan, best, ctx.n);
  const undo = commit(st, pp.key, t);
  return { pp, st, t, eligible: pp.lines.length, late: daysLate(ctx, pp, t.end), undo };
}

/** Takes a placement back; placements are taken back in the reverse order of placing. */
export function unplace(p: Placement): void {
  const { st, t, undo } = p;
  if (!st || !t || !undo) return;
  for (let i = 0; i < t.minutes.length; i++) st.used[t.start + i] -= t.minutes[i];
  st.cursor = undo.cursor;
  st.last = undo.last;
  st.load = undo.load;
  const i = st.placed.lastIndexOf(undo.entry);
  if (i >= 0) st.placed.splice(i, 1);
}

/** Lays a placement taken back again as it was (the line state must be the one it was placed on). */
export function replay(p: Placement): void {
  if (p.st && p.t) p.undo = commit(p.st, p.pp.key, p.t);
}

/** The changeover rules of a run: the company's, else `changeoverMinutes` on a change of family only. */
export function rulesOf(options: { changeoverMinutes?: number; changeover?: ChangeoverRules } | undefined): ChangeoverRules {
  if (options?.changeover) return options.changeover;
  const m = options?.changeoverMinutes ?? 0;
  return { family: m, fabric: 0, colour: 0, style: 0 };
}

function toBar(plan: SchedPlan, st: LineState, t: Trial, f: number): SchedBar {
  return { plan_id: plan.id, line_id: st.line.id, start: dayString(f + t.start), end: dayString(f + t.end), qty: plan.qty, minutes: t.minutes, daily: t.daily, changeover: t.changeover };
}

/** Would an empty line finish a late plan on time from its material date? If not, the material date is the cause. */
function lateReason(ctx: RunCtx, pp: PrepPlan, st: LineState): UnplacedReason {
  const empty: LineState = { ...st, used: new Float64Array(ctx.n), cursor: -1 };
  const alone = trial(empty, pp.plan, pp.ready, 0, samOf(st.line, pp.plan, ctx.lineFirst), true, ctx.n);
  return !alone || daysLate(ctx, pp, alone.end) > 0 ? 'material_date' : 'capacity';
}

/** The result of placements in their order: bars, every plan not placed on time with its reason, the totals. */
export function measure(ctx: RunCtx, placements: readonly Placement[]): ScheduleResult {
  const r: ScheduleResult = { bars: [], issues: [], placed: 0, late_plans: 0, late_pieces: 0, lateness_days: 0, changeovers: 0, changeover_minutes: 0 };
  for (const p of placements) {
    const plan = p.pp.plan;
    if (!p.st || !p.t) {
      r.issues.push({ plan_id: plan.id, reason: p.eligible === 0 ? 'no_line' : 'capacity', planned_end: null });
      r.late_plans++;
      r.late_pieces += plan.qty;
      r.lateness_days += p.late;
      continue;
    }
    if (p.t.changeover) r.changeovers++;
    r.changeover_minutes += p.t.setup;
    r.bars.push(toBar(plan, p.st, p.t, ctx.f));
    if (p.late > 0) {
      r.late_plans++;
      r.late_pieces += plan.qty;
      r.lateness_days += p.late;
      r.issues.push({ plan_id: plan.id, reason: lateReason(ctx, p.pp, p.st), planned_end: dayString(ctx.f + p.t.end) });
    }
  }
  r.placed = r.bars.length;
  return r;
}
