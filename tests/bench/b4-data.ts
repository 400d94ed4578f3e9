import type { SuggestInput } from '../../src/model/allocation-suggest';

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same problem. */
export { prng } from '../../fixtures/generators/schedule-problem';
import { prng } from '../../fixtures/generators/schedule-problem';

export const B4_CATEGORIES = ['knit-top', 'knit-dress', 'woven-shirt', 'woven-pants', 'denim', 'outerwear', 'sweater', 'sportswear'];

/**
 * A season of demand allocation at the scale: `lines` demand lines over 12 monthly cycles,
 * `vendors` vendors each able to make one or two of four capacity groups, total capacity close to total
 * demand (about 1.05x overall, tighter in peak months) so that the order of placement matters.
 */
export function allocationProblem(lines = 5000, vendors = 200, cycles = 12, seed = 4242): SuggestInput {
  const rnd = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const cycleCodes = Array.from({ length: cycles }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
  const groups = [
    { id: 'KNIT', categories: ['knit-top', 'knit-dress', 'sweater'] },
    { id: 'WOVEN', categories: ['woven-shirt', 'woven-pants'] },
    { id: 'DENIM', categories: ['denim'] },
    { id: 'OUTER', categories: ['outerwear', 'sportswear'] },
  ];
  // Seasonality: spring and autumn peaks.
  const season = cycleCodes.map((_, i) => 1 + 0.35 * Math.sin(((i + 1) / 12) * 2 * Math.PI * 2));
  const demandLines = Array.from({ length: lines }, (_, i) => {
    let ci = int(0, cycles - 1);
    if (rnd() < 0.3) ci = [2, 3, 8, 9][int(0, 3)] % cycles;
    return { id: i + 1, category: B4_CATEGORIES[int(0, B4_CATEGORIES.length - 1)], cycle: cycleCodes[ci], qty: Math.round(int(200, 3000) * season[ci]) };
  });
  const grades = ['A', 'B', 'C', 'D'];
  const vendorList = Array.from({ length: vendors }, (_, v) => ({
    id: v + 1,
    kpi: int(50, 100),
    grade: grades[int(0, 3)],
    shareMax: rnd() < 0.2 ? 0.008 : null,
    shareTarget: rnd() < 0.3 ? 0.006 : null,
  }));
  // Demand per group and cycle, spread over the vendors of that group with +-40 % noise.
  const demandByGroupCycle = new Map<string, number>();
  const groupOf = new Map(groups.flatMap((g) => g.categories.map((c) => [c, g.id] as const)));
  for (const l of demandLines) {
    const k = `${groupOf.get(l.category)}|${l.cycle}`;
    demandByGroupCycle.set(k, (demandByGroupCycle.get(k) ?? 0) + l.qty);
  }
  const vendorGroups = vendorList.map(() => {
    const first = groups[int(0, groups.length - 1)].id;
    const second = rnd() < 0.35 ? groups[int(0, groups.length - 1)].id : first;
    return [...new Set([first, second])];
  });
  const membersOf = new Map(groups.map((g) => [g.id, vendorList.filter((_, v) => vendorGroups[v].includes(g.id)).length]));
  const capacity = vendorList.flatMap((v, vi) =>
    vendorGroups[vi].flatMap((g) =>
      cycleCodes.map((cycle) => {
        const d = demandByGroupCycle.get(`${g}|${cycle}`) ?? 0;
        const avg = (d * 1.05) / Math.max(1, membersOf.get(g) ?? 1);
        // Peaks are tight: capacity follows the yearly average, not the month's demand.
        const flat = avg / season[cycleCodes.indexOf(cycle)] ** 0.5;
        return { vendorId: v.id, groupId: g, cycle, capacity: Math.round(flat * (0.6 + rnd() * 0.8)) };
      }),
    ),
  );
  return { cycles: cycleCodes, lines: demandLines, vendors: vendorList, groups, capacity, options: { minLot: 300 } };
}
