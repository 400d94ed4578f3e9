import { sql, type RawBuilder } from 'kysely';
import { dictValueLabel } from '../../../model';
import { boardBarAt, type BoardBarColumns } from '../../../model/board-window';
import type { BoardData, BoardDay, BoardLine } from '../../../model/schedule-board';
import { barPiecesOfDays, dayKinds, dayNumber, lineCapacityRange, minutesPerPieceOn, type PreparedCalendar } from '../../../../calendars/capacity';
import type { Db } from '../../db/database';
import { loadTenantDictionaries } from '../../kernel/dictionaries/tenant-dictionaries';
import { boardLinesAndCalendar } from './planning.board-cache';
import { checkRange, scenarioRow, type BoardReadQuery, type LineSams } from './planning.service';
import { num } from '../../db/row-values';
import { labelIn } from '../../../model/label-text';

/**
 * The board's read (issue 11, issue 31): the whole board (`boardData`, one object per bar) and the
 * window read (planning.window.ts, columns and dictionaries) both read here. The bars come from SQL
 * as columns (one array per field, one value back: on the embedded database a row costs far more to
 * hand over than its bytes, and an object per bar in `json_agg` costs more to build and parse than
 * arrays), each bar's split place as kept on the bar (planning.window.ts `installBoardBarPlaces`),
 * and are computed once into columns (`BoardBarColumns`): pieces per day, minutes, lateness. The
 * lines' load over the range is summed from those same pieces, in the bars' order, exactly as
 * `scheduleLoad` sums it.
 */

type SqlColumns = {
  id: number[];
  version: number[];
  plan: number[];
  line: number[];
  start: number[];
  end: number[];
  qty: (number | string | null)[];
  locked: (boolean | null)[];
  daily: (unknown[] | null)[];
  split_index: (number | null)[];
  split_count: (number | null)[];
  plan_no: (string | null)[];
  style_no: (string | null)[];
  category: (string | null)[];
  plan_qty: (number | string | null)[];
  plan_done: (number | string | null)[];
  mpp: (number | string | null)[];
  delivery: (number | null)[];
  order_no: (string | null)[];
  brand_name: (string | null)[];
};

const str = (v: unknown) => String(v ?? '');

/**
 * The bars of a schedule touching [from, to] on the given lines under the caller's scope (alias `t`),
 * ordered by line, start and id, as one JSON value of columns. Dates are day numbers since 1970-01-01
 * (the window's own unit), a missing delivery date null. `plansOf` (a scenario, with the live
 * schedule): also the bars, wherever they are, of the plans that scenario has in the same window.
 */
async function loadBarColumns(tx: Db, clientId: number, scenario: number | null, from: string, to: string, scope: RawBuilder<unknown>[], lineIds: number[], plansOf: number | null = null): Promise<SqlColumns | null> {
  if (!lineIds.length) return null;
  const conds: RawBuilder<unknown>[] = [sql`t.client_id = ${clientId}`, scenario === null ? sql`t.scenario_id is null` : sql`t.scenario_id = ${scenario}`, ...scope];
  // The lines in view and the window, read from the index (client_id, scenario_id, line_id, start_date, end_date) (issue 31).
  const inWindow = (a: string) => sql`${sql.ref(`${a}.line_id`)} in (${sql.join(lineIds)}) and ${sql.ref(`${a}.start_date`)} <= ${to}::date and ${sql.ref(`${a}.end_date`)} >= ${from}::date`;
  conds.push(
    plansOf === null
      ? inWindow('t')
      : sql`(${inWindow('t')} or t.plan_id in (select s.plan_id from scm_prodplan_bar s where s.client_id = ${clientId} and s.scenario_id = ${plansOf} and ${inWindow('s')}))`,
  );
  // Sorted once in the inner select, each column gathered in that order: an `order by` inside each of
  // the twenty aggregates sorted the window's rows twenty times on PostgreSQL 15 (about 115 of a
  // 150 ms read of 10,000 bars, auto_explain during B5 at 100,000); all arrays of one pass keep one row order.
  const cols: Array<[string, RawBuilder<unknown>]> = [
    ['id', sql`t.id`],
    ['version', sql`t.version`],
    ['plan', sql`t.plan_id`],
    ['line', sql`t.line_id`],
    ['start', sql`t.start_date - date '1970-01-01'`],
    ['end', sql`t.end_date - date '1970-01-01'`],
    ['qty', sql`t.qty`],
    ['locked', sql`t.locked`],
    ['daily', sql`t.daily`],
    ['split_index', sql`t.split_index`],
    ['split_count', sql`t.split_count`],
    ['plan_no', sql`p.plan_no`],
    ['style_no', sql`p.style_no`],
    ['category', sql`p.category`],
    ['plan_qty', sql`p.qty`],
    ['plan_done', sql`p.done_qty`],
    ['mpp', sql`p.minutes_per_piece`],
    ['delivery', sql`p.delivery_date - date '1970-01-01'`],
    ['order_no', sql`o.order_no`],
    ['brand_name', sql`o.brand_name`],
  ];
  const inner = cols.map(([name, expr]) => sql`${expr} as ${sql.ref(`c_${name}`)}`);
  const outer = cols.map(([name]) => sql`${sql.lit(name)}, array_agg(${sql.ref(`w.c_${name}`)})`);
  // Random reads priced as the board's hot pages cost them (PostgreSQL's default, 4, prices a disk):
  // with it the planner scanned every plan of the company to join a viewport's few bars (100,000 for
  // 1,260: 24-28 ms on PGlite, 31 ms in three processes on PostgreSQL, parallel) where the plans' key
  // finds them in 10-11 ms; a window of all 10,000 plans' bars still joins them by hashing (57-63 ms on PGlite).
  await sql`set local random_page_cost = 1.1`.execute(tx);
  const r = await sql<{ c: SqlColumns | string | null }>`select case when count(*) = 0 then null else json_build_object(${sql.join(outer)}) end as c
    from (select ${sql.join(inner)}
      from scm_prodplan_bar t
      join scm_prodplan p on p.id = t.plan_id and p.client_id = t.client_id
      left join scm_customer_order o on o.id = p.order_id and o.client_id = p.client_id
      where ${sql.join(conds, sql` and `)}
      order by t.line_id, t.start_date, t.id) w`.execute(tx);
  const v = r.rows[0]?.c ?? null;
  if (v === null) return null;
  return (typeof v === 'string' ? JSON.parse(v) : v) as SqlColumns;
}

/** Columns of no bar. */
export const emptyBarColumns = (): BoardBarColumns => ({ n: 0, id: [], version: [], plan: [], line: [], start: [], end: [], qty: [], done: [], minutes: [], mpp: [], delivery: [], state: [], splitIndex: [], splitCount: [], planNo: [], orderNo: [], customer: [], style: [], category: [], categoryLabel: [], daily: [] });

/**
 * The bars' columns as the board draws them (`toBoardBar`'s rules, field by field): pieces per day
 * (`barPieces`: the kept `daily` when it fits the run, else spread over the working days), minutes on
 * the line (`minutesPerPieceOn`), finished pieces shared by quantity, late when the bar ends after
 * the plan's delivery (`isLate`), the category's label in the reader's language; and the lines' load
 * per day of [from, to], summed bar by bar in the bars' order (`scheduleLoad`'s figures).
 */
export function boardColumns(c: SqlColumns | null, cal: PreparedCalendar, sams: LineSams, label: (category: string) => string | undefined, from: string, to: string): { bars: BoardBarColumns; load: Map<number, number[]> } {
  const n = c ? c.id.length : 0;
  const bars: BoardBarColumns = { ...emptyBarColumns(), n };
  const load = new Map<number, number[]>();
  if (!c) return { bars, load };
  const f = dayNumber(from);
  const days = dayNumber(to) - f + 1;
  const labels = new Map<string, string | undefined>();
  for (let i = 0; i < n; i++) {
    const s = c.start[i]!;
    const e = c.end[i]!;
    const qty = num(c.qty[i]);
    const planQty = num(c.plan_qty[i]);
    const category = str(c.category[i]);
    const lineId = Number(c.line[i]);
    const planMpp = num(c.mpp[i]);
    const mpp = minutesPerPieceOn(sams.get(lineId), category, planMpp);
    const kept = c.daily[i];
    const daily = barPiecesOfDays(qty, Array.isArray(kept) ? kept : null, cal, s, e);
    const delivery = c.delivery[i];
    let text = labels.get(category);
    if (!labels.has(category)) labels.set(category, (text = label(category)));
    bars.id.push(Number(c.id[i]));
    bars.version.push(Number(c.version[i]));
    bars.plan.push(Number(c.plan[i]));
    bars.line.push(lineId);
    bars.start.push(s);
    bars.end.push(e);
    bars.qty.push(qty);
    // The plan's finished pieces shared over its bars by quantity.
    bars.done.push(planQty > 0 ? Math.round((num(c.plan_done[i]) * qty) / planQty) : 0);
    bars.minutes.push(qty * mpp);
    bars.mpp.push(planMpp);
    bars.delivery.push(delivery === null || delivery === undefined ? -1 : delivery);
    // Late as src/model/measures.ts `isLate`: the bar's end after the delivery day.
    bars.state.push((c.locked[i] === true ? 1 : 0) | (delivery !== null && delivery !== undefined && e - delivery > 0 ? 2 : 0));
    // Kept on the bar by the database (planning.window.ts); a bar without its place counts as alone.
    const placed = c.split_index[i] != null && c.split_count[i] != null;
    bars.splitIndex.push(placed ? Number(c.split_index[i]) : 1);
    bars.splitCount.push(placed ? Number(c.split_count[i]) : 1);
    bars.planNo.push(str(c.plan_no[i]));
    bars.orderNo.push(str(c.order_no[i]));
    bars.customer.push(str(c.brand_name[i]));
    bars.style.push(str(c.style_no[i]));
    bars.category.push(category);
    bars.categoryLabel.push(text ?? null);
    bars.daily.push(daily);
    let row = load.get(lineId);
    if (!row) load.set(lineId, (row = new Array<number>(days).fill(0)));
    const off = s - f;
    for (let k = 0; k < daily.length; k++) {
      const j = off + k;
      if (j >= 0 && j < days) row[j] += daily[k]! * mpp;
    }
  }
  return { bars, load };
}

/** The range's days and the lines asked (a workshop's, one line, or a list; all the company's otherwise), the range checked. */
async function boardLinesAsked(tx: Db, clientId: number, q: BoardReadQuery) {
  checkRange(q.from, q.to);
  if (q.scenario !== null) await scenarioRow(tx, clientId, q.scenario);
  const { calendar: cal, lines: all } = await boardLinesAndCalendar(tx, clientId, Number(q.from.slice(0, 4)));
  const days: BoardDay[] = dayKinds(cal, q.from, q.to).map((d) => ({ date: d.date, working: d.working, holiday: d.holiday, overtime: d.overtime }));
  const asked = q.lines ? new Set(q.lines) : null;
  const lineInfo = all.filter((l) => (!q.workshop || l.workshop_id === q.workshop) && (!q.line || l.id === q.line) && (!asked || asked.has(l.id)));
  return { cal, days, lineInfo };
}

/**
 * The board's frame (issue 31, the viewport read): the range's days and the lines asked, without bars
 * and without capacity or load (empty arrays: the windows read as the planner scrolls bring both for
 * their days), so the board can lay out its rows and columns before any bar is read.
 */
export async function readBoardFrame(tx: Db, clientId: number, q: BoardReadQuery): Promise<Omit<BoardData, 'bars'>> {
  const { days, lineInfo } = await boardLinesAsked(tx, clientId, q);
  const lanes = await laneCounts(tx, clientId, q, lineInfo.map((l) => l.id));
  return { from: q.from, to: q.to, scenario_id: q.scenario, days, lines: lineInfo.map((l) => ({ ...l, capacity: [], load: [], lanes: lanes.get(l.id) ?? 1 })) };
}

/**
 * Each line's sub-rows over the range: the most bars of the schedule touching [from, to] that overlap
 * at once, under the caller's scope, as the board counts them (`assignLanes`, board-layout.ts): in
 * half days a bar of several days covers [2 start + 1, 2 end], a one-day bar [2 start, 2 start + 1],
 * and two bars overlap when those closed intervals meet. First the lines where any bar overlaps one
 * before it (its cover starts before the latest end of those before it, in the bars' index order:
 * line, start, end); the others have one sub-row. Then, for those lines only, a running sum of +1 at
 * each cover's start and -1 after its end (ends first at a tie) peaks at the count. (At 100,000 bars
 * on 300 lines, the first step is about 70 ms; sweeping every line was about 235 ms.)
 */
async function laneCounts(tx: Db, clientId: number, q: BoardReadQuery, lineIds: number[]): Promise<Map<number, number>> {
  if (!lineIds.length) return new Map();
  const where = (lines: number[]) => sql.join([sql`t.client_id = ${clientId}`, q.scenario === null ? sql`t.scenario_id is null` : sql`t.scenario_id = ${q.scenario}`, sql`t.line_id in (${sql.join(lines)})`, sql`t.start_date <= ${q.to}::date`, sql`t.end_date >= ${q.from}::date`, ...q.scope], sql` and `);
  const a = sql`2 * (t.start_date - date '1970-01-01') + (case when t.end_date > t.start_date then 1 else 0 end)`;
  const z = sql`case when t.end_date > t.start_date then 2 * (t.end_date - date '1970-01-01') else 2 * (t.start_date - date '1970-01-01') + 1 end`;
  const crowded = await sql<{ line_id: number | string }>`
    select distinct line_id from (
      select t.line_id, ${a} as a, max(${z}) over (partition by t.line_id order by t.start_date, t.end_date rows between unbounded preceding and 1 preceding) as before
      from scm_prodplan_bar t where ${where(lineIds)}) w
    where a <= before`.execute(tx);
  const counts = new Map<number, number>();
  if (!crowded.rows.length) return counts;
  const r = await sql<{ line_id: number | string; lanes: number | string }>`
    with b as (select t.line_id, ${a} as a, ${z} as z from scm_prodplan_bar t where ${where(crowded.rows.map((x) => Number(x.line_id)))}),
    e as (select line_id, a as pos, 1 as d from b union all select line_id, z + 1, -1 from b),
    run as (select line_id, sum(d) over (partition by line_id order by pos, d rows unbounded preceding) as depth from e)
    select line_id, max(depth) as lanes from run group by line_id`.execute(tx);
  for (const x of r.rows) counts.set(Number(x.line_id), Math.max(1, Number(x.lanes)));
  return counts;
}

/** The board over a range as columns: its days, the lines asked (capacity and load over the range) and the bars touching it. */
export async function readBoardColumns(tx: Db, clientId: number, q: BoardReadQuery & { livePlansOf?: number | null }): Promise<Omit<BoardData, 'bars'> & { bars: BoardBarColumns }> {
  const { cal, days, lineInfo } = await boardLinesAsked(tx, clientId, q);
  if (q.livePlansOf != null) await scenarioRow(tx, clientId, q.livePlansOf);
  // Every line's minutes by category: a live bar of a plan the scenario shows may be on a line not asked.
  const sams: LineSams = q.livePlansOf != null ? new Map((await boardLinesAndCalendar(tx, clientId, Number(q.from.slice(0, 4)))).lines.map((l) => [l.id, l.sam])) : new Map(lineInfo.map((l) => [l.id, l.sam]));
  const raw = await loadBarColumns(tx, clientId, q.scenario, q.from, q.to, q.scope, lineInfo.map((l) => l.id), q.livePlansOf ?? null);
  // Each bar's category as the reader reads it (a bar's tooltip and label), not its dictionary code.
  const own = raw ? (await loadTenantDictionaries(tx, clientId)).items : undefined;
  const label = (category: string) => {
    const l = dictValueLabel('product_category', category, own);
    return labelIn(l, q.language);
  };
  const { bars, load } = boardColumns(raw, cal, sams, label, q.from, q.to);
  const n = days.length;
  const lines: BoardLine[] = lineInfo.map((l) => ({
    ...l,
    capacity: lineCapacityRange({ operators: l.operators, efficiency: l.efficiency }, cal, q.from, q.to),
    load: load.get(l.id) ?? new Array<number>(n).fill(0),
  }));
  return { from: q.from, to: q.to, scenario_id: q.scenario, days, lines, bars };
}

/**
 * The board over a range: its days, the lines asked (capacity and load over the range) and the bars
 * touching the range on those lines, one object per bar.
 */
export async function readBoard(tx: Db, clientId: number, q: BoardReadQuery): Promise<BoardData> {
  const { bars, ...rest } = await readBoardColumns(tx, clientId, q);
  const out = [];
  for (let i = 0; i < bars.n; i++) out.push(boardBarAt(bars, i, q.scenario));
  return { ...rest, bars: out };
}

/** The whole board over a range (every line of the company, or of a workshop, or one line). */
export async function boardData(tx: Db, clientId: number, q: Omit<BoardReadQuery, 'lines'>): Promise<BoardData> {
  return readBoard(tx, clientId, q);
}
