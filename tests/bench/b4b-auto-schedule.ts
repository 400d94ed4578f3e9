/**
 * Bench B4b (issues 11 and 31): auto-schedule 10,000 plans on 300 lines over 180 days in at most 2 s
 * with zero over-capacity, with learning curves per line and family, changeovers by sequence (the
 * default rules: family, fabric, colour, style) and material gates (each plan's material-ready date)
 * on, beside the earliest-due-date greedy baseline measured in the same run. Then the quality: on
 * generated problems of 500 plans on 16 lines, total lateness (days) of the auto-scheduler against the
 * EDD baseline and against an improvement search (schedule-search.ts) run from the auto-scheduler's
 * own order for B4B_SEARCH_MS (default 60 s); B4B_PROBLEMS problems (default 1, seeds 31, 32, …).
 */
import { autoOrder, autoSchedule, greedySchedule, overCapacity, type ScheduleResult } from '../../calendars/auto-schedule';
import { scheduleProblem } from '../../fixtures/generators/schedule-problem';
import type { Bench, BenchLine } from './run';
import { improvementSearch } from './schedule-search';

function timeIt(fn: () => ScheduleResult, runs: number): { ms: number; result: ScheduleResult } {
  let result = fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    result = fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], result };
}

type Quality = { seed: number; auto: number; edd: number; search: number; steps: number; ms: number };

function quality(seed: number, searchMs: number): Quality {
  const input = scheduleProblem({ plans: 500, lines: 16, seed });
  const t0 = performance.now();
  const auto = autoSchedule(input);
  const ms = performance.now() - t0;
  const edd = greedySchedule(input);
  const s = improvementSearch(input, autoOrder(input.plans), searchMs);
  return { seed, auto: auto.lateness_days, edd: edd.lateness_days, search: s.result.lateness_days, steps: s.steps, ms };
}

function speed(): { lines: BenchLine[]; ok: boolean } {
  const input = scheduleProblem();
  const auto = timeIt(() => autoSchedule(input), 3);
  const greedy = timeIt(() => greedySchedule(input), 3);
  const overA = overCapacity(input, auto.result).length;
  const overG = overCapacity(input, greedy.result).length;
  const a = auto.result;
  const g = greedy.result;
  return {
    ok: auto.ms <= 2000 && overA === 0,
    lines: [
      { label: 'auto-schedule 10k (median of 3)', value: `${auto.ms.toFixed(0)} ms` },
      { label: 'greedy EDD baseline (median of 3)', value: `${greedy.ms.toFixed(0)} ms` },
      { label: 'time ratio auto / greedy', value: `${(auto.ms / greedy.ms).toFixed(2)}x` },
      { label: 'over-capacity line-days auto / greedy', value: `${overA} / ${overG}` },
      { label: 'placed auto / greedy', value: `${a.placed} / ${g.placed}` },
      { label: 'late plans auto / greedy', value: `${a.late_plans} / ${g.late_plans}` },
      { label: 'lateness days auto / greedy', value: `${a.lateness_days} / ${g.lateness_days}` },
      { label: 'late pieces auto / greedy', value: `${a.late_pieces} / ${g.late_pieces}` },
      { label: 'changeovers (minutes) auto / greedy', value: `${a.changeovers} (${a.changeover_minutes}) / ${g.changeovers} (${g.changeover_minutes})` },
    ],
  };
}

export const bench: Bench = {
  id: 'B4b',
  title: 'Auto-schedule 10,000 plans on 300 lines over 180 days with learning, changeovers and material gates (<= 2 s, zero over-capacity); lateness on 500 plans against EDD and a search',
  run: () => {
    const fast = speed();
    const searchMs = Number(process.env.B4B_SEARCH_MS ?? 60_000);
    const problems = Math.max(1, Number(process.env.B4B_PROBLEMS ?? 1));
    const qs = Array.from({ length: problems }, (_, i) => quality(31 + i, searchMs));
    const lines = [...fast.lines];
    for (const q of qs) {
      lines.push({ label: `500 plans seed ${q.seed}: lateness days auto / EDD / search`, value: `${q.auto} / ${q.edd} / ${q.search} (auto ${q.ms.toFixed(0)} ms; search ${q.steps} steps in ${(searchMs / 1000).toFixed(0)} s)` });
      lines.push({ label: `500 plans seed ${q.seed}: auto / search, auto / EDD`, value: `${(q.auto / Math.max(1, q.search)).toFixed(3)}, ${(q.auto / Math.max(1, q.edd)).toFixed(3)}` });
    }
    const qualityOk = qs.every((q) => q.auto <= q.edd && q.auto <= q.search * 1.05);
    return {
      passed: fast.ok && qualityOk,
      target: '<= 2000 ms and 0 over-capacity line-days; on 500 plans lateness <= EDD and <= 1.05 x the search',
      lines,
    };
  },
};
