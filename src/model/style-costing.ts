/**
 * Style costing (issue 18, product development): the cost of one piece of a style and the price its
 * margin asks for, from the lines a costing version holds (a copy of the style's bill of materials
 * for one colour and of its routing). Pure and isomorphic: the server stores what it returns, the
 * browser may show the same figures while a planner types.
 *
 * - materials   = Σ consumption × (1 + wastage% / 100) × unit price        (per BOM line)
 * - processing  = Σ SMV × minute rate                                      (in-house routing steps)
 * - outsourcing = Σ outsourced price per piece                             (outsourced routing steps)
 * - overhead    = (materials + processing + outsourcing) × overhead% / 100
 * - cost        = materials + processing + outsourcing + overhead
 * - price       = cost / (1 − margin% / 100)   (margin is the share of the price, as merchandisers quote it)
 * - margin      = price − cost
 *
 * Every figure is rounded to 4 decimals (spec 9) once, at the end of its own sum; a line's amount is
 * rounded too, so the lines add up to the total the version shows.
 */
export type CostMaterialLine = { consumption: number; wastage_pct?: number | null; unit_price?: number | null };
export type CostProcessLine = { smv?: number | null; outsourced?: boolean | null; outsource_price?: number | null };
export type CostRates = { minute_rate: number; overhead_pct?: number | null; margin_pct?: number | null };

export type StyleCost = {
  materials: number;
  processing: number;
  outsourcing: number;
  overhead: number;
  cost: number;
  margin: number;
  price: number;
  /** Standard minutes per piece of the in-house steps (what capacity arithmetic counts). */
  smv: number;
};

/** Thrown for figures no costing can hold (a margin of 100 % or more, negative inputs). */
export class CostingInputError extends Error {
  constructor(readonly field: 'margin_pct' | 'overhead_pct' | 'minute_rate' | 'consumption' | 'wastage_pct' | 'unit_price' | 'smv' | 'outsource_price') {
    super(`costing: bad ${field}`);
  }
}

const round4 = (n: number): number => Math.round((n + Number.EPSILON) * 10000) / 10000;
const num = (v: number | null | undefined): number => (v === null || v === undefined || !Number.isFinite(Number(v)) ? 0 : Number(v));

function nonNegative<K extends ConstructorParameters<typeof CostingInputError>[0]>(field: K, v: number): number {
  if (v < 0) throw new CostingInputError(field);
  return v;
}

/** One BOM line's material cost per piece: consumption × (1 + wastage) × price. */
export function materialAmount(l: CostMaterialLine): number {
  const c = nonNegative('consumption', num(l.consumption));
  const w = nonNegative('wastage_pct', num(l.wastage_pct));
  const p = nonNegative('unit_price', num(l.unit_price));
  return round4(c * (1 + w / 100) * p);
}

/** One routing step's cost per piece: its outsourced price when outsourced, else SMV × minute rate. */
export function processAmount(l: CostProcessLine, minuteRate: number): number {
  if (l.outsourced) return round4(nonNegative('outsource_price', num(l.outsource_price)));
  return round4(nonNegative('smv', num(l.smv)) * nonNegative('minute_rate', minuteRate));
}

/** Standard minutes per piece of a routing: the in-house steps' SMV (outsourced steps use no line). */
export function routingMinutes(lines: readonly CostProcessLine[]): number {
  return round4(lines.filter((l) => !l.outsourced).reduce((a, l) => a + nonNegative('smv', num(l.smv)), 0));
}

/** The whole costing of one piece. */
export function costStyle(materials: readonly CostMaterialLine[], processes: readonly CostProcessLine[], rates: CostRates): StyleCost {
  const rate = nonNegative('minute_rate', num(rates.minute_rate));
  const overheadPct = nonNegative('overhead_pct', num(rates.overhead_pct));
  const marginPct = nonNegative('margin_pct', num(rates.margin_pct));
  if (marginPct >= 100) throw new CostingInputError('margin_pct');
  const m = round4(materials.reduce((a, l) => a + materialAmount(l), 0));
  const p = round4(processes.filter((l) => !l.outsourced).reduce((a, l) => a + processAmount(l, rate), 0));
  const o = round4(processes.filter((l) => l.outsourced).reduce((a, l) => a + processAmount(l, rate), 0));
  const overhead = round4(((m + p + o) * overheadPct) / 100);
  const cost = round4(m + p + o + overhead);
  const price = round4(cost / (1 - marginPct / 100));
  return { materials: m, processing: p, outsourcing: o, overhead, cost, margin: round4(price - cost), price, smv: routingMinutes(processes) };
}
