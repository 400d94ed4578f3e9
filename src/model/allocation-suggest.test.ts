import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocationViolations, greedyAllocation } from '../../tests/support/allocation-yardstick';
import { suggestAllocation, type AllocationCell, type SuggestInput } from './allocation-suggest';

const M = '2026-03';
const knit = { id: 'G1', categories: ['knit'] };

function sumBy(cells: AllocationCell[], pick: (c: AllocationCell) => boolean): number {
  return cells.filter(pick).reduce((s, c) => s + c.qty, 0);
}

describe('suggestAllocation: crafted cases', () => {
  it('places a line that exactly fits one vendor on that vendor alone', () => {
    const r = suggestAllocation({
      cycles: [M],
      lines: [{ id: 1, category: 'knit', cycle: M, qty: 500 }],
      vendors: [{ id: 10 }],
      groups: [knit],
      capacity: [{ vendorId: 10, groupId: 'G1', cycle: M, capacity: 500 }],
    });
    expect(r.allocations).toEqual([{ lineId: 1, vendorId: 10, cycle: M, qty: 500 }]);
    expect(r.unplaced).toEqual([]);
    expect(r.totals).toEqual({ demand: 500, kept: 0, suggested: 500, unplaced: 0 });
  });

  it('reports over-demand as unplaced with the reason, and never exceeds capacity', () => {
    const input: SuggestInput = {
      cycles: [M],
      lines: [
        { id: 1, category: 'knit', cycle: M, qty: 900 },
        { id: 2, category: 'knit', cycle: M, qty: 600 },
        { id: 3, category: 'denim', cycle: M, qty: 100 },
        { id: 4, category: 'woven', cycle: M, qty: 50 },
        { id: 5, category: 'knit', cycle: '2027-01', qty: 70 },
      ],
      vendors: [{ id: 10 }, { id: 11 }],
      groups: [knit, { id: 'G2', categories: ['denim'] }],
      capacity: [
        { vendorId: 10, groupId: 'G1', cycle: M, capacity: 600 },
        { vendorId: 11, groupId: 'G1', cycle: M, capacity: 400 },
      ],
    };
    const r = suggestAllocation(input);
    expect(allocationViolations(input, r.allocations)).toEqual({ overCapacity: [], overDemand: [] });
    // The bigger line goes first and keeps two vendors; the smaller one gets nothing left.
    expect(sumBy(r.allocations, (c) => c.lineId === 1)).toBe(900);
    const byLine = Object.fromEntries(r.unplaced.map((u) => [u.lineId, u]));
    expect(byLine[2]).toEqual({ lineId: 2, qty: 500, reason: 'capacity_exhausted' });
    expect(byLine[3]).toEqual({ lineId: 3, qty: 100, reason: 'no_capacity' });
    expect(byLine[4]).toEqual({ lineId: 4, qty: 50, reason: 'no_group' });
    expect(byLine[5]).toEqual({ lineId: 5, qty: 70, reason: 'cycle_out_of_range' });
    expect(r.totals.suggested + r.totals.unplaced).toBe(r.totals.demand);
  });

  it('breaks ties by the smaller vendor id whatever the input order', () => {
    const base: SuggestInput = {
      cycles: [M],
      lines: [
        { id: 'b', category: 'knit', cycle: M, qty: 300 },
        { id: 'a', category: 'knit', cycle: M, qty: 300 },
      ],
      vendors: [{ id: 'V2', kpi: 80 }, { id: 'V1', kpi: 80 }, { id: 'V3', kpi: 80 }],
      groups: [knit],
      capacity: ['V3', 'V1', 'V2'].map((v) => ({ vendorId: v, groupId: 'G1', cycle: M, capacity: 300 })),
    };
    const r1 = suggestAllocation(base);
    const r2 = suggestAllocation({ ...base, lines: [...base.lines].reverse(), vendors: [...base.vendors].reverse(), capacity: [...base.capacity].reverse() });
    expect(r1).toEqual(r2);
    expect(r1.allocations).toEqual([
      { lineId: 'a', vendorId: 'V1', cycle: M, qty: 300 },
      { lineId: 'b', vendorId: 'V2', cycle: M, qty: 300 },
    ]);
  });

  it('prefers the better score, and one vendor that takes everything over a split', () => {
    const input: SuggestInput = {
      cycles: [M],
      lines: [{ id: 1, category: 'knit', cycle: M, qty: 800 }],
      vendors: [
        { id: 1, kpi: 95, grade: 'A' },
        { id: 2, kpi: 60, grade: 'C' },
        { id: 3, kpi: 70, grade: 'B' },
      ],
      groups: [knit],
      capacity: [
        { vendorId: 1, groupId: 'G1', cycle: M, capacity: 300 },
        { vendorId: 2, groupId: 'G1', cycle: M, capacity: 1000 },
        { vendorId: 3, groupId: 'G1', cycle: M, capacity: 900 },
      ],
    };
    // Vendors 2 and 3 both take the whole line; 3 scores higher; vendor 1 scores best but would split.
    expect(suggestAllocation(input).allocations).toEqual([{ lineId: 1, vendorId: 3, cycle: M, qty: 800 }]);
    // With more demand than any one vendor has, the best-scored vendor is filled first.
    const big = suggestAllocation({ ...input, lines: [{ id: 1, category: 'knit', cycle: M, qty: 1200 }] });
    expect(big.allocations).toEqual([
      { lineId: 1, vendorId: 1, cycle: M, qty: 300 },
      { lineId: 1, vendorId: 3, cycle: M, qty: 900 },
    ]);
  });

  it('respects the minimum lot: no new vendor gets less, the split leaves a full lot, small rests are explained', () => {
    const input: SuggestInput = {
      cycles: [M],
      lines: [{ id: 1, category: 'knit', cycle: M, qty: 1000 }],
      vendors: [{ id: 1, kpi: 90 }, { id: 2, kpi: 50 }],
      groups: [knit],
      capacity: [
        { vendorId: 1, groupId: 'G1', cycle: M, capacity: 700 },
        { vendorId: 2, groupId: 'G1', cycle: M, capacity: 700 },
      ],
      options: { minLot: 400 },
    };
    // 700 + 300 would give vendor 2 less than a lot: vendor 1 takes 600 so vendor 2 gets exactly 400.
    expect(suggestAllocation(input).allocations).toEqual([
      { lineId: 1, vendorId: 1, cycle: M, qty: 600 },
      { lineId: 1, vendorId: 2, cycle: M, qty: 400 },
    ]);
    const small = suggestAllocation({
      ...input,
      capacity: [
        { vendorId: 1, groupId: 'G1', cycle: M, capacity: 900 },
        { vendorId: 2, groupId: 'G1', cycle: M, capacity: 50 },
      ],
      options: { minLot: 100 },
    });
    expect(small.allocations).toEqual([{ lineId: 1, vendorId: 1, cycle: M, qty: 900 }]);
    expect(small.unplaced).toEqual([{ lineId: 1, qty: 100, reason: 'below_min_lot' }]);
    // A line smaller than a lot may still go whole to one vendor.
    const tiny = suggestAllocation({ ...input, lines: [{ id: 9, category: 'knit', cycle: M, qty: 120 }] });
    expect(tiny.allocations).toEqual([{ lineId: 9, vendorId: 1, cycle: M, qty: 120 }]);
  });

  it('keeps kept cells untouched, counts them against capacity and demand, and honours kept zeros', () => {
    const input: SuggestInput = {
      cycles: [M],
      lines: [
        { id: 1, category: 'knit', cycle: M, qty: 1000 },
        { id: 2, category: 'knit', cycle: M, qty: 400 },
      ],
      vendors: [{ id: 1, kpi: 90 }, { id: 2, kpi: 80 }, { id: 3, kpi: 10 }],
      groups: [knit],
      capacity: [
        { vendorId: 1, groupId: 'G1', cycle: M, capacity: 1000 },
        { vendorId: 2, groupId: 'G1', cycle: M, capacity: 500 },
        { vendorId: 3, groupId: 'G1', cycle: M, capacity: 500 },
      ],
      kept: [
        { lineId: 1, vendorId: 2, cycle: M, qty: 300 },
        // The planner keeps vendor 1 off line 2.
        { lineId: 2, vendorId: 1, cycle: M, qty: 0 },
      ],
    };
    const r = suggestAllocation(input);
    expect(r.allocations.some((c) => (c.lineId === 1 && c.vendorId === 2) || (c.lineId === 2 && c.vendorId === 1))).toBe(false);
    expect(sumBy(r.allocations, (c) => c.lineId === 1)).toBe(700);
    expect(r.allocations).toContainEqual({ lineId: 1, vendorId: 1, cycle: M, qty: 700 });
    // Vendor 2 has 200 left after its kept 300; line 2 (400) goes to vendor 3, the one that fits.
    expect(r.allocations).toContainEqual({ lineId: 2, vendorId: 3, cycle: M, qty: 400 });
    expect(r.totals).toMatchObject({ demand: 1400, kept: 300, suggested: 1100, unplaced: 0 });
    expect(allocationViolations(input, [...r.allocations, ...(input.kept ?? [])]).overCapacity).toEqual([]);
  });

  it('reports kept cells that alone exceed capacity and adds nothing there', () => {
    const r = suggestAllocation({
      cycles: [M],
      lines: [
        { id: 1, category: 'knit', cycle: M, qty: 800 },
        { id: 2, category: 'knit', cycle: M, qty: 100 },
      ],
      vendors: [{ id: 1 }],
      groups: [knit],
      capacity: [{ vendorId: 1, groupId: 'G1', cycle: M, capacity: 500 }],
      kept: [{ lineId: 1, vendorId: 1, cycle: M, qty: 800 }],
    });
    expect(r.overCapacity).toEqual([{ vendorId: 1, groupId: 'G1', cycle: M, load: 800, capacity: 500 }]);
    expect(r.allocations).toEqual([]);
    expect(r.unplaced).toEqual([{ lineId: 2, qty: 100, reason: 'capacity_exhausted' }]);
  });

  it('keeps a vendor within its share cap and favours vendors below their share target', () => {
    const capped = suggestAllocation({
      cycles: [M],
      lines: [{ id: 1, category: 'knit', cycle: M, qty: 1000 }],
      vendors: [{ id: 1, kpi: 90, shareMax: 0.3 }],
      groups: [knit],
      capacity: [{ vendorId: 1, groupId: 'G1', cycle: M, capacity: 1000 }],
    });
    expect(capped.allocations).toEqual([{ lineId: 1, vendorId: 1, cycle: M, qty: 300 }]);
    expect(capped.unplaced).toEqual([{ lineId: 1, qty: 700, reason: 'share_cap' }]);

    const targeted = suggestAllocation({
      cycles: [M],
      lines: [1, 2, 3, 4].map((id) => ({ id, category: 'knit', cycle: M, qty: 100 })),
      vendors: [{ id: 1, kpi: 50, shareTarget: 0.5 }, { id: 2, kpi: 50, shareTarget: 0.5 }],
      groups: [knit],
      capacity: [1, 2].map((v) => ({ vendorId: v, groupId: 'G1', cycle: M, capacity: 1000 })),
    });
    // Equal vendors alternate, each pulled back to its 50 % target.
    expect(sumBy(targeted.allocations, (c) => c.vendorId === 1)).toBe(200);
    expect(sumBy(targeted.allocations, (c) => c.vendorId === 2)).toBe(200);
  });

  it('may produce in earlier cycles when allowed, its own cycle first', () => {
    const cycles = ['2026-02', '2026-03'];
    const input: SuggestInput = {
      cycles,
      lines: [{ id: 1, category: 'knit', cycle: '2026-03', qty: 700 }],
      vendors: [{ id: 1 }],
      groups: [knit],
      capacity: cycles.map((cycle) => ({ vendorId: 1, groupId: 'G1', cycle, capacity: 500 })),
    };
    expect(suggestAllocation(input).unplaced).toEqual([{ lineId: 1, qty: 200, reason: 'capacity_exhausted' }]);
    expect(suggestAllocation({ ...input, options: { earlyCycles: 1 } }).allocations).toEqual([
      { lineId: 1, vendorId: 1, cycle: '2026-03', qty: 500 },
      { lineId: 1, vendorId: 1, cycle: '2026-02', qty: 200 },
    ]);
  });

  it('shares one capacity between the categories of a group', () => {
    const r = suggestAllocation({
      cycles: [M],
      lines: [
        { id: 1, category: 'knit', cycle: M, qty: 300 },
        { id: 2, category: 'knit-dress', cycle: M, qty: 300 },
      ],
      vendors: [{ id: 1 }],
      groups: [{ id: 'G1', categories: ['knit', 'knit-dress'] }],
      capacity: [{ vendorId: 1, groupId: 'G1', cycle: M, capacity: 400 }],
    });
    expect(r.totals.suggested).toBe(400);
    expect(r.totals.unplaced).toBe(200);
  });
});

/** Random problems: categories each in exactly one group, integer quantities. */
const problem = fc
  .record({
    nCycles: fc.integer({ min: 1, max: 4 }),
    nVendors: fc.integer({ min: 1, max: 6 }),
    nGroups: fc.integer({ min: 1, max: 3 }),
    minLot: fc.integer({ min: 0, max: 300 }),
    earlyCycles: fc.integer({ min: 0, max: 2 }),
    lines: fc.array(fc.record({ cat: fc.integer({ min: 0, max: 4 }), cycle: fc.integer({ min: 0, max: 4 }), qty: fc.integer({ min: 0, max: 1500 }) }), { maxLength: 25 }),
    caps: fc.array(fc.record({ v: fc.integer({ min: 0, max: 5 }), g: fc.integer({ min: 0, max: 2 }), c: fc.integer({ min: 0, max: 3 }), cap: fc.integer({ min: 0, max: 2000 }) }), { maxLength: 30 }),
    vendorTraits: fc.array(fc.record({ kpi: fc.integer({ min: 0, max: 100 }), grade: fc.constantFrom('A', 'B', 'C', 'D', null), shareMax: fc.option(fc.double({ min: 0, max: 1, noNaN: true })), shareTarget: fc.option(fc.double({ min: 0, max: 1, noNaN: true })) }), { minLength: 6, maxLength: 6 }),
    kept: fc.array(fc.record({ line: fc.nat(), v: fc.integer({ min: 0, max: 5 }), qty: fc.integer({ min: 0, max: 600 }) }), { maxLength: 8 }),
  })
  .map((p): SuggestInput => {
    const cycles = Array.from({ length: p.nCycles }, (_, i) => `2026-0${i + 1}`);
    const groups = Array.from({ length: p.nGroups }, (_, g) => ({ id: `G${g}`, categories: [0, 1, 2, 3].filter((c) => c % p.nGroups === g).map((c) => `cat${c}`) }));
    const lines = p.lines.map((l, i) => ({ id: i + 1, category: `cat${l.cat}`, cycle: cycles[l.cycle % p.nCycles], qty: l.qty }));
    const vendors = Array.from({ length: p.nVendors }, (_, v) => ({ id: v + 1, ...p.vendorTraits[v] }));
    const capacity = p.caps.filter((c) => c.v < p.nVendors && c.g < p.nGroups).map((c) => ({ vendorId: c.v + 1, groupId: `G${c.g}`, cycle: cycles[c.c % p.nCycles], capacity: c.cap }));
    const seen = new Set<string>();
    const kept: AllocationCell[] = [];
    for (const k of lines.length ? p.kept : []) {
      const line = lines[k.line % lines.length];
      const id = `${line.id}|${k.v}`;
      if (k.v >= p.nVendors || seen.has(id)) continue;
      seen.add(id);
      kept.push({ lineId: line.id, vendorId: k.v + 1, cycle: line.cycle, qty: k.qty });
    }
    return { cycles, lines, vendors, groups, capacity, kept, options: { minLot: p.minLot, earlyCycles: p.earlyCycles } };
  });

describe('suggestAllocation: properties', () => {
  it('never exceeds capacity left after kept cells, never exceeds demand, never touches kept cells', () => {
    fc.assert(
      fc.property(problem, (input) => {
        const r = suggestAllocation(input);
        const kept = input.kept ?? [];
        const keptKeys = new Set(kept.map((k) => `${k.lineId}|${k.vendorId}|${k.cycle}`));
        const lineOf = new Map(input.lines.map((l) => [l.id, l]));
        const groupOf = new Map(input.groups.flatMap((g) => g.categories.map((c) => [c, g.id] as const)));
        // New cells never land on a kept cell and are positive.
        for (const c of r.allocations) {
          expect(keptKeys.has(`${c.lineId}|${c.vendorId}|${c.cycle}`)).toBe(false);
          expect(c.qty).toBeGreaterThan(0);
        }
        // Capacity per vendor x group x cycle: new load <= max(0, capacity - kept load).
        const cap = new Map<string, number>();
        for (const c of input.capacity) cap.set(`${c.vendorId}|${c.groupId}|${c.cycle}`, (cap.get(`${c.vendorId}|${c.groupId}|${c.cycle}`) ?? 0) + c.capacity);
        const load = (cells: AllocationCell[]) => {
          const m = new Map<string, number>();
          for (const c of cells) {
            const k = `${c.vendorId}|${groupOf.get(lineOf.get(c.lineId as number)!.category)}|${c.cycle}`;
            m.set(k, (m.get(k) ?? 0) + c.qty);
          }
          return m;
        };
        const keptLoad = load(kept.filter((k) => groupOf.has(lineOf.get(k.lineId as number)!.category)));
        for (const [k, l] of load(r.allocations)) expect(l).toBeLessThanOrEqual(Math.max(0, (cap.get(k) ?? 0) - (keptLoad.get(k) ?? 0)));
        // Demand per line: kept + new <= max(demand, kept); kept + new + unplaced = demand when kept fits.
        for (const line of input.lines) {
          const keptQty = sumBy(kept, (c) => c.lineId === line.id);
          const newQty = sumBy(r.allocations, (c) => c.lineId === line.id);
          const unplacedQty = r.unplaced.filter((u) => u.lineId === line.id).reduce((s, u) => s + u.qty, 0);
          expect(keptQty + newQty).toBeLessThanOrEqual(Math.max(line.qty, keptQty));
          if (keptQty <= line.qty) expect(keptQty + newQty + unplacedQty).toBe(line.qty);
          // Minimum lot: at most one vendor new to the line gets less than a lot (the one closing it).
          const keptVendors = new Set(kept.filter((c) => c.lineId === line.id && c.qty > 0).map((c) => c.vendorId));
          const perVendor = new Map<unknown, number>();
          for (const c of r.allocations) if (c.lineId === line.id && !keptVendors.has(c.vendorId)) perVendor.set(c.vendorId, (perVendor.get(c.vendorId) ?? 0) + c.qty);
          const small = [...perVendor.values()].filter((q) => q < (input.options?.minLot ?? 0)).length;
          expect(small).toBeLessThanOrEqual(1);
        }
        // Share caps hold for what the suggestion adds (kept cells may already exceed them).
        const total = input.lines.reduce((s, l) => s + l.qty, 0);
        for (const v of input.vendors) {
          if (v.shareMax === null || v.shareMax === undefined) continue;
          const newQty = sumBy(r.allocations, (c) => c.vendorId === v.id);
          if (newQty > 0) expect(newQty + sumBy(kept, (c) => c.vendorId === v.id && c.qty > 0)).toBeLessThanOrEqual(Math.floor(v.shareMax * total + 1e-9));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('is deterministic and independent of input order', () => {
    fc.assert(
      fc.property(problem, fc.integer(), (input, seed) => {
        const shuffle = <T,>(xs: T[]) => xs.map((x, i) => ({ x, k: (i * 7919 + seed) % 104729 })).sort((a, b) => a.k - b.k).map((e) => e.x);
        const a = suggestAllocation(input);
        const b = suggestAllocation({ ...input, lines: shuffle(input.lines), vendors: shuffle(input.vendors), capacity: shuffle(input.capacity) });
        const norm = (cells: AllocationCell[]) => [...cells].sort((x, y) => `${x.lineId}|${x.vendorId}|${x.cycle}`.localeCompare(`${y.lineId}|${y.vendorId}|${y.cycle}`));
        expect(norm(b.allocations)).toEqual(norm(a.allocations));
        expect(b.totals).toEqual(a.totals);
      }),
      { numRuns: 200 },
    );
  });

  it('the greedy baseline respects capacity and demand too', () => {
    fc.assert(
      fc.property(problem, (input) => {
        const r = greedyAllocation({ ...input, kept: [] });
        expect(allocationViolations(input, r.allocations)).toEqual({ overCapacity: [], overDemand: [] });
      }),
      { numRuns: 200 },
    );
  });
});
