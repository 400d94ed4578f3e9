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
 *
 * Since issue 31 (fourth session) the single pass is followed by an improvement step within a budget
 * of time and steps (schedule-improve.ts: a local search over the order, re-laying only the plans after
 * a change); the placement engine itself is schedule-engine.ts.
 */
import { dayNumber, dayString } from './capacity';
import { measure, place, prepare, prepPlan, rulesOf, type FixedBar, type Placement, type RunCtx, type SchedLine, type SchedPlan, type ScheduleResult } from './schedule-engine';
import { improveOnLines, improveSchedule, type ImproveOptions } from './schedule-improve';
import type { ChangeoverRules } from './schedule-rules';

export { setupKey } from './schedule-engine';
export type { FixedBar, ImproveStats, SchedBar, SchedIssue, SchedLine, SchedPlan, ScheduleResult } from './schedule-engine';

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
   * `improve`: the improvement step's budget (schedule-improve.ts; default `improveBudget` of the
   * number of plans), or false for the single pass only.
   */
  options?: { changeoverMinutes?: number; changeover?: ChangeoverRules; samFrom?: 'plan' | 'line'; improve?: Partial<ImproveOptions> | false };
};

/** Places plans in the given order (smart: best line; else EDD greedy's line); the run's context and placements. */
function run(input: ScheduleInput, order: readonly SchedPlan[], smart: boolean): { ctx: RunCtx; placements: Placement[] } {
  const { n, f, states } = prepare(input);
  const ctx: RunCtx = { states, n, f, rules: rulesOf(input.options), lineFirst: input.options?.samFrom === 'line', eligible: new Map() };
  const lockedPlans = new Set((input.locked ?? []).map((b) => b.plan_id));
  const placements: Placement[] = [];
  for (const plan of order) {
    if (lockedPlans.has(plan.id) || plan.qty <= 0) continue;
    placements.push(place(ctx, prepPlan(ctx, plan), smart));
  }
  return { ctx, placements };
}

const due = (p: SchedPlan) => (p.delivery_date ? dayNumber(p.delivery_date) : Number.MAX_SAFE_INTEGER);

/** The auto-scheduler's order: delivery date, then priority (high first), then material date. */
export function autoOrder(plans: readonly SchedPlan[]): SchedPlan[] {
  // The dates read once per plan, not in every comparison.
  const keyed = plans.map((p) => ({ p, due: due(p), ready: p.material_ready ? dayNumber(p.material_ready) : 0 }));
  keyed.sort((a, b) => a.due - b.due || b.p.priority - a.p.priority || a.ready - b.ready || a.p.id - b.p.id);
  return keyed.map((k) => k.p);
}

/** Wall-clock time the default budget lets a whole auto-schedule take before the improvement stops (the single pass is never cut). */
export const AUTO_SCHEDULE_MS = 1600;

/**
 * The improvement step's default budget by problem size: 2 ms of search per plan within 50 ms – 1 s
 * (500 plans: 1 s), its last 30 % on the lines' sequences (`improveSchedule`), at most 200 steps per
 * plan, stopped after max(400, 40 per plan) steps without a lower lateness; inside `autoSchedule` the
 * search also ends when the whole call reaches AUTO_SCHEDULE_MS.
 */
export function improveBudget(plans: number): ImproveOptions {
  return { ms: Math.min(1000, Math.max(50, 2 * plans)), steps: 200 * plans, stale: Math.max(400, 40 * plans), slack: 0, drift: 3, lineShare: 0.3, seed: 31 };
}

/**
 * The auto-scheduler: plans in `autoOrder`, each on the line that ends it earliest, then the
 * improvement step (schedule-improve.ts) when some plan is late: its result when it lowered the total
 * lateness, else the single pass's (never worse).
 */
export function autoSchedule(input: ScheduleInput): ScheduleResult {
  const t0 = performance.now();
  const { ctx, placements } = run(input, autoOrder(input.plans), true);
  const base = measure(ctx, placements);
  const asked = input.options?.improve;
  if (asked === false || base.lateness_days <= 0 || placements.length < 2) return base;
  const o = { ...improveBudget(placements.length), ...asked };
  if (asked?.ms === undefined) o.ms = Math.min(o.ms, t0 + AUTO_SCHEDULE_MS - performance.now());
  if (!(o.ms > 0)) return base;
  const better = o.neighbourhood === 'lines' ? improveOnLines(ctx, placements, o) : improveSchedule(ctx, placements, o);
  return { ...(better.placements ? measure(ctx, better.placements) : base), improvement: better.stats };
}

/** The auto-scheduler's single pass over plans in a given order (the bench's reference search moves the order). */
export function scheduleInOrder(input: ScheduleInput, order: readonly SchedPlan[]): ScheduleResult {
  const { ctx, placements } = run(input, order, true);
  return measure(ctx, placements);
}

/** Baseline: earliest due date first, each plan on the eligible line free earliest; no changeover or load awareness. */
export function greedySchedule(input: ScheduleInput): ScheduleResult {
  const keyed = input.plans.map((p) => ({ p, due: due(p) }));
  const order = keyed.sort((a, b) => a.due - b.due || a.p.id - b.p.id).map((k) => k.p);
  const { ctx, placements } = run(input, order, false);
  return measure(ctx, placements);
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
