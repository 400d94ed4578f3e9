import { sql } from 'kysely';
import { addDays, dayNumber, daysBetween, lineCapacityRange, spreadBar } from '../../../../../calendars/capacity';
import { weekStart } from '../../../../model';
import { companyCalendar, loadLines } from '../../planning/planning.service';
import { registerServerQuery } from '../server-query';

const MAX_DAYS = 26 * 7;

/** The range a capacity report covers: its `f.start_date.between` filter, else the weeks the bars touch, else 8 weeks from this one. */
function rangeOf(query: Record<string, unknown>, bars: { start: string; end: string }[], today = new Date()): { from: string; to: string } {
  const asked = typeof query['f.start_date.between'] === 'string' ? String(query['f.start_date.between']).split(',') : [];
  let from: string;
  let to: string;
  if (asked.length === 2 && /^\d{4}-\d{2}-\d{2}$/.test(asked[0]) && /^\d{4}-\d{2}-\d{2}$/.test(asked[1])) [from, to] = asked;
  else if (bars.length) {
    from = bars.reduce((m, b) => (b.start < m ? b.start : m), bars[0].start);
    to = bars.reduce((m, b) => (b.end > m ? b.end : m), bars[0].end);
  } else {
    from = today.toISOString().slice(0, 10);
    to = addDays(from, 55);
  }
  from = weekStart(from);
  to = addDays(weekStart(to), 6);
  if (daysBetween(from, to) > MAX_DAYS) to = addDays(from, MAX_DAYS - 1);
  return { from, to };
}

/**
 * Capacity load by line and week (report `capacity-load`): the published schedule's bars (the
 * schedule bar list's WHERE on `t`: tenant, data permissions, filters; no draft scenario), each
 * bar's standard minutes spread over the working days of its run as the board spreads pieces, summed
 * per line and ISO week, beside the line's capacity in the same weeks (operators x working minutes of
 * the company's cycle calendar x efficiency, `lineCapacityRange` of calendars/capacity.ts).
 * Every line of the company appears, loaded or not; rows: line, week, load, capacity (minutes).
 * Bars of one line with the same first and last day are spread as one run (their minutes summed; a
 * spread differs from the bars' own spreads by at most a hundredth of a minute on a day).
 */
registerServerQuery('capacity-load', async ({ tx, clientId, where, query, aggregate }) => {
  // Bars of the same line and run are spread together (their minutes summed): from the run
  // aggregate (`prodplanbar_run`) when the run can read it, else grouped here from the bars.
  const bars = (
    aggregate
      ? await sql<{ line_id: number; start: string; end: string; minutes: number | null }>`
      select t.line_id, to_char(t.start_date, 'YYYY-MM-DD') as start, to_char(t.end_date, 'YYYY-MM-DD') as "end", t.minutes::float8 as minutes
      from rpt_agg_plan_bar t where ${aggregate.where} and t.bars <> 0`.execute(tx)
      : await sql<{ line_id: number; start: string; end: string; minutes: number | null }>`
      select t.line_id, to_char(t.start_date, 'YYYY-MM-DD') as start, to_char(t.end_date, 'YYYY-MM-DD') as "end", sum(coalesce(t.minutes, 0))::float8 as minutes
      from scm_prodplan_bar t where ${where} and t.scenario_id is null group by t.line_id, t.start_date, t.end_date`.execute(tx)
  ).rows;
  const { from, to } = rangeOf(query, bars);
  const n = daysBetween(from, to);
  const f0 = dayNumber(from);
  const cal = await companyCalendar(tx, clientId, Number(from.slice(0, 4)));
  const lines = await loadLines(tx, clientId);
  const load = new Map<number, number[]>();
  for (const b of bars) {
    const minutes = Number(b.minutes ?? 0);
    if (!minutes || b.end < from || b.start > to) continue;
    // Minutes per day in hundredths so the spread keeps the total to the cent.
    const spread = spreadBar(Math.round(minutes * 100), cal, b.start, b.end);
    const row = load.get(Number(b.line_id)) ?? new Array<number>(n).fill(0);
    load.set(Number(b.line_id), row);
    const off = dayNumber(b.start) - f0;
    spread.forEach((v, i) => {
      const at = off + i;
      if (at >= 0 && at < n) row[at] += v / 100;
    });
  }
  const out: { line: string; week: string; load: number; capacity: number }[] = [];
  for (const l of lines) {
    const cap = lineCapacityRange({ operators: l.operators, efficiency: l.efficiency }, cal, from, to);
    const ld = load.get(l.id);
    for (let w = 0; w < n; w += 7) {
      let c = 0;
      let m = 0;
      for (let i = w; i < Math.min(n, w + 7); i++) {
        c += cap[i];
        m += ld?.[i] ?? 0;
      }
      out.push({ line: String(l.id), week: addDays(from, w), load: Math.round(m * 100) / 100, capacity: Math.round(c * 100) / 100 });
    }
  }
  return out;
});
