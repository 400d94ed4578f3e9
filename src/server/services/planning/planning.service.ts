import { sql, type RawBuilder } from 'kysely';
import { dictValueLabel, isLate, requireEntity, type Language } from '../../../model';
import { commandBars, type BoardBar, type BoardCommand, type BoardCommandResult, type ScenarioComparison, type ScenarioStale, type ScenarioSummary, type ScheduleKpiComparison, type ScheduleKpis, type ScheduleMetrics, type UnplacedReason } from '../../../model/schedule-board';
import { addDays, barLoad, barPieces, dayNumber, daysBetween, efficiencyFraction, lineCapacityRange, loadByLine, minutesPerPieceOn, prepareCalendar, type LoadBar, type PreparedCalendar } from '../../../../calendars/capacity';
import { autoSchedule, type FixedBar, type SchedLine, type SchedPlan } from '../../../../calendars/auto-schedule';
import { parseLearningCurve } from '../../../model/entities/workline.entity';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import type { WriteContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { removeRecords } from '../../resources/record-writer';
import { placeBars } from './planning.bar-places';
import { moveStart } from './planning.material-gate';
import { pushMove } from './planning.push';
import { scheduleInputs } from './planning.schedule-inputs';
import { keptLineLoad, lineDayLoadRefusal, loadByLineDay } from './line-day-load';
import { dayOrNull, num, textList } from '../../db/row-values';

/**
 * The planning service (issue 11): the scheduling board's data, its commands, auto-schedule into a
 * what-if scenario, comparison and publish/discard (contract: src/model/schedule-board.ts). Every read
 * and write names the caller's tenant in SQL; every write of a bar, plan or scenario goes through the
 * document writer (removals of bars replaced by a merge or a publish are deletes with an audit row).
 *
 * Load is standard minutes: a bar's pieces per day (its kept daily pieces, else spread evenly over its
 * working days) x its minutes per piece on its line (`barLoad`); capacity is operators x working
 * minutes x efficiency (calendars/capacity.ts). The capacity-load report reads the same (`scheduleLoad`).
 */

type Row = Record<string, unknown>;

/** The longest range a read or command may name: two years and a little (the board's viewport reads, issue 31). */
export const MAX_RANGE_DAYS = 740;

/** The listed days (holidays, overtime days) of a company's cycle calendars, each year from that year's calendar. */
export async function calendarDays(tx: Db, clientId: number): Promise<{ date: string; kind: string; name: string | null }[]> {
  // One calendar per year (the newest row of a year, as companyCalendar picks), its days of its own year.
  const r = await sql<Row>`select d.day_date, d.kind, d.name from scm_cycle_calendar_day d
    join (select distinct on (year) id, year from scm_cycle_calendar where client_id = ${clientId} order by year, id desc) c on c.id = d.calendar_id
    where d.client_id = ${clientId} and extract(year from d.day_date) = c.year order by d.day_date, d.id`.execute(tx);
  return r.rows.map((d) => ({ date: dayOrNull(d.day_date)!, kind: String(d.kind ?? ''), name: d.name == null || d.name === '' ? null : String(d.name) }));
}

/**
 * The company's cycle calendar for a year (the year's own, else the newest), prepared for day look-ups:
 * its hours and working weekdays, and the holidays and overtime days listed on the calendars of every
 * year (a board range may cross a new year).
 */
export async function companyCalendar(tx: Db, clientId: number, year: number): Promise<PreparedCalendar> {
  const r = await sql<Row>`select am_start, am_end, pm_start, pm_end, work_weekdays from scm_cycle_calendar
    where client_id = ${clientId} order by (year = ${year}) desc, year desc, id desc limit 1`.execute(tx);
  const c = r.rows[0];
  const days = c ? await calendarDays(tx, clientId) : [];
  const holidays = days.filter((d) => d.kind === 'holiday').map((d) => d.date);
  const overtime = days.filter((d) => d.kind === 'overtime').map((d) => d.date);
  // Without a calendar: the cycle calendar's own defaults (08:00-12:00, 13:00-17:30, Monday to Saturday).
  return prepareCalendar(
    c
      ? { am_start: c.am_start as string, am_end: c.am_end as string, pm_start: c.pm_start as string, pm_end: c.pm_end as string, work_weekdays: c.work_weekdays as string, holidays, overtime_days: overtime }
      : { am_start: '08:00', am_end: '12:00', pm_start: '13:00', pm_end: '17:30', work_weekdays: '1,2,3,4,5,6' },
  );
}

type LineInfo = {
  id: number;
  code: string;
  name: string;
  workshop_id: number | null;
  workshop_name: string;
  categories: string[];
  operators: number;
  efficiency: number;
  /** Line settings: standard minutes per piece by category, and the learning curve (percent of the first days). */
  sam: Record<string, number>;
  learning: number[];
};

/** Standard minutes per piece by category of each line of the company (line settings, child rows of workline). */
export type LineSams = Map<number, Record<string, number>>;

export async function lineSams(tx: Db, clientId: number, lineIds?: number[]): Promise<LineSams> {
  const out: LineSams = new Map();
  if (lineIds && !lineIds.length) return out;
  const r = await sql<Row>`select workline_id, category, sam from md_workline_sam where client_id = ${clientId}
    ${lineIds ? sql`and workline_id in (${sql.join(lineIds)})` : sql``} order by id`.execute(tx);
  for (const s of r.rows) {
    const sam = num(s.sam);
    if (!(sam > 0) || !s.category) continue;
    const m = out.get(Number(s.workline_id)) ?? {};
    m[String(s.category)] = sam;
    out.set(Number(s.workline_id), m);
  }
  return out;
}

/** Minutes per piece of a plan on a line: the line's SAM of the plan's category when set, else the plan's (issue 11). */
export function minutesPerPiece(sams: LineSams, lineId: number, category: string, planMinutes: number): number {
  return minutesPerPieceOn(sams.get(lineId), category, planMinutes);
}

/** The company's lines (of a workshop, or one line) with their settings; `known`: every line's SAMs as the caller read them. */
export async function loadLines(tx: Db, clientId: number, workshop?: number | null, line?: number | null, known?: LineSams): Promise<LineInfo[]> {
  const r = await sql<Row>`select l.id, l.code, l.name, l.workshop_id, w.name as workshop_name, l.categories, l.operators, l.efficiency, l.learning_curve
    from md_workline l left join md_workshop w on w.id = l.workshop_id and w.client_id = l.client_id
    where l.client_id = ${clientId} ${workshop ? sql`and l.workshop_id = ${workshop}` : sql``} ${line ? sql`and l.id = ${line}` : sql``}
    order by w.code nulls last, l.code, l.id`.execute(tx);
  const sams = known ?? (await lineSams(tx, clientId, r.rows.map((l) => Number(l.id))));
  return r.rows.map((l) => ({
    id: Number(l.id),
    code: String(l.code ?? ''),
    name: String(l.name ?? ''),
    workshop_id: l.workshop_id == null ? null : Number(l.workshop_id),
    workshop_name: String(l.workshop_name ?? ''),
    categories: textList(l.categories),
    operators: num(l.operators),
    efficiency: l.efficiency == null ? 100 : num(l.efficiency),
    sam: sams.get(Number(l.id)) ?? {},
    // A stored curve was checked on save; anything unreadable counts as none.
    learning: parseLearningCurve(l.learning_curve) ?? [],
  }));
}

type BarRow = Row & { id: number };

/** Bars (with their plan and order) of the live schedule or a scenario, optionally within a range or by id; `late`: only those ending after their plan's delivery. */
export async function loadBarRows(tx: Db, clientId: number, opts: { scenario: number | null; from?: string; to?: string; ids?: number[]; lines?: number[]; planIds?: number[]; scope?: RawBuilder<unknown>[]; lock?: boolean; late?: boolean }): Promise<BarRow[]> {
  const conds: RawBuilder<unknown>[] = [sql`t.client_id = ${clientId}`, opts.scenario === null ? sql`t.scenario_id is null` : sql`t.scenario_id = ${opts.scenario}`, ...(opts.scope ?? [])];
  if (opts.from && opts.to) conds.push(sql`t.start_date <= ${opts.to}::date and t.end_date >= ${opts.from}::date`);
  if (opts.ids) conds.push(opts.ids.length ? sql`t.id in (${sql.join(opts.ids)})` : sql`false`);
  if (opts.lines) conds.push(opts.lines.length ? sql`t.line_id in (${sql.join(opts.lines)})` : sql`false`);
  if (opts.planIds) conds.push(opts.planIds.length ? sql`t.plan_id in (${sql.join(opts.planIds)})` : sql`false`);
  if (opts.late) conds.push(sql`p.delivery_date is not null and t.end_date > p.delivery_date`);
  const r = await sql<BarRow>`select t.*, p.plan_no, p.style_no, p.category, p.qty as plan_qty, p.done_qty as plan_done, p.minutes_per_piece, p.delivery_date,
      p.order_id, p.material_ready_date, o.order_no, o.brand_name
    from scm_prodplan_bar t
    join scm_prodplan p on p.id = t.plan_id and p.client_id = t.client_id
    left join scm_customer_order o on o.id = p.order_id and o.client_id = p.client_id
    where ${sql.join(conds, sql` and `)} order by t.line_id, t.start_date, t.id ${opts.lock ? sql`for update of t` : sql``}`.execute(tx);
  return r.rows;
}

/** A bar as the board draws it; its place among its plan's bars is the one the database keeps on it (planning.window.ts). */
function toBoardBar(b: BarRow, cal: PreparedCalendar, sams: LineSams): BoardBar {
  const start = dayOrNull(b.start_date)!;
  const end = dayOrNull(b.end_date)!;
  const qty = num(b.qty);
  const planQty = num(b.plan_qty);
  const daily = barPieces(qty, Array.isArray(b.daily) ? (b.daily as unknown[]) : null, cal, start, end);
  const mpp = minutesPerPiece(sams, Number(b.line_id), String(b.category ?? ''), num(b.minutes_per_piece));
  const delivery = dayOrNull(b.delivery_date);
  const placed = b.split_index != null && b.split_count != null;
  return {
    id: Number(b.id),
    version: Number(b.version),
    plan_id: Number(b.plan_id),
    plan_no: String(b.plan_no ?? ''),
    order_no: String(b.order_no ?? ''),
    customer: String(b.brand_name ?? ''),
    style_no: String(b.style_no ?? ''),
    category: String(b.category ?? ''),
    line_id: Number(b.line_id),
    start,
    end,
    qty,
    // The plan's finished pieces shared over its bars by quantity.
    done_qty: planQty > 0 ? Math.round((num(b.plan_done) * qty) / planQty) : 0,
    minutes: qty * mpp,
    minutes_per_piece: num(b.minutes_per_piece),
    daily,
    delivery_date: delivery,
    // The one definition of lateness (src/model/measures.ts), as the plan's kept late_days and the tower.
    late: isLate(end, delivery),
    locked: b.locked === true,
    split_index: placed ? Number(b.split_index) : 1,
    split_count: placed ? Number(b.split_count) : 1,
    scenario_id: b.scenario_id == null ? null : Number(b.scenario_id),
  };
}

/** The fields of a bar row its load needs (a bar of the board's read, of `loadBarRows`, or of the report's read). */
export type BarLoadRow = Row; // line_id, start_date, end_date, qty, daily, category, minutes_per_piece (the plan's)

/** A bar's load per day (`barLoad` of calendars/capacity.ts: its pieces of each day x its minutes per piece on its line). */
export function barRowLoad(b: BarLoadRow, cal: PreparedCalendar, sams: LineSams): LoadBar {
  const start = dayOrNull(b.start_date)!;
  const end = dayOrNull(b.end_date)!;
  const mpp = minutesPerPiece(sams, Number(b.line_id), String(b.category ?? ''), num(b.minutes_per_piece));
  return { line_id: Number(b.line_id), start, minutes: barLoad({ start, end, qty: num(b.qty), daily: Array.isArray(b.daily) ? (b.daily as unknown[]) : null }, mpp, cal) };
}

/**
 * Load per line per day over a range (inclusive) from bar rows: the one figure of line load. The board
 * (`boardData`), the commands' replies and the capacity-load report (which sums its days per ISO week)
 * all compute it here.
 */
export function scheduleLoad(rows: Iterable<BarLoadRow>, cal: PreparedCalendar, sams: LineSams, from: string, to: string): Map<number, number[]> {
  const bars: LoadBar[] = [];
  for (const b of rows) bars.push(barRowLoad(b, cal, sams));
  return loadByLine(bars, from, to);
}

const barMinutes = (b: BoardBar, cal: PreparedCalendar, sams: LineSams) =>
  barLoad(b, minutesPerPiece(sams, b.line_id, b.category, b.minutes_per_piece ?? 0), cal);

export function defaultRange(today = new Date()): { from: string; to: string } {
  const t = today.toISOString().slice(0, 10);
  return { from: addDays(t, -7), to: addDays(t, 120) };
}

export function checkRange(from: string, to: string): void {
  const ok = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && dayNumber(to) >= dayNumber(from) && daysBetween(from, to) <= MAX_RANGE_DAYS;
  if (!ok) throw new AppError('planning.badCommand', { params: { reason: `from/to (<= ${MAX_RANGE_DAYS} days)` } });
}

export async function scenarioRow(tx: Db, clientId: number, id: number): Promise<Row> {
  const r = await sql<Row>`select * from scm_schedule_scenario where id = ${id} and client_id = ${clientId}`.execute(tx);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** What the board's reads ask: the range, the schedule, a workshop or one line, and (the window read) the lines in view. */
export type BoardReadQuery = { from: string; to: string; scenario: number | null; workshop: number | null; line?: number | null; lines?: number[] | null; scope: RawBuilder<unknown>[]; language?: Language };

// The board's reads (the whole board and the window): planning.board-read.ts.

// ---------------------------------------------------------------------------------------------
// commands

function badCommand(reason: string): AppError {
  return new AppError('planning.badCommand', { params: { reason } });
}

/** A line of the company, what a command checks of it (its SAMs not read). */
async function lineOf(tx: Db, clientId: number, id: number): Promise<LineInfo> {
  const [l] = await loadLines(tx, clientId, null, id, new Map());
  if (!l) throw notFound();
  return l;
}

function assertCanMake(line: LineInfo, category: string): void {
  if (line.categories.length && !line.categories.includes(category)) throw new AppError('planning.lineCannotMake', { params: { line: line.code || line.name, category: dictValueLabel('product_category', category) } });
}

/** The bars a board command acts on, locked and checked at their versions, with the scenario they belong to. */
type CommandBars = { ids: number[]; versions: number[]; rows: BarRow[]; byId: Map<number, BarRow>; first: BarRow; scenario: number | null };

/** What a command changed as it runs: bars written, bars removed, lines whose load changed, a push's previous places. */
type CommandEffect = { changed: number[]; removed: number[]; touchedLines: Set<number>; previous?: BoardCommandResult['previous'] };

/** What each step of a command reads: the write, the bars, the lines' SAMs, the first bar's dates; and what it changed. */
type CommandStep = {
  w: WriteContext;
  bars: CommandBars;
  sams: LineSams;
  start: string;
  end: string;
  scope: RawBuilder<unknown>[];
  effect: CommandEffect;
  /** The company's calendar of a year, read once per command. */
  calendar: (year: number) => Promise<PreparedCalendar>;
};

/** Runs one command in the caller's transaction; returns the contract's reply and the scenario touched. */
export async function runCommand(w: WriteContext, cmd: BoardCommand, scope: RawBuilder<unknown>[], range: { from: string; to: string }): Promise<BoardCommandResult & { scenario_id: number | null }> {
  const bars = await lockCommandBars(w, cmd, scope);
  const sams = await lineSams(w.tx, w.actor.clientId);
  const calendars = new Map<number, Promise<PreparedCalendar>>();
  const step: CommandStep = {
    calendar: (year) => calendars.get(year) ?? calendars.set(year, companyCalendar(w.tx, w.actor.clientId, year)).get(year)!,
    w,
    bars,
    sams,
    start: dayOrNull(bars.first.start_date)!,
    end: dayOrNull(bars.first.end_date)!,
    scope,
    effect: { changed: [], removed: [], touchedLines: new Set<number>(bars.rows.map((b) => Number(b.line_id))) },
  };
  const barEntity = requireEntity('prodplan_bar');

  switch (cmd.op) {
    case 'lock':
    case 'unlock':
      await writeDocument(w, barEntity, { id: cmd.bar_id, version: cmd.version, body: { locked: cmd.op === 'lock' } });
      step.effect.changed.push(cmd.bar_id);
      break;
    case 'move':
      await moveBar(step, cmd);
      break;
    case 'resize': {
      refuseLocked(bars);
      if (dayNumber(cmd.end) < dayNumber(step.start)) throw badCommand('resize: end before start');
      await writeDocument(w, barEntity, { id: cmd.bar_id, version: cmd.version, body: { end_date: cmd.end, daily: null } });
      step.effect.changed.push(cmd.bar_id);
      break;
    }
    case 'split':
      await splitBar(step, cmd);
      break;
    case 'merge':
      await mergeBars(step);
      break;
    case 'place':
      await placeCommand(step, cmd);
      break;
  }
  return commandReply(step, range);
}

/** Locks the command's bars (within the caller's scope), checks their versions and that their scenario is a draft. */
async function lockCommandBars(w: WriteContext, cmd: BoardCommand, scope: RawBuilder<unknown>[]): Promise<CommandBars> {
  const tx = w.tx;
  const clientId = w.actor.clientId;
  const { ids, versions } = commandBars(cmd);
  const found = await sql<BarRow>`select t.* from scm_prodplan_bar t where t.client_id = ${clientId} and t.id in (${sql.join(ids)}) ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``} for update`.execute(tx);
  if (found.rows.length !== ids.length) throw notFound();
  const byId = new Map(found.rows.map((b) => [Number(b.id), b]));
  ids.forEach((id, i) => {
    if (Number(byId.get(id)!.version) !== versions[i]) throw new AppError('err.staleVersion');
  });
  const first = byId.get(ids[0])!;
  const scenario = first.scenario_id == null ? null : Number(first.scenario_id);
  if (scenario !== null) {
    const s = await scenarioRow(tx, clientId, scenario);
    if (s.status !== 'draft') throw new AppError('planning.scenarioNotDraft');
  }
  return { ids, versions, rows: found.rows, byId, first, scenario };
}

/** A locked bar is not moved, resized, split or merged. */
function refuseLocked(bars: CommandBars): void {
  if (bars.rows.some((b) => b.locked === true)) throw new AppError('planning.barLocked');
}

/** The production plan a bar belongs to. */
async function planOfBar(step: CommandStep, planId: number): Promise<Row> {
  return (await sql<Row>`select * from scm_prodplan where id = ${planId} and client_id = ${step.w.actor.clientId}`.execute(step.w.tx)).rows[0];
}

/** Moves a bar to a line and a start (keeping its length in days), or moves it and pushes the bars behind it. */
async function moveBar(step: CommandStep, asked: Extract<BoardCommand, { op: 'move' }>): Promise<void> {
  const { w, bars, effect } = step;
  refuseLocked(bars);
  const plan = await planOfBar(step, Number(bars.first.plan_id));
  assertCanMake(await lineOf(w.tx, w.actor.clientId, asked.line_id), String(plan.category));
  // Before the plan's material is in: asked, or the gate day, or the planner's day (planning.material-gate.ts).
  const start = await moveStart(w.tx, w.actor.clientId, asked, { id: Number(plan.id), plan_no: String(plan.plan_no ?? ''), material_ready_date: plan.material_ready_date, status: plan.status });
  const cmd = start === asked.start ? asked : { ...asked, start };
  if (cmd.push) {
    // Move and push the following plans later (planning.push.ts): the bars behind follow the moved one;
    // the planner who kept the day before the material gate has the dropped bar laid from that day.
    const pushed = await pushMove(w, cmd, { row: bars.first, plan, scenario: bars.scenario, keepDay: cmd.material === 'keep' }, step);
    effect.changed.push(...pushed.changed);
    effect.previous = pushed.previous;
    effect.touchedLines.add(cmd.line_id);
    return;
  }
  // The bar keeps its length in days (the board's drag preview does the same).
  const length = dayNumber(step.end) - dayNumber(step.start);
  await writeDocument(w, requireEntity('prodplan_bar'), { id: cmd.bar_id, version: cmd.version, body: { line_id: cmd.line_id, start_date: cmd.start, end_date: addDays(cmd.start, length), ...(cmd.start === step.start ? {} : { daily: null }) } });
  effect.touchedLines.add(cmd.line_id);
  effect.changed.push(cmd.bar_id);
}

/** Splits a quantity off a bar into a new bar over the same days, on the same line or another one that can make it. */
async function splitBar(step: CommandStep, cmd: Extract<BoardCommand, { op: 'split' }>): Promise<void> {
  const { w, bars, effect } = step;
  const first = bars.first;
  refuseLocked(bars);
  const qty = num(first.qty);
  if (cmd.qty <= 0 || cmd.qty >= qty) throw new AppError('planning.splitQty', { params: { qty } });
  const plan = await planOfBar(step, Number(first.plan_id));
  const target = cmd.line_id ?? Number(first.line_id);
  if (cmd.line_id) assertCanMake(await lineOf(w.tx, w.actor.clientId, cmd.line_id), String(plan.category));
  const mppOn = (lineId: number) => minutesPerPiece(step.sams, lineId, String(plan.category ?? ''), num(plan.minutes_per_piece));
  const barEntity = requireEntity('prodplan_bar');
  await writeDocument(w, barEntity, { id: cmd.bar_id, version: cmd.version, body: { qty: qty - cmd.qty, minutes: (qty - cmd.qty) * mppOn(Number(first.line_id)), daily: null } });
  const created = await writeDocument(w, barEntity, {
    body: { plan_id: Number(first.plan_id), scenario_id: bars.scenario, line_id: target, start_date: step.start, end_date: step.end, qty: cmd.qty, minutes: cmd.qty * mppOn(target), locked: false },
  });
  effect.touchedLines.add(target);
  effect.changed.push(cmd.bar_id, created);
}

/** Merges bars of one plan (and scenario) into the first: their quantity summed over their whole span; the others removed. */
async function mergeBars(step: CommandStep): Promise<void> {
  const { w, bars, effect } = step;
  const { ids, versions, first, scenario } = bars;
  refuseLocked(bars);
  const rows = ids.map((id) => bars.byId.get(id)!);
  const samePlan = rows.every((b) => Number(b.plan_id) === Number(first.plan_id) && (b.scenario_id == null ? null : Number(b.scenario_id)) === scenario);
  if (!samePlan) throw new AppError('planning.mergeSamePlan');
  const plan = await planOfBar(step, Number(first.plan_id));
  const qty = rows.reduce((a, b) => a + num(b.qty), 0);
  const s = rows.map((b) => dayOrNull(b.start_date)!).sort()[0];
  const e = rows.map((b) => dayOrNull(b.end_date)!).sort().at(-1)!;
  await writeDocument(w, requireEntity('prodplan_bar'), { id: ids[0], version: versions[0], body: { qty, minutes: qty * minutesPerPiece(step.sams, Number(first.line_id), String(plan.category ?? ''), num(plan.minutes_per_piece)), start_date: s, end_date: e, daily: null } });
  effect.changed.push(ids[0]);
  for (const b of rows.slice(1)) {
    await removeBar(w, b);
    effect.removed.push(Number(b.id));
  }
}

/** The command's reply: the bars written as the board draws them, the bars removed, the touched lines' new load. */
async function commandReply(step: CommandStep, range: { from: string; to: string }): Promise<BoardCommandResult & { scenario_id: number | null }> {
  const tx = step.w.tx;
  const clientId = step.w.actor.clientId;
  const { scenario } = step.bars;
  const { changed, removed, touchedLines, previous } = step.effect;
  const cal = await step.calendar(Number(step.start.slice(0, 4)));
  // One read: the touched lines' bars over the range (their new load; a cascade at 100,000 bars read
  // the whole range's before), which hold the bars written; one written outside the range read by id.
  const { from, to } = range;
  const onLines = await loadBarRows(tx, clientId, { scenario, from, to, lines: [...touchedLines] });
  const read = new Set(onLines.map((b) => Number(b.id)));
  const outside = changed.filter((id) => !read.has(id));
  const written = new Set(changed);
  const rows = [...onLines.filter((b) => written.has(Number(b.id))), ...(outside.length ? await loadBarRows(tx, clientId, { scenario, ids: outside }) : [])];
  const bars = rows.map((b) => toBoardBar(b, cal, step.sams));
  const load = scheduleLoad(onLines, cal, step.sams, from, to);
  const n = daysBetween(from, to);
  return { bars, removed, lines: [...touchedLines].map((id) => ({ id, load: load.get(id) ?? new Array<number>(n).fill(0) })), ...(previous ? { previous } : {}), scenario_id: scenario };
}

/**
 * Puts bars on given lines and days in one statement (the undo of a pushing move, planning.bar-places.ts):
 * all of one schedule, none locked, each line able to make its bar's category.
 */
async function placeCommand(step: CommandStep, cmd: Extract<BoardCommand, { op: 'place' }>): Promise<void> {
  const { w, bars, effect } = step;
  const clientId = w.actor.clientId;
  refuseLocked(bars);
  if (bars.rows.some((b) => (b.scenario_id == null ? null : Number(b.scenario_id)) !== bars.scenario)) throw badCommand('place: bars of one schedule');
  const planIds = [...new Set(bars.rows.map((b) => Number(b.plan_id)))];
  const plans = await sql<Row>`select id, category from scm_prodplan where client_id = ${clientId} and id in (${sql.join(planIds)})`.execute(w.tx);
  const categoryOf = new Map(plans.rows.map((p) => [Number(p.id), String(p.category ?? '')]));
  for (const lineId of new Set(cmd.bars.map((b) => b.line_id))) {
    const line = await lineOf(w.tx, clientId, lineId);
    for (const b of cmd.bars) if (b.line_id === lineId) assertCanMake(line, categoryOf.get(Number(bars.byId.get(b.bar_id)!.plan_id)) ?? '');
  }
  await placeBars(w, cmd.bars.map((b) => ({ id: b.bar_id, line_id: b.line_id, start: b.start, end: b.end, daily: b.daily ?? null })), bars.byId);
  for (const b of cmd.bars) effect.touchedLines.add(b.line_id);
  effect.changed.push(...bars.ids);
}

async function removeBar(w: WriteContext, b: Row): Promise<void> {
  await removeRecords(w, 'prodplan_bar', [Number(b.id)]);
}

// ---------------------------------------------------------------------------------------------
// auto-schedule, metrics, scenarios

type PlanInfo = { id: number; plan_no: string; category: string; style_no: string; qty: number; mpp: number; material_ready: string | null; delivery_date: string | null; priority: number; order_key: string };

/** The company's plans not cancelled (under the planning menu's data scope when one is given: alias `t`). */
async function livePlans(tx: Db, clientId: number, scope: RawBuilder<unknown>[] = []): Promise<PlanInfo[]> {
  const r = await sql<Row>`select t.id, t.plan_no, t.category, t.style_no, t.qty, t.minutes_per_piece, t.material_ready_date, t.delivery_date, t.priority, t.order_id, t.prorder_id
    from scm_prodplan t
    where ${sql.join([sql`t.client_id = ${clientId}`, sql`coalesce(t.status, 'draft') <> 'cancelled'`, ...scope], sql` and `)} order by t.id`.execute(tx);
  return r.rows.map((p) => ({
    id: Number(p.id),
    plan_no: String(p.plan_no ?? ''),
    category: String(p.category ?? ''),
    style_no: String(p.style_no ?? ''),
    qty: num(p.qty),
    mpp: num(p.minutes_per_piece),
    material_ready: dayOrNull(p.material_ready_date),
    delivery_date: dayOrNull(p.delivery_date),
    priority: num(p.priority),
    // The order a plan makes (a customer order, or a requirement order of the company); a plan made
    // without one (entered by hand, the demo's generated season) stands for an order of its own.
    order_key: p.order_id != null ? `o${p.order_id}` : p.prorder_id != null ? `r${p.prorder_id}` : `p${p.id}`,
  }));
}

type MetricBar = { plan_id: number; line_id: number; start: string; end: string; qty: number; category: string; minutes: number[] };

/**
 * Figures of a schedule over a range, the one definition the board's comparison, auto-schedule and the
 * control tower use (issue 34): a plan is late when it has no bar, fewer pieces placed than its
 * quantity, or its last bar ends after its delivery date (`isLate`, as the board marks a bar); late
 * orders are the orders (customer or requirement; a plan without one counts as its own) with a late
 * plan; changeovers are the changes of
 * category between consecutive bars of a line among the bars touching the range; utilisation is the
 * load over the range's days against the lines' capacity of those days.
 */
export function scheduleMetrics(plans: PlanInfo[], bars: MetricBar[], lines: { id: number; capacity: number[] }[], from: string, to: string): ScheduleKpis & { issues: ScenarioComparison['issues'] } {
  const placedByPlan = new Map<number, PlacedTotal>();
  for (const b of bars) {
    const t = placedByPlan.get(b.plan_id);
    if (!t) placedByPlan.set(b.plan_id, { qty: b.qty, end: b.end });
    else {
      t.qty += b.qty;
      if (b.end > t.end) t.end = b.end;
    }
  }
  return { ...planLateness(plans, placedByPlan), ...lineFigures(bars, lines, from, to), issues: [] };
}

/** What a schedule places of a plan: its bars' pieces and the last bar's end. */
type PlacedTotal = { qty: number; end: string };

/** The plans' lateness (see scheduleMetrics) from what each has placed. */
function planLateness(plans: PlanInfo[], placedByPlan: Map<number, PlacedTotal>) {
  let placed = 0;
  let latePlans = 0;
  let latePieces = 0;
  const lateOrders = new Set<string>();
  for (const p of plans) {
    const t = placedByPlan.get(p.id);
    if (t) placed++;
    if (!t || t.qty < p.qty || isLate(t.end, p.delivery_date)) {
      latePlans++;
      latePieces += p.qty;
      lateOrders.add(p.order_key);
    }
  }
  return { plans: plans.length, placed, late_plans: latePlans, late_orders: lateOrders.size, late_pieces: latePieces };
}

/** Changeovers and utilisation per line over the range (see scheduleMetrics); bars outside the range count for neither. */
function lineFigures(bars: MetricBar[], lines: { id: number; capacity: number[] }[], from: string, to: string) {
  const byLine = new Map<number, MetricBar[]>();
  for (const b of bars) {
    if (b.start > to || b.end < from) continue;
    const list = byLine.get(b.line_id);
    if (list) list.push(b);
    else byLine.set(b.line_id, [b]);
  }
  const changeovers = new Map<number, number>();
  for (const [lineId, list] of byLine) {
    const mine = list.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    let n = 0;
    for (let i = 1; i < mine.length; i++) if (mine[i].category !== mine[i - 1].category) n++;
    changeovers.set(lineId, n);
  }
  return lineFiguresOf(lines, loadByLine(bars, from, to), changeovers);
}

/** The lines' figures from each line's load per day over the range and its changeovers in it. */
function lineFiguresOf(lines: { id: number; capacity: number[] }[], load: Map<number, number[]>, changeovers: Map<number, number>) {
  const perLine = lines.map((l) => {
    const cap = l.capacity.reduce((a, b) => a + b, 0);
    const used = (load.get(l.id) ?? []).reduce((a, b) => a + b, 0);
    return { line_id: l.id, utilisation: cap > 0 ? Math.round((used / cap) * 1000) / 1000 : 0, changeovers: changeovers.get(l.id) ?? 0, cap, used };
  });
  const capAll = perLine.reduce((a, l) => a + l.cap, 0);
  const usedAll = perLine.reduce((a, l) => a + l.used, 0);
  return {
    changeovers: perLine.reduce((a, l) => a + l.changeovers, 0),
    utilisation: capAll > 0 ? Math.round((usedAll / capAll) * 1000) / 1000 : 0,
    per_line: perLine.map(({ line_id, utilisation, changeovers }) => ({ line_id, utilisation, changeovers })),
  };
}

/** The bar table's conditions of one schedule (alias `t`) under the scope. */
const barsOf = (clientId: number, scenario: number | null, scope: RawBuilder<unknown>[]) =>
  sql.join([sql`t.client_id = ${clientId}`, scenario === null ? sql`t.scenario_id is null` : sql`t.scenario_id = ${scenario}`, ...scope], sql` and `);

/**
 * `planLateness` in SQL, the same definitions (a plan is late with no bar, fewer pieces placed than its
 * quantity, or its last bar ending after its delivery date: `lateDays` > 0; an order is its customer or
 * requirement order, else the plan itself): one row comes back however many plans the company has.
 */
async function latenessInSql(tx: Db, clientId: number, scenario: number | null, scope: RawBuilder<unknown>[]) {
  // The live schedule for the whole company: from the plans' kept figures (plan-lateness.ts:
  // `placed_qty` the pieces of the plan's published bars, empty with none; `late_days` from their
  // last end), one read of the plans without their bars (at 500,000 plans the join took seconds).
  // API test: the live figures equal the board's, and a scope that keeps every row, read from the
  // bars, gives the same.
  if (scenario === null && scope.length === 0)
    return latenessOf(tx, sql`select coalesce(t.qty, 0) as qty, t.placed_qty is not null as has_bars, ${orderKey} as order_key,
        (t.placed_qty is null or t.placed_qty < coalesce(t.qty, 0) or coalesce(t.late_days > 0, false)) as late
      from scm_prodplan t where t.client_id = ${clientId} and coalesce(t.status, 'draft') <> 'cancelled'`);
  return latenessOf(tx, sql`with placed as (
      select t.plan_id, sum(coalesce(t.qty, 0)) as qty, max(t.end_date) as last_end from scm_prodplan_bar t
      where ${barsOf(clientId, scenario, scope)} group by t.plan_id)
    select coalesce(t.qty, 0) as qty, pl.plan_id is not null as has_bars, ${orderKey} as order_key,
      (pl.plan_id is null or pl.qty < coalesce(t.qty, 0) or coalesce(pl.last_end - t.delivery_date > 0, false)) as late
    from scm_prodplan t left join placed pl on pl.plan_id = t.id
    where ${sql.join([sql`t.client_id = ${clientId}`, sql`coalesce(t.status, 'draft') <> 'cancelled'`, ...scope], sql` and `)}`);
}

/** The order a plan makes: its customer or requirement order, else the plan itself. */
const orderKey = sql`coalesce('o' || t.order_id, 'r' || t.prorder_id, 'p' || t.id)`;

/** The lateness figures over plan rows `p` (qty, has_bars, order_key, late): one row however many plans. */
async function latenessOf(tx: Db, p: RawBuilder<unknown>) {
  const r = await sql<{ plans: number; placed: number; late_plans: number; late_pieces: number | string; late_orders: number }>`
    select count(*)::int as plans, (count(*) filter (where has_bars))::int as placed, (count(*) filter (where late))::int as late_plans,
      coalesce(sum(qty) filter (where late), 0) as late_pieces, (count(distinct order_key) filter (where late))::int as late_orders
    from (${p}) p`.execute(tx);
  const row = r.rows[0];
  return { plans: Number(row.plans), placed: Number(row.placed), late_plans: Number(row.late_plans), late_orders: Number(row.late_orders), late_pieces: num(row.late_pieces) };
}

/** Each line's changeovers among a schedule's bars touching the range, in SQL (`lineFigures`' definition: by start, then id). */
async function changeoversInSql(tx: Db, clientId: number, q: { scenario: number | null; from: string; to: string; scope: RawBuilder<unknown>[] }): Promise<Map<number, number>> {
  // The plan's category as the bar keeps it (planning.window.ts, `plan_category`): the live schedule's bars are read from their line index alone.
  const r = await sql<{ line_id: number; changeovers: number }>`select line_id, (count(*) filter (where prev is not null and category <> prev))::int as changeovers
    from (select t.line_id, coalesce(t.plan_category, '') as category, lag(coalesce(t.plan_category, '')) over (partition by t.line_id order by t.start_date, t.id) as prev
      from scm_prodplan_bar t
      where ${barsOf(clientId, q.scenario, q.scope)} and t.start_date <= ${q.to}::date and t.end_date >= ${q.from}::date) x
    group by line_id`.execute(tx);
  return new Map(r.rows.map((x) => [Number(x.line_id), Number(x.changeovers)]));
}

/**
 * A schedule's figures over a range, read now from its stored bars: the live schedule (`scenario`
 * null) or a scenario, under the planning menu's data scope. The live plan and every scenario are
 * measured by this one function (the board's comparison and the control tower alike), so their
 * figures can be set side by side. The definitions are scheduleMetrics', computed in the database (a
 * group's schedule holds hundreds of thousands of plans and bars, B8 at 10M order lines): the
 * lateness figures by `latenessInSql`, each line's changeovers by `changeoversInSql`, and the load of
 * the live schedule from the kept line x day table (`keptLineLoad`); only a scenario's or a narrower
 * scope's bars touching the range are laid out in Node for their load.
 */
export async function scheduleKpis(tx: Db, clientId: number, q: { scenario: number | null; from: string; to: string; scope?: RawBuilder<unknown>[] }): Promise<ScheduleKpis> {
  const scope = q.scope ?? [];
  const cal = await companyCalendar(tx, clientId, Number(q.from.slice(0, 4)));
  const lineInfo = await loadLines(tx, clientId);
  const lines = lineInfo.map((l) => ({ id: l.id, capacity: lineCapacityRange({ operators: l.operators, efficiency: l.efficiency }, cal, q.from, q.to) }));
  const late = await latenessInSql(tx, clientId, q.scenario, scope);
  const changeovers = await changeoversInSql(tx, clientId, { ...q, scope });
  // The live schedule's load per line and day is kept by the database (line-day-load.ts) for the whole
  // company; a scenario or a narrower scope is summed by the same SQL over its own bars; calendars the
  // database's figure cannot follow (lineDayLoadRefusal) lay the bars out in Node.
  const inSql = (await lineDayLoadRefusal(tx, clientId)) === null;
  const load = !inSql
    ? scheduleLoad(await loadBarRows(tx, clientId, { scenario: q.scenario, from: q.from, to: q.to, scope }), cal, new Map(lineInfo.map((l) => [l.id, l.sam])), q.from, q.to)
    : q.scenario === null && scope.length === 0
      ? await keptLineLoad(tx, sql`t.client_id = ${clientId}`, q.from, q.to)
      : await loadInSql(tx, clientId, { ...q, scope });
  return { ...late, ...lineFiguresOf(lines, load, changeovers) };
}

/**
 * Load per line per day over [from, to] of one schedule's bars under the scope, computed by the
 * database's figure of the kept line load (`line_load_bar_pieces` over the company's calendar, the
 * line's SAM of the plan's category else the plan's minutes per piece: line-day-load.ts), for a
 * scenario or a narrower scope, which the kept table (live bars, whole company) does not hold.
 */
async function loadInSql(tx: Db, clientId: number, q: { scenario: number | null; from: string; to: string; scope: RawBuilder<unknown>[] }): Promise<Map<number, number[]>> {
  const rows = (await sql<{ line_id: number; i: number; load: number }>`
    with cal as (select c.weekdays, c.holidays, c.overtime from line_load_calendar(${clientId}) c),
    sams as (select distinct on (s.workline_id, s.category) s.workline_id, s.category, s.sam from md_workline_sam s
      where s.client_id = ${clientId} and s.sam > 0 and s.category <> '' order by s.workline_id, s.category, s.id desc)
    select t.line_id, (x.day - ${q.from}::date) as i, sum(x.pieces * coalesce(sm.sam, p.minutes_per_piece, 0))::float8 as load
    from scm_prodplan_bar t
    join scm_prodplan p on p.id = t.plan_id and p.client_id = t.client_id
    cross join cal c
    left join sams sm on sm.workline_id = t.line_id and sm.category = p.category
    cross join lateral line_load_bar_pieces(coalesce(t.qty, 0), t.daily, t.start_date, t.end_date, c.weekdays, c.holidays, c.overtime) x
    where ${barsOf(clientId, q.scenario, q.scope)} and t.start_date <= ${q.to}::date and t.end_date >= ${q.from}::date
      and x.day between ${q.from}::date and ${q.to}::date
    group by 1, 2`.execute(tx)).rows;
  return loadByLineDay(rows, daysBetween(q.from, q.to));
}

function summary(s: Row): ScenarioSummary {
  const raw = (s.metrics && typeof s.metrics === 'object' ? s.metrics : {}) as Record<string, unknown>;
  const { issues: _issues, ...metrics } = raw;
  return {
    id: Number(s.id),
    name: String(s.name ?? ''),
    status: (s.status as ScenarioSummary['status']) ?? 'draft',
    created_at: s.created_at instanceof Date ? s.created_at.toISOString() : String(s.created_at ?? ''),
    created_by_name: String(s.created_by_name ?? ''),
    metrics: metrics as unknown as ScheduleMetrics,
  };
}

async function scenarioWithCreator(tx: Db, clientId: number, id: number): Promise<Row> {
  const r = await sql<Row>`select s.*, u.fullname as created_by_name from scm_schedule_scenario s left join users u on u.id = s.created_by
    where s.id = ${id} and s.client_id = ${clientId}`.execute(tx);
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/**
 * Auto-schedules every live (not cancelled) plan over a range into a new draft scenario: locked live
 * bars stay where they are (copied into the scenario as locked), the other plans are placed by
 * calendars/auto-schedule.ts with finite capacity. Returns the scenario with its figures.
 */
export async function autoScheduleScenario(w: WriteContext, input: { name: string; from: string; to: string }): Promise<{ summary: ScenarioSummary; barIds: number[] }> {
  const tx = w.tx;
  const clientId = w.actor.clientId;
  checkRange(input.from, input.to);
  const cal = await companyCalendar(tx, clientId, Number(input.from.slice(0, 4)));
  const plans = await livePlans(tx, clientId);
  const lineInfo = await loadLines(tx, clientId);
  const liveRows = await loadBarRows(tx, clientId, { scenario: null });
  const lockedRows = liveRows.filter((b) => b.locked === true);
  const lockedPlans = new Set(lockedRows.map((b) => Number(b.plan_id)));
  const sams: LineSams = new Map(lineInfo.map((l) => [l.id, l.sam]));
  const lockedBars = lockedRows.map((b) => toBoardBar(b, cal, sams));
  const fixed: FixedBar[] = lockedBars.map((b) => ({ plan_id: b.plan_id, line_id: b.line_id, start: b.start, minutes: barMinutes(b, cal, sams), category: b.category }));
  // Line settings: the line's SAM of a category wins over the plan's minutes (samFrom 'line'), and a new
  // style's first days on a line make only the learning curve's share of full output.
  // Issue 31: curves learned per line and family from the line's history, changeovers by the company's
  // rules, and each plan gated by its materials' purchase (planning.schedule-inputs.ts).
  const { rules, setups, curves } = await scheduleInputs(tx, clientId, lineInfo);
  const schedLines: SchedLine[] = lineInfo.map((l) => ({ id: l.id, categories: l.categories, operators: l.operators, efficiency: efficiencyFraction(l.efficiency), learning: l.learning, learningByFamily: curves.get(l.id), sam: l.sam, calendar: cal }));
  const schedPlans: SchedPlan[] = plans
    .filter((p) => !lockedPlans.has(p.id))
    .map((p) => {
      const s = setups.get(p.id);
      return { id: p.id, category: p.category, style_no: p.style_no, family: p.category, fabric: s?.fabric ?? null, colour: s?.colour ?? null, qty: p.qty, minutes_per_piece: p.mpp, material_ready: s ? s.gate : p.material_ready, delivery_date: p.delivery_date, priority: p.priority };
    });
  const result = autoSchedule({ from: input.from, to: input.to, lines: schedLines, plans: schedPlans, locked: fixed, options: { changeover: rules, samFrom: 'line' } });

  const capacity = lineInfo.map((l) => ({ id: l.id, capacity: lineCapacityRange({ operators: l.operators, efficiency: l.efficiency }, cal, input.from, input.to) }));
  const planById = new Map(plans.map((p) => [p.id, p]));
  const metricBars: MetricBar[] = [
    ...lockedBars.map((b) => ({ plan_id: b.plan_id, line_id: b.line_id, start: b.start, end: b.end, qty: b.qty, category: b.category, minutes: barMinutes(b, cal, sams) })),
    ...result.bars.map((b) => ({ plan_id: b.plan_id, line_id: b.line_id, start: b.start, end: b.end, qty: b.qty, category: planById.get(b.plan_id)?.category ?? '', minutes: b.minutes })),
  ];
  const metrics = scheduleMetrics(plans, metricBars, capacity, input.from, input.to);
  metrics.issues = result.issues.map((i) => {
    const p = planById.get(i.plan_id);
    return { plan_id: i.plan_id, plan_no: p?.plan_no ?? '', reason: i.reason as UnplacedReason, delivery_date: p?.delivery_date ?? null, planned_end: i.planned_end };
  });

  const scenarioEntity = requireEntity('schedule_scenario');
  const barEntity = requireEntity('prodplan_bar');
  const scenarioId = await writeDocument(w, scenarioEntity, { body: { name: input.name, status: 'draft', range_from: input.from, range_to: input.to, metrics, live_stamp: await liveStamp(tx, clientId) } });
  const barIds: number[] = [];
  for (const b of lockedBars)
    barIds.push(await writeDocument(w, barEntity, { body: { plan_id: b.plan_id, scenario_id: scenarioId, line_id: b.line_id, start_date: b.start, end_date: b.end, qty: b.qty, minutes: b.minutes, locked: true, daily: b.daily } }));
  for (const b of result.bars) {
    const p = planById.get(b.plan_id)!;
    barIds.push(await writeDocument(w, barEntity, { body: { plan_id: b.plan_id, scenario_id: scenarioId, line_id: b.line_id, start_date: b.start, end_date: b.end, qty: b.qty, minutes: b.qty * minutesPerPiece(sams, b.line_id, p.category, p.mpp), locked: false, daily: b.daily } }));
  }
  return { summary: summary(await scenarioWithCreator(tx, clientId, scenarioId)), barIds };
}

/** A fingerprint of the company's live bars: their ids and versions (any move, split, merge or lock changes it). */
async function liveStamp(tx: Db, clientId: number): Promise<string> {
  const r = await sql<{ stamp: string }>`select md5(coalesce(string_agg(id::text || ':' || version::text, ',' order by id), '')) as stamp
    from scm_prodplan_bar where client_id = ${clientId} and scenario_id is null`.execute(tx);
  return String(r.rows[0]?.stamp ?? '');
}

/** Whether the live schedule changed after the scenario was made, and the latest change's author and time. */
async function scenarioStale(tx: Db, clientId: number, s: Row): Promise<ScenarioStale | null> {
  if (!s.live_stamp || s.status !== 'draft' || (await liveStamp(tx, clientId)) === s.live_stamp) return null;
  const r = await sql<{ changes: string | number; by: string | null; at: Date | string | null }>`
    select (select count(*) from scm_prodplan_bar where client_id = ${clientId} and scenario_id is null and updated_at > ${s.created_at}) as changes,
      u.fullname as by, b.updated_at as at
    from (select 1) one
    left join lateral (select updated_by, updated_at from scm_prodplan_bar where client_id = ${clientId} and scenario_id is null and updated_at > ${s.created_at}
      order by updated_at desc limit 1) b on true
    left join users u on u.id = b.updated_by`.execute(tx);
  const row = r.rows[0];
  const at = row?.at instanceof Date ? row.at.toISOString() : row?.at ? String(row.at) : null;
  return { changes: Number(row?.changes ?? 0), by: row?.by ?? null, at };
}

export async function listScenarios(tx: Db, clientId: number): Promise<ScenarioSummary[]> {
  const r = await sql<Row>`select s.*, u.fullname as created_by_name from scm_schedule_scenario s left join users u on u.id = s.created_by
    where s.client_id = ${clientId} order by s.created_at desc, s.id desc limit 100`.execute(tx);
  return r.rows.map(summary);
}

/**
 * A scenario beside the live schedule over the scenario's range: both measured now by `scheduleKpis`
 * (a scenario edited on the board after auto-schedule shows its figures as they are, not as made).
 */
export async function compareScenario(tx: Db, clientId: number, id: number, scope: RawBuilder<unknown>[] = []): Promise<ScenarioComparison> {
  const s = await scenarioWithCreator(tx, clientId, id);
  const from = dayOrNull(s.range_from)!;
  const to = dayOrNull(s.range_to)!;
  const raw = (s.metrics && typeof s.metrics === 'object' ? s.metrics : {}) as Record<string, unknown>;
  return {
    scenario: { ...summary(s), metrics: await scheduleKpis(tx, clientId, { scenario: id, from, to, scope }) },
    live: await scheduleKpis(tx, clientId, { scenario: null, from, to, scope }),
    issues: Array.isArray(raw.issues) ? (raw.issues as ScenarioComparison['issues']) : [],
    stale: await scenarioStale(tx, clientId, s),
  };
}

/**
 * The control tower's scenario figures (issue 34): the live schedule's and, when one is asked, a
 * scenario's, over the scenario's range (else the given or the board's default range), with the
 * company's draft scenarios to pick from. Both schedules are measured by `scheduleKpis`.
 */
export async function scenarioKpis(tx: Db, clientId: number, q: { scenario: number | null; from?: string; to?: string; scope: RawBuilder<unknown>[] }): Promise<ScheduleKpiComparison> {
  const started = Date.now();
  const s = q.scenario === null ? null : await scenarioWithCreator(tx, clientId, q.scenario);
  const fallback = defaultRange();
  const from = q.from ?? (s ? dayOrNull(s.range_from) : null) ?? fallback.from;
  const to = q.to ?? (s ? dayOrNull(s.range_to) : null) ?? fallback.to;
  checkRange(from, to);
  const drafts = (await listScenarios(tx, clientId)).filter((x) => x.status === 'draft');
  const live = await scheduleKpis(tx, clientId, { scenario: null, from, to, scope: q.scope });
  const scenario = s ? { summary: summary(s), kpis: await scheduleKpis(tx, clientId, { scenario: Number(s.id), from, to, scope: q.scope }) } : null;
  return { range: { from, to }, live, scenario, scenarios: drafts, took_ms: Date.now() - started };
}

/**
 * Publishes a draft scenario: the live bars of the plans it covers are replaced by its bars, those plans
 * become scheduled; or discards it (its bars are removed). Either only from draft. A publish after the
 * live schedule changed (since the scenario was made) is refused with `reason: 'scenario_stale'` unless
 * `force`: the planner confirmed that those live changes are overwritten.
 */
export async function closeScenario(w: WriteContext, id: number, how: 'publish' | 'discard', opts: { force?: boolean } = {}): Promise<{ summary: ScenarioSummary; barIds: number[]; removed: number[] }> {
  const tx = w.tx;
  const clientId = w.actor.clientId;
  const locked = await sql<Row>`select * from scm_schedule_scenario where id = ${id} and client_id = ${clientId} for update`.execute(tx);
  const s = locked.rows[0];
  if (!s) throw notFound();
  if (s.status !== 'draft') throw new AppError('planning.scenarioNotDraft');
  if (how === 'publish' && !opts.force) {
    const stale = await scenarioStale(tx, clientId, s);
    if (stale) {
      const key = stale.changes > 0 ? 'planning.scenarioStale' : 'planning.scenarioStaleRemoved';
      // The time is in `stale` for the browser to show in the user's own time zone.
      throw new AppError(key, { params: { name: s.name, changes: stale.changes, by: stale.by ?? '' }, extra: { reason: 'scenario_stale', stale } });
    }
  }
  const barEntity = requireEntity('prodplan_bar');
  const mine = await sql<Row>`select * from scm_prodplan_bar where client_id = ${clientId} and scenario_id = ${id} order by id`.execute(tx);
  const removed: number[] = [];
  const barIds: number[] = [];
  if (how === 'publish') {
    const planIds = [...new Set(mine.rows.map((b) => Number(b.plan_id)))];
    const live = planIds.length ? await sql<Row>`select * from scm_prodplan_bar where client_id = ${clientId} and scenario_id is null and plan_id in (${sql.join(planIds)})`.execute(tx) : { rows: [] as Row[] };
    for (const b of live.rows) {
      await removeBar(w, b);
      removed.push(Number(b.id));
    }
    for (const b of mine.rows) {
      await writeDocument(w, barEntity, { id: Number(b.id), version: Number(b.version), body: { scenario_id: null } });
      barIds.push(Number(b.id));
    }
    const planEntity = requireEntity('prodplan');
    if (planIds.length) {
      const plans = await sql<Row>`select id, version, status from scm_prodplan where client_id = ${clientId} and id in (${sql.join(planIds)})`.execute(tx);
      for (const p of plans.rows) if (p.status !== 'scheduled') await writeDocument(w, planEntity, { id: Number(p.id), version: Number(p.version), body: { status: 'scheduled' } });
    }
  } else {
    for (const b of mine.rows) {
      await removeBar(w, b);
      removed.push(Number(b.id));
    }
  }
  await writeDocument(w, requireEntity('schedule_scenario'), { id, version: Number(s.version), body: { status: how === 'publish' ? 'published' : 'discarded' } });
  return { summary: summary(await scenarioWithCreator(tx, clientId, id)), barIds, removed };
}
