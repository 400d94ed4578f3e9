/**
 * What makes a schedule true to the floor (issue 31), pure: the setup a line spends when it changes
 * from one plan to the next (by style family, fabric, colour and style: the company's changeover
 * rules), and the learning curve a line shows on a new style of a family, derived from its history of
 * planned against scanned output. The auto-scheduler (auto-schedule.ts) reads both; the planning
 * service loads them (src/server/services/planning/planning.schedule-inputs.ts).
 */
import { learningFactor } from './capacity';

/** What a plan brings to a line's sequence: its style family (the product category), fabric, colour and style. */
export type SetupKey = { family: string; fabric: string | null; colour: string | null; style: string | null };

/** What changes between two consecutive plans on a line, from the largest change to none. */
export type ChangeKind = 'family' | 'fabric' | 'colour' | 'style' | 'none';

/**
 * A company's changeover rules in minutes of setup by the largest change between consecutive plans;
 * `pairs` (key `from>to`, families) overrides `family` for a named change of family.
 */
export type ChangeoverRules = { family: number; fabric: number; colour: number; style: number; pairs?: Readonly<Record<string, number>> };

/** Used when a company has written no rule of a kind: a new family is the longest, a new style in the same fabric and colour the shortest. */
export const DEFAULT_CHANGEOVER: ChangeoverRules = { family: 240, fabric: 120, colour: 45, style: 20 };

const differs = (a: string | null, b: string | null) => a != null && b != null && a !== '' && b !== '' && a !== b;

/** The largest change from `prev` to `next` (unknown fabric or colour on either side counts as the same). */
export function changeKind(prev: SetupKey, next: SetupKey): ChangeKind {
  if (prev.family !== next.family) return 'family';
  if (differs(prev.fabric, next.fabric)) return 'fabric';
  if (differs(prev.colour, next.colour)) return 'colour';
  if (differs(prev.style, next.style)) return 'style';
  return 'none';
}

/** Setup minutes of a line going from `prev` (null: the line starts empty) to `next` under `rules`. */
export function changeoverMinutes(prev: SetupKey | null, next: SetupKey, rules: ChangeoverRules): number {
  if (!prev) return 0;
  const kind = changeKind(prev, next);
  if (kind === 'none') return 0;
  if (kind === 'family') return rules.pairs?.[`${prev.family}>${next.family}`] ?? rules.family;
  return rules[kind];
}

/** A stored rule row: the kind of change, optionally a named pair of families, and its minutes. */
export type ChangeoverRuleRow = { change: string; from_family?: string | null; to_family?: string | null; minutes: number };

/** A company's rule rows over the defaults: one row per kind sets it; a family row naming both families sets that pair. */
export function rulesFromRows(rows: readonly ChangeoverRuleRow[], defaults: ChangeoverRules = DEFAULT_CHANGEOVER): ChangeoverRules {
  const rules: ChangeoverRules = { ...defaults, pairs: { ...(defaults.pairs ?? {}) } };
  const pairs: Record<string, number> = { ...(rules.pairs ?? {}) };
  for (const r of rows) {
    const m = Number(r.minutes);
    if (!Number.isFinite(m) || m < 0) continue;
    if (r.change === 'family' && r.from_family && r.to_family) pairs[`${r.from_family}>${r.to_family}`] = m;
    else if (r.change === 'family' || r.change === 'fabric' || r.change === 'colour' || r.change === 'style') rules[r.change] = m;
  }
  rules.pairs = pairs;
  return rules;
}

// ---------------------------------------------------------------------------------------------
// learning curve from history

/**
 * One past run of a style on a line: the working days of its bar in order, each with the pieces
 * planned that day, the learning factor the plan applied to that day (1 when none) and the pieces
 * scanned out of its last process that day (null: no scan known for the day).
 */
export type LearningRun = { line_id: number; family: string; days: readonly { planned: number; factor: number; actual: number | null }[] };

export type LearningOptions = {
  /** Days of a run that may still be learning; the days after them are the run's steady rate. */
  span: number;
  /** A curve ends at the first day whose factor reaches this share of the steady rate. */
  plateau: number;
  /** Steady days a run needs to count (its rate must be known). */
  minSteady: number;
};
export const LEARNING: LearningOptions = { span: 6, plateau: 0.97, minSteady: 3 };

/**
 * A run's efficiency on each of its first `span` days relative to its own steady rate: a day's
 * efficiency is actual / (planned / factor), the pieces a fully learned line would have made in the
 * bar's share of that day; the steady rate is Σ actual / Σ full over the days after `span`. Null when
 * the run has too few steady days with scans or made nothing steady.
 */
function runShares(run: LearningRun, o: LearningOptions): (number | null)[] | null {
  const work = run.days.filter((d) => d.planned > 0);
  let sa = 0;
  let sf = 0;
  let steady = 0;
  for (let k = o.span; k < work.length; k++) {
    const d = work[k];
    if (d.actual == null) continue;
    sa += d.actual;
    sf += d.planned / (d.factor > 0 ? d.factor : 1);
    steady++;
  }
  if (steady < o.minSteady || !(sa > 0) || !(sf > 0)) return null;
  const rate = sa / sf;
  return work.slice(0, o.span).map((d) => (d.actual == null ? null : d.actual / (d.planned / (d.factor > 0 ? d.factor : 1)) / rate));
}

/**
 * Learning curves per line and family (key `line_id|family`) from past runs: for each of the first
 * `span` working days, the pieces-weighted mean share of the runs' steady rate, as whole percentages
 * within [20, 100], cut at the first day that reaches `plateau` (a family the line learns at once has
 * an empty curve). Pairs without a usable run are absent (the caller falls back to the line's setting,
 * then the company's default curve).
 */
export function learningCurves(runs: readonly LearningRun[], o: LearningOptions = LEARNING): Map<string, number[]> {
  const acc = new Map<string, { sum: number[]; n: number[] }>();
  for (const run of runs) {
    const shares = runShares(run, o);
    if (!shares) continue;
    const key = `${run.line_id}|${run.family}`;
    const a = acc.get(key) ?? { sum: new Array<number>(o.span).fill(0), n: new Array<number>(o.span).fill(0) };
    shares.forEach((s, k) => {
      if (s == null || !Number.isFinite(s)) return;
      a.sum[k] += s;
      a.n[k] += 1;
    });
    acc.set(key, a);
  }
  const out = new Map<string, number[]>();
  for (const [key, a] of acc) {
    const curve: number[] = [];
    for (let k = 0; k < o.span; k++) {
      if (!a.n[k]) break;
      const share = a.sum[k] / a.n[k];
      if (share >= o.plateau) break;
      curve.push(Math.round(Math.min(100, Math.max(20, share * 100))));
    }
    out.set(key, curve);
  }
  return out;
}

/** The factor a curve (percentages) gives the `k`-th working day of a run, as the scheduler applies it. */
export const curveFactor = (curve: readonly number[] | undefined, k: number) => learningFactor(curve, k);
