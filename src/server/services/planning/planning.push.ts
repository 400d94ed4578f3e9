/**
 * The board's "move and push the following plans later" (a `move` command with `push`): the dropped
 * bar is laid into the target line's capacity from the drop day, and the line's bars behind it follow
 * in their order (calendars/cascade.ts `pushLater`), each laid day by day into the line's capacity
 * (`layBar`), so that after the move no bar overlaps another on the line and no day the move touches
 * is over capacity. Every bar is written through the document writer in the command's transaction, at
 * the version read under `for update`; locked bars and bars outside the planner's data scope stay.
 */
import { sql, type RawBuilder } from 'kysely';
import { requireEntity } from '../../../model';
import type { BoardCommand } from '../../../model/schedule-board';
import { layBar } from '../../../../calendars/capacity';
import { pushLater, type CascadeBar } from '../../../../calendars/cascade';
import { AppError, notFound } from '../../http/errors';
import type { WriteContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { companyCalendar, loadLines, minutesPerPiece, type LineSams } from './planning.service';

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));
const dateText = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export type PushedMove = { changed: number[]; previous: { id: number; line_id: number; start: string; end: string }[] };

export async function pushMove(
  w: WriteContext,
  cmd: Extract<BoardCommand, { op: 'move' }>,
  moved: { row: Row; category: string; planMinutes: number; scenario: number | null },
  sams: LineSams,
  scope: RawBuilder<unknown>[],
): Promise<PushedMove> {
  const tx = w.tx;
  const clientId = w.actor.clientId;
  const line = (await loadLines(tx, clientId, null, cmd.line_id))[0];
  if (!line) throw notFound();
  const inScope = scope.length ? sql`(${sql.join(scope, sql` and `)})` : sql`true`;
  const rows = (await sql<Row>`select t.id, t.version, t.line_id, t.start_date, t.end_date, t.qty, t.locked, ${inScope} as in_scope, p.category, p.minutes_per_piece
    from scm_prodplan_bar t join scm_prodplan p on p.id = t.plan_id and p.client_id = t.client_id
    where t.client_id = ${clientId} and t.line_id = ${cmd.line_id} and t.id <> ${cmd.bar_id} and t.end_date >= ${cmd.start}
      and ${moved.scenario === null ? sql`t.scenario_id is null` : sql`t.scenario_id = ${moved.scenario}`}
    order by t.start_date, t.id for update of t`.execute(tx)).rows;
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const others: CascadeBar[] = rows.map((r) => ({
    id: Number(r.id),
    start: dateText(r.start_date),
    end: dateText(r.end_date),
    // A bar the planner may not change stays where it is, like a locked one.
    locked: r.locked === true || !(r.in_scope === true || r.in_scope === 1 || r.in_scope === 't'),
  }));
  const cal = await companyCalendar(tx, clientId, Number(cmd.start.slice(0, 4)));
  const capacity = { operators: line.operators, efficiency: line.efficiency, learning: line.learning };
  const sameLine = Number(moved.row.line_id) === cmd.line_id;
  // A plan new to the line starts on its learning curve; the bars already running there do not.
  const lay = (id: number, from: string) => {
    const r = id === cmd.bar_id ? moved.row : byId.get(id)!;
    const mpp = id === cmd.bar_id ? minutesPerPiece(sams, cmd.line_id, moved.category, moved.planMinutes) : minutesPerPiece(sams, cmd.line_id, String(r.category ?? ''), num(r.minutes_per_piece));
    return layBar(num(r.qty), mpp, capacity, cal, from, { noLearning: id !== cmd.bar_id || sameLine, maxDays: 800 });
  };
  const result = pushLater({ id: cmd.bar_id, start: cmd.start }, others, lay);
  if (!result.ok) throw new AppError('planning.pushNoCapacity', { params: { line: line.code || line.name } });
  const barEntity = requireEntity('prodplan_bar');
  const previous: PushedMove['previous'] = [];
  for (const id of result.order) {
    const span = result.placed.get(id)!;
    const r = id === cmd.bar_id ? moved.row : byId.get(id)!;
    previous.push({ id, line_id: Number(r.line_id), start: dateText(r.start_date), end: dateText(r.end_date) });
    const version = id === cmd.bar_id ? cmd.version : Number(r.version);
    await writeDocument(w, barEntity, {
      id,
      version,
      body: { ...(id === cmd.bar_id ? { line_id: cmd.line_id } : {}), start_date: span.start, end_date: span.end, daily: span.daily ?? null },
    });
  }
  return { changed: result.order, previous };
}
