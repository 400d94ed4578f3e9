/**
 * Bench B4b (issue 11): auto-schedule 10,000 plans on 300 lines over 180 days in at most 2 s with zero
 * over-capacity, beside the earliest-due-date greedy baseline measured in the same run: time ratio, late
 * orders and changeovers of both.
 */
import { autoSchedule, greedySchedule, overCapacity, type ScheduleResult } from '../../calendars/auto-schedule';
import { scheduleProblem } from '../../fixtures/generators/schedule-problem';
import type { Bench } from './run';

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

export const bench: Bench = {
  id: 'B4b',
  title: 'Auto-schedule 10,000 plans on 300 lines over 180 days (<= 2 s, zero over-capacity)',
  run: () => {
    const input = scheduleProblem();
    const auto = timeIt(() => autoSchedule(input), 3);
    const greedy = timeIt(() => greedySchedule(input), 3);
    const overA = overCapacity(input, auto.result).length;
    const overG = overCapacity(input, greedy.result).length;
    return {
      passed: auto.ms <= 2000 && overA === 0,
      target: '<= 2000 ms and 0 over-capacity line-days',
      lines: [
        { label: 'auto-schedule (median of 3)', value: `${auto.ms.toFixed(0)} ms` },
        { label: 'greedy EDD baseline (median of 3)', value: `${greedy.ms.toFixed(0)} ms` },
        { label: 'time ratio auto / greedy', value: `${(auto.ms / greedy.ms).toFixed(2)}x` },
        { label: 'over-capacity line-days auto / greedy', value: `${overA} / ${overG}` },
        { label: 'placed auto / greedy', value: `${auto.result.placed} / ${greedy.result.placed}` },
        { label: 'late plans auto / greedy', value: `${auto.result.late_plans} / ${greedy.result.late_plans}` },
        { label: 'late pieces auto / greedy', value: `${auto.result.late_pieces} / ${greedy.result.late_pieces}` },
        { label: 'changeovers auto / greedy', value: `${auto.result.changeovers} / ${greedy.result.changeovers}` },
      ],
    };
  },
};
