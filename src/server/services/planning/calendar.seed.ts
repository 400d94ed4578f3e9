import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import { addDays, dayNumber, layBar, spreadBar, weekdayOf } from '../../../../calendars/capacity';
import { SCHEDULE_GROUPS } from '../../../../fixtures/generators/schedule-problem';
import { registerSeeder } from '../../db/seed';
import { writeContext, type WriteContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { withTenant } from '../../kernel/rls';
import { companyCalendar } from './planning.service';

/**
 * Demo calendar and line settings of the maker (issue 11), after the demo season (planning.seed.ts,
 * registered before this file in index.ts):
 * - the Chinese public holidays of this year and the next on the cycle calendar of each year (a
 *   calendar of next year is created with this year's hours), the Sundays worked in lieu ("调休上班")
 *   and two Sundays of rush overtime four and five weeks from now as overtime days;
 * - each sewing line's standard minutes of the categories it makes (the demo's standard minutes) and
 *   a learning curve of 60 / 80 / 90 %;
 * - the live bars that had pieces on a day now a holiday are laid again from that day into the line's
 *   free minutes (capacity.ts `layBar`), so the board still shows no line over capacity: a holiday
 *   pushes the rest of such a bar later, as it does in the workshop.
 * Idempotent: nothing when the maker's calendars already list days.
 */

/**
 * Public holidays of China by year (State Council arrangements; 2027 and 2028 are estimates from the
 * lunar calendar until announced). `work` are weekend days worked in lieu; with Monday-Saturday
 * working weeks only the Sundays among them matter (they become overtime days).
 */
const CN_HOLIDAYS: Record<number, { name: string; days: string[]; work?: string[] }[]> = {
  2026: [
    { name: '元旦', days: ['2026-01-01', '2026-01-02', '2026-01-03'], work: ['2026-01-04'] },
    { name: '春节', days: ['2026-02-15', '2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-02-21', '2026-02-22', '2026-02-23'], work: ['2026-02-14', '2026-02-28'] },
    { name: '清明节', days: ['2026-04-04', '2026-04-05', '2026-04-06'] },
    { name: '劳动节', days: ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04', '2026-05-05'], work: ['2026-05-09'] },
    { name: '端午节', days: ['2026-06-19', '2026-06-20', '2026-06-21'] },
    { name: '中秋节', days: ['2026-09-25', '2026-09-26', '2026-09-27'] },
    { name: '国庆节', days: ['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05', '2026-10-06', '2026-10-07'], work: ['2026-09-20', '2026-10-10'] },
  ],
  2027: [
    { name: '元旦', days: ['2027-01-01', '2027-01-02', '2027-01-03'] },
    { name: '春节', days: ['2027-02-05', '2027-02-06', '2027-02-07', '2027-02-08', '2027-02-09', '2027-02-10', '2027-02-11'], work: ['2027-01-31', '2027-02-20'] },
    { name: '清明节', days: ['2027-04-03', '2027-04-04', '2027-04-05'] },
    { name: '劳动节', days: ['2027-05-01', '2027-05-02', '2027-05-03', '2027-05-04', '2027-05-05'] },
    { name: '端午节', days: ['2027-06-09'] },
    { name: '中秋节', days: ['2027-09-15'] },
    { name: '国庆节', days: ['2027-10-01', '2027-10-02', '2027-10-03', '2027-10-04', '2027-10-05', '2027-10-06', '2027-10-07'] },
  ],
  2028: [
    { name: '元旦', days: ['2028-01-01'] },
    { name: '春节', days: ['2028-01-25', '2028-01-26', '2028-01-27', '2028-01-28', '2028-01-29', '2028-01-30', '2028-01-31'] },
    { name: '清明节', days: ['2028-04-04'] },
    { name: '劳动节', days: ['2028-05-01', '2028-05-02', '2028-05-03'] },
    { name: '端午节', days: ['2028-05-28'] },
    { name: '中秋节', days: ['2028-10-03'] },
    { name: '国庆节', days: ['2028-10-01', '2028-10-02', '2028-10-04', '2028-10-05', '2028-10-06', '2028-10-07'] },
  ],
};

type DayRow = { day_date: string; kind: 'holiday' | 'overtime'; name: string };

/** The demo's listed days of one year: holidays, the Sundays worked in lieu, and the given rush Sundays. */
export function demoCalendarDays(year: number, rushSundays: string[]): DayRow[] {
  const rows: DayRow[] = [];
  for (const h of CN_HOLIDAYS[year] ?? []) {
    for (const d of h.days) rows.push({ day_date: d, kind: 'holiday', name: h.name });
    for (const d of h.work ?? []) if (weekdayOf(dayNumber(d)) === 7) rows.push({ day_date: d, kind: 'overtime', name: `${h.name}调休上班` });
  }
  for (const d of rushSundays) if (d.startsWith(String(year)) && !rows.some((r) => r.day_date === d)) rows.push({ day_date: d, kind: 'overtime', name: '赶货加班' });
  return rows.sort((a, b) => (a.day_date < b.day_date ? -1 : 1));
}

export async function seedCalendarDemo(w: WriteContext, today = new Date()): Promise<void> {
  const tx = w.tx;
  const clientId = w.actor.clientId;
  const listed = await sql<{ n: number }>`select count(*)::int as n from scm_cycle_calendar_day where client_id = ${clientId}`.execute(tx);
  if (listed.rows[0].n > 0) return;
  const t = today.toISOString().slice(0, 10);
  const year = Number(t.slice(0, 4));
  const sunday = addDays(t, 7 - weekdayOf(dayNumber(t)));
  // Two Sundays of rush overtime from four weeks on, skipping Sundays that are holidays anyway.
  const isHoliday = (d: string) => (CN_HOLIDAYS[Number(d.slice(0, 4))] ?? []).some((h) => h.days.includes(d));
  const rush: string[] = [];
  for (let k = 4; rush.length < 2 && k < 20; k++) if (!isHoliday(addDays(sunday, 7 * k))) rush.push(addDays(sunday, 7 * k));
  const calEntity = requireEntity('cyclecalendar');
  const base = (await sql<Record<string, unknown>>`select * from scm_cycle_calendar where client_id = ${clientId} order by (year = ${year}) desc, year desc, id desc limit 1`.execute(tx)).rows[0];
  const hours = base
    ? { am_start: base.am_start, am_end: base.am_end, pm_start: base.pm_start, pm_end: base.pm_end, work_weekdays: base.work_weekdays }
    : { am_start: '08:00:00', am_end: '12:00:00', pm_start: '13:00:00', pm_end: '17:30:00', work_weekdays: '1,2,3,4,5,6' };
  for (const y of [year, year + 1]) {
    const days = demoCalendarDays(y, rush);
    const own = (await sql<{ id: number; version: number }>`select id, version from scm_cycle_calendar where client_id = ${clientId} and year = ${y} order by id desc limit 1`.execute(tx)).rows[0];
    if (own) await writeDocument(w, calEntity, { id: Number(own.id), version: Number(own.version), body: { days } });
    else await writeDocument(w, calEntity, { body: { name: `${y} 生产日历`, cycle_type: 'month', year: y, ...hours, days } });
  }

  // Line settings: the standard minutes of the categories each line makes, and a learning curve.
  const samOf = new Map<string, number>();
  for (const g of SCHEDULE_GROUPS) g.categories.forEach((c, i) => samOf.set(c, g.sam[i]));
  const lines = await sql<{ id: number; version: number; categories: unknown }>`select id, version, categories from md_workline where client_id = ${clientId} order by id`.execute(tx);
  for (const l of lines.rows) {
    const cats = Array.isArray(l.categories) ? (l.categories as unknown[]).map(String) : [];
    const sams = cats.filter((c) => samOf.has(c)).map((c) => ({ category: c, sam: samOf.get(c)! }));
    if (!sams.length) continue;
    await writeDocument(w, requireEntity('workline'), { id: Number(l.id), version: Number(l.version), body: { learning_curve: '60,80,90', sams } });
  }

  await relayBarsOverHolidays(w, year);
}

/** Lays again, from the first holiday they worked on, the live bars that had pieces on a holiday. */
async function relayBarsOverHolidays(w: WriteContext, year: number): Promise<void> {
  const tx = w.tx;
  const clientId = w.actor.clientId;
  const cal = await companyCalendar(tx, clientId, year);
  const lines = await sql<Record<string, unknown>>`select id, operators, efficiency from md_workline where client_id = ${clientId}`.execute(tx);
  const bars = await sql<Record<string, unknown>>`select b.id, b.version, b.line_id, b.start_date, b.end_date, b.qty, b.daily, p.minutes_per_piece
    from scm_prodplan_bar b join scm_prodplan p on p.id = b.plan_id and p.client_id = b.client_id
    where b.client_id = ${clientId} and b.scenario_id is null order by b.line_id, b.start_date, b.id`.execute(tx);
  const barEntity = requireEntity('prodplan_bar');
  for (const l of lines.rows) {
    const line = { operators: Number(l.operators ?? 0), efficiency: Number(l.efficiency ?? 100) };
    const mine = bars.rows
      .filter((b) => Number(b.line_id) === Number(l.id))
      .map((b) => {
        const start = String(b.start_date).slice(0, 10);
        const end = String(b.end_date).slice(0, 10);
        const stored = Array.isArray(b.daily) ? (b.daily as unknown[]).map(Number) : null;
        const daily = stored && stored.length === dayNumber(end) - dayNumber(start) + 1 ? stored : spreadBar(Number(b.qty), cal, start, end);
        return { id: Number(b.id), version: Number(b.version), start, daily, mpp: Number(b.minutes_per_piece) };
      });
    // Minutes used per day by the line's bars (as they stand now).
    const used = new Map<number, number>();
    const add = (bar: (typeof mine)[number], sign: number) =>
      bar.daily.forEach((q, i) => {
        const d = dayNumber(bar.start) + i;
        used.set(d, (used.get(d) ?? 0) + sign * q * bar.mpp);
      });
    mine.forEach((b) => add(b, 1));
    for (const b of mine) {
      const s = dayNumber(b.start);
      const firstOff = b.daily.findIndex((q, i) => q > 0 && cal.holidays.has(s + i) && !cal.overtime.has(s + i));
      if (firstOff < 0) continue;
      add(b, -1);
      const kept = b.daily.slice(0, firstOff);
      const rest = b.daily.slice(firstOff).reduce((a, q) => a + q, 0);
      const laid = layBar(rest, b.mpp, line, cal, addDays(b.start, firstOff), { used: (d) => used.get(d) ?? 0, noLearning: true });
      if (!laid) {
        add(b, 1);
        continue;
      }
      const gap = dayNumber(laid.start) - (s + firstOff);
      b.daily = [...kept, ...new Array<number>(gap).fill(0), ...laid.daily];
      add(b, 1);
      await writeDocument(w, barEntity, { id: b.id, version: b.version, body: { end_date: laid.end, daily: b.daily } });
    }
  }
}

registerSeeder(async (db, { tenants, users }) => {
  const maker = tenants.MAKER01;
  const admin = users.maker;
  if (!maker || !admin) return;
  const actor = { clientId: maker, userId: admin, username: 'maker', fullname: '工厂管理员', ip: null, roles: ['clientadmin'] };
  await withTenant(db, maker, (tx) => seedCalendarDemo(writeContext(tx, actor, 'seed')));
  // An exchange seeder like the demo season's (planning.seed.ts, registered first in index.ts), so it
  // runs after it: the lines and bars it changes exist then.
}, { exchange: true });
