/**
 * "Suggest allocation" (issue 6, DOMAIN "Demand allocation"): places demand lines on vendors against
 * each vendor's capacity per capacity group and cycle. Pure and isomorphic: the server runs it for the
 * version's `suggest` action, the browser may run it for a preview; both get the same answer.
 *
 * Rules, in order of strength:
 * 1. never exceed the remaining capacity of a vendor x capacity group x cycle;
 * 2. never allocate more than a line's demand;
 * 3. kept cells (planner edits, locked cells) are never changed, and they consume capacity, demand and
 *    share first; a kept cell of quantity 0 keeps the vendor off that line;
 * 4. a vendor's total stays within its share cap (shareMax x total demand of the run);
 * 5. a vendor new to a line gets at least the minimum lot (or the whole remainder when the line's
 *    remainder is smaller than the lot);
 * 6. each line ends up with as few vendors as rule 5 allows: a vendor that can take the whole remainder
 *    is preferred to a split (one already on the line first), and when the line must be split, vendors
 *    already on it are topped up before a new one is added;
 * 7. among the vendors that qualify, the one with the higher configurable score wins (KPI, grade, how
 *    far it is below its share target); ties go to the smaller vendor id, so the result does not depend
 *    on the input order.
 *
 * Lines are served cycle by cycle, bigger lines first (harder to keep with few vendors), then by id.
 * Complexity is O(lines x candidate vendors x splits); 5,000 x 200 x 12 runs in tens of ms (bench B4a).
 */

export type AllocId = string | number;

export type DemandLineInput = {
  id: AllocId;
  category: string;
  /** The cycle the demand falls in (a month 'YYYY-MM' or a week code), one of `cycles`. */
  cycle: string;
  qty: number;
};

export type VendorInput = {
  id: AllocId;
  /** KPI score 0..100 (on-time rate, quality); missing = 0. */
  kpi?: number;
  /** Vendor grade (dictionary vendor_grade: A, B, C, D); scored through `gradePoints`. */
  grade?: string | null;
  /** Upper bound of the vendor's share of the run's total demand, 0..1; missing = no cap. */
  shareMax?: number | null;
  /** Share the planner aims at, 0..1; a vendor below it scores higher. */
  shareTarget?: number | null;
};

export type CapacityInput = { vendorId: AllocId; groupId: AllocId; cycle: string; capacity: number };

/** A capacity group: the categories that share one capacity (e.g. knit tops and knit dresses). */
export type CapacityGroupInput = { id: AllocId; categories: string[] };

/** A cell of the allocation: quantity of a demand line placed on a vendor in a cycle. */
export type AllocationCell = { lineId: AllocId; vendorId: AllocId; cycle: string; qty: number };

export type ScoreWeights = {
  /** Points per KPI point (0..100). */
  kpi: number;
  /** Points per grade point (see gradePoints). */
  grade: number;
  /** Points for a vendor at 0 % of its share target, falling linearly to 0 at the target. */
  shareTarget: number;
};

export type SuggestOptions = {
  /** Smallest quantity of one line a vendor new to that line is given. */
  minLot: number;
  weights: ScoreWeights;
  /** Grade to points (A best). */
  gradePoints: Record<string, number>;
  /** How many cycles before the demand's cycle may also produce it (0 = only its own cycle). */
  earlyCycles: number;
};

export const DEFAULT_SUGGEST_OPTIONS: SuggestOptions = {
  minLot: 0,
  weights: { kpi: 1, grade: 10, shareTarget: 20 },
  gradePoints: { A: 4, B: 3, C: 2, D: 1 },
  earlyCycles: 0,
};

export type SuggestInput = {
  /** All cycles of the version in time order. */
  cycles: string[];
  lines: DemandLineInput[];
  vendors: VendorInput[];
  groups: CapacityGroupInput[];
  capacity: CapacityInput[];
  /** Cells the suggestion must keep as they are (planner edits, locked cells). */
  kept?: AllocationCell[];
  options?: Partial<SuggestOptions>;
};

/** Why some quantity of a line could not be placed, most specific first. */
export type UnplacedReason =
  /** the line's category belongs to no capacity group */
  | 'no_group'
  /** no vendor has capacity for the category's group in the line's cycle(s) */
  | 'no_capacity'
  /** every vendor that can make it is kept off the line by a kept 0 cell */
  | 'excluded'
  /** capacity existed but other lines or kept cells used it up */
  | 'capacity_exhausted'
  /** the vendors with capacity left are at their share cap */
  | 'share_cap'
  /** capacity is left, but only in pieces smaller than the minimum lot */
  | 'below_min_lot'
  /** the line's cycle is not a cycle of the version */
  | 'cycle_out_of_range';

export type Unplaced = { lineId: AllocId; qty: number; reason: UnplacedReason };

export type OverCapacity = { vendorId: AllocId; groupId: AllocId; cycle: string; load: number; capacity: number };

export type SuggestResult = {
  /** New cells only, disjoint from the kept ones. */
  allocations: AllocationCell[];
  unplaced: Unplaced[];
  /** Where kept cells alone already exceed capacity (planner overrides); the suggestion adds nothing there. */
  overCapacity: OverCapacity[];
  totals: { demand: number; kept: number; suggested: number; unplaced: number };
};

/** Total order on ids: numbers numerically, then strings; deterministic tie-break of rule 7. */
export function compareIds(a: AllocId, b: AllocId): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

const key = (id: AllocId) => (typeof id === 'number' ? `n${id}` : `s${id}`);
const cellKey = (lineId: AllocId, vendorId: AllocId, cycle: string) => `${key(lineId)}|${key(vendorId)}|${cycle}`;

/** The static part of a vendor's score (rule 7). */
export function vendorBaseScore(v: VendorInput, options: SuggestOptions): number {
  return options.weights.kpi * (v.kpi ?? 0) + options.weights.grade * (v.grade ? options.gradePoints[v.grade] ?? 0 : 0);
}

type Resource = { vendor: number; group: number; groupId: AllocId };

/** A vendor able to make a category, with its resources (vendor x group) that make it. */
type Candidate = { vendor: number; resources: number[] };

/** Everything one run of the suggestion reads and updates: indexes, remaining capacity, vendor loads. */
type Run = {
  options: SuggestOptions;
  minLot: number;
  cycles: string[];
  nCycles: number;
  cycleIndex: Map<string, number>;
  /** Vendors in id order, so that every scan breaks ties the same way whatever the input order. */
  vendors: VendorInput[];
  vendorIndex: Map<string, number>;
  baseScore: number[];
  groupsOfCategory: Map<string, number[]>;
  resources: Resource[];
  /** Declared capacity per resource x cycle (index ri * nCycles + ci). */
  declared: number[];
  /** Remaining capacity per resource x cycle, same index as `declared`. */
  remaining: Float64Array;
  candidatesOf: (category: string) => Candidate[];
  totalDemand: number;
  vendorLoad: Float64Array;
  shareCap: number[];
  shareTarget: number[];
};

/** What the kept cells (rule 3) hold: demand per line, the cells themselves, the vendors on or off a line. */
type KeptCells = {
  keptOnLine: Map<string, number>;
  keptCells: Set<string>;
  /** Lines that have any kept cell: only those need the per-cell check in the hot loop. */
  linesWithKept: Set<string>;
  excludedOnLine: Map<string, Set<number>>;
  vendorsOnLine: Map<string, Set<number>>;
  keptTotal: number;
  overload: Map<string, { ri: number; ci: number }>;
};

/** One line being placed: the cycles it may use, the vendors that may take it, those already on it. */
type LinePlacement = {
  line: DemandLineInput;
  cycles: number[];
  candidates: Candidate[];
  excluded: Set<number> | undefined;
  onLine: Set<number>;
  isKept: (vi: number, k: number) => boolean;
};

/** The suggestion's output as it grows. */
type Placement = { allocations: AllocationCell[]; unplaced: Unplaced[]; suggested: number };

/**
 * Suggests an allocation. Pure: same input, same output.
 *
 * Example:
 * ```ts
 * suggestAllocation({ cycles: ['2026-03'], lines: [{ id: 1, category: 'knit', cycle: '2026-03', qty: 500 }],
 *   vendors: [{ id: 7, kpi: 90 }], groups: [{ id: 'G1', categories: ['knit'] }],
 *   capacity: [{ vendorId: 7, groupId: 'G1', cycle: '2026-03', capacity: 800 }] });
 * // -> allocations [{ lineId: 1, vendorId: 7, cycle: '2026-03', qty: 500 }]
 * ```
 */
export function suggestAllocation(input: SuggestInput): SuggestResult {
  const run = prepareRun(input);
  const kept = chargeKeptCells(run, input.lines, input.kept ?? []);
  const placement: Placement = { allocations: [], unplaced: [], suggested: 0 };
  for (const line of linesInServiceOrder(input.lines, run.cycleIndex)) placeLine(run, kept, line, placement);
  const unplacedTotal = placement.unplaced.reduce((s, u) => s + u.qty, 0);
  return {
    allocations: placement.allocations,
    unplaced: placement.unplaced,
    overCapacity: overCapacityOf(run, kept.overload),
    totals: { demand: run.totalDemand, kept: kept.keptTotal, suggested: placement.suggested, unplaced: unplacedTotal },
  };
}

/** Indexes the input, declares the capacity and sets the share caps and targets of a run. */
function prepareRun(input: SuggestInput): Run {
  const options: SuggestOptions = { ...DEFAULT_SUGGEST_OPTIONS, ...input.options, weights: { ...DEFAULT_SUGGEST_OPTIONS.weights, ...input.options?.weights } };
  const nCycles = input.cycles.length;
  const cycleIndex = new Map(input.cycles.map((c, i) => [c, i]));

  // Vendors in id order, so that every scan breaks ties the same way whatever the input order.
  const vendors = [...input.vendors].sort((a, b) => compareIds(a.id, b.id));
  const vendorIndex = new Map(vendors.map((v, i) => [key(v.id), i]));
  const { groups, groupIndex, groupsOfCategory } = indexGroups(input.groups);
  const { resources, declared } = declareCapacity(input.capacity, { vendorIndex, groupIndex, cycleIndex, groups, nCycles });

  const totalDemand = input.lines.reduce((s, l) => s + Math.max(0, l.qty), 0);
  return {
    options,
    minLot: Math.max(0, options.minLot),
    cycles: input.cycles,
    nCycles,
    cycleIndex,
    vendors,
    vendorIndex,
    baseScore: vendors.map((v) => vendorBaseScore(v, options)),
    groupsOfCategory,
    resources,
    declared,
    remaining: Float64Array.from(declared),
    candidatesOf: candidatesByCategory(resources, groupsOfCategory),
    totalDemand,
    vendorLoad: new Float64Array(vendors.length),
    shareCap: vendors.map((v) => (v.shareMax === null || v.shareMax === undefined ? Infinity : Math.floor(Math.max(0, v.shareMax) * totalDemand + 1e-9))),
    shareTarget: vendors.map((v) => (v.shareTarget && v.shareTarget > 0 ? v.shareTarget * totalDemand : 0)),
  };
}

/** Capacity groups in id order, and for each category the groups (by index) that make it. */
function indexGroups(input: CapacityGroupInput[]): { groups: CapacityGroupInput[]; groupIndex: Map<string, number>; groupsOfCategory: Map<string, number[]> } {
  const groups = [...input].sort((a, b) => compareIds(a.id, b.id));
  const groupIndex = new Map(groups.map((g, i) => [key(g.id), i]));
  const groupsOfCategory = new Map<string, number[]>();
  groups.forEach((g, gi) => {
    for (const c of new Set(g.categories)) {
      const list = groupsOfCategory.get(c) ?? [];
      list.push(gi);
      groupsOfCategory.set(c, list);
    }
  });
  return { groups, groupIndex, groupsOfCategory };
}

/** One resource per vendor x group with any declared capacity; declared capacity per resource x cycle. */
function declareCapacity(
  capacity: CapacityInput[],
  ix: { vendorIndex: Map<string, number>; groupIndex: Map<string, number>; cycleIndex: Map<string, number>; groups: CapacityGroupInput[]; nCycles: number },
): { resources: Resource[]; declared: number[] } {
  const resources: Resource[] = [];
  const resourceOf = new Map<string, number>();
  const declared: number[] = [];
  for (const c of capacity) {
    const vi = ix.vendorIndex.get(key(c.vendorId));
    const gi = ix.groupIndex.get(key(c.groupId));
    const ci = ix.cycleIndex.get(c.cycle);
    if (vi === undefined || gi === undefined || ci === undefined || !(c.capacity > 0)) continue;
    const rk = `${vi}|${gi}`;
    let ri = resourceOf.get(rk);
    if (ri === undefined) {
      ri = resources.length;
      resources.push({ vendor: vi, group: gi, groupId: ix.groups[gi].id });
      resourceOf.set(rk, ri);
      for (let k = 0; k < ix.nCycles; k++) declared.push(0);
    }
    declared[ri * ix.nCycles + ci] += c.capacity;
  }
  return { resources, declared };
}

/** Resources (vendor x group) able to make a category, grouped by vendor, vendors in id order; memoised per category. */
function candidatesByCategory(resources: Resource[], groupsOfCategory: Map<string, number[]>): (category: string) => Candidate[] {
  const vendorResourcesOfCategory = new Map<string, Candidate[]>();
  return (category: string) => {
    let list = vendorResourcesOfCategory.get(category);
    if (list) return list;
    const gs = new Set(groupsOfCategory.get(category) ?? []);
    const byVendor = new Map<number, number[]>();
    resources.forEach((r, ri) => {
      if (!gs.has(r.group)) return;
      const l = byVendor.get(r.vendor) ?? [];
      l.push(ri);
      byVendor.set(r.vendor, l);
    });
    list = [...byVendor.entries()].sort((a, b) => a[0] - b[0]).map(([vendor, rs]) => ({ vendor, resources: rs }));
    vendorResourcesOfCategory.set(category, list);
    return list;
  };
}

/** Adds a member to the set a map holds under a key, creating the set when missing. */
function addToSet(map: Map<string, Set<number>>, k: string, member: number): void {
  const set = map.get(k) ?? new Set<number>();
  set.add(member);
  map.set(k, set);
}

/** Rule 3: kept cells consume demand, capacity and share before anything is suggested. */
function chargeKeptCells(run: Run, inputLines: DemandLineInput[], cells: AllocationCell[]): KeptCells {
  const kept: KeptCells = { keptOnLine: new Map(), keptCells: new Set(), linesWithKept: new Set(), excludedOnLine: new Map(), vendorsOnLine: new Map(), keptTotal: 0, overload: new Map() };
  const lineById = new Map(inputLines.map((l) => [key(l.id), l]));
  for (const cell of cells) {
    kept.keptCells.add(cellKey(cell.lineId, cell.vendorId, cell.cycle));
    kept.linesWithKept.add(key(cell.lineId));
    const vi = run.vendorIndex.get(key(cell.vendorId));
    const lk = key(cell.lineId);
    if (vi === undefined) continue;
    if (!(cell.qty > 0)) {
      addToSet(kept.excludedOnLine, lk, vi);
      continue;
    }
    kept.keptTotal += cell.qty;
    kept.keptOnLine.set(lk, (kept.keptOnLine.get(lk) ?? 0) + cell.qty);
    run.vendorLoad[vi] += cell.qty;
    addToSet(kept.vendorsOnLine, lk, vi);
    const line = lineById.get(lk);
    const ci = run.cycleIndex.get(cell.cycle);
    if (!line || ci === undefined) continue;
    const cand = run.candidatesOf(line.category).find((c) => c.vendor === vi);
    if (cand) chargeKeptQuantity(run, cand, ci, cell.qty, kept.overload);
  }
  return kept;
}

/**
 * Charges a kept quantity to the vendor's groups for its category, in group order; what does not fit
 * lands on the first group and shows as over capacity.
 */
function chargeKeptQuantity(run: Run, cand: Candidate, ci: number, qty: number, overload: KeptCells['overload']): void {
  const { remaining, nCycles } = run;
  let left = qty;
  for (const ri of cand.resources) {
    const take = Math.min(left, Math.max(0, remaining[ri * nCycles + ci]));
    remaining[ri * nCycles + ci] -= take;
    left -= take;
  }
  if (left > 0) {
    const ri = cand.resources[0];
    remaining[ri * nCycles + ci] -= left;
    overload.set(`${ri}|${ci}`, { ri, ci });
  }
}

/** Lines are served cycle by cycle, bigger lines first (harder to keep with few vendors), then by id. */
function linesInServiceOrder(lines: DemandLineInput[], cycleIndex: Map<string, number>): DemandLineInput[] {
  return [...lines].sort((a, b) => {
    const ca = cycleIndex.get(a.cycle) ?? -1;
    const cb = cycleIndex.get(b.cycle) ?? -1;
    return ca - cb || b.qty - a.qty || compareIds(a.id, b.id);
  });
}

/** Cycles a line may use, its own first, then earlier ones (rule: produce before, never after). */
function cyclesFor(ci: number, earlyCycles: number): number[] {
  const out: number[] = [];
  for (let k = 0; k <= earlyCycles && ci - k >= 0; k++) out.push(ci - k);
  return out;
}

/** Places what the kept cells leave of one line, vendor after vendor; records what could not be placed and why. */
function placeLine(run: Run, kept: KeptCells, line: DemandLineInput, out: Placement): void {
  const lk = key(line.id);
  let left = Math.max(0, line.qty) - (kept.keptOnLine.get(lk) ?? 0);
  if (left <= 0) return;
  const ci = run.cycleIndex.get(line.cycle);
  if (ci === undefined) {
    out.unplaced.push({ lineId: line.id, qty: left, reason: 'cycle_out_of_range' });
    return;
  }
  if (!run.groupsOfCategory.has(line.category)) {
    out.unplaced.push({ lineId: line.id, qty: left, reason: 'no_group' });
    return;
  }
  const hasKept = kept.linesWithKept.has(lk);
  const lp: LinePlacement = {
    line,
    cycles: cyclesFor(ci, run.options.earlyCycles),
    candidates: run.candidatesOf(line.category),
    excluded: kept.excludedOnLine.get(lk),
    onLine: kept.vendorsOnLine.get(lk) ?? new Set<number>(),
    isKept: (vi, k) => hasKept && kept.keptCells.has(cellKey(line.id, run.vendors[vi].id, run.cycles[k])),
  };
  while (left > 0) {
    const placed = placeOnBestVendor(run, lp, left, out);
    if (placed <= 0) break;
    left -= placed;
    kept.vendorsOnLine.set(lk, lp.onLine);
  }
  if (left > 0) out.unplaced.push({ lineId: line.id, qty: left, reason: explainUnplaced(run, lp) });
}

/** What a vendor can still take of a line: free capacity in usable cells (not kept), capped by share. */
function availableTo(run: Run, lp: LinePlacement, c: Candidate): number {
  const { remaining, nCycles } = run;
  let cap = 0;
  for (const k of lp.cycles) {
    if (lp.isKept(c.vendor, k)) continue;
    for (const ri of c.resources) cap += Math.max(0, remaining[ri * nCycles + k]);
  }
  return Math.min(cap, Math.max(0, run.shareCap[c.vendor] - run.vendorLoad[c.vendor]));
}

/** Rule 7: a vendor's score, its base plus how far it is below its share target. */
function scoreOf(run: Run, vi: number): number {
  const t = run.shareTarget[vi];
  return run.baseScore[vi] + (t > 0 ? run.options.weights.shareTarget * Math.max(0, 1 - run.vendorLoad[vi] / t) : 0);
}

/** The vendor that should take the next part of a line (rules 5 to 7), or null when none qualifies. */
function bestVendor(run: Run, lp: LinePlacement, left: number): { candidate: Candidate; avail: number; fits: boolean } | null {
  const lot = Math.min(run.minLot, left);
  let best = -1;
  let bestAvail = 0;
  let bestRank = -Infinity;
  let bestFits = false;
  for (let i = 0; i < lp.candidates.length; i++) {
    const c = lp.candidates[i];
    if (lp.excluded?.has(c.vendor)) continue;
    const avail = availableTo(run, lp, c);
    const already = lp.onLine.has(c.vendor);
    if (avail <= 0 || (!already && avail < lot)) continue;
    const fits = avail >= left;
    // Rule 6: a vendor that takes the whole rest beats a split (a vendor already on the line
    // first); among splits, topping up a vendor already on the line beats adding one; then rule 7.
    const rank = (fits ? 2e12 : 0) + (already ? 1e12 : 0) + scoreOf(run, c.vendor);
    if (rank > bestRank) {
      best = i;
      bestRank = rank;
      bestAvail = avail;
      bestFits = fits;
    }
  }
  return best < 0 ? null : { candidate: lp.candidates[best], avail: bestAvail, fits: bestFits };
}

/** Gives the next part of a line to the best vendor; returns the quantity placed (0 when nothing more can be). */
function placeOnBestVendor(run: Run, lp: LinePlacement, left: number, out: Placement): number {
  const best = bestVendor(run, lp, left);
  if (!best) return 0;
  const c = best.candidate;
  let give = Math.min(best.avail, left);
  // Rule 5: do not leave a remainder smaller than a lot that no new vendor could take.
  if (!best.fits && run.minLot > 0 && left - give > 0 && left - give < run.minLot) {
    const reduced = left - run.minLot;
    const floor = lp.onLine.has(c.vendor) ? 1 : Math.min(run.minLot, left);
    if (reduced >= floor) give = reduced;
  }
  give = Math.floor(give);
  if (give <= 0) return 0;
  const placed = give - spreadOverCells(run, lp, c, give, out.allocations);
  if (placed <= 0) return 0;
  run.vendorLoad[c.vendor] += placed;
  out.suggested += placed;
  lp.onLine.add(c.vendor);
  return placed;
}

/** Spreads a quantity over the vendor's cells, the demand's own cycle first; returns what did not fit. */
function spreadOverCells(run: Run, lp: LinePlacement, c: Candidate, give: number, allocations: AllocationCell[]): number {
  const { remaining, nCycles } = run;
  let rest = give;
  for (const k of lp.cycles) {
    if (rest <= 0) break;
    if (lp.isKept(c.vendor, k)) continue;
    let inCycle = 0;
    for (const ri of c.resources) {
      const free = Math.max(0, remaining[ri * nCycles + k]);
      const take = Math.min(free, rest - inCycle);
      if (take > 0) {
        remaining[ri * nCycles + k] -= take;
        inCycle += take;
      }
    }
    if (inCycle > 0) {
      allocations.push({ lineId: lp.line.id, vendorId: run.vendors[c.vendor].id, cycle: run.cycles[k], qty: inCycle });
      rest -= inCycle;
    }
  }
  return rest;
}

/** Why the rest of a line found no vendor, most specific reason first. */
function explainUnplaced(run: Run, lp: LinePlacement): UnplacedReason {
  const { declared, remaining, nCycles } = run;
  let declaredAny = false;
  let allowedAny = false;
  let freeAny = false;
  let freeWithinShare = false;
  for (const c of lp.candidates) {
    let decl = 0;
    let free = 0;
    for (const k of lp.cycles)
      for (const ri of c.resources) {
        decl += declared[ri * nCycles + k];
        free += Math.max(0, remaining[ri * nCycles + k]);
      }
    if (decl <= 0) continue;
    declaredAny = true;
    if (lp.excluded?.has(c.vendor)) continue;
    allowedAny = true;
    if (free <= 0) continue;
    freeAny = true;
    if (run.shareCap[c.vendor] - run.vendorLoad[c.vendor] > 0) freeWithinShare = true;
  }
  if (!declaredAny) return 'no_capacity';
  if (!allowedAny) return 'excluded';
  if (!freeAny) return 'capacity_exhausted';
  if (!freeWithinShare) return 'share_cap';
  return 'below_min_lot';
}

/** Where kept cells alone exceed the declared capacity (planner overrides). */
function overCapacityOf(run: Run, overload: KeptCells['overload']): OverCapacity[] {
  return [...overload.values()].map(({ ri, ci }) => {
    const r = run.resources[ri];
    const capacity = run.declared[ri * run.nCycles + ci];
    return { vendorId: run.vendors[r.vendor].id, groupId: r.groupId, cycle: run.cycles[ci], capacity, load: capacity - run.remaining[ri * run.nCycles + ci] };
  });
}
