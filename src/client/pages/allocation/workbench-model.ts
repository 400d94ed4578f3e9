import { AllocationLedger, capacityHeatmap, cellKeyOf, loadKey, type HeatCell } from '../../../model/allocation';

/**
 * The allocation workbench's data (`allocationCalls.workbench`, issue 6) and the pure
 * steps between it and the screen: the ledger of running totals every edit updates in O(1)
 * (src/model/allocation.ts), the edits waiting to be saved, the per-vendor totals of the pinned rows
 * and the heatmap cells. No React here, so each step is tested on its own.
 */
import type { Workbench, WorkbenchCell, WorkbenchLine, WorkbenchVendor } from '../../../model/calls/allocation';

export type { Workbench, WorkbenchCell, WorkbenchLine, WorkbenchVendor };

/** One planner edit waiting for save-cells: qty null clears the cell, 0 keeps the vendor off the line. */
export type CellEdit = { lineId: number; vendorId: number; cycle: string; qty: number | null };

export type WorkbenchState = {
  data: Workbench;
  ledger: AllocationLedger;
  /** Planner cells (locked) as stored, by cell key. */
  locked: Set<string>;
  /** Quantity a line has on a vendor in cycles other than its own month (placed early by the suggestion). */
  early: Map<string, number>;
  /** Edits not saved yet, by cell key. */
  edits: Map<string, CellEdit>;
  /** Vendor x group x cycle keys that have any capacity (a cell elsewhere has nowhere to go). */
  hasCapacity: Set<string>;
};

const pairKey = (lineId: number, vendorId: number) => `${lineId}|${vendorId}`;

export function workbenchState(data: Workbench): WorkbenchState {
  const ledger = new AllocationLedger({
    lines: data.lines.map((l) => ({ id: l.id, category: l.category, cycle: l.month, qty: Number(l.plan_qty) || 0 })),
    capacity: data.capacity,
    groups: data.groups,
    cells: data.cells,
  });
  const monthOf = new Map(data.lines.map((l) => [l.id, l.month]));
  const early = new Map<string, number>();
  const locked = new Set<string>();
  for (const c of data.cells) {
    if (c.locked) locked.add(cellKeyOf(c.lineId, c.vendorId, c.cycle));
    if (monthOf.get(c.lineId) !== c.cycle) early.set(pairKey(c.lineId, c.vendorId), (early.get(pairKey(c.lineId, c.vendorId)) ?? 0) + c.qty);
  }
  const hasCapacity = new Set(data.capacity.filter((c) => c.capacity > 0).map((c) => loadKey(c.vendorId, c.groupId, c.cycle)));
  return { data, ledger, locked, early, edits: new Map(), hasCapacity };
}

/** The quantity the grid shows for a line on a vendor: its own month plus anything placed early. */
export function shownQty(s: WorkbenchState, line: WorkbenchLine, vendorId: number): number {
  return s.ledger.cell(line.id, vendorId, line.month) + (s.early.get(pairKey(line.id, vendorId)) ?? 0);
}

export function earlyQty(s: WorkbenchState, line: WorkbenchLine, vendorId: number): number {
  return s.early.get(pairKey(line.id, vendorId)) ?? 0;
}

/**
 * Applies a planner's edit of a line's own-month cell: the ledger updates its totals at once (no
 * server round trip) and the edit waits for save. Returns what changed, for the grid to refresh.
 */
export function applyEdit(s: WorkbenchState, line: WorkbenchLine, vendorId: number, qty: number | null) {
  const changed = s.ledger.setCell(line.id, vendorId, line.month, qty ?? 0);
  s.edits.set(cellKeyOf(line.id, vendorId, line.month), { lineId: line.id, vendorId, cycle: line.month, qty });
  return changed;
}

/** The edits as save-cells takes them (a planner's edit is kept by the next suggestion). */
export function pendingEdits(s: WorkbenchState): CellEdit[] {
  return [...s.edits.values()];
}

/** Whether a cell is over capacity: it has quantity on a vendor x group x cycle loaded beyond capacity. */
export function cellOverCapacity(s: WorkbenchState, line: WorkbenchLine, vendorId: number): boolean {
  return s.ledger.cell(line.id, vendorId, line.month) > 0 && s.ledger.isOverCapacity(line.id, vendorId, line.month);
}

/** Whether the vendor has any capacity for the line's capacity group in the line's month. */
export function vendorCanMake(s: WorkbenchState, line: WorkbenchLine, vendorId: number): boolean {
  const g = s.ledger.groupOf(line.id);
  return g !== null && s.hasCapacity.has(loadKey(vendorId, g, line.month));
}

/** Per vendor: load and capacity over the chosen cycles (all when none), for the pinned rows. */
export function vendorLoad(s: WorkbenchState, cycles: readonly string[]): Map<number, { load: number; capacity: number }> {
  const out = new Map<number, { load: number; capacity: number }>();
  for (const v of s.data.vendors) {
    let load = 0;
    let capacity = 0;
    for (const c of cycles) {
      load += s.ledger.vendorCycleLoad.get(`${v.id}|${c}`) ?? 0;
      capacity += s.ledger.vendorCycleCapacity.get(`${v.id}|${c}`) ?? 0;
    }
    out.set(v.id, { load, capacity });
  }
  return out;
}

/** The heatmap's cells (vendor x cycle load share) from the ledger as it is now. */
export function heatCells(s: WorkbenchState): HeatCell[] {
  return capacityHeatmap(s.ledger, s.data.vendors.map((v) => v.id), s.data.cycles);
}

/** Totals of the summary bar. */
export function summary(s: WorkbenchState) {
  let unallocated = 0;
  let overAllocated = 0;
  for (const l of s.data.lines) {
    const u = s.ledger.unallocated(l.id);
    if (u > 0) unallocated += u;
    else if (u < 0) overAllocated += -u;
  }
  return { demand: s.ledger.total.demand, allocated: s.ledger.total.allocated, unallocated, overAllocated, overCapacity: s.ledger.overCapacityKeys().length, pending: s.edits.size };
}

export function vendorLabel(v: Pick<WorkbenchVendor, 'code' | 'name'>): string {
  return v.code ? `${v.code} ${v.name}` : v.name;
}
