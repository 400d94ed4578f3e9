import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, layBar, prepareCalendar } from './capacity';
import { keepLength, pushLater, type CascadeBar, type LaidSpan } from './cascade';

const D0 = '2026-12-07'; // a Monday
const bar = (id: number, from: number, to: number, locked = false): CascadeBar => ({ id, start: addDays(D0, from), end: addDays(D0, to), locked });
const overlap = (a: { start: string; end: string }, b: { start: string; end: string }) => a.start <= b.end && b.start <= a.end;

/** The line after the cascade: every bar at its new span, or where it was. */
function after(all: CascadeBar[], placed: Map<number, LaidSpan>) {
  return all.map((b) => ({ ...b, ...(placed.get(b.id) ?? {}) }));
}

describe('pushLater', () => {
  it('pushes the bars behind the drop after it, in their order, and leaves the rest', () => {
    const line = [bar(1, 0, 2), bar(2, 3, 6), bar(3, 7, 9), bar(4, 20, 22)];
    const moved = bar(9, 0, 3); // 4 days, dropped on day 4 (inside bar 2)
    const lays = new Map([...line, moved].map((b) => [b.id, keepLength(b)]));
    const r = pushLater({ id: 9, start: addDays(D0, 4) }, line, (id, from) => lays.get(id)!(from));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // Bar 1 ends before the drop and stays; bar 2 (the drop lands in it) and 3 follow; bar 4 is far enough.
    expect(r.order).toEqual([9, 2, 3]);
    expect(r.placed.get(9)).toEqual({ start: addDays(D0, 4), end: addDays(D0, 7) });
    expect(r.placed.get(2)).toEqual({ start: addDays(D0, 8), end: addDays(D0, 11) });
    expect(r.placed.get(3)).toEqual({ start: addDays(D0, 12), end: addDays(D0, 14) });
    expect(r.placed.has(1)).toBe(false);
    expect(r.placed.has(4)).toBe(false);
  });

  it('never moves a locked bar and lays nothing over its days', () => {
    const line = [bar(1, 2, 4), bar(2, 5, 6, true), bar(3, 8, 9)];
    const moved = bar(9, 0, 1);
    const lays = new Map([...line, moved].map((b) => [b.id, keepLength(b)]));
    const r = pushLater({ id: 9, start: addDays(D0, 3) }, line, (id, from) => lays.get(id)!(from));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.placed.has(2)).toBe(false);
    const all = after([...line, moved], r.placed);
    for (const a of all) for (const b of all) if (a.id < b.id) expect(overlap(a, b), `${a.id} / ${b.id}`).toBe(false);
    // Bar 1 (3 days) does not fit between the dropped bar and the locked one: it goes after the locked bar.
    expect(r.placed.get(1)!.start > addDays(D0, 6)).toBe(true);
  });

  it('reports the bar a line cannot take', () => {
    const r = pushLater({ id: 9, start: D0 }, [bar(1, 0, 3)], (id, from) => (id === 1 ? null : { start: from, end: from }));
    expect(r).toEqual({ ok: false, id: 1 });
  });

  it('property: after the push no two bars of the line overlap, the pushed keep their order, none moves earlier', () => {
    const spans = fc.array(fc.record({ s: fc.integer({ min: 0, max: 40 }), len: fc.integer({ min: 0, max: 6 }), locked: fc.boolean() }), { maxLength: 12 });
    fc.assert(fc.property(spans, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 6 }), (raw, drop, len) => {
      // A line as the planner would have it before the drop: no overlaps (each bar after the previous).
      let cursor = 0;
      const line = raw.map((r, i) => { const b = bar(i + 1, cursor + r.s % 5, cursor + r.s % 5 + r.len, r.locked && i % 3 === 0); cursor = dayNumber(b.end) - dayNumber(D0) + 1; return b; });
      const moved = bar(99, 0, len);
      const lays = new Map([...line, moved].map((b) => [b.id, keepLength(b)]));
      const r = pushLater({ id: 99, start: addDays(D0, drop) }, line, (id, from) => lays.get(id)!(from));
      if (!r.ok) return;
      const all = after([...line, moved], r.placed);
      for (const a of all) for (const b of all) if (a.id < b.id) expect(overlap(a, b)).toBe(false);
      const pushed = r.order.slice(1);
      const was = pushed.map((id) => line.find((b) => b.id === id)!);
      expect([...was].sort((a, b) => a.start.localeCompare(b.start)).map((b) => b.id)).toEqual(pushed);
      for (const id of pushed) expect(r.placed.get(id)!.start > line.find((b) => b.id === id)!.start).toBe(true);
      for (const b of line) if (b.locked) expect(r.placed.has(b.id)).toBe(false);
    }), { numRuns: 300 });
  });

  it('with layBar into capacity: the dropped bar and the pushed ones take at most each day\'s capacity', () => {
    const cal = prepareCalendar({ am_start: '08:00', am_end: '12:00', pm_start: '13:00', pm_end: '17:30', work_weekdays: '1,2,3,4,5,6' });
    const lineCap = { operators: 10, efficiency: 1 };
    const qty = new Map([[1, 300], [2, 500], [9, 800]]);
    const r = pushLater({ id: 9, start: addDays(D0, 1) }, [bar(1, 0, 2), bar(2, 3, 5)], (id, from) => layBar(qty.get(id)!, 20, lineCap, cal, from, { noLearning: true }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const perDay = new Map<string, number>();
    for (const [, s] of r.placed) s.daily!.forEach((p, i) => perDay.set(addDays(s.start, i), (perDay.get(addDays(s.start, i)) ?? 0) + p * 20));
    for (const m of perDay.values()) expect(m).toBeLessThanOrEqual(5100 + 1e-6);
    expect(r.order).toEqual([9, 1, 2]);
  });
});
