import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { autoSchedule, overCapacity, scheduleInOrder, autoOrder, type SchedLine, type SchedPlan, type ScheduleInput } from './auto-schedule';
import { prepareCalendar } from './capacity';
import { scheduleProblem } from '../fixtures/generators/schedule-problem';

const cal = prepareCalendar({ am_start: '08:00', am_end: '12:00', pm_start: '13:00', pm_end: '17:00', work_weekdays: '1,2,3,4,5', holidays: ['2026-12-02'] });
// 10 operators x 480 min = 4800 min a day; SAM 10 → 480 pieces a day.
const line = (id: number, categories: string[], extra: Partial<SchedLine> = {}): SchedLine => ({ id, categories, operators: 10, efficiency: 1, sam: { shirt: 10, pants: 12 }, calendar: cal, ...extra });
const plan = (id: number, category: string, qty: number, delivery: string, extra: Partial<SchedPlan> = {}): SchedPlan => ({ id, category, qty, material_ready: '2026-11-30', delivery_date: delivery, priority: 0, ...extra });
const base = { from: '2026-11-30', to: '2027-01-31' };
const day = (n: number) => new Date(Date.UTC(2026, 10, 30 + n)).toISOString().slice(0, 10);
/** A fixed budget of steps (no clock), so the runs are the same on any machine. */
const steps = (n: number) => ({ ms: 60_000, steps: n, stale: n });

describe('auto-schedule improvement step', () => {
  it('puts a short plan before a long one that is late anyway, when that lowers the total lateness', () => {
    // Due first, plan 1 takes ten working days and is late whatever comes first; plan 2 takes one day.
    const input: ScheduleInput = { ...base, lines: [line(1, ['shirt'])], plans: [plan(1, 'shirt', 4800, '2026-12-01'), plan(2, 'shirt', 480, '2026-12-02')] };
    const pass = autoSchedule({ ...input, options: { improve: false } });
    expect(pass.bars.map((b) => b.plan_id)).toEqual([1, 2]);
    expect(pass.lateness_days).toBe(26);
    const r = autoSchedule({ ...input, options: { improve: steps(50) } });
    const byPlan = Object.fromEntries(r.bars.map((b) => [b.plan_id, b]));
    expect(byPlan[2]).toMatchObject({ start: '2026-11-30', end: '2026-11-30' });
    expect(byPlan[1]).toMatchObject({ start: '2026-12-01', end: '2026-12-15' });
    expect(r.lateness_days).toBe(14);
    expect(r.improvement).toMatchObject({ before: 26, after: 14 });
    // The bars come in the improved order of placing.
    expect(r.bars.map((b) => b.plan_id)).toEqual([2, 1]);
  });

  it('does not run when no plan is late, and `improve: false` keeps the single pass', () => {
    const input: ScheduleInput = { ...base, lines: [line(1, ['shirt'])], plans: [plan(1, 'shirt', 480, '2026-12-31'), plan(2, 'shirt', 480, '2026-12-31')] };
    const r = autoSchedule(input);
    expect(r.improvement).toBeUndefined();
    expect(r).toEqual(scheduleInOrder(input, autoOrder(input.plans)));
    const late: ScheduleInput = { ...input, plans: [plan(1, 'shirt', 4800, '2026-12-01'), plan(2, 'shirt', 480, '2026-12-02')] };
    const off = autoSchedule({ ...late, options: { improve: false } });
    expect(off.improvement).toBeUndefined();
    expect(off).toEqual(scheduleInOrder(late, autoOrder(late.plans)));
  });

  it('with rules, curves, gates and a locked bar, either neighbourhood: never over capacity, never before a gate, never moves the locked bar, never later than the single pass (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cat: fc.constantFrom('shirt', 'pants'), qty: fc.integer({ min: 1, max: 4000 }), due: fc.integer({ min: 0, max: 40 }), ready: fc.integer({ min: 0, max: 30 }), colour: fc.constantFrom('red', 'blue', null), fabric: fc.constantFrom('poplin', 'twill'), style: fc.constantFrom('S1', 'S2', 'S3'), prio: fc.integer({ min: 0, max: 3 }) }), { minLength: 2, maxLength: 30 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom('order' as const, 'lines' as const),
        (rows, seed, neighbourhood) => {
          const locked = { plan_id: 999, line_id: 2, start: '2026-12-07', minutes: [4800, 2400], category: 'pants' };
          const input: ScheduleInput = {
            ...base,
            lines: [line(1, ['shirt'], { learningByFamily: { shirt: [40, 70] } }), line(2, []), line(3, ['pants'], { operators: 5, learning: [50, 80] })],
            plans: [
              ...rows.map((r, i) => plan(i + 1, r.cat, r.qty, day(r.due), { material_ready: day(r.ready), colour: r.colour, fabric: r.fabric, style_no: r.style, priority: r.prio })),
              plan(999, 'pants', 600, day(3)),
            ],
            locked: [locked],
            options: { changeover: { family: 240, fabric: 120, colour: 45, style: 20 }, improve: { ...steps(200), seed, neighbourhood } },
          };
          const pass = autoSchedule({ ...input, options: { ...input.options, improve: false } });
          const r = autoSchedule(input);
          expect(r.lateness_days).toBeLessThanOrEqual(pass.lateness_days);
          if (r.improvement) expect(r.improvement.after).toBe(r.lateness_days);
          // The locked bar's minutes are in the line's days (overCapacity adds them) and its plan gets no new bar.
          expect(overCapacity(input, r)).toEqual([]);
          expect(r.bars.some((b) => b.plan_id === 999)).toBe(false);
          const ready = new Map(input.plans.map((p) => [p.id, p.material_ready!]));
          for (const b of r.bars) {
            expect(b.start >= ready.get(b.plan_id)!).toBe(true);
            expect(b.daily.reduce((x, y) => x + y, 0)).toBe(b.qty);
            expect(b.minutes.length).toBe(b.daily.length);
          }
          // Every plan is placed once or reported unplaced.
          expect(new Set(r.bars.map((b) => b.plan_id)).size).toBe(r.bars.length);
          expect(r.placed + r.issues.filter((i) => i.planned_end == null).length).toBe(rows.length);
          // Its lateness is what its bars say.
          const due = new Map(input.plans.map((p) => [p.id, p.delivery_date!]));
          const days = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);
          const late = r.bars.reduce((a, b) => a + Math.max(0, days(b.end, due.get(b.plan_id)!)), 0);
          const unplaced = r.issues.filter((i) => i.planned_end == null).reduce((a, i) => a + Math.max(0, days('2027-02-01', due.get(i.plan_id)!)), 0);
          expect(r.lateness_days).toBe(late + unplaced);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('the default: the line neighbourhood after the order one (moves to another line, forward on a line, neighbours swapped) never undoes it and keeps capacity, gates and the locked bar; any window cut (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cat: fc.constantFrom('shirt', 'pants'), qty: fc.integer({ min: 1, max: 4000 }), due: fc.integer({ min: 0, max: 40 }), ready: fc.integer({ min: 0, max: 30 }), colour: fc.constantFrom('red', 'blue', null), style: fc.constantFrom('S1', 'S2', 'S3') }), { minLength: 2, maxLength: 30 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 6 }),
        (rows, seed, drift) => {
          const input: ScheduleInput = {
            ...base,
            lines: [line(1, ['shirt'], { learningByFamily: { shirt: [40, 70] } }), line(2, []), line(3, ['pants'], { operators: 5, learning: [50, 80] })],
            plans: [...rows.map((r, i) => plan(i + 1, r.cat, r.qty, day(r.due), { material_ready: day(r.ready), colour: r.colour, style_no: r.style })), plan(999, 'pants', 600, day(3))],
            locked: [{ plan_id: 999, line_id: 2, start: '2026-12-07', minutes: [4800, 2400], category: 'pants' }],
            options: { changeover: { family: 240, fabric: 120, colour: 45, style: 20 } },
          };
          const run = (lineShare: number) => autoSchedule({ ...input, options: { ...input.options, improve: { ...steps(150), seed, drift, lineShare } } });
          const orderOnly = run(0);
          const r = run(0.5);
          const pass = autoSchedule({ ...input, options: { ...input.options, improve: false } });
          expect(orderOnly.improvement?.lines).toBeUndefined();
          // Steps bound both runs' order part alike; the line part starts where it ended and keeps no step that is later in total.
          expect(r.lateness_days).toBeLessThanOrEqual(orderOnly.lateness_days);
          expect(orderOnly.lateness_days).toBeLessThanOrEqual(pass.lateness_days);
          if (r.improvement?.lines) expect(r.improvement.lines.before).toBe(orderOnly.improvement!.after);
          if (r.improvement) expect(r.improvement.after).toBe(r.lateness_days);
          expect(overCapacity(input, r)).toEqual([]);
          expect(r.bars.some((b) => b.plan_id === 999)).toBe(false);
          const ready = new Map(input.plans.map((p) => [p.id, p.material_ready!]));
          const lineOf = new Map(input.lines.map((l) => [l.id, l]));
          for (const b of r.bars) {
            expect(b.start >= ready.get(b.plan_id)!).toBe(true);
            expect(b.daily.reduce((x, y) => x + y, 0)).toBe(b.qty);
            const cats = lineOf.get(b.line_id)!.categories;
            expect(cats.length === 0 || cats.includes(input.plans.find((p) => p.id === b.plan_id)!.category)).toBe(true);
          }
          expect(new Set(r.bars.map((b) => b.plan_id)).size).toBe(r.bars.length);
          expect(r.placed + r.issues.filter((i) => i.planned_end == null).length).toBe(rows.length);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('on a generated season the line part of the default lowers what the order part left, the same on every run', () => {
    const input = scheduleProblem({ plans: 200, lines: 8, days: 120, seed: 32 });
    const budget = (lineShare: number) => ({ ...input, options: { ...input.options, improve: { ...steps(800), lineShare } } });
    const orderOnly = autoSchedule(budget(0));
    const r = autoSchedule(budget(0.3));
    expect(r.improvement!.lines!.before).toBe(orderOnly.lateness_days);
    expect(r.improvement!.lines!.kept).toBeGreaterThan(0);
    expect(r.lateness_days).toBeLessThan(orderOnly.lateness_days);
    expect(overCapacity(input, r)).toEqual([]);
    expect(autoSchedule(budget(0.3)).lateness_days).toBe(r.lateness_days);
  });

  it('lowers the lateness of a generated season (200 plans, 8 lines) within a fixed number of steps, the same on every run', () => {
    const input = scheduleProblem({ plans: 200, lines: 8, days: 120, seed: 31 });
    const budget = { ...input, options: { ...input.options, improve: steps(1500) } };
    const pass = autoSchedule({ ...input, options: { ...input.options, improve: false } });
    const r = autoSchedule(budget);
    expect(pass.lateness_days).toBeGreaterThan(0);
    expect(r.lateness_days).toBeLessThan(pass.lateness_days);
    expect(overCapacity(input, r)).toEqual([]);
    expect(autoSchedule(budget).lateness_days).toBe(r.lateness_days);
    // The line neighbourhood (moves within and between lines' sequences) lowers it too, never over capacity.
    const lines = autoSchedule({ ...input, options: { ...input.options, improve: { ...steps(1500), neighbourhood: 'lines' } } });
    expect(lines.lateness_days).toBeLessThan(pass.lateness_days);
    expect(lines.improvement!.after).toBe(lines.lateness_days);
    expect(overCapacity(input, lines)).toEqual([]);
  });
});
