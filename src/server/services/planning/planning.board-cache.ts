import { sql } from 'kysely';
import type { PreparedCalendar } from '../../../../calendars/capacity';
import type { Db } from '../../db/database';
import { companyCalendar, loadLines } from './planning.service';

/**
 * A company's lines (with their settings) and cycle calendar as the board reads them (`loadLines`,
 * `companyCalendar`), kept in memory per company (issue 31: 300 lines with their settings cost
 * 10-60 ms a read on the embedded database). Each read first asks the database for a fingerprint of
 * the rows they are made of (md5 of the company's lines, line settings, workshops, calendars and
 * calendar days, as text): one query of a few milliseconds. Any change of those rows, by the writer
 * or by plain SQL, committed or inside the reader's own transaction, changes the fingerprint and the
 * next read loads them again; nothing has to remember to invalidate.
 */
type Kept = { stamp: string; lines: Awaited<ReturnType<typeof loadLines>>; calendars: Map<number, PreparedCalendar> };

const KEPT = new Map<number, Kept>();
/** Companies kept at most (the oldest read goes first). */
const MAX_COMPANIES = 200;

const tableStamp = (table: string, clientId: number) =>
  sql`(select md5(coalesce(string_agg(x::text, '|' order by x.id), '')) from ${sql.table(table)} x where x.client_id = ${clientId})`;

/** The fingerprint of the rows the lines and the calendar are read from. */
async function stampOf(tx: Db, clientId: number): Promise<string> {
  const tables = ['md_workline', 'md_workline_sam', 'md_workshop', 'scm_cycle_calendar', 'scm_cycle_calendar_day'];
  const r = await sql<{ s: string }>`select concat_ws(',', ${sql.join(tables.map((t) => tableStamp(t, clientId)))}) as s`.execute(tx);
  return String(r.rows[0]?.s ?? '');
}

/** Every line of the company (in `loadLines`' order) and its calendar for a year. */
export async function boardLinesAndCalendar(tx: Db, clientId: number, year: number): Promise<{ lines: Kept['lines']; calendar: PreparedCalendar }> {
  const stamp = await stampOf(tx, clientId);
  let kept = KEPT.get(clientId);
  if (!kept || kept.stamp !== stamp) {
    kept = { stamp, lines: await loadLines(tx, clientId), calendars: new Map() };
    KEPT.set(clientId, kept);
    if (KEPT.size > MAX_COMPANIES) KEPT.delete(KEPT.keys().next().value!);
  } else {
    // Most recently read last (the oldest goes first when the map is full).
    KEPT.delete(clientId);
    KEPT.set(clientId, kept);
  }
  let calendar = kept.calendars.get(year);
  if (!calendar) kept.calendars.set(year, (calendar = await companyCalendar(tx, clientId, year)));
  return { lines: kept.lines, calendar };
}

/** Forgets every kept company (tests). */
export function forgetBoardCache(): void {
  KEPT.clear();
}
