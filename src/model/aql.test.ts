import { describe, expect, it } from 'vitest';
import { AqlInputError, CODE_LETTERS, codeLetterOf, judgeSample, planOfLetter, SAMPLE_SIZE, samplingPlan } from './aql';

describe('AQL table I: lot size and level to code letter', () => {
  it('reads known rows of the standard', () => {
    expect(codeLetterOf(1201, 'II')).toBe('K');
    expect(codeLetterOf(3200, 'II')).toBe('K');
    expect(codeLetterOf(3201, 'II')).toBe('L');
    expect(codeLetterOf(91, 'II')).toBe('F');
    expect(codeLetterOf(150, 'II')).toBe('F');
    expect(codeLetterOf(150, 'I')).toBe('D');
    expect(codeLetterOf(150, 'III')).toBe('G');
    expect(codeLetterOf(2, 'I')).toBe('A');
    expect(codeLetterOf(8, 'III')).toBe('B');
    expect(codeLetterOf(500, 'I')).toBe('F');
    expect(codeLetterOf(10000, 'III')).toBe('M');
    expect(codeLetterOf(500001, 'II')).toBe('Q');
    expect(codeLetterOf(1_000_000, 'III')).toBe('R');
  });

  it('refuses empty lots and fractions; a lot of one piece reads the first row', () => {
    expect(codeLetterOf(1, 'II')).toBe('A');
    expect(samplingPlan(1, 'II', 6.5)).toMatchObject({ sampleSize: 1, ac: 0, re: 1 });
    expect(() => codeLetterOf(0, 'II')).toThrow(AqlInputError);
    expect(() => codeLetterOf(12.5, 'II')).toThrow(AqlInputError);
  });

  it('sample sizes of the letters', () => {
    expect(CODE_LETTERS.map((l) => SAMPLE_SIZE[l])).toEqual([2, 3, 5, 8, 13, 20, 32, 50, 80, 125, 200, 315, 500, 800, 1250, 2000]);
  });
});

describe('AQL table II-A: Ac / Re and the arrow rule', () => {
  it('reads plain cells', () => {
    expect(planOfLetter('K', 2.5)).toEqual({ letter: 'K', ac: 7, re: 8 });
    expect(planOfLetter('K', 4.0)).toEqual({ letter: 'K', ac: 10, re: 11 });
    expect(planOfLetter('F', 2.5)).toEqual({ letter: 'F', ac: 1, re: 2 });
    expect(planOfLetter('K', 1.5)).toEqual({ letter: 'K', ac: 5, re: 6 });
    expect(planOfLetter('K', 0.65)).toEqual({ letter: 'K', ac: 2, re: 3 });
    expect(planOfLetter('K', 1.0)).toEqual({ letter: 'K', ac: 3, re: 4 });
    expect(planOfLetter('K', 6.5)).toEqual({ letter: 'K', ac: 14, re: 15 });
    expect(planOfLetter('L', 2.5)).toEqual({ letter: 'L', ac: 10, re: 11 });
    expect(planOfLetter('J', 4.0)).toEqual({ letter: 'J', ac: 7, re: 8 });
    expect(planOfLetter('R', 0.65)).toEqual({ letter: 'R', ac: 21, re: 22 });
  });

  it('follows a down arrow to the first plan below it', () => {
    // AQL 2.5 at E (13): ↓ to F (20) 1/2; at A: ↓ to C (5) 0/1.
    expect(planOfLetter('E', 2.5)).toEqual({ letter: 'F', ac: 1, re: 2 });
    expect(planOfLetter('A', 2.5)).toEqual({ letter: 'C', ac: 0, re: 1 });
    // AQL 0.65 at H (50): ↓ to J (80) 1/2.
    expect(planOfLetter('H', 0.65)).toEqual({ letter: 'J', ac: 1, re: 2 });
  });

  it('follows an up arrow to the first plan above it', () => {
    // AQL 2.5 at D (8): ↑ to C (5) 0/1; at Q: ↑ to N (500) 21/22.
    expect(planOfLetter('D', 2.5)).toEqual({ letter: 'C', ac: 0, re: 1 });
    expect(planOfLetter('Q', 2.5)).toEqual({ letter: 'N', ac: 21, re: 22 });
    expect(planOfLetter('R', 6.5)).toEqual({ letter: 'L', ac: 21, re: 22 });
    expect(planOfLetter('B', 6.5)).toEqual({ letter: 'A', ac: 0, re: 1 });
  });

  it('every cell resolves to a plan whose Re is Ac + 1', () => {
    for (const l of CODE_LETTERS)
      for (const aql of [0.65, 1.0, 1.5, 2.5, 4.0, 6.5] as const) {
        const p = planOfLetter(l, aql);
        expect(p.re).toBe(p.ac + 1);
      }
  });
});

describe('samplingPlan: the whole plan of a lot', () => {
  it('lot 1201-3200, level II, AQL 2.5: K, 125 pieces, Ac 7 Re 8', () => {
    expect(samplingPlan(2000, 'II', 2.5)).toEqual({ lotLetter: 'K', planLetter: 'K', sampleSize: 125, ac: 7, re: 8 });
    expect(samplingPlan(2000, 'II', 4.0)).toEqual({ lotLetter: 'K', planLetter: 'K', sampleSize: 125, ac: 10, re: 11 });
  });

  it('lot 91-150, level II, AQL 2.5: F, 20 pieces, Ac 1 Re 2', () => {
    expect(samplingPlan(120, 'II', 2.5)).toEqual({ lotLetter: 'F', planLetter: 'F', sampleSize: 20, ac: 1, re: 2 });
  });

  it('an arrow changes the sample size with the plan', () => {
    // lot 60, level II → E (13); AQL 2.5 points down to F: 20 pieces, 1/2.
    expect(samplingPlan(60, 'II', 2.5)).toEqual({ lotLetter: 'E', planLetter: 'F', sampleSize: 20, ac: 1, re: 2 });
  });

  it('inspects the whole lot when the plan would draw more pieces than it has', () => {
    // lot 4, level II → A; AQL 1.0 points down to E (13 pieces): all 4 are inspected.
    expect(samplingPlan(4, 'II', 1.0)).toEqual({ lotLetter: 'A', planLetter: 'E', sampleSize: 4, ac: 0, re: 1 });
  });

  it('refuses an AQL or level the table does not hold', () => {
    expect(() => samplingPlan(100, 'II', 3)).toThrow(AqlInputError);
    expect(() => samplingPlan(100, 'IV' as 'I', 2.5)).toThrow(AqlInputError);
  });
});

describe('judgeSample', () => {
  const plan = { ac: 7, re: 8 };
  it('passes up to Ac, fails at Re', () => {
    expect(judgeSample({ critical: 0, major: 7, minor: 7 }, plan)).toEqual({ result: 'pass', reasons: [] });
    expect(judgeSample({ critical: 0, major: 8, minor: 0 }, plan)).toEqual({ result: 'fail', reasons: ['major'] });
    expect(judgeSample({ critical: 0, major: 0, minor: 8 }, plan)).toEqual({ result: 'fail', reasons: ['minor'] });
  });
  it('fails on any critical defect', () => {
    expect(judgeSample({ critical: 1, major: 0, minor: 0 }, plan)).toEqual({ result: 'fail', reasons: ['critical'] });
  });
});
