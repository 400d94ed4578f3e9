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
 * Example: `await placeBars(w, [{ id: 7, line_id: 3, start: '2026-12-07', end: '2026-12-09', daily: null }], rowsById);`
 */
import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import { AppError, notFound } from '../../http/errors';
import { outsideScope, type WriteContext } from '../../resources/document-stages';
import { updateRecords } from '../../resources/record-writer';

type Row = Record<string, unknown>;

/** Where a bar goes: its line, first and last day, and its pieces per day (null: spread evenly). */
export type BarPlace = { id: number; line_id: number; start: string; end: string; daily: number[] | null };

/**
 * Writes the places of the bars in `places`; the caller has read them (`stored`, the rows by id) under
 * `for update` in this transaction and checked their versions and locks. Refuses with
 * `res.outOfScope` when one would leave the writer's data scope. Returns the rows as they are now.
 */
export async function placeBars(w: WriteContext, places: readonly BarPlace[], stored: ReadonlyMap<number, Row>): Promise<Row[]> {
  if (!places.length) return [];
  const entity = requireEntity('prodplan_bar');
  const records = places.map((p) => {
    const row = stored.get(p.id);
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
    { locked: places.map((p) => stored.get(p.id)!) },
  );
}
