/**
 * The board's "move and push the following plans later" (a `move` command with `push`), the re-plan
 * after one drag (issue 31): the dropped bar is laid into the target line's free minutes from the drop
 * day and the line's bars in its way follow in their order (calendars/cascade.ts `pushLater`), each laid
 * by the auto-scheduler's own laying (calendars/schedule-replan.ts over schedule-engine.ts): never
 * before its plan's material gate (the purchase of its materials, planning.schedule-inputs.ts), with
 * the setup the company's changeover rules charge for what it follows (family, fabric, colour, style)
 * and the learning curve the line learned for the family on a new style. A bar clear of the cascade that
 * now follows another change is laid again where it is; on the line the bar left, the bars after it are
 * laid again where they are as far as their setup changed. So after the move no bar overlaps another on
 * the line and no day the move touches is over capacity. Every bar is written in one statement through
 * the record writer's bulk form (planning.bar-places.ts) in the command's transaction, at the version
 * read under `for update`; locked bars and bars outside the planner's data scope stay.
 */
import { sql, type RawBuilder } from 'kysely';
import type { BoardCommand } from '../../../model/schedule-board';
import { barLoad, barPieces, efficiencyFraction, type PreparedCalendar } from '../../../../calendars/capacity';
import type { SchedLine, SchedPlan } from '../../../../calendars/schedule-engine';
import { replanLine, type LineBar, type ReplanBar } from '../../../../calendars/schedule-replan';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import type { WriteContext } from '../../resources/document-stages';
import { placeBars, type BarPlace } from './planning.bar-places';
import { loadLines, minutesPerPiece, type LineSams } from './planning.service';
import { scheduleInputs, type PlanSetup } from './planning.schedule-inputs';
import { dayText, num } from '../../db/row-values';

type Row = Record<string, unknown>;
const dailyOf = (v: unknown): number[] | null => {
  const a = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(a) ? a.map(num) : null;
};

/** The bars a push wrote, and where each was (with its stored pieces per day, null when spread evenly) for the board's undo. */
export type PushedMove = { changed: number[]; previous: { id: number; line_id: number; start: string; end: string; daily: number[] | null }[] };

/** The dragged bar and its plan (rows as stored); `keepDay`: the planner kept the drop day before its plan's material gate (laid from that day, not the gate). */
type Moved = { row: Row; plan: Row; scenario: number | null; keepDay?: boolean };

/** What the command read already: every line's SAMs, the planner's data scope, the company's calendar of a year. */
type Read = { sams: LineSams; scope: RawBuilder<unknown>[]; calendar: (year: number) => Promise<PreparedCalendar> };

/**
 * A line's bars of one schedule but the dragged one, locked for update: those ending on or after `from`
 * and the last one starting before it (what the first bar laid follows), with their plans.
 */
async function lineBarRows(tx: Db, clientId: number, lineId: number, from: string, moved: Moved, barId: number, inScope: RawBuilder<unknown>): Promise<Row[]> {
  const schedule = moved.scenario === null ? sql`scenario_id is null` : sql`scenario_id = ${moved.scenario}`;
  return (await sql<Row>`select t.*, ${inScope} as in_scope,
      p.category, p.minutes_per_piece, p.style_no, p.material_ready_date
    from scm_prodplan_bar t join scm_prodplan p on p.id = t.plan_id and p.client_id = t.client_id
    where t.client_id = ${clientId} and t.line_id = ${lineId} and t.id <> ${barId} and t.${schedule}
      and (t.end_date >= ${from}::date or t.id = (select b.id from scm_prodplan_bar b where b.client_id = ${clientId} and b.line_id = ${lineId} and b.id <> ${barId}
        and b.${schedule} and b.start_date < ${from}::date order by b.start_date desc, b.id desc limit 1))
    order by t.start_date, t.id for update of t`.execute(tx)).rows;
}

/** A bar's plan as the scheduler lays it (the bar's quantity; its gate, fabric and colour as auto-schedule reads them). */
function schedPlan(r: Row, qty: number, setups: ReadonlyMap<number, PlanSetup>): SchedPlan {
  const id = Number(r.plan_id);
  const s = setups.get(id);
  const own = r.material_ready_date == null ? null : dayText(r.material_ready_date);
  return { id, category: String(r.category ?? ''), style_no: r.style_no == null ? undefined : String(r.style_no), family: String(r.category ?? ''), fabric: s?.fabric ?? null, colour: s?.colour ?? null, qty, minutes_per_piece: num(r.minutes_per_piece), material_ready: s ? s.gate : own, delivery_date: null, priority: 0 };
}

export async function pushMove(w: WriteContext, cmd: Extract<BoardCommand, { op: 'move' }>, moved: Moved, { sams, scope, calendar }: Read): Promise<PushedMove> {
  const tx = w.tx;
  const clientId = w.actor.clientId;
  const sourceId = Number(moved.row.line_id);
  const sameLine = sourceId === cmd.line_id;
  const oldStart = dayText(moved.row.start_date);
  const lineInfo = await loadLines(tx, clientId, null, cmd.line_id, sams);
  if (!lineInfo[0]) throw notFound();
  if (!sameLine) lineInfo.push(...(await loadLines(tx, clientId, null, sourceId, sams)));
  const inScope = scope.length ? sql`(${sql.join(scope, sql` and `)})` : sql`true`;
  const targetFrom = sameLine && oldStart < cmd.start ? oldStart : cmd.start;
  const targetRows = await lineBarRows(tx, clientId, cmd.line_id, targetFrom, moved, cmd.bar_id, inScope);
  const sourceRows = sameLine ? [] : await lineBarRows(tx, clientId, sourceId, oldStart, moved, cmd.bar_id, inScope);
  const movedPlanRow = { ...moved.plan, plan_id: moved.plan.id };
  const planIds = [...new Set([movedPlanRow, ...targetRows, ...sourceRows].map((r) => Number(r.plan_id)))];
  // The auto-scheduler's inputs for these plans and lines: rules, gates, fabric and colour, learned curves.
  const { rules, setups, curves } = await scheduleInputs(tx, clientId, lineInfo, undefined, { planIds });
  const cal = await calendar(Number(cmd.start.slice(0, 4)));
  const schedLine = (l: (typeof lineInfo)[number]): SchedLine => ({ id: l.id, categories: l.categories, operators: l.operators, efficiency: efficiencyFraction(l.efficiency), learning: l.learning, learningByFamily: curves.get(l.id), sam: l.sam, calendar: cal });
  const lineBars = (rows: Row[], lineId: number): LineBar[] =>
    rows.map((r) => {
      const start = dayText(r.start_date);
      const end = dayText(r.end_date);
      const qty = num(r.qty);
      const mpp = minutesPerPiece(sams, lineId, String(r.category ?? ''), num(r.minutes_per_piece));
      // A bar the planner may not change stays where it is, like a locked one.
      const locked = r.locked === true || !(r.in_scope === true || r.in_scope === 1 || r.in_scope === 't');
      return { id: Number(r.id), plan: schedPlan(r, qty, setups), start, end, locked, minutes: barLoad({ start, end, qty, daily: dailyOf(r.daily) }, mpp, cal) };
    });
  const laid = schedPlan(movedPlanRow, num(moved.row.qty), setups);
  const movedPlan = moved.keepDay ? { ...laid, material_ready: null } : laid;
  const options = { changeover: rules, samFrom: 'line' as const };
  const target = lineInfo[0];
  const onTarget = replanLine({ line: schedLine(target), bars: lineBars(targetRows, cmd.line_id), drop: { id: cmd.bar_id, plan: movedPlan, start: cmd.start }, left: sameLine ? { id: cmd.bar_id, plan: movedPlan, start: oldStart } : null, options });
  if (!onTarget.ok) throw new AppError('planning.pushNoCapacity', { params: { line: target.code || target.name } });
  const source = lineInfo.find((l) => l.id === sourceId);
  const onSource = sameLine || !source ? { ok: true as const, bars: [] as ReplanBar[] } : replanLine({ line: schedLine(source), bars: lineBars(sourceRows, sourceId), drop: null, left: { id: cmd.bar_id, plan: movedPlan, start: oldStart }, options });
  if (!onSource.ok) throw new AppError('planning.pushNoCapacity', { params: { line: source!.code || source!.name } });

  const rowOf = new Map([...targetRows, ...sourceRows].map((r) => [Number(r.id), r]));
  const out: PushedMove = { changed: [], previous: [] };
  const places: BarPlace[] = [];
  for (const b of [...onTarget.bars, ...onSource.bars]) {
    const isMoved = b.id === cmd.bar_id;
    const r = isMoved ? moved.row : rowOf.get(b.id)!;
    const was = { id: b.id, line_id: Number(r.line_id), start: dayText(r.start_date), end: dayText(r.end_date), daily: dailyOf(r.daily) };
    // A bar laid again exactly where and as it was is not written.
    if (!isMoved && was.start === b.start && was.end === b.end && sameDays(was.daily, b.daily, num(r.qty), cal, was)) continue;
    out.previous.push(was);
    out.changed.push(b.id);
    places.push({ id: b.id, line_id: isMoved ? cmd.line_id : Number(r.line_id), start: b.start, end: b.end, daily: [...b.daily] });
  }
  // Every bar in one statement (planning.bar-places.ts): the moved one at the version the command
  // checked, the others at the versions read under `for update` above (the rows as read).
  await placeBars(w, places, new Map([...rowOf, [cmd.bar_id, moved.row]]));
  return out;
}

/** Whether a bar's stored pieces per day are the ones laid again (a bar without kept pieces is spread evenly: compared as such). */
function sameDays(kept: number[] | null, laid: readonly number[], qty: number, cal: PreparedCalendar, span: { start: string; end: string }): boolean {
  const pieces = barPieces(qty, kept, cal, span.start, span.end);
  return pieces.length === laid.length && pieces.every((p, i) => p === laid[i]);
}
