import { sql } from 'kysely';
import { weekStart } from '../../src/model';
import { addDays, companyCalendar, daysBetween, keptLineLoad, lineCapacityRange, loadLines, scheduleLoad, type BarLoadRow, type LineSams, type ServerQuery } from '../../src/server/services/reports/query-kit';

const MAX_DAYS = 26 * 7;

/** The range a report asks for (`f.start_date.between`), or null. */
function askedRange(query: Record<string, unknown>): { from: string; to: string } | null {
  const asked = typeof query['f.start_date.between'] === 'string' ? String(query['f.start_date.between']).split(',') : [];
  return asked.length === 2 && /^\d{4}-\d{2}-\d{2}$/.test(asked[0]) && /^\d{4}-\d{2}-\d{2}$/.test(asked[1]) ? { from: asked[0], to: asked[1] } : null;
}

/** The weeks a capacity report covers: the asked range, else the weeks the bars touch, else 8 weeks from this one; whole ISO weeks, at most 26. */
function weeksOf(range: { from: string; to: string } | null, bars: { start: string; end: string }[], today = new Date()): { from: string; to: string } {
  let from: string;
  let to: string;
  if (range) ({ from, to } = range);
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
 * Capacity load by line and ISO week (report `capacity-load`, the tower's line utilisation heatmap):
 * a line's week load is the sum of the board's day loads of that line over the week's seven days, its
 * capacity the sum of the board's day capacities. Both come from the functions the board uses:
 * `scheduleLoad` (planning.service.ts: each bar's `barLoad` of calendars/capacity.ts, its pieces of a
 * day x its minutes per piece on its line) and `lineCapacityRange`, with the company's cycle calendar.
 * Bars: the published schedule's (no draft scenario) under the schedule bar list's WHERE on `t`
 * (tenant, data permissions, filters). The date filter `f.start_date.between` is the range of weeks
 * shown, not a condition on a bar's first day: every bar running into those weeks counts on their days.
 * Every line of the company appears, loaded or not; rows: line, week, load, capacity (minutes).
 * An overloaded week (utilisation above 100 %) is a week whose load exceeds its capacity
 * (`weekOverloaded`); it always holds at least one overloaded day of the board.
 *
 * When the run may read it (`aggregate`: no filter or data permission but on the line, the company's
 * calendars agreeing on their weekdays; aggregates.ts `prodplanbar_line_day`), the day loads come from
 * the table the database keeps of exactly these figures (planning/line-day-load.ts) instead of laying
 * out every bar of the weeks here: at 500,000 bars the difference between about 1.5 s and a few ms.
 */
export const query: ServerQuery = async ({ tx, clientId, where, whereWithout, query, aggregate }) => {
  const asked = askedRange(query);
  // The bars of the weeks shown (read on the raw path only), or without a range the live bars' first and last day.
  let rows: (BarLoadRow & { start: string; end: string })[] = [];
  if (!aggregate) {
    // Every bar running into the weeks shown (a week's first days before the asked range count too).
    const shown = asked ? weeksOf(asked, []) : null;
    rows = (
      await sql<BarLoadRow & { start: string; end: string }>`
        select t.line_id, to_char(t.start_date, 'YYYY-MM-DD') as start_date, to_char(t.end_date, 'YYYY-MM-DD') as end_date,
          to_char(t.start_date, 'YYYY-MM-DD') as start, to_char(t.end_date, 'YYYY-MM-DD') as "end", t.qty, t.daily, p.category, p.minutes_per_piece
        from scm_prodplan_bar t join scm_prodplan p on p.id = t.plan_id and p.client_id = t.client_id
        where ${asked && whereWithout ? whereWithout('start_date') : where} and t.scenario_id is null
          ${shown ? sql`and t.start_date <= ${shown.to}::date and t.end_date >= ${shown.from}::date` : sql``}`.execute(tx)
    ).rows;
  } else if (!asked) {
    rows = (
      await sql<BarLoadRow & { start: string; end: string }>`select to_char(min(t.start_date), 'YYYY-MM-DD') as start, to_char(max(t.end_date), 'YYYY-MM-DD') as "end"
        from scm_prodplan_bar t join scm_prodplan p on p.id = t.plan_id and p.client_id = t.client_id
        where ${where} and t.scenario_id is null having count(*) > 0`.execute(tx)
    ).rows;
  }
  const { from, to } = weeksOf(asked, rows);
  const n = daysBetween(from, to);
  const cal = await companyCalendar(tx, clientId, Number(from.slice(0, 4)));
  const lines = await loadLines(tx, clientId);
  const sams: LineSams = new Map(lines.map((l) => [l.id, l.sam]));
  const load = aggregate ? await keptLineLoad(tx, aggregate.where, from, to) : scheduleLoad(rows, cal, sams, from, to);
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
};
