import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attributeOutput, CHANGEOVER_SHARE, forecastBarEnd, forecastDay, forecastLineOutput, recentRatio, type RunBar } from './actuals';
import { addDays, dayKind, dayNumber, prepareCalendar } from './capacity';

// Monday to Friday; 2026-12-07 is a Monday.
const CAL = prepareCalendar({ am_start: '08:00', am_end: '12:00', pm_start: '13:00', pm_end: '17:30', work_weekdays: '1,2,3,4,5' });
const MON = '2026-12-07';
const bar = (over: Partial<RunBar> = {}): RunBar => ({ id: 1, plan_id: 10, line_id: 100, start: MON, end: addDays(MON, 4), qty: 500, planned: [100, 100, 100, 100, 100], ...over });
const byDay = (from: string, qtys: number[]) => new Map(qtys.map((q, i) => [dayNumber(from) + i, q] as [number, number]));

describe('recentRatio', () => {
  it('weights the latest days most and skips idle days', () => {
    // Yesterday 50 of 100, the day before 100 of 100: (50 + 0.6 x 100) / (100 + 60).
    expect(recentRatio([{ planned: 100, actual: 100 }, { planned: 0, actual: 0 }, { planned: 100, actual: 50 }])).toBeCloseTo(110 / 160, 9);
  });
  it('uses at most the window of days and has no answer without planned output', () => {
    const old = Array.from({ length: 10 }, () => ({ planned: 100, actual: 0 }));
    const recent = Array.from({ length: 5 }, () => ({ planned: 100, actual: 80 }));
    expect(recentRatio([...old, ...recent])).toBeCloseTo(0.8, 9);
    expect(recentRatio([])).toBeNull();
    expect(recentRatio([{ planned: 0, actual: 0 }])).toBeNull();
  });
  it('stays within 0.2 and 2', () => {
    expect(recentRatio([{ planned: 100, actual: 0 }])).toBe(0.2);
    expect(recentRatio([{ planned: 10, actual: 100 }])).toBe(2);
  });
  it('a line day forecast is the planned pieces times the ratio, the plan without history', () => {
    expect(forecastDay([{ planned: 200, actual: 150 }], 240)).toBeCloseTo(180, 9);
    expect(forecastDay([], 240)).toBe(240);
  });
  it('property: the ratio lies between the smallest and the largest day ratio of the window (unclamped)', () => {
    fc.assert(fc.property(fc.array(fc.record({ planned: fc.integer({ min: 1, max: 500 }), actual: fc.integer({ min: 100, max: 500 }) }), { minLength: 1, maxLength: 12 }), (h) => {
      const r = recentRatio(h)!;
      const last = h.slice(-5).map((d) => Math.min(2, Math.max(0.2, d.actual / d.planned)));
      expect(r).toBeGreaterThanOrEqual(Math.min(...last) - 1e-9);
      expect(r).toBeLessThanOrEqual(Math.max(...last) + 1e-9);
    }));
  });
});

describe('attributeOutput', () => {
  const a = bar({ id: 1, start: MON, end: addDays(MON, 2), qty: 300, planned: [100, 100, 100] });
  const b = bar({ id: 2, line_id: 200, start: addDays(MON, 2), end: addDays(MON, 4), qty: 300, planned: [50, 125, 125] });
  it('gives a day to the bar whose run holds it, the one planned to make more when two do', () => {
    const m = attributeOutput([b, a], [
      { plan_id: 10, date: MON, qty: 90 },
      { plan_id: 10, date: addDays(MON, 2), qty: 70 },
      { plan_id: 10, date: addDays(MON, 3), qty: 20 },
    ]);
    expect([...m.get(1)!]).toEqual([[dayNumber(MON), 90], [dayNumber(MON) + 2, 70]]);
    expect([...m.get(2)!]).toEqual([[dayNumber(MON) + 3, 20]]);
  });
  it('outside every run to the nearest run; other plans and empty days to none', () => {
    const m = attributeOutput([a, b], [
      { plan_id: 10, date: addDays(MON, -1), qty: 5 },
      { plan_id: 10, date: addDays(MON, 9), qty: 7 },
      { plan_id: 11, date: MON, qty: 100 },
      { plan_id: 10, date: MON, qty: 0 },
    ]);
    expect([...m.get(1)!]).toEqual([[dayNumber(MON) - 1, 5]]);
    expect([...m.get(2)!]).toEqual([[dayNumber(MON) + 9, 7]]);
  });
  it('property: every piece of a plan with bars is given to exactly one bar', () => {
    fc.assert(fc.property(fc.array(fc.record({ day: fc.integer({ min: -10, max: 20 }), qty: fc.integer({ min: 1, max: 90 }) })), (outs) => {
      const m = attributeOutput([a, b], outs.map((o) => ({ plan_id: 10, date: addDays(MON, o.day), qty: o.qty })));
      let sum = 0;
      for (const days of m.values()) for (const q of days.values()) sum += q;
      expect(sum).toBe(outs.reduce((x, o) => x + o.qty, 0));
    }));
  });
});

describe('forecastBarEnd', () => {
  const asOf = addDays(MON, 3); // Thursday
  it('on plan: ends on the planned day', () => {
    const f = forecastBarEnd({ bar: bar(), actual: byDay(MON, [100, 100, 100]), asOf, cal: CAL });
    expect(f).toMatchObject({ actual: 300, plannedToDate: 400, ratio: 1, end: addDays(MON, 4), done: false });
  });
  it('at 60 % of the plan the rest is laid at 60 a working day: the weekend is skipped', () => {
    // 180 made, 320 left: Thursday 60, Friday 60, Monday .. 60 each: 320 / 60 = 5.33 working days -> the 6th working day from Thursday.
    const f = forecastBarEnd({ bar: bar(), actual: byDay(MON, [60, 60, 60]), asOf, cal: CAL });
    expect(f.ratio).toBeCloseTo(0.6, 9);
    expect(f.end).toBe(addDays(MON, 10)); // Thu, Fri, Mon, Tue, Wed, Thu
  });
  it('ahead of plan it ends earlier; the as-of day counts only what is left of it', () => {
    const wed = addDays(MON, 2);
    // Ratio 1.5: Wednesday 150, Thursday 150 -> 300 made by Thursday, a day before the planned Friday.
    expect(forecastBarEnd({ bar: bar(), actual: byDay(MON, [150, 150]), asOf: wed, cal: CAL }).end).toBe(addDays(MON, 3));
    // 100 already scanned on Wednesday: 400 made, Wednesday's remainder 50, then 50 on Thursday.
    const f = forecastBarEnd({ bar: bar(), actual: byDay(MON, [150, 150, 100]), asOf: wed, cal: CAL });
    expect(f).toMatchObject({ actual: 400, plannedToDate: 300, end: addDays(MON, 3), done: false });
    // Scans of Wednesday beyond Wednesday's forecast leave it nothing: Thursday still needs the 100 left.
    expect(forecastBarEnd({ bar: bar(), actual: byDay(MON, [100, 100, 200]), asOf: wed, cal: CAL }).end).toBe(addDays(MON, 3));
  });
  it('capped by the line capacity in pieces, and past its run at its full planned rate', () => {
    // Run over (as of the next Monday) with 400 made at ratio 0.8: 100 left at 0.8 x 100 a day -> Monday 80, Tuesday 20;
    // capped at 40 pieces a day: Monday 40, Tuesday 40, Wednesday 20.
    const made = byDay(MON, [80, 80, 80, 80, 80]);
    expect(forecastBarEnd({ bar: bar(), actual: made, asOf: addDays(MON, 7), cal: CAL }).end).toBe(addDays(MON, 8));
    const capped = forecastBarEnd({ bar: bar(), actual: made, asOf: addDays(MON, 7), cal: CAL, capacityPieces: () => 40 });
    expect(capped).toMatchObject({ end: addDays(MON, 9), plannedToDate: 500, actual: 400 });
    expect(capped.ratio).toBeCloseTo(0.8, 9);
  });
  it('a bar not started keeps its planned end; no complete day of its own takes the line ratio', () => {
    expect(forecastBarEnd({ bar: bar({ start: addDays(MON, 7), end: addDays(MON, 11) }), actual: new Map(), asOf, cal: CAL })).toMatchObject({ end: addDays(MON, 11), ratio: null, actual: 0 });
    const first = forecastBarEnd({ bar: bar(), actual: new Map(), asOf: MON, cal: CAL, lineRatio: 0.5 });
    expect(first.ratio).toBe(0.5);
    expect(first.end).toBe(addDays(MON, 7 + 4)); // 50 a day: 10 working days
  });
  it('nothing scanned since its start: not started on the floor, laid from today at the line ratio', () => {
    // As of Thursday, 3 planned days gone: Thursday 100, Friday 100 of the run, then 100 a working day: 5 days -> next Wednesday.
    const f = forecastBarEnd({ bar: bar(), actual: new Map(), asOf, cal: CAL });
    expect(f).toMatchObject({ ratio: null, actual: 0, plannedToDate: 400, end: addDays(MON, 9) });
    expect(forecastBarEnd({ bar: bar(), actual: new Map(), asOf, cal: CAL, lineRatio: 0.5 }).end).toBe(addDays(MON, 16)); // 50 a day: ten working days from Thursday
  });
  it('finished: the last day with output', () => {
    const f = forecastBarEnd({ bar: bar(), actual: byDay(MON, [200, 200, 100]), asOf, cal: CAL });
    expect(f).toMatchObject({ done: true, end: addDays(MON, 2), actual: 500 });
  });
  it('property: the forecast end is never before the as-of day nor a rest day', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 140 }), { minLength: 1, maxLength: 4 }), (made) => {
      const f = forecastBarEnd({ bar: bar(), actual: byDay(MON, made), asOf: addDays(MON, made.length - 1), cal: CAL });
      if (f.done || f.end === null) return;
      expect(dayNumber(f.end)).toBeGreaterThanOrEqual(dayNumber(MON) + made.length - 1);
      const wd = new Date(`${f.end}T00:00:00Z`).getUTCDay();
      expect(wd === 0 || wd === 6).toBe(false);
    }));
  });
});

describe('forecastLineOutput', () => {
  // 10 operators x 510 minutes x 100 %: 5,100 minutes a working day; 10 minutes a piece: 510 pieces at full skill.
  const capacityMinutes = (day: number) => (dayKind(CAL, day).working ? 5100 : 0);
  const m = dayNumber(MON);
  const run = (qty: number, made: number[], from = m) => ({ qty, sam: 10, made: new Map(made.map((q, i) => [from + i, q] as [number, number])) });
  it('a line at 80 % of its capacity past the learning days makes 80 % tomorrow', () => {
    const r = run(10_000, [408, 408, 408, 408]);
    expect(forecastLineOutput({ runs: [r], capacityMinutes, learning: [], day: m + 4 })).toBeCloseTo(408, 6);
  });
  it('reads the pace through the learning curve and keeps climbing it', () => {
    // Learning 50 / 75 %: day 2 made 0.75 x 510 x pace; pace 0.8 -> day 3 (100 %) 408. Day 1 started the style: not used.
    const r = run(10_000, [200, Math.round(0.75 * 510 * 0.8)]);
    expect(forecastLineOutput({ runs: [r], capacityMinutes, learning: [50, 75], day: m + 2 })).toBeCloseTo(0.8 * 510, 0);
  });
  it('hands the rest of a day to the next plan at its first learning day and the changeover share', () => {
    const a = run(1000 + 100, [500, 500]);
    const b = run(5000, []);
    // Pace 500 / 510; tomorrow 500 pieces of capacity: 100 finish plan a, 400 pieces' minutes go to b at 60 % x 0.8.
    const f = forecastLineOutput({ runs: [a, b], capacityMinutes, learning: [60], day: m + 2 });
    expect(f).toBeCloseTo(100 + 400 * 0.6 * CHANGEOVER_SHARE, 6);
  });
  it('nothing on a rest day or with every plan made; today’s partial scans count as made, not for the pace', () => {
    const r = run(10_000, [408, 408, 100]);
    expect(forecastLineOutput({ runs: [r], capacityMinutes, learning: [], day: m + 5 })).toBe(0); // Saturday
    expect(forecastLineOutput({ runs: [run(816, [408, 408])], capacityMinutes, learning: [], day: m + 2 })).toBe(0);
    expect(forecastLineOutput({ runs: [r], capacityMinutes, learning: [], day: m + 3, completeBefore: m + 2 })).toBeCloseTo(408, 6);
    // Counted for the pace, the partial day would have lowered it.
    expect(forecastLineOutput({ runs: [r], capacityMinutes, learning: [], day: m + 3 })).toBeLessThan(408);
    // And as made: 84 left of a plan of 1,000 are all that can come.
    expect(forecastLineOutput({ runs: [run(1000, [408, 408, 100])], capacityMinutes, learning: [], day: m + 3, completeBefore: m + 2 })).toBeCloseTo(84, 6);
  });
});
