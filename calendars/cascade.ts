/**
 * "Move and push the following plans later" (DOMAIN "Capacity"), pure: the planner drops a bar on a
 * line where it would overload days, and instead of stacking it on the bars there, the bar is laid
 * from the drop day and the bars behind it on the line follow it, in their order, each after the one
 * before. The planning service runs it inside the move command (one transaction, the bars written
 * through the document writer); laying a bar into the line's capacity is the caller's (`layBar`), so
 * that a laid bar never takes more than a day's capacity.
 *
 * Rules:
 * - The bars behind are the line's unlocked bars that end on or after the drop day (a bar the drop
 *   lands in the middle of goes behind the dropped one), in order of start (then id).
 * - A locked bar never moves; no bar is laid over a locked bar's days (it goes after it).
 * - A bar behind that already starts after the previous one ends stays where it is, and so does every
 *   bar after it (they did not overlap before the drop either): only what is in the way moves.
 */
import { addDays, dayNumber } from './capacity';

export type CascadeBar = { id: number; start: string; end: string; locked: boolean };
export type LaidSpan = { start: string; end: string; daily?: number[] };

/** Lays bar `id` from day `from` (inclusive); null when the line cannot take it. */
export type LayFn = (id: number, from: string) => LaidSpan | null;

export type CascadeResult =
  | { ok: true; placed: Map<number, LaidSpan>; order: number[] }
  | { ok: false; id: number };

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) => a.start <= b.end && b.start <= a.end;

/**
 * Places the dropped bar `moved` at `start` on a line holding `others` (the line's other bars), laying
 * it and the bars behind it with `lay`. Returns every bar placed (the dropped one first) with its new
 * span, or the first bar that could not be laid.
 */
export function pushLater(moved: { id: number; start: string }, others: readonly CascadeBar[], lay: LayFn): CascadeResult {
  const locked = others.filter((b) => b.locked).sort((a, b) => a.start.localeCompare(b.start));
  const layAvoiding = (id: number, from: string): LaidSpan | null => {
    let at = from;
    for (let guard = 0; guard <= locked.length; guard++) {
      const laid = lay(id, at);
      if (!laid) return null;
      const block = locked.find((l) => overlaps(laid, l));
      if (!block) return laid;
      at = addDays(block.end, 1);
    }
    return null;
  };
  const placed = new Map<number, LaidSpan>();
  const order: number[] = [];
  const first = layAvoiding(moved.id, moved.start);
  if (!first) return { ok: false, id: moved.id };
  placed.set(moved.id, first);
  order.push(moved.id);
  const behind = others
    .filter((b) => !b.locked && b.id !== moved.id && b.end >= moved.start)
    .sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
  let cursor = addDays(first.end, 1);
  for (const b of behind) {
    if (dayNumber(b.start) >= dayNumber(cursor)) break;
    const laid = layAvoiding(b.id, cursor);
    if (!laid) return { ok: false, id: b.id };
    placed.set(b.id, laid);
    order.push(b.id);
    cursor = addDays(laid.end, 1);
  }
  return { ok: true, placed, order };
}

/** A bar keeping its length in days laid from a day (the unit test's and a plain move's laying). */
export function keepLength(bar: { start: string; end: string }): (from: string) => LaidSpan {
  const length = dayNumber(bar.end) - dayNumber(bar.start);
  return (from) => ({ start: from, end: addDays(from, length) });
}
