import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { autoSchedule, greedySchedule, overCapacity, type SchedLine, type SchedPlan, type ScheduleInput } from './auto-schedule';
import { prepareCalendar } from './capacity';

const cal = prepareCalendar({ am_start: '08:00', am_end: '12:00', pm_start: '13:00', pm_end: '17:00', work_weekdays: '1,2,3,4,5', holidays: ['2026-12-02'] });
// 10 operators x 480 min = 4800 min a day; SAM 10 → 480 pieces a day.
const line = (id: number, categories: string[], extra: Partial<SchedLine> = {}): SchedLine => ({
  id,
  categories,
  operators: 10,
  efficiency: 1,
  sam: { shirt: 10, pants: 12 },
  calendar: cal,
  ...extra,
});
const plan = (id: number, category: string, qty: number, delivery: string, extra: Partial<SchedPlan> = {}): SchedPlan => ({
  id,
  category,
  qty,
  material_ready: '2026-11-30',
  delivery_date: delivery,
  priority: 0,
  ...extra,
});
const base = { from: '2026-11-30', to: '2027-01-31' };

describe('auto-schedule', () => {
  it('takes the plan\'s minutes per piece by default, the line\'s SAM of the category first with samFrom line', () => {
    // Plan says 20 min/piece (240 a day); the line's shirt SAM is 10 (480 a day).
    const p = plan(1, 'shirt', 960, '2026-12-31', { minutes_per_piece: 20 });
    const byPlan = autoSchedule({ ...base, lines: [line(1, ['shirt'])], plans: [p] });
    expect(byPlan.bars[0].daily.filter((q) => q > 0)).toEqual([240, 240, 240, 240]);
    const byLine = autoSchedule({ ...base, lines: [line(1, ['shirt'])], plans: [p], options: { samFrom: 'line' } });
    expect(byLine.bars[0]).toMatchObject({ start: '2026-11-30', end: '2026-12-01', daily: [480, 480] });
    // A line without SAM of the category falls back to the plan's own.
    const noSam = autoSchedule({ ...base, lines: [line(1, ['shirt'], { sam: {} })], plans: [p], options: { samFrom: 'line' } });
    expect(noSam.bars[0].daily.filter((q) => q > 0)).toEqual([240, 240, 240, 240]);
  });

  it('places plans forward from the material date on a line that can make the category', () => {
    const input: ScheduleInput = { ...base, lines: [line(1, ['pants']), line(2, ['shirt'])], plans: [plan(1, 'shirt', 960, '2026-12-10', { material_ready: '2026-12-01' })] };
    const r = autoSchedule(input);
    expect(r.bars).toHaveLength(1);
    expect(r.bars[0]).toMatchObject({ line_id: 2, start: '2026-12-01', end: '2026-12-03', daily: [480, 0, 480] });
    expect(r.issues).toEqual([]);
  });

  it('gives every plan it cannot place on time a reason', () => {
    const input: ScheduleInput = {
      ...base,
      lines: [line(1, ['shirt'])],
      plans: [
        plan(1, 'coat', 10, '2026-12-31'),
        plan(2, 'shirt', 480, '2026-12-05', { material_ready: '2026-12-10' }),
        plan(3, 'shirt', 4800, '2026-12-04'),
        plan(4, 'shirt', 10_000_000, '2027-01-31'),
      ],
    };
    const r = autoSchedule(input);
    const reasons = Object.fromEntries(r.issues.map((i) => [i.plan_id, i.reason]));
    expect(reasons).toEqual({ 1: 'no_line', 2: 'material_date', 3: 'material_date', 4: 'capacity' });
  });

  it('orders by delivery date then priority, and counts late plans caused by capacity', () => {
    const input: ScheduleInput = {
      ...base,
      lines: [line(1, ['shirt'])],
      plans: [plan(1, 'shirt', 480, '2026-11-30'), plan(2, 'shirt', 480, '2026-11-30', { priority: 5 })],
    };
    const r = autoSchedule(input);
    expect(r.bars.map((b) => b.plan_id)).toEqual([2, 1]);
    expect(r.issues).toEqual([{ plan_id: 1, reason: 'capacity', planned_end: '2026-12-01' }]);
    expect(r.late_plans).toBe(1);
  });

  it('keeps locked bars and charges a changeover when a line switches category', () => {
    const input: ScheduleInput = {
      ...base,
      lines: [line(1, [])],
      plans: [plan(1, 'shirt', 480, '2026-12-31'), plan(2, 'pants', 100, '2026-12-31')],
      locked: [{ plan_id: 9, line_id: 1, start: '2026-11-30', minutes: [4800], category: 'shirt' }],
      options: { changeoverMinutes: 240 },
    };
    const r = autoSchedule(input);
    expect(r.bars[0]).toMatchObject({ plan_id: 1, start: '2026-12-01', end: '2026-12-01', changeover: false });
    expect(r.bars[1]).toMatchObject({ plan_id: 2, start: '2026-12-03', changeover: true });
    expect(r.bars[1].minutes[0]).toBe(240 + 100 * 12);
    expect(r.changeovers).toBe(1);
    expect(overCapacity(input, r)).toEqual([]);
  });

  it('neither it nor the greedy baseline ever goes over capacity, and every plan is placed or reported', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cat: fc.constantFrom('shirt', 'pants'), qty: fc.integer({ min: 1, max: 3000 }), due: fc.integer({ min: 0, max: 50 }), ready: fc.integer({ min: 0, max: 20 }), prio: fc.integer({ min: 0, max: 3 }) }), { maxLength: 40 }),
        (rows) => {
          const day = (n: number) => new Date(Date.UTC(2026, 10, 30 + n)).toISOString().slice(0, 10);
          const input: ScheduleInput = {
            ...base,
            lines: [line(1, ['shirt']), line(2, ['pants']), line(3, [], { operators: 5, learning: [50, 80] })],
            plans: rows.map((r, i) => plan(i + 1, r.cat, r.qty, day(r.due), { material_ready: day(r.ready), priority: r.prio })),
            options: { changeoverMinutes: 120 },
          };
          const a = autoSchedule(input);
          const g = greedySchedule(input);
          expect(overCapacity(input, a)).toEqual([]);
          expect(overCapacity(input, g)).toEqual([]);
          for (const b of a.bars) expect(b.daily.reduce((x, y) => x + y, 0)).toBe(b.qty);
          expect(a.placed + a.issues.filter((i) => i.planned_end == null).length).toBe(rows.length);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('charges the company\'s changeover by what changes in the sequence (colour short, fabric longer, family longest)', () => {
    const rules = { family: 240, fabric: 120, colour: 45, style: 20 };
    const p = (id: number, cat: string, fabric: string, colour: string, style: string) => plan(id, cat, 100, '2026-12-31', { style_no: style, fabric, colour, priority: 10 - id });
    const input: ScheduleInput = {
      ...base,
      lines: [line(1, [])],
      plans: [p(1, 'shirt', 'poplin', 'white', 'S1'), p(2, 'shirt', 'poplin', 'blue', 'S1'), p(3, 'shirt', 'oxford', 'blue', 'S2'), p(4, 'pants', 'twill', 'blue', 'S3'), p(5, 'pants', 'twill', 'blue', 'S4')],
      options: { changeover: rules },
    };
    const r = autoSchedule(input);
    expect(r.bars.map((b) => b.plan_id)).toEqual([1, 2, 3, 4, 5]);
    // Setup minutes on each bar's first day, above its pieces' minutes (a same-style bar skips the learning curve).
    const setup = r.bars.map((b) => Math.round(b.minutes[0] - (b.daily[0] * (b.plan_id >= 4 ? 12 : 10))));
    expect(setup).toEqual([0, 45, 120, 240, 20]);
    expect(r.changeovers).toBe(4);
    expect(r.changeover_minutes).toBe(45 + 120 + 240 + 20);
    expect(overCapacity(input, r)).toEqual([]);
  });

  it('lays a new style with the curve the line learned for its family, else the line\'s setting', () => {
    const l = line(1, [], { learning: [50], learningByFamily: { shirt: [25, 75] } });
    const shirt = autoSchedule({ ...base, lines: [l], plans: [plan(1, 'shirt', 960, '2026-12-31')] });
    // 480 pieces a day at full rate: 25 % then 75 % then full (2 December is a holiday).
    expect(shirt.bars[0].daily).toEqual([120, 360, 0, 480]);
    const pants = autoSchedule({ ...base, lines: [l], plans: [plan(1, 'pants', 800, '2026-12-31')] });
    // 400 a day at SAM 12: the line's own 50 % on the first day.
    expect(pants.bars[0].daily).toEqual([200, 400, 0, 200]);
  });

  it('never starts a plan before its material gate, and back-fills the idle days a later gate left on a line', () => {
    const input: ScheduleInput = {
      ...base,
      lines: [line(1, ['shirt'])],
      plans: [plan(1, 'shirt', 480, '2026-12-09', { material_ready: '2026-12-08' }), plan(2, 'shirt', 960, '2026-12-31', { material_ready: '2026-11-30' })],
    };
    const r = autoSchedule(input);
    const byPlan = Object.fromEntries(r.bars.map((b) => [b.plan_id, b]));
    expect(byPlan[1]).toMatchObject({ start: '2026-12-08', end: '2026-12-08' });
    // Plan 2 (due later) goes into the days before plan 1's material date, not after it.
    expect(byPlan[2]).toMatchObject({ start: '2026-11-30', end: '2026-12-01' });
    expect(r.late_plans).toBe(0);
    expect(overCapacity(input, r)).toEqual([]);
  });

  it('with rules, learned curves, gates and back-filling: never over capacity, never before a gate, all pieces laid (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cat: fc.constantFrom('shirt', 'pants'), qty: fc.integer({ min: 1, max: 3000 }), due: fc.integer({ min: 0, max: 50 }), ready: fc.integer({ min: 0, max: 30 }), colour: fc.constantFrom('red', 'blue', null), fabric: fc.constantFrom('poplin', 'twill'), style: fc.constantFrom('S1', 'S2', 'S3') }), { maxLength: 40 }),
        (rows) => {
          const day = (n: number) => new Date(Date.UTC(2026, 10, 30 + n)).toISOString().slice(0, 10);
          const input: ScheduleInput = {
            ...base,
            lines: [line(1, ['shirt'], { learningByFamily: { shirt: [40, 70] } }), line(2, []), line(3, [], { operators: 5, learning: [50, 80] })],
            plans: rows.map((r, i) => plan(i + 1, r.cat, r.qty, day(r.due), { material_ready: day(r.ready), colour: r.colour, fabric: r.fabric, style_no: r.style })),
            locked: [{ plan_id: 999, line_id: 2, start: '2026-12-07', minutes: [4800, 2400], category: 'pants' }],
            options: { changeover: { family: 240, fabric: 120, colour: 45, style: 20 } },
          };
          const a = autoSchedule(input);
          expect(overCapacity(input, a)).toEqual([]);
          const ready = new Map(input.plans.map((p) => [p.id, p.material_ready!]));
          for (const b of a.bars) {
            expect(b.start >= ready.get(b.plan_id)!).toBe(true);
            expect(b.daily.reduce((x, y) => x + y, 0)).toBe(b.qty);
          }
          expect(a.placed + a.issues.filter((i) => i.planned_end == null).length).toBe(rows.length);
        },
      ),
      { numRuns: 100 },
    );
  });
});
