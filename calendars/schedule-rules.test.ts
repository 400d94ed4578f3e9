import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { changeKind, changeoverMinutes, DEFAULT_CHANGEOVER, learningCurves, rulesFromRows, type LearningRun, type SetupKey } from './schedule-rules';

const key = (family: string, fabric: string | null, colour: string | null, style: string | null): SetupKey => ({ family, fabric, colour, style });

describe('changeover by sequence', () => {
  const rules = { family: 240, fabric: 120, colour: 45, style: 20, pairs: { 'knit-top>sweater': 90 } };
  it('charges the largest change between consecutive plans', () => {
    const a = key('knit-top', 'jersey', 'black', 'S1');
    expect(changeoverMinutes(null, a, rules)).toBe(0);
    expect(changeoverMinutes(a, a, rules)).toBe(0);
    expect(changeoverMinutes(a, key('knit-top', 'jersey', 'black', 'S2'), rules)).toBe(20);
    expect(changeoverMinutes(a, key('knit-top', 'jersey', 'white', 'S1'), rules)).toBe(45);
    expect(changeoverMinutes(a, key('knit-top', 'rib', 'white', 'S2'), rules)).toBe(120);
    expect(changeoverMinutes(a, key('denim', 'jersey', 'black', 'S1'), rules)).toBe(240);
    // A named pair of families has its own minutes.
    expect(changeoverMinutes(a, key('sweater', 'rib', 'black', 'S9'), rules)).toBe(90);
    expect(changeoverMinutes(key('sweater', 'rib', 'black', 'S9'), a, rules)).toBe(240);
  });

  it('counts an unknown fabric or colour as the same', () => {
    expect(changeKind(key('denim', null, 'black', 'S1'), key('denim', 'twill', 'black', 'S1'))).toBe('none');
    expect(changeKind(key('denim', 'twill', '', 'S1'), key('denim', 'twill', 'blue', 'S2'))).toBe('style');
  });

  it('reads a company\'s rows over the defaults, a family row with both families as a pair', () => {
    const r = rulesFromRows([
      { change: 'colour', minutes: 30 },
      { change: 'family', from_family: 'denim', to_family: 'outerwear', minutes: 300 },
      { change: 'family', minutes: 200 },
      { change: 'fabric', minutes: -5 },
    ]);
    expect(r).toEqual({ ...DEFAULT_CHANGEOVER, colour: 30, family: 200, pairs: { 'denim>outerwear': 300 } });
  });

  it('never charges a smaller change more than a larger one under ordered rules (property)', () => {
    const kinds = ['family', 'fabric', 'colour', 'style', 'none'] as const;
    fc.assert(
      fc.property(fc.tuple(fc.constantFrom('a', 'b'), fc.constantFrom('x', 'y', null), fc.constantFrom('r', 'g', null), fc.constantFrom('1', '2')), fc.tuple(fc.constantFrom('a', 'b'), fc.constantFrom('x', 'y', null), fc.constantFrom('r', 'g', null), fc.constantFrom('1', '2')), (p, n) => {
        const prev = key(...p);
        const next = key(...n);
        const m = changeoverMinutes(prev, next, DEFAULT_CHANGEOVER);
        const kind = changeKind(prev, next);
        expect(m).toBe(kind === 'none' ? 0 : DEFAULT_CHANGEOVER[kind]);
        expect(kinds).toContain(kind);
      }),
    );
  });
});

describe('learning curve from history', () => {
  // A run of `n` working days planned at 400 pieces (laid without a curve), scanned at `shares` of 380 (the line's steady rate) then 380.
  const run = (line: number, family: string, shares: number[], n = 10, planned = 400): LearningRun => ({
    line_id: line,
    family,
    days: Array.from({ length: n }, (_, k) => ({ planned, factor: 1, actual: Math.round(380 * (shares[k] ?? 1)) })),
  });

  it('derives the first days\' share of the run\'s own steady rate, per line and family', () => {
    const curves = learningCurves([run(1, 'denim', [0.5, 0.7, 0.9]), run(1, 'denim', [0.6, 0.8, 0.9]), run(1, 'knit-top', [0.95]), run(2, 'denim', [0.4, 0.6, 0.8, 0.9])]);
    expect(curves.get('1|denim')).toEqual([55, 75, 90]);
    // Nearly learned at once: one day at 95 %, the next at the steady rate.
    expect(curves.get('1|knit-top')).toEqual([95]);
    expect(curves.get('2|denim')).toEqual([40, 60, 80, 90]);
  });

  it('undoes the curve a bar was planned with, and skips gaps in the scans and runs too short to know a steady rate', () => {
    // Planned with 50 / 75 % (200, 300 pieces), the line made 190 and 285: it learns as planned.
    const planned: LearningRun = { line_id: 3, family: 'denim', days: [{ planned: 200, factor: 0.5, actual: 190 }, { planned: 300, factor: 0.75, actual: 285 }, ...Array.from({ length: 8 }, () => ({ planned: 400, factor: 1, actual: 380 }))] };
    expect(learningCurves([planned]).get('3|denim')).toEqual([50, 75]);
    const short = run(4, 'denim', [0.5], 7);
    expect(learningCurves([short]).has('4|denim')).toBe(false);
    const gap: LearningRun = { ...run(5, 'denim', [0.5, 0.7]), days: run(5, 'denim', [0.5, 0.7]).days.map((d, k) => (k === 0 ? { ...d, actual: null } : d)) };
    expect(learningCurves([gap]).get('5|denim')).toEqual([]);
  });

  it('stays within 20..100 % whatever the history (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 800 }), { minLength: 9, maxLength: 20 }), (actual) => {
        const r: LearningRun = { line_id: 1, family: 'f', days: actual.map((a) => ({ planned: 400, factor: 1, actual: a })) };
        for (const c of learningCurves([r]).values()) for (const p of c) expect(p >= 20 && p <= 100).toBe(true);
      }),
    );
  });
});
