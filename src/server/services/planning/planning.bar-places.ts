/**
 * Bars put on new lines and days in one statement (issue 31: a cascade at a group's scale moves
 * hundreds of bars of a line; one document write per bar cost ~70 ms each, the bars' statement
 * triggers included). Used by "move and push the following plans later" (planning.push.ts) and by its
 * undo, the `place` command, which puts every bar a push moved back where it was.
 *
 * Through the record writer's bulk form (`updateRecords`: tenant, version + 1, stamps, afterWrite
 * hooks, an audit row per bar naming each field changed), after the data scope of the result is
 * checked for every bar (`outsideScope`, as the document writer does for one).
 *
 * Example: `await placeBars(w, [{ id: 7, line_id: 3, start: '2026-12-07', end: '2026-12-09', daily: null }]);`
 */
import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import type { BarPlacement } from '../../../model/schedule-board';
import { dayNumber } from '../../../../calendars/capacity';
import { AppError, notFound } from '../../http/errors';
import { MAX_IDS_PER_CALL } from '../../http/id-list';
import { outsideScope, type WriteContext } from '../../resources/document-stages';
import { updateRecords } from '../../resources/record-writer';

type Row = Record<string, unknown>;

/** Where a bar goes: its line, first and last day, and its pieces per day (null: spread evenly). */
export type BarPlace = { id: number; line_id: number; start: string; end: string; daily: number[] | null };

/**
 * Writes the places of the bars in `places`; the caller has read them under `for update` and checked
 * their versions and locks. Refuses with `res.outOfScope` when one would leave the writer's data scope.
 * Returns the rows as they are now.
 */
export async function placeBars(w: WriteContext, places: readonly BarPlace[]): Promise<Row[]> {
  if (!places.length) return [];
  const entity = requireEntity('prodplan_bar');
  const stored = await sql<Row>`select t.* from scm_prodplan_bar t where t.client_id = ${w.actor.clientId} and t.id in (${sql.join(places.map((p) => p.id))})`.execute(w.tx);
  const byId = new Map(stored.rows.map((r) => [Number(r.id), r]));
  const records = places.map((p) => {
    const row = byId.get(p.id);
    if (!row) throw notFound();
    return { id: p.id, values: { ...row, line_id: p.line_id, start_date: p.start, end_date: p.end, daily: p.daily } };
  });
  if ((await outsideScope(w, entity, records)).size) throw new AppError('res.outOfScope');
  const values = sql.join(places.map((p) => sql`(${p.id}::bigint, ${p.line_id}::bigint, ${p.start}::date, ${p.end}::date, ${p.daily ? JSON.stringify(p.daily) : null}::jsonb)`));
  return updateRecords(
    w,
    entity,
    { where: sql`t.id = v.id`, from: sql`(values ${values}) as v(id, line_id, start_date, end_date, daily)` },
    { line_id: sql`v.line_id`, start_date: sql`v.start_date`, end_date: sql`v.end_date`, daily: sql`v.daily` },
  );
}

/** The longest run a placed bar may have, in days (a push lays at most 800 days, `layBar`'s `maxDays`). */
const MAX_PLACED_DAYS = 800;
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(dayNumber(v));
// Pieces per day as a bar keeps them (the server spreads them evenly when they do not fit the bar's run).
const isDaily = (v: unknown): v is number[] | null | undefined =>
  v === undefined || v === null || (Array.isArray(v) && v.length <= MAX_PLACED_DAYS && v.every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0));

/**
 * The bars of a `place` command read from its body, or null when it is malformed: 1 to 1,000 distinct
 * bars, each with an id, a version, a line, a first and a last day (not before the first, at most 800
 * days) and, optionally, its pieces per day.
 */
export function parsePlacements(raw: unknown): BarPlacement[] | null {
  if (!Array.isArray(raw) || !raw.length || raw.length > MAX_IDS_PER_CALL) return null;
  const out: BarPlacement[] = [];
  for (const item of raw) {
    const b = (item ?? {}) as Record<string, unknown>;
    if (!isId(b.bar_id) || !Number.isSafeInteger(b.version) || !isId(b.line_id) || !isDate(b.start) || !isDate(b.end)) return null;
    const days = dayNumber(b.end) - dayNumber(b.start) + 1;
    if (days < 1 || days > MAX_PLACED_DAYS || !isDaily(b.daily)) return null;
    out.push({ bar_id: b.bar_id, version: b.version as number, line_id: b.line_id, start: b.start, end: b.end, daily: b.daily ?? null });
  }
  return new Set(out.map((b) => b.bar_id)).size === out.length ? out : null;
}
