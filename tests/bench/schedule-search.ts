/**
 * The reference of bench B4b's quality figure (issue 31), used by the bench only: an improvement search
 * over the order in which the auto-scheduler places plans, started from a given order (the
 * auto-scheduler's own), for a fixed time. Each step moves one plan: a late or unplaced plan forward
 * by up to 40 places (most steps), or two plans near each other swap; the step is kept when the total
 * lateness (days, `lateness_days`) does not grow, so the search walks plateaus and never gets worse.
 * Every candidate is placed by the same placement as the auto-scheduler (`scheduleInOrder`), so
 * capacity, learning, changeovers and material gates hold for it as for the scheduler.
 */
import { scheduleInOrder, type ScheduleInput, type ScheduleResult, type SchedPlan } from '../../calendars/auto-schedule';
import { prng } from '../../fixtures/generators/schedule-problem';

export type SearchResult = { result: ScheduleResult; steps: number; kept: number; order: SchedPlan[] };

function neighbour(order: readonly SchedPlan[], late: readonly number[], rnd: () => number): SchedPlan[] {
  const next = order.slice();
  const n = next.length;
  if (late.length && rnd() < 0.7) {
    const i = late[Math.floor(rnd() * late.length)];
    const j = Math.max(0, i - 1 - Math.floor(rnd() * Math.min(i, 40)));
    const [p] = next.splice(i, 1);
    next.splice(j, 0, p);
    return next;
  }
  const i = Math.floor(rnd() * n);
  const j = Math.min(n - 1, Math.max(0, i + Math.floor(rnd() * 41) - 20));
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

function latePositions(order: readonly SchedPlan[], r: ScheduleResult): number[] {
  const late = new Set(r.issues.map((x) => x.plan_id));
  const out: number[] = [];
  order.forEach((p, i) => {
    if (late.has(p.id) && i > 0) out.push(i);
  });
  return out;
}

export function improvementSearch(input: ScheduleInput, start: readonly SchedPlan[], ms: number, seed = 7): SearchResult {
  const rnd = prng(seed);
  let order = start.slice();
  let result = scheduleInOrder(input, order);
  let late = latePositions(order, result);
  let steps = 0;
  let kept = 0;
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const cand = neighbour(order, late, rnd);
    const r = scheduleInOrder(input, cand);
    steps++;
    if (r.lateness_days <= result.lateness_days) {
      if (r.lateness_days < result.lateness_days) kept++;
      order = cand;
      result = r;
      late = latePositions(order, result);
    }
  }
  return { result, steps, kept, order };
}
