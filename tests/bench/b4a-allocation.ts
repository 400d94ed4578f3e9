/**
 * Bench B4a (issue 6): "suggest allocation" on 5,000 demand lines, 200 vendors and 12 cycles in at most
 * 1 s with zero over-capacity, beside the naive greedy baseline (lines and vendors in input order,
 * each vendor filled to its free capacity) measured in the same run.
 */
import { suggestAllocation, type AllocationCell, type SuggestInput, type SuggestResult } from '../../src/model/allocation-suggest';
import { allocationViolations, greedyAllocation } from '../support/allocation-yardstick';
import type { Bench } from './run';
import { allocationProblem } from './b4-data';

function timeIt(fn: () => SuggestResult, runs: number): { ms: number; result: SuggestResult } {
  let result = fn(); // warm-up (JIT), not counted
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    result = fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], result };
}

/** Vendors per line, and line x vendor pieces below the minimum lot that are not a whole small line. */
function shape(input: SuggestInput, cells: AllocationCell[]) {
  const minLot = input.options?.minLot ?? 0;
  const qtyOf = new Map(input.lines.map((l) => [String(l.id), l.qty]));
  const perLineVendor = new Map<string, number>();
  for (const c of cells) perLineVendor.set(`${c.lineId}|${c.vendorId}`, (perLineVendor.get(`${c.lineId}|${c.vendorId}`) ?? 0) + c.qty);
  const vendorsPerLine = new Map<string, number>();
  let belowLot = 0;
  for (const [k, q] of perLineVendor) {
    const line = k.split('|')[0];
    vendorsPerLine.set(line, (vendorsPerLine.get(line) ?? 0) + 1);
    if (q < minLot && q < (qtyOf.get(line) ?? 0)) belowLot++;
  }
  const counts = [...vendorsPerLine.values()];
  return { avgVendors: counts.reduce((s, n) => s + n, 0) / Math.max(1, counts.length), belowLot };
}

export const bench: Bench = {
  id: 'B4a',
  title: 'suggest allocation, 5,000 lines x 200 vendors x 12 cycles, vs naive greedy',
  run: () => {
    const input = allocationProblem(5000, 200, 12);
    const suggest = timeIt(() => suggestAllocation(input), 7);
    const greedy = timeIt(() => greedyAllocation(input), 7);
    // The same suggestion under the greedy's constraints (no minimum lot, no share caps): what the
    // minimum lot costs in unplaced quantity, and what the order of placement gains.
    const loose = suggestAllocation({ ...input, vendors: input.vendors.map((v) => ({ ...v, shareMax: null })), options: { ...input.options, minLot: 0 } });
    const sv = allocationViolations(input, suggest.result.allocations);
    const gv = allocationViolations(input, greedy.result.allocations);
    const s = shape(input, suggest.result.allocations);
    const g = shape(input, greedy.result.allocations);
    const demand = suggest.result.totals.demand;
    const capacity = input.capacity.reduce((a, c) => a + c.capacity, 0);
    const pct = (n: number) => `${((n / demand) * 100).toFixed(2)} %`;
    const passed = suggest.ms <= 1000 && sv.overCapacity.length === 0 && sv.overDemand.length === 0;
    return {
      target: 'suggestion <= 1000 ms, zero over-capacity, zero over-demand',
      passed,
      lines: [
        { label: 'problem', value: `${input.lines.length} lines, ${input.vendors.length} vendors, ${input.cycles.length} cycles, demand ${demand}, capacity ${capacity}, min lot ${input.options?.minLot}` },
        { label: 'suggestion time (median of 7)', value: `${suggest.ms.toFixed(1)} ms` },
        { label: 'greedy time (median of 7)', value: `${greedy.ms.toFixed(1)} ms` },
        { label: 'time ratio suggestion/greedy', value: `${(suggest.ms / greedy.ms).toFixed(2)}x` },
        { label: 'unplaced: suggestion', value: `${suggest.result.totals.unplaced} (${pct(suggest.result.totals.unplaced)})` },
        { label: 'unplaced: greedy', value: `${greedy.result.totals.unplaced} (${pct(greedy.result.totals.unplaced)})` },
        { label: 'unplaced: suggestion, no lot/no share cap', value: `${loose.totals.unplaced} (${pct(loose.totals.unplaced)})` },
        { label: 'unplaced ratio suggestion/greedy', value: `${(suggest.result.totals.unplaced / Math.max(1, greedy.result.totals.unplaced)).toFixed(3)}` },
        { label: 'vendors per placed line: suggestion', value: s.avgVendors.toFixed(3) },
        { label: 'vendors per placed line: greedy', value: g.avgVendors.toFixed(3) },
        { label: 'line x vendor pieces below min lot', value: `suggestion ${s.belowLot}, greedy ${g.belowLot}` },
        { label: 'over-capacity cells', value: `suggestion ${sv.overCapacity.length}, greedy ${gv.overCapacity.length}` },
        { label: 'over-demand lines', value: `suggestion ${sv.overDemand.length}, greedy ${gv.overDemand.length}` },
      ],
    };
  },
};
