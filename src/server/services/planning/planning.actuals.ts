import { sql, type RawBuilder } from 'kysely';
import { attributeOutput, forecastBarEnd, forecastLineOutput, recentRatio, type DayFigures, type PlanOutput, type RunBar } from '../../../../calendars/actuals';
import { addDays, barPieces, dayKind, dayNumber, dayString, daysBetween, lineDayMinutes, minutesPerPieceOn, type PreparedCalendar } from '../../../../calendars/capacity';
import type { BarActual, LineActual, ScheduleActuals } from '../../../model/schedule-actuals';
import type { Db } from '../../db/database';
import { registerDerivedTables } from '../../db/derived-tables';
import { notFound } from '../../http/errors';
import { checkRange, companyCalendar, loadLines } from './planning.service';
import { OUTPUT_DAY } from './scan-output-day';
import { dayText, num } from '../../db/row-values';

/**
 * Plan against actual (issue 31): each line's and each bar's planned pieces against the pieces the
 * shop floor scanned out, and the forecasts made from them (calendars/actuals.ts, the method there).
 *
 * - **Output.** A plan's output is what is scanned out of its output work order: its sewing process
 *   (the lines are sewing lines), else its last. Only plans whose output work order is released or
 *   finished are tracked; the others (no work orders, or drafts) have no actual figures, so a plan the
 *   floor does not scan is never shown as behind.
 * - **Attribution.** A day's pieces go to the plan's bar whose run holds the day (`attributeOutput`),
 *   over every bar of the plan in the schedule shown (live, or the scenario's).
 * - **Rules in SQL.** The caller's tenant in every statement, the board's menu right (read) and the
 *   data-permission scope of the menu on the bars (alias `t`), as the board's reads.
 * - **Kept per day.** A plan's output days are read from `scm_wo_output_day` (scan-output-day.ts: each
 *   work order's pieces scanned out per day, kept by triggers on the scans), not summed from the scans
 *   on every read; the triggers find a day's scans by `scm_wo_scan_output_idx` (client_id,
 *   workorder_id, scanned_at, qty) where direction = 'out'.
 */
type Row = Record<string, unknown>;

/** Days of line history the line's ratio is measured on, before the as-of day. */
const HISTORY_DAYS = 14;

export type ActualsQuery = { from: string; to: string; scenario: number | null; lines: number[] | null; scope: RawBuilder<unknown>[]; asOf?: string };

type BarRow = RunBar & { category: string; mpp: number; shown: boolean };

/** The bars of the plans that have a bar on the asked lines within the span, every bar of those plans (for attribution). */
async function loadBars(tx: Db, clientId: number, q: ActualsQuery, lineIds: number[], from: string, to: string, cal: PreparedCalendar): Promise<BarRow[]> {
  if (!lineIds.length) return [];
  const schedule = q.scenario === null ? sql`t.scenario_id is null` : sql`t.scenario_id = ${q.scenario}`;
  const base = [sql`t.client_id = ${clientId}`, schedule, ...q.scope];
  const inSpan = sql`t.line_id in (${sql.join(lineIds)}) and t.start_date <= ${to}::date and t.end_date >= ${from}::date`;
  const r = await sql<Row>`select t.id, t.plan_id, t.line_id, t.start_date, t.end_date, t.qty, t.daily, p.category, p.minutes_per_piece,
      (${inSpan}) as shown
    from scm_prodplan_bar t join scm_prodplan p on p.client_id = t.client_id and p.id = t.plan_id
    where ${sql.join(base, sql` and `)}
      and t.plan_id in (select t.plan_id from scm_prodplan_bar t where ${sql.join([...base, inSpan], sql` and `)})
    order by t.plan_id, t.start_date, t.id`.execute(tx);
  return r.rows.map((b) => {
    const start = dayText(b.start_date);
    const end = dayText(b.end_date);
    const qty = num(b.qty);
    return {
      id: Number(b.id), plan_id: Number(b.plan_id), line_id: Number(b.line_id), start, end, qty,
      planned: barPieces(qty, Array.isArray(b.daily) ? (b.daily as unknown[]) : null, cal, start, end),
      category: String(b.category ?? ''), mpp: num(b.minutes_per_piece), shown: b.shown === true,
    };
  });
}

/** The tracked plans' output per day up to the as-of day (each plan's output work order's days, kept by scan-output-day.ts). */
async function loadOutput(tx: Db, clientId: number, planIds: number[], asOf: string): Promise<PlanOutput[]> {
  if (!planIds.length) return [];
  const r = await sql<Row>`with output as (
      select distinct on (w.plan_id) w.id, w.plan_id, w.status from scm_workorder w
      where w.client_id = ${clientId} and w.plan_id in (${sql.join(planIds)})
      order by w.plan_id, (w.process_type = 'sewing') desc, w.is_last desc, w.sequence desc, w.id
    )
    select o.plan_id, to_char(a.day, 'YYYY-MM-DD') as day, a.qty
    from output o
      -- One primary-key range per work order, whatever the planner knows of the kept table (lateral).
      left join lateral (select a.day, a.qty from ${sql.table(OUTPUT_DAY)} a where a.client_id = ${clientId} and a.workorder_id = o.id and a.day <= ${asOf}::date) a on true
    where o.status in ('released', 'finished')`.execute(tx);
  // A tracked plan without scans yet is listed with no day (tracked, nothing made).
  return r.rows.map((o) => ({ plan_id: Number(o.plan_id), date: o.day == null ? '' : String(o.day), qty: num(o.qty) }));
}

/** Per line: planned and actual pieces per day over [from, to] from the tracked bars. */
function lineDays(bars: BarRow[], made: Map<number, Map<number, number>>, from: string, n: number): Map<number, { planned: number[]; actual: number[] }> {
  const out = new Map<number, { planned: number[]; actual: number[] }>();
  const f = dayNumber(from);
  for (const b of bars) {
    const l = out.get(b.line_id) ?? { planned: new Array<number>(n).fill(0), actual: new Array<number>(n).fill(0) };
    out.set(b.line_id, l);
    const s = dayNumber(b.start);
    b.planned.forEach((q, i) => { const k = s + i - f; if (k >= 0 && k < n) l.planned[k] += q; });
    for (const [d, q] of made.get(b.id) ?? []) { const k = d - f; if (k >= 0 && k < n) l.actual[k] += q; }
  }
  return out;
}

/** Planned against actual over a range, with each running bar's forecast end and each line's next day. */
export async function scheduleActuals(tx: Db, clientId: number, q: ActualsQuery): Promise<ScheduleActuals> {
  checkRange(q.from, q.to);
  if (q.scenario !== null) {
    const s = await sql`select 1 from scm_schedule_scenario where client_id = ${clientId} and id = ${q.scenario}`.execute(tx);
    if (!s.rows.length) throw notFound();
  }
  const asOf = q.asOf ?? new Date().toISOString().slice(0, 10);
  const cal = await companyCalendar(tx, clientId, Number(q.from.slice(0, 4)));
  const asked = q.lines ? new Set(q.lines) : null;
  const lines = (await loadLines(tx, clientId)).filter((l) => !asked || asked.has(l.id));
  const lineById = new Map(lines.map((l) => [l.id, l]));
  // The lines' history before the as-of day counts for their ratio even when the range starts later.
  const spanFrom = dayNumber(q.from) < dayNumber(asOf) - HISTORY_DAYS ? q.from : addDays(asOf, -HISTORY_DAYS);
  const spanTo = dayNumber(q.to) > dayNumber(asOf) + 1 ? q.to : addDays(asOf, 1);
  const all = await loadBars(tx, clientId, q, lines.map((l) => l.id), spanFrom, spanTo, cal);
  const output = await loadOutput(tx, clientId, [...new Set(all.map((b) => b.plan_id))], asOf);
  const tracked = new Set(output.map((o) => o.plan_id));
  const bars = all.filter((b) => tracked.has(b.plan_id));
  const made = attributeOutput(bars, output.filter((o) => o.date));
  const n = daysBetween(spanFrom, spanTo);
  const perLine = lineDays(bars.filter((b) => lineById.has(b.line_id)), made, spanFrom, n);
  const a = dayNumber(asOf) - dayNumber(spanFrom);
  const lineRatio = new Map<number, number | null>();
  const lineOut: LineActual[] = [];
  const off = dayNumber(q.from) - dayNumber(spanFrom);
  const shownDays = daysBetween(q.from, q.to);
  let next = dayNumber(asOf) + 1;
  while (next < dayNumber(asOf) + 30 && !dayKind(cal, next).working) next++;
  for (const [lineId, d] of perLine) {
    const line = lineById.get(lineId)!;
    const history: DayFigures[] = [];
    for (let i = Math.max(0, a - HISTORY_DAYS); i < a; i++) history.push({ planned: d.planned[i], actual: d.actual[i] });
    const ratio = recentRatio(history);
    lineRatio.set(lineId, ratio);
    // The next working day from where the floor is: the line's tracked plans in its order (forecastLineOutput).
    const runs = bars.filter((b) => b.line_id === lineId).map((b) => ({ qty: b.qty, sam: minutesPerPieceOn(line.sam, b.category, b.mpp), made: made.get(b.id) ?? new Map<number, number>() }));
    const forecast = forecastLineOutput({ runs, capacityMinutes: (day) => lineDayMinutes(line, cal, day), learning: line.learning, day: next, completeBefore: dayNumber(asOf) });
    lineOut.push({
      line_id: lineId,
      planned: d.planned.slice(off, off + shownDays),
      actual: d.actual.slice(off, off + shownDays).map((x, i) => (off + i > a ? 0 : x)),
      ratio,
      next_day: dayString(next),
      forecast_next: Math.round(forecast),
    });
  }
  const barOut: BarActual[] = [];
  for (const b of bars) {
    const line = lineById.get(b.line_id);
    if (!b.shown || !line) continue;
    const mpp = minutesPerPieceOn(line.sam, b.category, b.mpp);
    const f = forecastBarEnd({
      bar: b, actual: made.get(b.id) ?? new Map(), asOf, cal, lineRatio: lineRatio.get(b.line_id) ?? null,
      capacityPieces: mpp > 0 ? (day) => lineDayMinutes(line, cal, day) / mpp : undefined,
    });
    barOut.push({ bar_id: b.id, plan_id: b.plan_id, line_id: b.line_id, qty: b.qty, planned_to_date: f.plannedToDate, actual: f.actual, ratio: f.ratio, plan_end: b.end, forecast_end: f.end, done: f.done });
  }
  const days = Array.from({ length: shownDays }, (_, i) => dayString(dayNumber(q.from) + i));
  return { from: q.from, to: q.to, as_of: asOf, days, bars: barOut, lines: lineOut };
}

/** The scans out of a work order by time, with their pieces: the actuals' read is an index-only range per plan. */
export const SCAN_OUTPUT_INDEX = 'scm_wo_scan_output_idx';

export async function installScanOutputIndex(db: Db): Promise<void> {
  await sql.raw(`create index if not exists ${SCAN_OUTPUT_INDEX} on scm_wo_scan (client_id, workorder_id, scanned_at, qty) where direction = 'out'`).execute(db);
}

registerDerivedTables({ name: 'scan output index', order: 4, install: installScanOutputIndex, tenantTables: () => [] });
