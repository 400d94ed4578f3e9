/**
 * Pure functions of orders and demand allocation shared by the browser and the server (issue 6):
 * largest-remainder rounding (a prepack's sizes, a plan's days), month cycles of a version, and the
 * allocation ledger (allocated per line, load per vendor x group x cycle) that the workbench updates
 * on every edit and the capacity heatmap reads. The colour x size matrix itself (totals, amounts,
 * paste from Excel, prepack rows) is the engine's, in src/client/grid/matrix-blocks.ts.
 */

// ---------------------------------------------------------------------------------------------
// Cycles

/** Months from `from` to `to` inclusive, 'YYYY-MM' (an allocation version's month range). */
export function monthsBetween(from: string, to: string): string[] {
  const a = /^(\d{4})-(\d{2})$/.exec(from);
  const b = /^(\d{4})-(\d{2})$/.exec(to);
  if (!a || !b) return [];
  const out: string[] = [];
  let y = +a[1];
  let m = +a[2];
  const endKey = +b[1] * 12 + +b[2];
  while (y * 12 + m <= endKey && out.length < 120) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rounding

/**
 * Spreads `total` over parts in proportion to `ratio` so the parts add up exactly to the total
 * (DOMAIN "Orders": largest-remainder rounding). Each part gets the floor of its exact share; the
 * units left go to the largest fractional remainders, ties to the earlier part.
 *
 * Example: `largestRemainder(100, [1, 2, 2, 1])` -> `[17, 33, 33, 17]`.
 */
export function largestRemainder(total: number, ratio: number[]): number[] {
  const t = Math.max(0, Math.floor(total));
  const weights = ratio.map((r) => (Number.isFinite(r) && r > 0 ? r : 0));
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0 || weights.length === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (t * w) / sum);
  const parts = exact.map((e) => Math.floor(e + 1e-9));
  let left = t - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e + 1e-9) })).sort((x, y) => y.frac - x.frac || x.i - y.i);
  for (let k = 0; left > 0 && k < order.length; k++, left--) parts[order[k].i]++;
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Allocation ledger

export type LedgerLine = { id: number; category: string; cycle: string; qty: number };
export type LedgerCapacity = { vendorId: number; groupId: number; cycle: string; capacity: number };
export type LedgerGroup = { id: number; categories: string[] };
export type LedgerCell = { lineId: number; vendorId: number; cycle: string; qty: number };

export type LoadKey = string;
export const loadKey = (vendorId: number, groupId: number | null, cycle: string): LoadKey => `${vendorId}|${groupId ?? '-'}|${cycle}`;
export const cellKeyOf = (lineId: number, vendorId: number, cycle: string) => `${lineId}|${vendorId}|${cycle}`;

/**
 * The running totals of an allocation: allocated quantity per line, load per vendor x capacity group x
 * cycle against capacity, and load per vendor x cycle (the heatmap's grain). `setCell` applies one
 * edit in O(1) and says what changed, so a 5,000-line workbench stays responsive (issue 6: totals and
 * heatmap follow an edit within 100 ms).
 */
export class AllocationLedger {
  readonly lines = new Map<number, LedgerLine>();
  readonly cells = new Map<string, LedgerCell>();
  readonly allocatedByLine = new Map<number, number>();
  readonly load = new Map<LoadKey, number>();
  readonly capacity = new Map<LoadKey, number>();
  /** Vendor x cycle: summed over groups, what the heatmap colours. */
  readonly vendorCycleLoad = new Map<string, number>();
  readonly vendorCycleCapacity = new Map<string, number>();
  private readonly groupOfCategory = new Map<string, number>();
  total = { demand: 0, allocated: 0 };

  constructor(input: { lines: LedgerLine[]; capacity: LedgerCapacity[]; groups: LedgerGroup[]; cells: LedgerCell[] }) {
    for (const g of input.groups) for (const c of g.categories) if (!this.groupOfCategory.has(c)) this.groupOfCategory.set(c, g.id);
    for (const l of input.lines) {
      this.lines.set(l.id, l);
      this.total.demand += l.qty;
    }
    for (const c of input.capacity) {
      const k = loadKey(c.vendorId, c.groupId, c.cycle);
      this.capacity.set(k, (this.capacity.get(k) ?? 0) + c.capacity);
      const vc = `${c.vendorId}|${c.cycle}`;
      this.vendorCycleCapacity.set(vc, (this.vendorCycleCapacity.get(vc) ?? 0) + c.capacity);
    }
    for (const cell of input.cells) this.setCell(cell.lineId, cell.vendorId, cell.cycle, cell.qty);
  }

  groupOf(lineId: number): number | null {
    const line = this.lines.get(lineId);
    return line ? this.groupOfCategory.get(line.category) ?? null : null;
  }

  cell(lineId: number, vendorId: number, cycle: string): number {
    return this.cells.get(cellKeyOf(lineId, vendorId, cycle))?.qty ?? 0;
  }

  /** Sets a cell's quantity; returns the keys whose totals changed (line, load, vendor x cycle). */
  setCell(lineId: number, vendorId: number, cycle: string, qty: number): { lineId: number; loadKey: LoadKey; vendorCycle: string; delta: number } {
    const ck = cellKeyOf(lineId, vendorId, cycle);
    const old = this.cells.get(ck)?.qty ?? 0;
    const q = Math.max(0, Number.isFinite(qty) ? qty : 0);
    if (q === 0) this.cells.delete(ck);
    else this.cells.set(ck, { lineId, vendorId, cycle, qty: q });
    const delta = q - old;
    const lk = loadKey(vendorId, this.groupOf(lineId), cycle);
    const vc = `${vendorId}|${cycle}`;
    if (delta !== 0) {
      this.allocatedByLine.set(lineId, (this.allocatedByLine.get(lineId) ?? 0) + delta);
      this.load.set(lk, (this.load.get(lk) ?? 0) + delta);
      this.vendorCycleLoad.set(vc, (this.vendorCycleLoad.get(vc) ?? 0) + delta);
      this.total.allocated += delta;
    }
    return { lineId, loadKey: lk, vendorCycle: vc, delta };
  }

  allocated(lineId: number): number {
    return this.allocatedByLine.get(lineId) ?? 0;
  }

  /** Demand not yet placed on a line (negative = over-allocated). */
  unallocated(lineId: number): number {
    return (this.lines.get(lineId)?.qty ?? 0) - this.allocated(lineId);
  }

  /** Whether a cell sits on a vendor x group x cycle whose load exceeds its capacity. */
  isOverCapacity(lineId: number, vendorId: number, cycle: string): boolean {
    const k = loadKey(vendorId, this.groupOf(lineId), cycle);
    return (this.load.get(k) ?? 0) > (this.capacity.get(k) ?? 0);
  }

  overCapacityKeys(): LoadKey[] {
    return [...this.load.entries()].filter(([k, l]) => l > (this.capacity.get(k) ?? 0)).map(([k]) => k);
  }
}

/** One heatmap cell: vendor row, cycle column, load as a share of capacity (null = no capacity). */
export type HeatCell = { vendorId: number; cycle: string; load: number; capacity: number; ratio: number | null };

/** The vendor x cycle grid the capacity heatmap shows, from the ledger. */
export function capacityHeatmap(ledger: AllocationLedger, vendorIds: number[], cycles: string[]): HeatCell[] {
  const out: HeatCell[] = [];
  for (const v of vendorIds)
    for (const c of cycles) {
      const load = ledger.vendorCycleLoad.get(`${v}|${c}`) ?? 0;
      const capacity = ledger.vendorCycleCapacity.get(`${v}|${c}`) ?? 0;
      out.push({ vendorId: v, cycle: c, load, capacity, ratio: capacity > 0 ? load / capacity : load > 0 ? Infinity : null });
    }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Order allocation status (spec 4: not received, to allocate, allocated, submitted, day-scheduled)

export type OrderAllocationStatus = 'not_received' | 'to_allocate' | 'allocated' | 'submitted' | 'day_scheduled';

/**
 * The allocation status of a brand's order, from its facts: no receive date yet -> not received (the
 * customer's PO has not come in); no maker -> to allocate; a maker chosen -> allocated; sent to the
 * maker (or tracked by hand) -> submitted. Day-scheduled is set by the maker's scheduling and kept.
 */
export function orderAllocationStatus(order: { receive_date?: unknown; maker_vendor_id?: unknown; status?: unknown; alloc_status?: unknown }): OrderAllocationStatus {
  if (order.alloc_status === 'day_scheduled') return 'day_scheduled';
  if (order.status === 'sent' || order.status === 'manual' || order.status === 'in_progress' || order.status === 'finished') return 'submitted';
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(order.receive_date)) return 'not_received';
  if (blank(order.maker_vendor_id)) return 'to_allocate';
  return 'allocated';
}
