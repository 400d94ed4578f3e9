/**
 * The re-plan after one drag (issue 31), pure: the board's "move and push" (calendars/cascade.ts
 * `pushLater`: the dropped bar from the drop day, the bars in its way behind it in their order, locked
 * bars kept) with every bar laid by the auto-scheduler's own laying (schedule-engine.ts `layOnLine`):
 * never before its plan's material gate, the setup the company's changeover rules charge for what it
 * follows on the line (family, fabric, colour, style), the line's learning curve on a new style (the
 * one it learned for the family, else its setting), only the minutes the bars that stay leave free.
 * A bar that stays clear of the bars laid before it but now follows another bar whose change costs
 * another setup is laid again where it is. On the line a bar left (`drop: null`, `left`), the bars
 * after it are laid again where they are as far as their setup changed (and what they then push).
 */
import { dayNumber, dayString } from './capacity';
import { pushLater, type CascadeBar } from './cascade';
import { layOnLine, prepare, prepPlan, rulesOf, setupKey, type PrepPlan, type RunCtx, type SchedLine, type SchedPlan, type Trial } from './schedule-engine';
import { changeoverMinutes, type ChangeoverRules, type SetupKey } from './schedule-rules';

/** A bar of the line: its plan (with the bar's quantity as `qty`), its days, whether it may move (unlocked and in the planner's scope), its load per day from `start`. */
export type LineBar = { id: number; plan: SchedPlan; start: string; end: string; locked: boolean; minutes: readonly number[] };

export type ReplanInput = {
  line: SchedLine;
  /** The line's bars but the dragged one: at least every bar ending on or after the first day the re-plan touches, and the last one starting before it. */
  bars: readonly LineBar[];
  /** The dragged bar (its plan with the bar's quantity) and its drop day; null on the line it left. */
  drop: { id: number; plan: SchedPlan; start: string } | null;
  /** The dragged bar where it was, when it was on this line (its old place in the line's sequence). */
  left?: { id: number; plan: SchedPlan; start: string } | null;
  options?: { changeover?: ChangeoverRules; changeoverMinutes?: number; samFrom?: 'plan' | 'line' };
  /** Days past the line's last bar a bar may be laid into (default 400). */
  horizon?: number;
};

/** A bar laid again: its days, pieces and minutes per day from start (setup included), its setup and the bar it follows. */
export type ReplanBar = { id: number; start: string; end: string; daily: number[]; minutes: number[]; setup: number; after: number | null };

export type ReplanResult = { ok: true; bars: ReplanBar[] } | { ok: false; id: number };

const byStart = (a: { start: string; id: number }, b: { start: string; id: number }) => a.start.localeCompare(b.start) || a.id - b.id;

export function replanLine(input: ReplanInput): ReplanResult {
  const { line, bars, drop } = input;
  const left = input.left ?? null;
  const at = drop ? drop.start : left ? left.start : null;
  if (at === null) return { ok: true, bars: [] };
  // The bars that may be laid again: on the drop line those ending on or after the drop day; on the line left, those starting at or after its old start.
  const movable = (b: LineBar) => !b.locked && (drop ? b.end >= at : b.start >= at);
  const fixed = bars.filter((b) => !movable(b));
  const starts = [at, ...bars.map((b) => b.start)].map(dayNumber);
  const ends = [at, ...bars.map((b) => b.end)].map(dayNumber);
  const from = dayString(Math.min(...starts));
  const to = dayString(Math.max(...ends) + (input.horizon ?? 400));
  const { n, f, states } = prepare({ from, to, lines: [line], locked: fixed.map((b) => ({ plan_id: b.plan.id, line_id: line.id, start: b.start, minutes: b.minutes, category: b.plan.category })) });
  const st = states[0]!;
  const ctx: RunCtx = { states, n, f, rules: rulesOf(input.options), lineFirst: input.options?.samFrom === 'line', eligible: new Map() };

  const plans = new Map<number, SchedPlan>(bars.map((b) => [b.id, b.plan]));
  if (drop) plans.set(drop.id, drop.plan);
  if (left) plans.set(left.id, left.plan);
  const keys = new Map<number, SetupKey>();
  const keyOf = (id: number | null): SetupKey | null => {
    if (id === null) return null;
    let k = keys.get(id);
    if (!k) keys.set(id, (k = setupKey(plans.get(id)!)));
    return k;
  };
  const preps = new Map<number, PrepPlan>();
  const prep = (id: number) => {
    let p = preps.get(id);
    if (!p) preps.set(id, (p = prepPlan(ctx, plans.get(id)!)));
    return p;
  };
  // What each bar followed before the drag: the line's sequence by start (the dragged bar in it when it was here).
  const oldSeq = [...bars, ...(left ? [{ id: left.id, start: left.start }] : [])].sort(byStart);
  const oldAfter = new Map<number, number | null>(oldSeq.map((b, i) => [b.id, i > 0 ? oldSeq[i - 1]!.id : null]));
  // The bar the first one laid follows: the last bar (by start) that is not laid again and starts before the first day touched.
  const stays = bars.filter((b) => !movable(b) && !b.locked && b.start < at && (drop ? b.end < at : true)).sort(byStart);
  const before = stays.length ? stays[stays.length - 1]! : null;

  const trials = new Map<number, Trial>();
  const lay = (id: number, day: string, after: number | null) => {
    const t = layOnLine(ctx, st, prep(id), dayNumber(day) - f, keyOf(after));
    if (!t) return null;
    trials.set(id, t);
    return { start: dayString(f + t.start), end: dayString(f + t.end), daily: t.daily };
  };
  const setupAfter = (after: number | null, id: number) => changeoverMinutes(keyOf(after), keyOf(id)!, ctx.rules);
  const others: CascadeBar[] = bars.map((b) => ({ id: b.id, start: b.start, end: b.end, locked: !movable(b) }));
  const r = pushLater(drop ? { id: drop.id, start: drop.start } : { id: null, start: at }, others, lay, {
    before: before ? { id: before.id, start: before.start } : null,
    relay: (id, after) => setupAfter(after, id) !== setupAfter(oldAfter.get(id) ?? null, id),
  });
  if (!r.ok) return r;
  return {
    ok: true,
    bars: r.order.map((id) => {
      const span = r.placed.get(id)!;
      const t = trials.get(id)!;
      return { id, start: span.start, end: span.end, daily: t.daily, minutes: t.minutes, setup: t.setup, after: r.after.get(id) ?? null };
    }),
  };
}
