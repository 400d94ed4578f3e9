/**
 * "Move and push the following plans later" (DOMAIN "Capacity"), pure: the planner drops a bar on a
 * line where it would overload days, and instead of stacking it on the bars there, the bar is laid
 * from the drop day and the bars behind it on the line follow it, in their order, each after the one
 * before. The planning service runs it inside the move command (one transaction, the bars written
 * through the document writer); laying a bar into the line's capacity is the caller's (the drag's
 * re-plan, schedule-replan.ts: the auto-scheduler's laying, so gates, changeovers by sequence, learning
 * and capacity hold as in auto-schedule), so that a laid bar never takes more than a day's capacity.
 *
 * Rules:
 * - The bars behind are the line's unlocked bars that end on or after the drop day (a bar the drop
 *   lands in the middle of goes behind the dropped one), in order of start (then id).
 * - A locked bar never moves; no bar is laid over a locked bar's days (it goes after it).
 * - A bar behind that already starts after the previous one ends stays where it is, and so does every
 *   bar after it (they did not overlap before the drop either): only what is in the way moves; but
 *   when what it follows now asks for another setup (`relay`), it is laid again from its own start
 *   and the cascade goes on (issue 31: a changeover is charged where the sequence changes).
 * - Each bar laid is told the bar it follows on the line (the last one laid, or a locked bar it was
 *   laid after), so its setup is the one of that change.
 */
import { addDays, dayNumber } from './capacity';

export type CascadeBar = { id: number; start: string; end: string; locked: boolean };
export type LaidSpan = { start: string; end: string; daily?: number[] };

/**
 * Lays bar `id` from day `from` (inclusive), following bar `after` on the line (null: none; its setup
 * depends on what it follows); null when the line cannot take it.
 */
export type LayFn = (id: number, from: string, after: number | null) => LaidSpan | null;

export type PushOptions = {
  /** The bar the first bar laid follows on the line (the last one by start before the drop), null: none. */
  before?: { id: number; start: string } | null;
  /**
   * Whether a bar already clear of the bars laid before it must be laid again where it is, now that
   * it follows `after` (its setup changed): the cascade then goes on through it. Default: never.
   */
  relay?: (id: number, after: number | null) => boolean;
};

export type CascadeResult =
  | { ok: true; placed: Map<number, LaidSpan>; order: number[]; after: Map<number, number | null> }
  | { ok: false; id: number };

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) => a.start <= b.end && b.start <= a.end;

/**
 * Places the dropped bar `moved` at `start` on a line holding `others` (the line's other bars), laying
 * it and the bars behind it with `lay`. Returns every bar placed (the dropped one first) with its new
 * span and the bar each one follows, or the first bar that could not be laid. `moved` null: nothing is
 * dropped, a bar left the line at `start` (its source line), and the bars from there on are laid again
 * only as far as `relay` asks (their setup changed) and as they are then in the way.
 */
export function pushLater(moved: { id: number; start: string } | { id: null; start: string }, others: readonly CascadeBar[], lay: LayFn, o: PushOptions = {}): CascadeResult {
  const locked = others.filter((b) => b.locked).sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
  // The bar a bar laid from `day` follows: the last one laid (or the one before the drop), unless a locked bar starts after it and ends before `day`.
  let last: { id: number; start: string } | null = o.before ?? null;
  const pred = (day: string): number | null => {
    let p = last;
    for (const l of locked) if (l.end < day && (!p || l.start > p.start)) p = l;
    return p ? p.id : null;
  };
  const afterOf = new Map<number, number | null>();
  const layAvoiding = (id: number, from: string): LaidSpan | null => {
    let at = from;
    for (let guard = 0; guard <= 2 * locked.length + 2; guard++) {
      const after = pred(at);
      const laid = lay(id, at, after);
      if (!laid) return null;
      const block = locked.find((l) => overlaps(laid, l));
      if (block) {
        at = addDays(block.end, 1);
        continue;
      }
      // Laid past a locked bar (a gate, a day without capacity): it follows that bar, and its setup with it.
      if (pred(laid.start) !== after) {
        at = laid.start;
        continue;
      }
      afterOf.set(id, after);
      return laid;
    }
    return null;
  };
  const placed = new Map<number, LaidSpan>();
  const order: number[] = [];
  const take = (id: number, laid: LaidSpan, start: string) => {
    placed.set(id, laid);
    order.push(id);
    last = { id, start };
  };
  let cursor = moved.start;
  if (moved.id !== null) {
    const first = layAvoiding(moved.id, moved.start);
    if (!first) return { ok: false, id: moved.id };
    take(moved.id, first, first.start);
    cursor = addDays(first.end, 1);
  }
  const behind = others
    .filter((b) => !b.locked && b.id !== moved.id && b.end >= moved.start)
    .sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
  for (const b of behind) {
    // A bar that already starts after the previous one ends stays where it is, and so does every bar
    // after it, unless what it follows now asks for another setup: then it is laid again from its start.
    const clear = dayNumber(b.start) >= dayNumber(cursor);
    if (clear && !o.relay?.(b.id, pred(b.start))) break;
    const laid = layAvoiding(b.id, clear ? b.start : cursor);
    if (!laid) return { ok: false, id: b.id };
    take(b.id, laid, laid.start);
    cursor = addDays(laid.end, 1);
  }
  return { ok: true, placed, order, after: afterOf };
}

/** A bar keeping its length in days laid from a day (the unit test's and a plain move's laying). */
export function keepLength(bar: { start: string; end: string }): (from: string) => LaidSpan {
  const length = dayNumber(bar.end) - dayNumber(bar.start);
  return (from) => ({ start: from, end: addDays(from, length) });
}
