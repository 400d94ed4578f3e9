import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  barLoad,
  barPieces,
  barPiecesOfDays,
  dayKind,
  dayOverloaded,
  dayNumber,
  dayString,
  efficiencyFraction,
  layBar,
  learningFactor,
  lineCapacityRange,
  lineDayMinutes,
  loadByLine,
  minutesPerWorkingDay,
  overloadedDays,
  parseLearningCurve,
  piecesFromMinutes,
  prepareCalendar,
  spreadBar,
  weekdayOf,
  weekOverloaded,
} from './capacity';

const CAL = { am_start: '08:00:00', am_end: '12:00:00', pm_start: '13:00:00', pm_end: '17:30:00', work_weekdays: '1,2,3,4,5' };

describe('calendar days', () => {
  it('day numbers round-trip and weekdays are Monday = 1', () => {
    expect(dayString(dayNumber('2026-11-25'))).toBe('2026-11-25');
    expect(weekdayOf(dayNumber('2026-11-23'))).toBe(1); // a Monday
    expect(weekdayOf(dayNumber('2026-11-29'))).toBe(7); // a Sunday
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    fc.assert(fc.property(fc.integer({ min: -20000, max: 40000 }), (d) => dayNumber(dayString(d)) === d && weekdayOf(d + 7) === weekdayOf(d)));
  });

  it('working minutes come from the morning and afternoon hours', () => {
    expect(minutesPerWorkingDay(CAL)).toBe(510);
    expect(minutesPerWorkingDay({ ...CAL, pm_end: '12:30' })).toBe(240); // reversed span counts 0
  });

  it('holidays are off, overtime days are on, weekends follow the working weekdays', () => {
    const cal = prepareCalendar({ ...CAL, holidays: ['2026-11-25'], overtime_days: ['2026-11-28'] });
    expect(dayKind(cal, dayNumber('2026-11-24'))).toEqual({ working: true, holiday: false, overtime: false });
    expect(dayKind(cal, dayNumber('2026-11-25'))).toEqual({ working: false, holiday: true, overtime: false });
    expect(dayKind(cal, dayNumber('2026-11-28'))).toEqual({ working: true, holiday: false, overtime: true });
    expect(dayKind(cal, dayNumber('2026-11-29')).working).toBe(false);
  });
});

describe('line capacity', () => {
  const cal = prepareCalendar({ ...CAL, holidays: ['2026-11-25'] });
  it('is operators x working minutes x efficiency, in pieces by SAM', () => {
    const line = { operators: 20, efficiency: 85 };
    expect(efficiencyFraction(85)).toBe(0.85);
    expect(efficiencyFraction(0.85)).toBe(0.85);
    expect(lineDayMinutes(line, cal, dayNumber('2026-11-24'))).toBeCloseTo(20 * 510 * 0.85);
    expect(lineCapacityRange(line, cal, '2026-11-24', '2026-11-26')).toEqual([8670, 0, 8670]);
    expect(piecesFromMinutes(8670, 15)).toBe(578);
    expect(piecesFromMinutes(100, 0)).toBe(0);
  });

  it('a learning curve lowers the first days', () => {
    expect(parseLearningCurve('50, 70，90')).toEqual([50, 70, 90]);
    expect(learningFactor([50, 70], 0)).toBe(0.5);
    expect(learningFactor([50, 70], 2)).toBe(1);
  });
});

describe('laying a bar', () => {
  const cal = prepareCalendar({ ...CAL, holidays: ['2026-11-25'] });
  const line = { operators: 10, efficiency: 1 };

  it('fills working days from the start and skips the holiday and weekend', () => {
    // 10 x 510 = 5100 min a day; SAM 10 → 510 pieces a day.
    const bar = layBar(1500, 10, line, cal, '2026-11-24')!;
    expect(bar.start).toBe('2026-11-24');
    expect(bar.daily).toEqual([510, 0, 510, 480]);
    expect(bar.end).toBe('2026-11-27');
    const over = layBar(1600, 10, line, cal, '2026-11-26')!;
    expect(over.daily).toEqual([510, 510, 0, 0, 510, 70]); // Sat and Sun off
  });

  it('a start on a day off moves to the next working day', () => {
    expect(layBar(100, 10, line, cal, '2026-11-25')!.start).toBe('2026-11-26');
  });

  it('the learning curve makes fewer pieces on the first days', () => {
    const bar = layBar(1000, 10, { ...line, learning: [50, 80] }, cal, '2026-11-23')!;
    expect(bar.daily).toEqual([255, 408, 0, 337]);
    expect(bar.minutes[0]).toBeCloseTo(5100);
  });

  it('takes only the minutes other bars leave free, and never more than capacity', () => {
    const used = (d: number) => (d === dayNumber('2026-11-24') ? 5000 : 0);
    const bar = layBar(100, 10, line, cal, '2026-11-24', { used })!;
    expect(bar.daily).toEqual([10, 0, 90]);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: 0.5, max: 60, noNaN: true }),
        fc.integer({ min: 5, max: 60 }),
        fc.integer({ min: 40, max: 120 }),
        fc.array(fc.integer({ min: 20, max: 100 }), { maxLength: 4 }),
        (qty, sam, ops, eff, learning) => {
          const l = { operators: ops, efficiency: eff, learning };
          const b = layBar(qty, sam, l, cal, '2026-11-23')!;
          expect(b.daily.reduce((a, x) => a + x, 0)).toBe(qty);
          const cap = lineCapacityRange(l, cal, b.start, b.end);
          expect(overloadedDays(cap, b.minutes)).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a line without capacity cannot take the bar', () => {
    expect(layBar(10, 10, { operators: 0, efficiency: 1 }, cal, '2026-11-24', { maxDays: 30 })).toBeNull();
    expect(layBar(10, 0, line, cal, '2026-11-24')).toBeNull();
  });

  it('spreads a resized bar evenly over working days', () => {
    expect(spreadBar(10, cal, '2026-11-24', '2026-11-27')).toEqual([4, 0, 3, 3]);
  });
});

describe('load', () => {
  it('sums minutes per line per day within the range', () => {
    const load = loadByLine(
      [
        { line_id: 1, start: '2026-11-23', minutes: [100, 200] },
        { line_id: 1, start: '2026-11-24', minutes: [50, 50, 50] },
        { line_id: 2, start: '2026-11-20', minutes: [1, 2, 3, 4] },
      ],
      '2026-11-23',
      '2026-11-25',
    );
    expect(load.get(1)).toEqual([100, 250, 50]);
    expect(load.get(2)).toEqual([4, 0, 0]);
    expect(overloadedDays([100, 200, 100], load.get(1)!)).toEqual([1]);
  });
});

describe('line load, one figure', () => {
  const cal = prepareCalendar(CAL);
  it('a bar keeps its laid pieces per day when they fit its run, else spreads them over its working days', () => {
    // Friday to Monday: Saturday and Sunday are rest days.
    expect(barPieces(10, [1, 0, 0, 9], cal, '2026-11-27', '2026-11-30')).toEqual([1, 0, 0, 9]);
    expect(barPieces(10, null, cal, '2026-11-27', '2026-11-30')).toEqual([5, 0, 0, 5]);
    // Kept pieces that do not add up, or another length, are spread again.
    expect(barPieces(10, [1, 0, 0, 8], cal, '2026-11-27', '2026-11-30')).toEqual([5, 0, 0, 5]);
    expect(barPieces(10, [10], cal, '2026-11-27', '2026-11-30')).toEqual([5, 0, 0, 5]);
    // Only whole, non-negative JSON numbers are kept pieces (the database's line_load_bar_pieces reads them so).
    expect(barPieces(10, ['1', 0, 0, 9], cal, '2026-11-27', '2026-11-30')).toEqual([5, 0, 0, 5]);
    expect(barPieces(10, [1.5, 0, 0, 8.5], cal, '2026-11-27', '2026-11-30')).toEqual([5, 0, 0, 5]);
    expect(barPieces(10, [null, 1, 0, 9], cal, '2026-11-27', '2026-11-30')).toEqual([5, 0, 0, 5]);
    expect(barLoad({ start: '2026-11-27', end: '2026-11-30', qty: 10, daily: [1, 0, 0, 9] }, 12.5, cal)).toEqual([12.5, 0, 0, 112.5]);
  });

  it('reads a run given as day numbers as the same run given as dates (the board read keeps day numbers)', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayNumber('2026-01-01'), max: dayNumber('2028-12-31') }), fc.nat(20), fc.nat(5000), fc.option(fc.array(fc.nat(400), { maxLength: 21 }), { nil: null }), (start, len, qty, kept) => {
        const end = start + len;
        const fits = kept && kept.length === len + 1 ? kept : null;
        expect(barPiecesOfDays(qty, kept, cal, start, end)).toEqual(barPieces(qty, kept, cal, dayString(start), dayString(end)));
        expect(barPiecesOfDays(qty, null, cal, start, end)).toEqual(spreadBar(qty, cal, dayString(start), dayString(end)));
        // Kept pieces that fit are the bar's pieces as kept.
        if (fits) expect(barPiecesOfDays(fits.reduce((a, q) => a + q, 0), fits, cal, start, end)).toEqual(fits);
      }),
    );
  });

  it('an overloaded week (load above capacity in total) always holds an overloaded day', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 600 })), { minLength: 7, maxLength: 7 }), (days) => {
        const capacity = days.map((d) => d[0]);
        const load = days.map((d) => d[1]);
        if (weekOverloaded(capacity, load)) expect(load.some((m, i) => dayOverloaded(capacity[i], m))).toBe(true);
      }),
    );
    expect(weekOverloaded([100, 100], [150, 40])).toBe(false);
    expect(dayOverloaded(100, 150)).toBe(true);
  });
});
