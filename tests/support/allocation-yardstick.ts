/**
 * The yardsticks of the allocation suggestion (bench B4a and the solver's unit tests), not product
 * code: the naive greedy the suggestion is measured against, and the check of an allocation against
 * capacity and demand. They read the solver's types only.
 */
import type { AllocId, AllocationCell, OverCapacity, SuggestInput, SuggestResult, Unplaced } from '../../src/model/allocation-suggest';

const key = (id: AllocId) => (typeof id === 'number' ? `n${id}` : `s${id}`);

/**
 * The naive greedy of bench B4a's baseline: lines in input order, vendors in input order, each vendor
 * filled to its free capacity; no score, no minimum lot, no share cap, no preference for few vendors.
 * Kept only as a yardstick; it respects capacity and demand like the real suggestion.
 */
export function greedyAllocation(input: SuggestInput): SuggestResult {
  const cycleIndex = new Map(input.cycles.map((c, i) => [c, i]));
  const remaining = new Map<string, number>();
  for (const c of input.capacity) {
    const k = `${key(c.vendorId)}|${key(c.groupId)}|${c.cycle}`;
    remaining.set(k, (remaining.get(k) ?? 0) + Math.max(0, c.capacity));
  }
  const allocations: AllocationCell[] = [];
  const unplaced: Unplaced[] = [];
  let suggested = 0;
  let demand = 0;
  for (const line of input.lines) {
    demand += line.qty;
    let left = line.qty;
    if (cycleIndex.get(line.cycle) === undefined) {
      unplaced.push({ lineId: line.id, qty: left, reason: 'cycle_out_of_range' });
      continue;
    }
    const gs = input.groups.filter((g) => g.categories.includes(line.category));
    for (const v of input.vendors) {
      if (left <= 0) break;
      let cellQty = 0;
      for (const g of gs) {
        const k = `${key(v.id)}|${key(g.id)}|${line.cycle}`;
        const free = remaining.get(k) ?? 0;
        const take = Math.min(free, left - cellQty);
        if (take > 0) {
          remaining.set(k, free - take);
          cellQty += take;
        }
      }
      if (cellQty > 0) {
        allocations.push({ lineId: line.id, vendorId: v.id, cycle: line.cycle, qty: cellQty });
        left -= cellQty;
        suggested += cellQty;
      }
    }
    if (left > 0) unplaced.push({ lineId: line.id, qty: left, reason: 'capacity_exhausted' });
  }
  return { allocations, unplaced, overCapacity: [], totals: { demand, kept: 0, suggested, unplaced: demand - suggested } };
}

/**
 * Checks an allocation against the rules the suggestion promises (used by tests and bench B4a):
 * load per vendor x group x cycle within capacity, per line within demand. Returns the violations.
 */
export function allocationViolations(input: SuggestInput, cells: AllocationCell[]): { overCapacity: OverCapacity[]; overDemand: Array<{ lineId: AllocId; allocated: number; demand: number }> } {
  const lineById = new Map(input.lines.map((l) => [key(l.id), l]));
  const groupsOf = new Map<string, AllocId[]>();
  for (const g of input.groups) for (const c of g.categories) groupsOf.set(c, [...(groupsOf.get(c) ?? []), g.id]);
  // Capacity per vendor x cycle summed over the groups that make each category: a cell may draw on any
  // of them, so the check is per vendor x category-group-set x cycle.
  const capOf = new Map<string, number>();
  for (const c of input.capacity) {
    const k = `${key(c.vendorId)}|${key(c.groupId)}|${c.cycle}`;
    capOf.set(k, (capOf.get(k) ?? 0) + Math.max(0, c.capacity));
  }
  const load = new Map<string, { vendorId: AllocId; groupIds: AllocId[]; cycle: string; load: number }>();
  const perLine = new Map<string, number>();
  for (const cell of cells) {
    const line = lineById.get(key(cell.lineId));
    perLine.set(key(cell.lineId), (perLine.get(key(cell.lineId)) ?? 0) + cell.qty);
    if (!line) continue;
    const gs = groupsOf.get(line.category) ?? [];
    const k = `${key(cell.vendorId)}|${gs.map(key).join(',')}|${cell.cycle}`;
    const cur = load.get(k) ?? { vendorId: cell.vendorId, groupIds: gs, cycle: cell.cycle, load: 0 };
    cur.load += cell.qty;
    load.set(k, cur);
  }
  const overCapacity: OverCapacity[] = [];
  for (const l of load.values()) {
    const capacity = l.groupIds.reduce<number>((s, g) => s + (capOf.get(`${key(l.vendorId)}|${key(g)}|${l.cycle}`) ?? 0), 0);
    if (l.load > capacity + 1e-9) overCapacity.push({ vendorId: l.vendorId, groupId: l.groupIds.join(','), cycle: l.cycle, load: l.load, capacity });
  }
  const overDemand: Array<{ lineId: AllocId; allocated: number; demand: number }> = [];
  for (const [k, allocated] of perLine) {
    const line = lineById.get(k);
    if (line && allocated > line.qty + 1e-9) overDemand.push({ lineId: line.id, allocated, demand: line.qty });
  }
  return { overCapacity, overDemand };
}
