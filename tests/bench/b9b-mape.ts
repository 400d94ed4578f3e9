/**
 * Bench B9b, plan against actual (issue 31): after two weeks of scans, how well is each line's next
 * day of output forecast? Generated scan histories (fixtures/generators/scan-history.ts: 300 lines,
 * four weeks, the line's own pace drifting, noise, absences, a slower learning than planned,
 * changeovers, plans behind keeping the line); the first two weeks are history only, then every
 * working day of the next two weeks is forecast from the scans up to the day before
 * (`forecastDay`, calendars/actuals.ts: the line's planned pieces x its recent weighted ratio of actual
 * to planned, the method the board's read uses) and compared with what the floor made.
 * Baseline in the same run: the plan's own planned pieces of the day.
 * MAPE per line = mean over its forecast days with output of |actual - forecast| / actual.
 *
 * Usage: `npm run bench -- b9b-mape` (B9B_LINES, B9B_DAYS, B9B_SEED to change the problem).
 */
import { forecastDay, forecastLineOutput, type DayFigures } from '../../calendars/actuals';
import { dayNumber, lineDayMinutes } from '../../calendars/capacity';
import { scanHistory } from '../../fixtures/generators/scan-history';
import type { Bench, BenchLine } from './run';

const TARGET = 15;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))];
}
const pct = (v: number) => `${v.toFixed(1)} %`;

/** MAPE (in %) of the forecaster and of the plan for each line over the days after `warmUp`. */
export function lineMapes(warmUp: number, hist = scanHistory()): { ours: number[]; ratio: number[]; plan: number[]; days: number } {
  const ours: number[] = [];
  const ratio: number[] = [];
  const plan: number[] = [];
  let days = 0;
  const f0 = dayNumber(hist.from);
  for (const l of hist.lines) {
    let e = 0;
    let r = 0;
    let b = 0;
    let n = 0;
    const runs = l.plans.map((qty, k) => ({ qty, sam: l.sam, made: l.made.get(k) ?? new Map<number, number>() }));
    const capacityMinutes = (day: number) => lineDayMinutes(l.line, hist.calendar, day);
    for (let i = warmUp; i < hist.days; i++) {
      const a = l.actual[i];
      if (!(a > 0)) continue;
      // Only the scans before the day are seen (made maps hold the whole history; the forecaster reads days < day).
      e += Math.abs(a - forecastLineOutput({ runs, capacityMinutes, learning: l.line.learning, day: f0 + i })) / a;
      const history: DayFigures[] = [];
      for (let j = 0; j < i; j++) history.push({ planned: l.planned[j], actual: l.actual[j] });
      r += Math.abs(a - forecastDay(history, l.planned[i])) / a;
      b += Math.abs(a - l.planned[i]) / a;
      n++;
    }
    days = Math.max(days, n);
    ours.push(n ? (100 * e) / n : 0);
    ratio.push(n ? (100 * r) / n : 0);
    plan.push(n ? (100 * b) / n : 0);
  }
  return { ours, ratio, plan, days };
}

export const bench: Bench = {
  id: 'B9b',
  title: 'plan against actual: next-day output forecast per line after two weeks of scans (MAPE), vs the plan',
  run: () => {
    const lines = Number(process.env.B9B_LINES ?? 300);
    const days = Number(process.env.B9B_DAYS ?? 28);
    const seed = Number(process.env.B9B_SEED ?? 3131);
    const t0 = performance.now();
    const hist = scanHistory({ lines, days, seed });
    const t1 = performance.now();
    const { ours, ratio, plan, days: n } = lineMapes(14, hist);
    const t2 = performance.now();
    const mean = (a: number[]) => a.reduce((x, v) => x + v, 0) / Math.max(1, a.length);
    const so = [...ours].sort((a, b) => a - b);
    const sp = [...plan].sort((a, b) => a - b);
    const within = ours.filter((v) => v <= TARGET).length;
    const out: BenchLine[] = [
      { label: 'problem', value: `${lines} lines, ${days} days from ${hist.from} (first 14 history only), ${n} forecast working days a line, seed ${seed}` },
      { label: 'MAPE per line, forecaster: mean', value: `${pct(mean(ours))} (median ${pct(quantile(so, 0.5))}, p90 ${pct(quantile(so, 0.9))}, worst ${pct(so[so.length - 1])})` },
      { label: 'MAPE per line, plan (baseline): mean', value: `${pct(mean(plan))} (median ${pct(quantile(sp, 0.5))}, p90 ${pct(quantile(sp, 0.9))}, worst ${pct(sp[sp.length - 1])})` },
      { label: 'MAPE per line, plan x recent ratio: mean', value: `${pct(mean(ratio))} (the plan's days scaled by the line's recent actual / planned; not aware of where the floor is)` },
      { label: 'ratio forecaster / plan (mean MAPE)', value: `${(mean(ours) / Math.max(1e-9, mean(plan))).toFixed(2)}x` },
      { label: `lines within ${TARGET} %`, value: `forecaster ${within} of ${lines}, plan ${plan.filter((v) => v <= TARGET).length} of ${lines}` },
      { label: 'lines where the forecaster beats the plan', value: `${ours.filter((v, i) => v < plan[i]).length} of ${lines}` },
      { label: 'time', value: `generate ${Math.round(t1 - t0)} ms, forecast ${Math.round(t2 - t1)} ms` },
    ];
    // Every line's MAPE, ten a row: forecaster / plan.
    for (let i = 0; i < lines; i += 10) {
      const row = ours.slice(i, i + 10).map((v, k) => `${v.toFixed(1)}/${plan[i + k].toFixed(0)}`).join(' ');
      out.push({ label: `lines ${String(i + 1).padStart(3, '0')}-${String(Math.min(lines, i + 10)).padStart(3, '0')} (ours/plan %)`, value: row });
    }
    return { lines: out, passed: mean(ours) <= TARGET, target: `mean MAPE per line <= ${TARGET} % (and below the plan's)` };
  },
};
