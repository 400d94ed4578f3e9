/**
 * The auto-scheduler's improvement step (issue 31), pure: a local search over the order in which the
 * placement engine (schedule-engine.ts) lays plans, started from the scheduler's own result and kept
 * within a budget of time and steps.
 *
 * - The plans fall into independent parts: plans that can share a line are in one part (lines joined
 *   by the plans able to use them); a move inside a part changes nothing outside it.
 * - A step moves one plan of a part: a late (or unplaced) plan forward by up to ORDER_REACH places (7
 *   steps in 10; of two late plans drawn, the later one), or two plans near each other swap. Only the plans from the first changed place on are laid
 *   again: the ones after it are taken back (their line states restored from the placement log) and
 *   placed again in the new order by the same placement as the scheduler (capacity, calendars,
 *   learning curves, changeovers, material gates; locked bars are in the line states and never move).
 * - A step is kept when the part's total lateness (days) does not grow, so the search walks plateaus;
 *   it is dropped as soon as the plans laid again are later in total than the same places were
 *   before, by more than `slack` days once the moved plans are behind, or while they are not yet
 *   behind, when the plans laid again so far are later in total than each of them was before by
 *   more than `drift` days (heuristic cuts: most bad steps are known a few plans after the change),
 *   and a dropped step puts the part's lines back from a copy taken before it.
 * - The default (`improveSchedule`) gives the order neighbourhood 1 − `lineShare` of the time and the
 *   line neighbourhood (`improveOnLines`) the rest, from where the first left off.
 * - The caller keeps the improved placements only when the total lateness is strictly lower than it
 *   started, so the result is never worse than the scheduler's single pass.
 */
import { place, placeOnLine, replay, unplace, type ImproveStats, type LineState, type Placement, type RunCtx } from './schedule-engine';
import { prng } from './prng';

export type ImproveOptions = {
  /** Wall-clock time the search may take, in ms. */
  ms: number;
  /** Steps the search may take at most. */
  steps: number;
  /** Steps without a lower lateness after which the search stops. */
  stale: number;
  /** Days a step's replaced plans may be later than before (behind the moved plans) before it is dropped. */
  slack: number;
  seed: number;
  /** 'order' (default): moves in the order of placing, re-laying a part's plans after the change, then (`lineShare`) the lines'; 'lines': moves within and between lines' sequences only (`improveOnLines`). */
  neighbourhood?: 'order' | 'lines';
  /** Share of the time the default gives the line neighbourhood after the order's (0: none). */
  lineShare?: number;
  /** Days the plans laid again may lose in total, each against its own lateness before, before the moved plans are behind (default 3). */
  drift?: number;
};

/** Places a late plan may move forward in the order (measured at equal work against 10 and 40, issue 31). */
const ORDER_REACH = 20;

/** A part: its placements in order, the places of its late plans (not the first), its lateness. */
type Part = { list: Placement[]; late: number[]; total: number; saved: Saved[] };

/** A line of a part as it was before a step: a dropped step puts these back (its old placements' records stay true). */
type Saved = { st: LineState; used: Float64Array; cursor: number; last: LineState['last']; load: number; placed: LineState['placed'] };


/** Placements grouped into independent parts (plans that can share a line); a plan no line can make is in none. */
function partsOf(ctx: RunCtx, placements: readonly Placement[]): { parts: Part[]; partOf: number[] } {
  const parent = ctx.states.map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const list of ctx.eligible.values()) for (const e of list) parent[find(e.st.idx)] = find(list[0].st.idx);
  const byRoot = new Map<number, number>();
  const parts: Part[] = [];
  const partOf = placements.map((p) => {
    if (!p.pp.lines.length) return -1;
    const root = find(p.pp.lines[0].st.idx);
    let i = byRoot.get(root);
    if (i === undefined) {
      i = parts.length;
      byRoot.set(root, i);
      parts.push({ list: [], late: [], total: 0, saved: [] });
    }
    parts[i].list.push(p);
    parts[i].total += p.late;
    return i;
  });
  for (const part of parts) part.late = latePlaces(part.list);
  for (const st of ctx.states) {
    const i = byRoot.get(find(st.idx));
    if (i !== undefined) parts[i].saved.push({ st, used: new Float64Array(st.used.length), cursor: 0, last: null, load: 0, placed: [] });
  }
  return { parts, partOf };
}

function latePlaces(list: readonly Placement[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < list.length; i++) if (list[i].late > 0) out.push(i);
  return out;
}

/** A step's new order from place `j` on, and the place after which every moved plan is behind. */
function neighbour(part: Part, rnd: () => number): { j: number; seq: Placement[]; settled: number } | null {
  const list = part.list;
  if (part.late.length && rnd() < 0.7) {
    let i = part.late[Math.floor(rnd() * part.late.length)];
    // Of two late plans drawn, the later one (a binary tournament: steps go where the days are).
    const other = part.late[Math.floor(rnd() * part.late.length)];
    if (list[other].late > list[i].late) i = other;
    const j = Math.max(0, i - 1 - Math.floor(rnd() * Math.min(i, ORDER_REACH)));
    return { j, seq: [list[i], ...list.slice(j, i), ...list.slice(i + 1)], settled: i };
  }
  const i = Math.floor(rnd() * list.length);
  const k = Math.min(list.length - 1, Math.max(0, i + Math.floor(rnd() * 41) - 20));
  if (i === k) return null;
  const [a, b] = i < k ? [i, k] : [k, i];
  const seq = list.slice(a);
  [seq[0], seq[b - a]] = [seq[b - a], seq[0]];
  return { j: a, seq, settled: b };
}

/** Tries a step on a part; keeps it when the part is no later in total. Returns the days it saved (0 on a plateau), or -1 when dropped. */
function tryStep(ctx: RunCtx, part: Part, step: { j: number; seq: Placement[]; settled: number }, o: ImproveOptions, deadline: number): number {
  const { j, seq, settled } = step;
  const list = part.list;
  const old = list.slice(j);
  for (const v of part.saved) {
    v.used.set(v.st.used);
    v.cursor = v.st.cursor;
    v.last = v.st.last;
    v.load = v.st.load;
    v.placed = v.st.placed.slice();
  }
  for (let p = list.length - 1; p >= j; p--) unplace(list[p]);
  let oldTail = 0;
  for (const p of old) oldTail += p.late;
  const fresh: Placement[] = [];
  let newSum = 0;
  let oldSum = 0;
  // Before the moved plans are behind: the plans laid again against their own lateness before (seq holds their old placements).
  let drift = 0;
  const driftMax = o.drift ?? 3;
  let ok = true;
  for (let k = 0; k < seq.length; k++) {
    const pl = place(ctx, seq[k].pp, true);
    fresh.push(pl);
    newSum += pl.late;
    oldSum += old[k].late;
    if (j + k < settled) drift += pl.late - seq[k].late;
    if (newSum > oldTail || (j + k >= settled ? newSum - oldSum > o.slack : k > 0 && drift > driftMax) || ((k & 31) === 31 && performance.now() > deadline)) {
      ok = false;
      break;
    }
  }
  if (ok) {
    list.splice(j, list.length - j, ...fresh);
    part.total += newSum - oldTail;
    part.late = latePlaces(list);
    return oldTail - newSum;
  }
  for (const v of part.saved) {
    v.st.used.set(v.used);
    v.st.cursor = v.cursor;
    v.st.last = v.last;
    v.st.load = v.load;
    v.st.placed = v.placed;
  }
  return -1;
}

/** A part with late plans, drawn by its number of late plans. */
function drawPart(parts: readonly Part[], rnd: () => number): Part | null {
  let sum = 0;
  for (const p of parts) if (p.total > 0) sum += p.late.length + 1;
  if (sum === 0) return null;
  let r = rnd() * sum;
  for (const p of parts) {
    if (p.total <= 0) continue;
    r -= p.late.length + 1;
    if (r < 0) return p;
  }
  return null;
}

/**
 * Improves placements made in order by the scheduler (the line states hold them). Returns the new
 * placements (the same plans; each part's plans in its new order, in the places the part had in the
 * given order) when the total lateness is strictly lower, else null (the line states then hold an order
 * no later in total).
 */
export function improvePlacements(ctx: RunCtx, placements: readonly Placement[], o: ImproveOptions): { placements: Placement[] | null; current: Placement[]; stats: ImproveStats } {
  const t0 = performance.now();
  const deadline = t0 + o.ms;
  const { parts, partOf } = partsOf(ctx, placements);
  // Plans no line can make stay unplaced; their lateness is in the totals reported.
  const fixed = placements.reduce((a, p, k) => (partOf[k] < 0 ? a + p.late : a), 0);
  const before = fixed + parts.reduce((a, p) => a + p.total, 0);
  const rnd = prng(o.seed);
  let steps = 0;
  let kept = 0;
  let sinceBetter = 0;
  while (steps < o.steps && sinceBetter < o.stale && performance.now() < deadline) {
    const part = drawPart(parts, rnd);
    if (!part) break;
    const step = neighbour(part, rnd);
    steps++;
    sinceBetter++;
    if (!step) continue;
    if (tryStep(ctx, part, step, o, deadline) > 0) {
      kept++;
      sinceBetter = 0;
    }
  }
  const after = fixed + parts.reduce((a, p) => a + p.total, 0);
  const stats: ImproveStats = { steps, kept, ms: performance.now() - t0, before, after };
  const next = parts.map(() => 0);
  const current = placements.map((p, k) => (partOf[k] < 0 ? p : parts[partOf[k]].list[next[partOf[k]]++]));
  return { placements: after < before ? current : null, current, stats };
}

/**
 * The default improvement: the order neighbourhood (`improvePlacements`) for 1 − `lineShare` of the
 * time (all of it when it stops early: its steps or its stale count), then the line neighbourhood
 * (`improveOnLines`: a late plan to another line that can make it, forward on its line, two neighbours
 * on a line swapped; each line's bars after the change laid again) from the placements the first
 * left, for the rest. Both keep only steps no later in total, so the second never undoes the first.
 * The placements when the total lateness is strictly lower than the given ones', else null; the
 * stats of both together, `lines` those of the second.
 */
export function improveSchedule(ctx: RunCtx, placements: readonly Placement[], o: ImproveOptions): { placements: Placement[] | null; stats: ImproveStats } {
  const t0 = performance.now();
  const share = o.lineShare ?? 0;
  const first = improvePlacements(ctx, placements, { ...o, ms: o.ms * (1 - share) });
  const rest = o.ms - (performance.now() - t0);
  if (!(share > 0) || !(rest > 0) || first.stats.after <= 0) return first;
  const second = improveOnLines(ctx, first.current, { ...o, ms: rest });
  const a = first.stats;
  const b = second.stats;
  const stats: ImproveStats = { steps: a.steps + b.steps, kept: a.kept + b.kept, ms: performance.now() - t0, before: a.before, after: b.after, lines: { steps: b.steps, kept: b.kept, before: b.before } };
  return { placements: b.after < a.before ? (second.placements ?? first.current) : null, stats };
}

/** Places within which a late plan may move forward on its line. */
const LINE_REACH = 12;

/**
 * The cheaper neighbourhood (issue 31, for large problems): each step changes one line's sequence only,
 * so only that line's bars after the change are laid again (a dozen, not half a part of thousands).
 * A late plan of a line moves forward by up to LINE_REACH places in the line's order of placing (of
 * two late plans drawn, the later), or two neighbours on the line swap (3 steps in 10); the line's
 * placements from there on are taken back and laid again on the same line in the new order
 * (`placeOnLine`: gate, setup of the change, learning, free minutes), the lateness of those plans
 * summed incrementally, and the step is dropped as soon as it exceeds what they were (lateness only
 * adds up). Kept when no later in total; plans stay on their lines (the single pass chose them).
 * Returns the new placements (same places in the given order) when the total lateness is strictly
 * lower, else null.
 */
export function improveOnLines(ctx: RunCtx, placements: readonly Placement[], o: ImproveOptions): { placements: Placement[] | null; stats: ImproveStats } {
  const t0 = performance.now();
  const deadline = t0 + o.ms;
  const seqOf = new Map<LineState, Placement[]>();
  for (const st of ctx.states) seqOf.set(st, []);
  for (const p of placements) if (p.st) seqOf.get(p.st)!.push(p);
  const states = ctx.states;
  const lateOn = states.map((st) => seqOf.get(st)!.reduce((a, p) => a + (p.late > 0 ? 1 : 0), 0));
  const before = placements.reduce((a, p) => a + p.late, 0);
  let total = before;
  const rnd = prng(o.seed);
  let steps = 0;
  let kept = 0;
  let sinceBetter = 0;
  const lateLines = () => states.map((_, i) => i).filter((i) => lateOn[i]! > 0);
  let pool = lateLines();
  while (pool.length && steps < o.steps && sinceBetter < o.stale && performance.now() < deadline) {
    const st = states[pool[Math.floor(rnd() * pool.length)]!]!;
    steps++;
    sinceBetter++;
    const changes = lineStep(seqOf, st, rnd);
    const sums = changes && layLineChanges(ctx, seqOf, changes);
    if (!changes || !sums) continue;
    for (const c of changes) lateOn[c.st.idx] = seqOf.get(c.st)!.reduce((a, x) => a + (x.late > 0 ? 1 : 0), 0);
    total += sums.newSum - sums.oldSum;
    if (sums.newSum < sums.oldSum) {
      kept++;
      sinceBetter = 0;
    }
    pool = lateLines();
  }
  const stats: ImproveStats = { steps, kept, ms: performance.now() - t0, before, after: total };
  if (total >= before) return { placements: null, stats };
  const now = new Map<unknown, Placement>();
  for (const list of seqOf.values()) for (const x of list) now.set(x.pp, x);
  return { placements: placements.map((x) => now.get(x.pp) ?? x), stats };
}

/** One step's change of a line: the place from which its sequence is laid again, and its new order from there. */
type LineChange = { st: LineState; j: number; order: Placement[] };

/**
 * Draws one step of `improveOnLines` on line `st` (see there): a late plan to another line that can
 * make it, forward on its own line, or two neighbours swapped. Null when the draw gives no step.
 */
function lineStep(seqOf: Map<LineState, Placement[]>, st: LineState, rnd: () => number): LineChange[] | null {
  const seq = seqOf.get(st)!;
  const due = (p: Placement) => p.pp.due ?? Number.MAX_SAFE_INTEGER;
  const late: number[] = [];
  for (let k = 0; k < seq.length; k++) if (seq[k]!.late > 0) late.push(k);
  if (!late.length) return null;
  let i = late[Math.floor(rnd() * late.length)]!;
  const other = late[Math.floor(rnd() * late.length)]!;
  if (seq[other]!.late > seq[i]!.late) i = other;
  const p = seq[i]!;
  const r = rnd();
  if (r < 0.5 && p.pp.lines.length > 1) {
    // To another line that can make it, at its place there by delivery date (up to 3 places earlier).
    const to = p.pp.lines[Math.floor(rnd() * p.pp.lines.length)]!.st;
    if (to === st) return null;
    const there = seqOf.get(to)!;
    let k = there.findIndex((x) => due(x) > due(p));
    if (k < 0) k = there.length;
    k = Math.max(0, k - Math.floor(rnd() * 4));
    return [
      { st, j: i, order: seq.slice(i + 1) },
      { st: to, j: k, order: [p, ...there.slice(k)] },
    ];
  }
  if (r < 0.85 && i > 0) {
    // Forward on its own line.
    const j = Math.max(0, i - 1 - Math.floor(rnd() * Math.min(i, LINE_REACH)));
    return [{ st, j, order: [p, ...seq.slice(j, i), ...seq.slice(i + 1)] }];
  }
  if (seq.length < 2) return null;
  const j = Math.floor(rnd() * (seq.length - 1));
  return [{ st, j, order: [seq[j + 1]!, seq[j]!, ...seq.slice(j + 2)] }];
}

/**
 * Takes the changed lines' placements back from each change's place and lays them again in the new
 * order. Kept (the lines' sequences updated) when the plans laid again are no later in total than
 * they were, with both sums; else everything is put back as it was and the answer is null.
 */
function layLineChanges(ctx: RunCtx, seqOf: Map<LineState, Placement[]>, changes: readonly LineChange[]): { oldSum: number; newSum: number } | null {
  let oldSum = 0;
  const olds = changes.map((c) => {
    const list = seqOf.get(c.st)!;
    const old = list.slice(c.j);
    for (const x of old) oldSum += x.late;
    for (let k = list.length - 1; k >= c.j; k--) unplace(list[k]!);
    return old;
  });
  const freshes: Placement[][] = changes.map(() => []);
  let newSum = 0;
  let ok = true;
  lay: for (let c = 0; c < changes.length; c++) {
    for (const x of changes[c]!.order) {
      const pl = placeOnLine(ctx, changes[c]!.st, x.pp);
      if (!pl) {
        ok = false;
        break lay;
      }
      freshes[c]!.push(pl);
      newSum += pl.late;
      // Lateness only adds up: past what the plans laid again had, the step cannot win.
      if (newSum > oldSum) {
        ok = false;
        break lay;
      }
    }
  }
  if (!ok) {
    for (let c = changes.length - 1; c >= 0; c--) for (let k = freshes[c]!.length - 1; k >= 0; k--) unplace(freshes[c]![k]!);
    changes.forEach((_, c) => olds[c]!.forEach(replay));
    return null;
  }
  changes.forEach((c, n) => {
    const list = seqOf.get(c.st)!;
    list.splice(c.j, list.length - c.j, ...freshes[n]!);
  });
  return { oldSum, newSum };
}
