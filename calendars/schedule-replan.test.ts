import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, dayNumber, lineDayMinutes, prepareCalendar } from './capacity';
import { replanLine, type LineBar, type ReplanBar } from './schedule-replan';
import type { SchedLine, SchedPlan } from './schedule-engine';
import { changeKind, changeoverMinutes, type ChangeoverRules } from './schedule-rules';
import { setupKey } from './auto-schedule';

const cal = prepareCalendar({ am_start: '08:00', am_end: '12:00', pm_start: '13:00', pm_end: '17:00', work_weekdays: '1,2,3,4,5', holidays: ['2026-12-09'] });
// 10 operators x 480 min = 4800 min a day; 10 minutes a piece → 480 pieces a day.
const line: SchedLine = { id: 1, categories: [], operators: 10, efficiency: 1, sam: {}, calendar: cal };
const D0 = '2026-11-30'; // a Monday
const day = (n: number) => addDays(D0, n);
const rules: ChangeoverRules = { family: 600, fabric: 240, colour: 90, style: 30 };
const plan = (id: number, qty: number, extra: Partial<SchedPlan> = {}): SchedPlan => ({ id, category: 'shirt', family: 'shirt', qty, minutes_per_piece: 10, material_ready: null, delivery_date: null, priority: 0, ...extra });
/** A bar already on the line: its minutes per day spread as the board reads a stored bar (pieces x minutes, working days). */
function onLine(id: number, p: SchedPlan, start: number, end: number, locked = false): LineBar {
  const minutes: number[] = [];
  const work = [] as number[];
  for (let d = start; d <= end; d++) if (lineDayMinutes(line, cal, dayNumber(day(d))) > 0) work.push(d);
  for (let d = start; d <= end; d++) minutes.push(work.includes(d) ? Math.min(4800, (p.qty * 10) / Math.max(1, work.length)) : 0);
  return { id, plan: p, start: day(start), end: day(end), locked, minutes };
}

describe('the drag re-plan with the auto-scheduler\'s rules', () => {
  it('charges the changeover of what a bar now follows, and lays the dropped bar from its material gate', () => {
    // Two knit bars in a row (same style: no setup between them); a denim plan dropped before them, its fabric in on day 2.
    const knit1 = onLine(11, plan(101, 960, { family: 'knit', style_no: 'K1', fabric: 'jersey' }), 0, 1);
    const knit2 = onLine(12, plan(102, 480, { family: 'knit', style_no: 'K1', fabric: 'jersey' }), 2, 2);
    const denim = plan(103, 480, { family: 'denim', style_no: 'D1', fabric: 'twill', material_ready: day(2) });
    const r = replanLine({ line, bars: [knit1, knit2], drop: { id: 13, plan: denim, start: day(0) }, options: { changeover: rules } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const by = new Map(r.bars.map((b) => [b.id, b]));
    // The denim bar waits for its fabric (day 2), first on the line: no setup, one day.
    expect(by.get(13)).toMatchObject({ start: day(2), end: day(2), setup: 0, after: null, daily: [480] });
    // knit1 ran over the drop day, so it goes behind the denim bar: a change of family after it.
    expect(by.get(11)!.after).toBe(13);
    expect(by.get(11)!.setup).toBe(600);
    expect(by.get(11)!.start).toBe(day(3));
    // 600 minutes of setup then 960 pieces: 420 on day 3 (4800 - 600 = 4200 min), 480 on day 4, 60 on day 7 (Monday; day 9 is a holiday later).
    expect(by.get(11)!.daily).toEqual([420, 480, 0, 0, 60]);
    // knit2 follows knit1 again (same style, no setup) and was in the way: after it, without learning or setup.
    expect(by.get(12)).toMatchObject({ after: 11, setup: 0, start: day(8), end: day(8) });
  });

  it('lays again where it is a bar that stays clear but now follows another family; leaves the rest', () => {
    const a = onLine(21, plan(201, 480, { family: 'knit', style_no: 'K1' }), 0, 0);
    const b = onLine(22, plan(202, 480, { family: 'knit', style_no: 'K1' }), 7, 7);
    const c = onLine(23, plan(203, 480, { family: 'knit', style_no: 'K1' }), 14, 14);
    const r = replanLine({ line, bars: [a, b, c], drop: { id: 24, plan: plan(204, 240, { family: 'woven', style_no: 'W1' }), start: day(2) }, options: { changeover: rules } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // The woven bar follows knit a (family change: 600 min); knit b is clear of it but now follows woven: laid again where it is, with a family setup.
    expect(r.bars.map((x) => x.id)).toEqual([24, 22]);
    expect(r.bars[0]).toMatchObject({ start: day(2), after: 21, setup: 600, daily: [240] });
    expect(r.bars[1]).toMatchObject({ start: day(7), after: 24, setup: 600, daily: [420, 60] });
  });

  it('on the line a bar left, the bar after it is laid again where it is when its setup changes', () => {
    const a = onLine(31, plan(301, 480, { family: 'knit', style_no: 'K1' }), 0, 0);
    const gone = plan(302, 480, { family: 'woven', style_no: 'W1' });
    const b = onLine(33, plan(303, 420, { family: 'woven', style_no: 'W1' }), 2, 2);
    const r = replanLine({ line, bars: [a, b], drop: null, left: { id: 32, plan: gone, start: day(1) }, options: { changeover: rules } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // b followed the woven bar (no setup); now it follows knit a: a family change, laid again from its own start.
    expect(r.bars).toEqual([expect.objectContaining({ id: 33, start: day(2), after: 31, setup: 600, daily: [420] })]);
    // The same bar after a bar of its own style stays as it was.
    const same = replanLine({ line, bars: [onLine(34, plan(304, 480, { family: 'woven', style_no: 'W1' }), 0, 0), b], drop: null, left: { id: 32, plan: gone, start: day(1) }, options: { changeover: rules } });
    expect(same).toEqual({ ok: true, bars: [] });
  });

  it('property: no bar laid starts before its material gate or the drop day; each is charged the changeover of the bar it follows; no overlap, no day over capacity, every piece laid', () => {
    const key = fc.record({ family: fc.constantFrom('knit', 'woven'), fabric: fc.constantFrom('jersey', 'twill', null), colour: fc.constantFrom('red', 'blue', null), style: fc.constantFrom('S1', 'S2', 'S3') });
    fc.assert(
      fc.property(
        fc.array(fc.record({ k: key, qty: fc.integer({ min: 50, max: 2500 }), gap: fc.integer({ min: 0, max: 3 }), gate: fc.integer({ min: -5, max: 25 }), locked: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        fc.record({ k: key, qty: fc.integer({ min: 50, max: 2500 }), drop: fc.integer({ min: 0, max: 30 }), gate: fc.integer({ min: -5, max: 40 }) }),
        fc.boolean(),
        (rows, d, leftHere) => {
          let cursor = 0;
          const bars: LineBar[] = rows.map((r, i) => {
            const p = plan(100 + i, r.qty, { family: r.k.family, fabric: r.k.fabric, colour: r.k.colour, style_no: r.k.style, material_ready: r.gate < 0 ? null : day(r.gate) });
            const start = cursor + r.gap;
            const end = start + Math.ceil(r.qty / 480) + 1;
            cursor = end + 1;
            return onLine(i + 1, p, start, end, r.locked && i % 2 === 1);
          });
          const dropped = plan(99, d.qty, { family: d.k.family, fabric: d.k.fabric, colour: d.k.colour, style_no: d.k.style, material_ready: d.gate < 0 ? null : day(d.gate) });
          const r = replanLine({ line, bars, drop: { id: 9, plan: dropped, start: day(d.drop) }, left: leftHere ? { id: 9, plan: dropped, start: day(Math.max(0, d.drop - 4)) } : null, options: { changeover: rules } });
          if (!r.ok) return;
          const laid = new Map<number, ReplanBar>(r.bars.map((b) => [b.id, b]));
          const planOf = new Map<number, SchedPlan>([[9, dropped], ...bars.map((b) => [b.id, b.plan] as [number, SchedPlan])]);
          const final = [...bars.filter((b) => !laid.has(b.id)).map((b) => ({ id: b.id, start: b.start, end: b.end })), ...r.bars.map((b) => ({ id: b.id, start: b.start, end: b.end }))];
          expect(laid.has(9)).toBe(true);
          expect(laid.get(9)!.start >= day(d.drop)).toBe(true);
          for (const b of r.bars) {
            const p = planOf.get(b.id)!;
            // Never before the material gate.
            if (p.material_ready) expect(b.start >= p.material_ready, `${b.id} ${b.start} < ${p.material_ready}`).toBe(true);
            // Every piece laid, and the minutes are the pieces' plus the setup (no learning curve here).
            expect(b.daily.reduce((s, x) => s + x, 0)).toBe(p.qty);
            expect(b.minutes.reduce((s, x) => s + x, 0)).toBeCloseTo(p.qty * 10 + b.setup, 6);
            // It follows the bar that ends last before it starts (by start), and is charged that change's setup.
            const prev = final.filter((x) => x.id !== b.id && x.end < b.start).sort((x, y) => x.start.localeCompare(y.start) || x.id - y.id).at(-1);
            expect(b.after).toBe(prev ? prev.id : null);
            const expected = changeoverMinutes(prev ? setupKey(planOf.get(prev.id)!) : null, setupKey(p), rules);
            expect(b.setup).toBe(expected);
            // A change of family, fabric, colour or style is charged; none is not.
            if (prev) expect(b.setup > 0).toBe(changeKind(setupKey(planOf.get(prev.id)!), setupKey(p)) !== 'none');
            // No overlap with any other bar of the line.
            for (const x of final) if (x.id !== b.id) expect(x.start <= b.end && b.start <= x.end, `${b.id} ${b.start}..${b.end} / ${x.id} ${x.start}..${x.end}`).toBe(false);
          }
          // A bar after the drop that is not laid again is charged what it was: what it follows costs the same setup as before.
          const oldSeq = [...bars, ...(leftHere ? [{ id: 9, start: day(Math.max(0, d.drop - 4)), end: '' }] : [])].sort((x, y) => x.start.localeCompare(y.start) || x.id - y.id);
          for (const b of bars) {
            if (laid.has(b.id) || b.locked || b.start < day(d.drop)) continue;
            const was = oldSeq[oldSeq.findIndex((x) => x.id === b.id) - 1];
            const now = final.filter((x) => x.id !== b.id && x.end < b.start).sort((x, y) => x.start.localeCompare(y.start) || x.id - y.id).at(-1);
            const cost = (x: { id: number } | undefined) => changeoverMinutes(x ? setupKey(planOf.get(x.id)!) : null, setupKey(b.plan), rules);
            expect(cost(now), `bar ${b.id} follows ${now?.id} instead of ${was?.id}`).toBe(cost(was));
          }
          // No day over capacity: the bars laid and the bars that stay.
          const used = new Map<number, number>();
          const add = (start: string, minutes: readonly number[]) => minutes.forEach((m, i) => used.set(dayNumber(start) + i, (used.get(dayNumber(start) + i) ?? 0) + m));
          for (const b of bars) if (!laid.has(b.id)) add(b.start, b.minutes);
          for (const b of r.bars) add(b.start, b.minutes);
          for (const [dn, m] of used) expect(m).toBeLessThanOrEqual(lineDayMinutes(line, cal, dn) + 1e-6);
          // Locked bars never move.
          for (const b of bars) if (b.locked) expect(laid.has(b.id)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
