import { sql, type RawBuilder } from 'kysely';
import { requireEntity } from '../../../model';
import type { CycleCalendarDay, CycleCalendarView, CycleDayCommand, LineMonthView } from '../../../model/calendar';
import { addDays, dayKinds } from '../../../../calendars/capacity';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { WriteContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { boardData } from './planning.board-read';
import { calendarDays, companyCalendar, loadLines } from './planning.service';

/**
 * The calendar views' data (issue 11, calendars/cycle-calendar.calendar.ts and line-month.calendar.ts):
 * the company's cycle calendar of a year day by day, a day's kind written as a child row of that
 * year's calendar through the document writer, and one line's month. Every statement names the
 * caller's tenant; the day kinds come from the same capacity arithmetic the board and the
 * auto-scheduler use, so what the view shows is what capacity counts.
 */

type Row = Record<string, unknown>;

function bad(reason: string): AppError {
  return new AppError('planning.badCommand', { params: { reason } });
}

const isYear = (y: unknown): y is number => typeof y === 'number' && Number.isInteger(y) && y >= 2000 && y <= 2100;

/** Parses a year query value (default: this year). */
export function parseYear(v: unknown, today = new Date()): number {
  if (v === undefined || v === null || v === '') return today.getUTCFullYear();
  const y = typeof v === 'string' && /^\d{4}$/.test(v) ? Number(v) : typeof v === 'number' ? v : NaN;
  if (!isYear(y)) throw bad('year: 2000..2100');
  return y;
}

async function yearCalendar(tx: Db, clientId: number, year: number): Promise<Row | undefined> {
  // The same calendar of a year that capacity reads (the newest row of that year).
  const r = await sql<Row>`select id, version, name, year, work_weekdays from scm_cycle_calendar where client_id = ${clientId} and year = ${year} order by id desc limit 1`.execute(tx);
  return r.rows[0];
}

export async function cycleCalendarView(tx: Db, clientId: number, year: number): Promise<CycleCalendarView> {
  const cal = await companyCalendar(tx, clientId, year);
  const row = await yearCalendar(tx, clientId, year);
  const names = new Map((await calendarDays(tx, clientId)).map((d) => [d.date, d.name]));
  const days: CycleCalendarDay[] = dayKinds(cal, `${year}-01-01`, `${year}-12-31`).map((d) => ({
    date: d.date,
    working: d.working,
    holiday: d.holiday,
    overtime: d.overtime,
    minutes: d.working ? cal.minutes : 0,
    name: names.get(d.date) ?? null,
  }));
  return {
    year,
    calendar: row ? { id: Number(row.id), version: Number(row.version), name: String(row.name ?? ''), year: Number(row.year), work_weekdays: String(row.work_weekdays ?? ''), minutes: cal.minutes } : null,
    days,
  };
}

/**
 * Makes a date a holiday, an overtime day, or an ordinary day (kind null) of its year's cycle calendar,
 * at the calendar's version read (a stale one is the 409 of every document). A year without a calendar
 * gets one, with the hours of the company's newest calendar (else the entity's defaults).
 */
export async function setCalendarDay(w: WriteContext, day: CycleDayCommand): Promise<CycleCalendarView> {
  const cmd = { ...day, year: Number(day.date.slice(0, 4)) };
  const tx = w.tx;
  const clientId = w.actor.clientId;
  const entity = requireEntity('cyclecalendar');
  const current = await yearCalendar(tx, clientId, cmd.year);
  const entry = cmd.kind ? { day_date: cmd.date, kind: cmd.kind, name: cmd.name ?? null } : null;
  if (cmd.calendar_id === null) {
    // The view read "no calendar this year"; someone else created one since: stale.
    if (current) throw new AppError('err.staleVersion');
    if (!entry) return cycleCalendarView(tx, clientId, cmd.year);
    const newest = (await sql<Row>`select am_start, am_end, pm_start, pm_end, work_weekdays, cycle_type from scm_cycle_calendar where client_id = ${clientId} order by year desc, id desc limit 1`.execute(tx)).rows[0];
    const hours = newest ? { am_start: newest.am_start, am_end: newest.am_end, pm_start: newest.pm_start, pm_end: newest.pm_end, work_weekdays: newest.work_weekdays, cycle_type: newest.cycle_type ?? 'month' } : {};
    await writeDocument(w, entity, { body: { name: `${cmd.year} 生产日历`, cycle_type: 'month', year: cmd.year, ...hours, days: [entry] } });
    return cycleCalendarView(tx, clientId, cmd.year);
  }
  // Another company's calendar (or none) is not found; another calendar of this company, or one that
  // is no longer the year's, means the view is stale.
  const named = await sql<Row>`select id from scm_cycle_calendar where id = ${cmd.calendar_id} and client_id = ${clientId}`.execute(tx);
  if (!named.rows.length) throw new AppError('err.notFound');
  if (!current || Number(current.id) !== cmd.calendar_id) throw new AppError('err.staleVersion');
  const stored = await sql<Row>`select id, day_date, kind, name from scm_cycle_calendar_day where client_id = ${clientId} and calendar_id = ${cmd.calendar_id} order by id`.execute(tx);
  const dateOf = (r: Row) => (r.day_date instanceof Date ? r.day_date.toISOString().slice(0, 10) : String(r.day_date).slice(0, 10));
  const same = stored.rows.filter((r) => dateOf(r) === cmd.date);
  const others = stored.rows.filter((r) => dateOf(r) !== cmd.date).map((r) => ({ id: Number(r.id) }));
  // The date's row is kept (updated) when it stays listed, so its history reads as one row changing.
  const days = entry ? [...others, { ...(same[0] ? { id: Number(same[0].id) } : {}), ...entry }] : others;
  await writeDocument(w, entity, { id: cmd.calendar_id, version: cmd.version, body: { days } });
  return cycleCalendarView(tx, clientId, cmd.year);
}

/** Parses `YYYY-MM` (default: this month). */
export function parseMonth(v: unknown, today = new Date()): string {
  if (v === undefined || v === null || v === '') return today.toISOString().slice(0, 7);
  if (typeof v !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(v) || !isYear(Number(v.slice(0, 4)))) throw bad('month: YYYY-MM');
  return v;
}

/** One line's month: its days, capacity, load and settings, and the live bars touching the month. */
export async function lineMonth(tx: Db, clientId: number, q: { line: number | null; month: string; scope: RawBuilder<unknown>[] }): Promise<LineMonthView> {
  const from = `${q.month}-01`;
  const y = Number(q.month.slice(0, 4));
  const m = Number(q.month.slice(5, 7));
  const to = addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
  const all = await loadLines(tx, clientId);
  const lines = all.map((l) => ({ id: l.id, code: l.code, name: l.name, workshop_name: l.workshop_name }));
  // None chosen: the line busiest in the month (its live bars' pieces), else the first.
  const busiest = q.line
    ? undefined
    : (await sql<Row>`select t.line_id from scm_prodplan_bar t where t.client_id = ${clientId} and t.scenario_id is null and t.start_date <= ${to}::date and t.end_date >= ${from}::date
        ${q.scope.length ? sql`and ${sql.join(q.scope, sql` and `)}` : sql``}
        group by t.line_id order by sum(t.qty) desc, t.line_id limit 1`.execute(tx)).rows[0];
  const lineId = q.line ?? (busiest && all.some((l) => l.id === Number(busiest.line_id)) ? Number(busiest.line_id) : (all[0]?.id ?? null));
  if (lineId !== null && !all.some((l) => l.id === lineId)) throw new AppError('err.notFound');
  if (lineId === null) {
    const data = await boardData(tx, clientId, { from, to, scenario: null, workshop: null, line: -1, scope: q.scope });
    return { month: q.month, from, to, days: data.days, line: null, lines, bars: [] };
  }
  const data = await boardData(tx, clientId, { from, to, scenario: null, workshop: null, line: lineId, scope: q.scope });
  return { month: q.month, from, to, days: data.days, line: data.lines[0] ?? null, lines, bars: data.bars };
}
