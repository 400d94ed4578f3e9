/**
 * AQL single sampling for normal inspection (ISO 2859-1:1999 / ANSI/ASQ Z1.4, tables I and II-A),
 * the plans a quality inspector reads off the wall chart: the lot size and the general inspection level
 * give a sample size code letter (table I); the letter gives the sample size and, for an AQL, the
 * acceptance (Ac) and rejection (Re) numbers (table II-A). Where table II-A shows an arrow instead of
 * Ac/Re, the standard says to use the first sampling plan below (↓) or above (↑) the arrow: its sample
 * size and its Ac/Re both, so the plan's letter may differ from the lot's letter.
 *
 * Pure and isomorphic: the server computes every inspection's plan from it, the workstation page shows
 * the same numbers while the inspector types.
 */

export const AQL_LEVELS = ['I', 'II', 'III'] as const;
export type InspectionLevel = (typeof AQL_LEVELS)[number];

/** The AQLs (percent nonconforming) the catalogue offers: the garment trade's usual ones. */
export const AQL_VALUES = [0.65, 1.0, 1.5, 2.5, 4.0, 6.5] as const;
export type AqlValue = (typeof AQL_VALUES)[number];

export const CODE_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R'] as const;
export type CodeLetter = (typeof CODE_LETTERS)[number];

/** Table I: lot size ranges (upper bound inclusive) → code letter for general levels I, II, III. */
const TABLE_I: ReadonlyArray<readonly [number, CodeLetter, CodeLetter, CodeLetter]> = [
  [8, 'A', 'A', 'B'],
  [15, 'A', 'B', 'C'],
  [25, 'B', 'C', 'D'],
  [50, 'C', 'D', 'E'],
  [90, 'C', 'E', 'F'],
  [150, 'D', 'F', 'G'],
  [280, 'E', 'G', 'H'],
  [500, 'F', 'H', 'J'],
  [1200, 'G', 'J', 'K'],
  [3200, 'H', 'K', 'L'],
  [10000, 'J', 'L', 'M'],
  [35000, 'K', 'M', 'N'],
  [150000, 'L', 'N', 'P'],
  [500000, 'M', 'P', 'Q'],
  [Number.POSITIVE_INFINITY, 'N', 'Q', 'R'],
];

/** Table II-A, sample size of each code letter. */
export const SAMPLE_SIZE: Readonly<Record<CodeLetter, number>> = {
  A: 2, B: 3, C: 5, D: 8, E: 13, F: 20, G: 32, H: 50, J: 80, K: 125, L: 200, M: 315, N: 500, P: 800, Q: 1250, R: 2000,
};

type Cell = readonly [number, number] | '↓' | '↑';
const D = '↓' as const;
const U = '↑' as const;

/**
 * Table II-A, normal inspection, single sampling: one column per AQL, one row per code letter A..R,
 * copied cell by cell from the standard (arrows included).
 */
const TABLE_II_A: Readonly<Record<string, readonly Cell[]>> = {
  //          A       B       C       D       E       F       G       H       J        K        L        M        N        P        Q        R
  '0.65': [D, D, D, D, D, [0, 1], U, D, [1, 2], [2, 3], [3, 4], [5, 6], [7, 8], [10, 11], [14, 15], [21, 22]],
  '1': [D, D, D, D, [0, 1], U, D, [1, 2], [2, 3], [3, 4], [5, 6], [7, 8], [10, 11], [14, 15], [21, 22], U],
  '1.5': [D, D, D, [0, 1], U, D, [1, 2], [2, 3], [3, 4], [5, 6], [7, 8], [10, 11], [14, 15], [21, 22], U, U],
  '2.5': [D, D, [0, 1], U, D, [1, 2], [2, 3], [3, 4], [5, 6], [7, 8], [10, 11], [14, 15], [21, 22], U, U, U],
  '4': [D, [0, 1], U, D, [1, 2], [2, 3], [3, 4], [5, 6], [7, 8], [10, 11], [14, 15], [21, 22], U, U, U, U],
  '6.5': [[0, 1], U, D, [1, 2], [2, 3], [3, 4], [5, 6], [7, 8], [10, 11], [14, 15], [21, 22], U, U, U, U, U],
};

export type SamplingPlan = {
  /** The lot's code letter (table I). */
  lotLetter: CodeLetter;
  /** The letter of the plan used (differs from lotLetter when table II-A points with an arrow). */
  planLetter: CodeLetter;
  /** Pieces to draw and inspect: the plan's sample size, or the whole lot when that is smaller (100 % inspection). */
  sampleSize: number;
  ac: number;
  re: number;
};

export class AqlInputError extends Error {
  constructor(readonly field: 'lot_size' | 'level' | 'aql', message: string) {
    super(message);
  }
}

export function isAqlValue(v: number): v is AqlValue {
  return (AQL_VALUES as readonly number[]).includes(v);
}

export function isInspectionLevel(v: string): v is InspectionLevel {
  return (AQL_LEVELS as readonly string[]).includes(v);
}

/**
 * Table I: lot size and general inspection level → sample size code letter. Table I starts at lots
 * of 2; a lot of one piece is read in the first row, and samplingPlan then inspects that one piece.
 */
export function codeLetterOf(lotSize: number, level: InspectionLevel): CodeLetter {
  if (!Number.isInteger(lotSize) || lotSize < 1) throw new AqlInputError('lot_size', 'lot size must be a whole number of at least 1');
  const row = TABLE_I.find((r) => lotSize <= r[0])!;
  return row[AQL_LEVELS.indexOf(level) + 1] as CodeLetter;
}

/** Table II-A with the arrow rule: the plan (letter, Ac, Re) for a code letter and an AQL. */
export function planOfLetter(letter: CodeLetter, aql: AqlValue): { letter: CodeLetter; ac: number; re: number } {
  const column = TABLE_II_A[String(aql)];
  let i = CODE_LETTERS.indexOf(letter);
  const cell = column[i];
  // Follow the arrow to the first plan below (↓) or above (↑) it; the table never points off its ends.
  const step = cell === D ? 1 : cell === U ? -1 : 0;
  while (typeof column[i] === 'string') i += step;
  const [ac, re] = column[i] as readonly [number, number];
  return { letter: CODE_LETTERS[i], ac, re };
}

/** The whole single-sampling plan of a lot: what an inspection record stores. */
export function samplingPlan(lotSize: number, level: InspectionLevel, aql: number): SamplingPlan {
  if (!isInspectionLevel(level)) throw new AqlInputError('level', 'inspection level must be I, II or III');
  if (!isAqlValue(aql)) throw new AqlInputError('aql', `AQL must be one of ${AQL_VALUES.join(', ')}`);
  const lotLetter = codeLetterOf(lotSize, level);
  const plan = planOfLetter(lotLetter, aql);
  // ISO 2859-1 9.4: when the sample size equals or exceeds the lot size, inspect every piece.
  return { lotLetter, planLetter: plan.letter, sampleSize: Math.min(SAMPLE_SIZE[plan.letter], lotSize), ac: plan.ac, re: plan.re };
}

export type DefectCounts = { critical: number; major: number; minor: number };
export type InspectionVerdict = { result: 'pass' | 'fail'; reasons: Array<'critical' | 'major' | 'minor'> };

/**
 * The verdict of a sample: any critical defect fails (zero tolerance, the trade's rule for safety
 * defects such as needles or sharp points); major and minor defects are each judged against the
 * plan: a count reaching Re rejects the lot.
 */
export function judgeSample(counts: DefectCounts, plan: { re: number }): InspectionVerdict {
  const reasons: InspectionVerdict['reasons'] = [];
  if (counts.critical > 0) reasons.push('critical');
  if (counts.major >= plan.re) reasons.push('major');
  if (counts.minor >= plan.re) reasons.push('minor');
  return { result: reasons.length ? 'fail' : 'pass', reasons };
}
