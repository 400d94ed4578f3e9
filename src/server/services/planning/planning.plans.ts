import { sql } from 'kysely';
import { dictValueLabel, requireEntity } from '../../../model';
import { largestRemainder } from '../../../model/allocation';
import { PLANNABLE_ORDER_STATES, PLANNING_MENU, type PlanMatrixCell } from '../../../model/entities/prodplan.entity';
import { addDays, efficiencyFraction } from '../../../../calendars/capacity';
import { autoSchedule, type FixedBar } from '../../../../calendars/auto-schedule';
import type { AuthContext } from '../../access/auth-context';
import { assertCan } from '../../access/permissions';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { writeContext, type WriteContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { registerSaveHook, type SaveHookContext } from '../../resources/save-hooks';
import { emitToCompany } from '../../realtime';
import { removeRecords } from '../../resources/record-writer';
import { approvedStyleMinutes } from '../development/style-minutes';
import { onOrderCancelled } from '../orders/orders.service';
import { barRowLoad, companyCalendar, loadLines, type BarLoadRow, type LineSams } from './planning.service';
import { dayOrNull, jsonValue, num } from '../../db/row-values';

/**
 * Production plans from orders (issue 11, plans half): the plan's save hook (order link, open
 * quantity, style, category, matrix and minutes filled from the order and the category), plans made
 * from an accepted customer order or a requirement order (one per order, or one per delivery batch),
 * the guards and effects of the plan's transitions, and the release of an order's plans when the
 * order is cancelled. Every plan and bar is written through the document writer, so the form, the
 * Excel import, the order action and the seed all meet the same rules.
 */

type Row = Record<string, unknown>;

/**
 * Standard minutes per piece by product category (the maker's usual SAM; the demo season and bench
 * use the same figures). A plan left without minutes takes its category's.
 */
export const CATEGORY_STANDARD_MINUTES: Readonly<Record<string, number>> = {
  'knit-top': 12,
  'knit-dress': 18,
  sweater: 25,
  'woven-shirt': 16,
  'woven-pants': 20,
  denim: 22,
  outerwear: 45,
  sportswear: 18,
};
const DEFAULT_MINUTES = 20;
export const minutesOfCategory = (category: string | null | undefined): number => (category && CATEGORY_STANDARD_MINUTES[category]) || DEFAULT_MINUTES;

/** States of an order in which it can be planned: accepted and not closed. */
export const PLANNABLE: Record<OrderKind, string[]> = PLANNABLE_ORDER_STATES;

export type OrderKind = 'customerorder' | 'prorder';
export type OrderRef = { kind: OrderKind; id: number };
type OrderInfo = { ref: OrderRef; no: string; status: string; total: number; category: string | null; delivery_date: string | null; cells: PlanMatrixCell[]; styles: { style_no: string; style_name: string | null }[] };

const TABLES: Record<OrderKind, { header: string; entries: string; no: string; fk: 'order_id' | 'prorder_id' }> = {
  customerorder: { header: 'scm_customer_order', entries: 'scm_customer_order_entry', no: 'order_no', fk: 'order_id' },
  prorder: { header: 'scm_pr_order', entries: 'scm_pr_order_entry', no: 'pr_no', fk: 'prorder_id' },
};

export function refOf(values: Row): OrderRef | null {
  if (values.order_id !== null && values.order_id !== undefined && values.order_id !== '') return { kind: 'customerorder', id: Number(values.order_id) };
  if (values.prorder_id !== null && values.prorder_id !== undefined && values.prorder_id !== '') return { kind: 'prorder', id: Number(values.prorder_id) };
  return null;
}

/** The order with its colour x size cells; locked for the transaction so two plans of it are checked one after the other. */
async function orderInfo(tx: Db, clientId: number, ref: OrderRef): Promise<OrderInfo | null> {
  const t = TABLES[ref.kind];
  const h = await sql<Row>`select id, ${sql.id(t.no)} as no, status, total_qty, category, delivery_date from ${sql.table(t.header)}
    where id = ${ref.id} and client_id = ${clientId} for update`.execute(tx);
  const o = h.rows[0];
  if (!o) return null;
  const e = await sql<Row>`select style_no, style_name, colour, size, qty from ${sql.table(t.entries)}
    where client_id = ${clientId} and order_id = ${ref.id} order by seq nulls last, id`.execute(tx);
  const styles = new Map<string, string | null>();
  const cells: PlanMatrixCell[] = [];
  for (const r of e.rows) {
    const style = String(r.style_no ?? '');
    if (!styles.has(style)) styles.set(style, (r.style_name as string | null) ?? null);
    if (num(r.qty) > 0) cells.push({ style_no: style, colour: String(r.colour ?? ''), size: String(r.size ?? ''), qty: num(r.qty) });
  }
  const total = o.total_qty === null || o.total_qty === undefined ? cells.reduce((a, c) => a + c.qty, 0) : num(o.total_qty);
  return {
    ref, no: String(o.no ?? ''), status: String(o.status ?? ''), total, category: (o.category as string | null) ?? null, delivery_date: dayOrNull(o.delivery_date), cells,
    styles: [...styles].map(([style_no, style_name]) => ({ style_no, style_name })),
  };
}

/** Plans of an order that hold quantity (all but cancelled), except one. */
async function otherPlans(tx: Db, clientId: number, ref: OrderRef, except: number | null): Promise<Row[]> {
  const fk = TABLES[ref.kind].fk;
  return (await sql<Row>`select id, qty, matrix from scm_prodplan where client_id = ${clientId} and ${sql.id(fk)} = ${ref.id}
    and coalesce(status, 'draft') <> 'cancelled' and id <> ${except ?? 0}`.execute(tx)).rows;
}

const cellKey = (c: PlanMatrixCell) => `${c.style_no ?? ''}\u0001${c.colour}\u0001${c.size}`;
const matrixOf = (v: unknown): PlanMatrixCell[] | null => {
  const a = jsonValue(v);
  if (!Array.isArray(a)) return null;
  return a.filter((c) => c && typeof c === 'object').map((c) => ({ ...(c.style_no ? { style_no: String(c.style_no) } : {}), colour: String(c.colour ?? ''), size: String(c.size ?? ''), qty: num(c.qty) }));
};
const matrixSum = (m: PlanMatrixCell[]) => m.reduce((a, c) => a + c.qty, 0);

/** Cells of the order other plans do not hold yet (when every other plan has a matrix), else the order's cells. */
function remainingCells(order: OrderInfo, others: Row[]): PlanMatrixCell[] {
  const left = new Map(order.cells.map((c) => [cellKey(c), { ...c }]));
  for (const p of others) {
    const m = matrixOf(p.matrix);
    if (!m) return order.cells.map((c) => ({ ...c }));
    for (const c of m) {
      const l = left.get(cellKey(c));
      if (l) l.qty = Math.max(0, l.qty - c.qty);
    }
  }
  return [...left.values()].filter((c) => c.qty > 0);
}

/** `qty` pieces taken from `cells` in proportion (largest remainder): never more than a cell holds when qty <= their sum. */
export function takeCells(cells: PlanMatrixCell[], qty: number): PlanMatrixCell[] {
  const parts = largestRemainder(qty, cells.map((c) => c.qty));
  return cells.map((c, i) => ({ ...c, qty: parts[i] })).filter((c) => c.qty > 0);
}

const stateLabel = (kind: OrderKind, status: string) => {
  const st = requireEntity(kind).states?.states.find((s) => s.code === status);
  return { status_zh: st?.label.zh ?? status, status_en: st?.label.en ?? status };
};

// ---------------------------------------------------------------------------------------------
// the save hook: every write of a plan (form, import, action, seed, board service)

/**
 * Quantity of plans checked in this write but not stored yet (an import checks a chunk of rows before
 * writing them), by order; a claim ends when its plan is written (afterWrite).
 */
type Claim = { key: string; qty: number; id: number | null };
const claimsOf = (memo: Map<string, unknown>): Claim[] => {
  let c = memo.get('prodplan.claims') as Claim[] | undefined;
  if (!c) memo.set('prodplan.claims', (c = []));
  return c;
};

/** The production plan's save hook: no removal while bars point at it, claims ended once written, the validation below. */
function registerPlanSaveHook(): void {
  registerSaveHook('prodplan', {
    // A plan with bars (live or in any scenario) is not deleted: its bars would point at nothing.
    beforeRemove: async ({ tx, clientId, rows }) => {
      for (const r of rows) {
        const n = await sql<{ n: number }>`select count(*)::int as n from scm_prodplan_bar where client_id = ${clientId} and plan_id = ${Number(r.id)}`.execute(tx);
        if (n.rows[0].n > 0) throw new AppError('planning.removeHasBars', { params: { plan: String(r.plan_no ?? '') } });
      }
    },
    afterWrite: async ({ tx, clientId, ids, created, memo }) => {
      const claims = claimsOf(memo);
      if (!claims.length) return;
      const rows = await sql<Row>`select id, order_id, prorder_id, qty from scm_prodplan where client_id = ${clientId} and id in (${sql.join(ids)})`.execute(tx);
      for (const r of rows.rows) {
        const ref = refOf(r);
        if (!ref) continue;
        const key = `${ref.kind}.${ref.id}`;
        const i = claims.findIndex((c) => c.key === key && c.qty === num(r.qty) && (created ? c.id === null : c.id === Number(r.id)));
        if (i >= 0) claims.splice(i, 1);
      }
    },
    validate: validatePlan,
  });
}

/** A plan's save: the state forms and sheets keep, the order's values and open quantity, the minutes per piece, required fields. */
async function validatePlan({ tx, clientId, source, before, values, errors, memo }: SaveHookContext): Promise<void> {
  // The state changes only through the plan's actions (and the board's publish): a form or a
  // sheet keeps the stored state, a new plan starts to be scheduled.
  if (source === 'form' || source === 'import') values.status = before ? before.status : 'draft';
  if (values.status === null || values.status === undefined) values.status = 'draft';
  // A finished plan is not made scheduled again by a scenario's publish (auto-schedule may have laid it).
  if (before?.status === 'finished' && values.status === 'scheduled') values.status = 'finished';
  const ref = refOf(values);
  if (values.order_id && values.prorder_id) throw new AppError('planning.oneOrderOnly', { fields: { prorder_id: { key: 'planning.oneOrderOnly' } } });
  const cancelled = values.status === 'cancelled';
  if (ref && !cancelled) {
    const order = await orderInfo(tx, clientId, ref);
    if (order) await fillFromOrder({ tx, clientId, before, values, memo }, ref, order);
  }
  // Minutes per piece left out: the approved style's routing (its in-house SMV) when the company has
  // that style, else the category's rough figure (docs/architecture-development.md).
  if (!values.minutes_per_piece) {
    const fromStyle = await approvedStyleMinutes(tx, clientId, values.style_no);
    if (fromStyle) values.minutes_per_piece = fromStyle;
    else if (values.category) values.minutes_per_piece = minutesOfCategory(String(values.category));
  }
  const m = matrixOf(values.matrix);
  if (m && m.length && values.qty !== null && values.qty !== undefined && matrixSum(m) !== num(values.qty) && !errors.qty)
    errors.matrix = { key: 'planning.matrixMismatch', params: { sum: matrixSum(m), qty: num(values.qty) } };
  for (const k of ['style_no', 'category', 'qty', 'minutes_per_piece'])
    if ((values[k] === null || values[k] === undefined || values[k] === '') && !errors[k]) errors[k] = { key: 'rule.required' };
}

/**
 * Completes a plan from its order (style, category, delivery date) and, when the order or the
 * quantity changes, checks the quantity against what the order still has open and lays the matrix.
 */
async function fillFromOrder(ctx: Pick<SaveHookContext, 'tx' | 'clientId' | 'before' | 'values' | 'memo'>, ref: OrderRef, order: OrderInfo): Promise<void> {
  const { tx, clientId, before, values, memo } = ctx;
  const beforeRef = before ? refOf(before) : null;
  const orderChanged = !beforeRef || beforeRef.kind !== ref.kind || beforeRef.id !== ref.id;
  if (values.style_no === null || values.style_no === undefined || values.style_no === '') values.style_no = order.styles.map((s) => s.style_no).join(', ').slice(0, 60) || null;
  if (!values.style_name && order.styles.length === 1) values.style_name = order.styles[0].style_name;
  if (!values.category) values.category = order.category;
  if (!values.delivery_date) values.delivery_date = order.delivery_date;
  const qtyGiven = values.qty !== null && values.qty !== undefined && values.qty !== '';
  const qtyChanged = !before || num(before.qty) !== num(values.qty);
  if (!orderChanged && !qtyChanged) return;
  const params = { order: order.no, ...stateLabel(ref.kind, order.status) };
  if (orderChanged && !PLANNABLE[ref.kind].includes(order.status))
    throw new AppError('planning.orderNotPlannable', { params, fields: { [TABLES[ref.kind].fk]: { key: 'planning.orderNotPlannable', params } } });
  const others = await otherPlans(tx, clientId, ref, before ? Number(before.id) : null);
  // An import checks all its rows before writing them: the rows of this file already
  // accepted for the order hold their quantity too.
  const claimKey = `${ref.kind}.${ref.id}`;
  const pending = claimsOf(memo).filter((c) => c.key === claimKey);
  const used = others.reduce((a, p) => a + num(p.qty), 0) + pending.reduce((a, c) => a + c.qty, 0);
  const open = order.total - used;
  if (!qtyGiven) {
    if (open <= 0) throw new AppError('planning.orderFullyPlanned', { params: { order: order.no } });
    values.qty = open;
  }
  const qty = num(values.qty);
  if (qty > open) {
    const p = { qty, open: Math.max(0, open), order: order.no, total: order.total, used };
    throw new AppError('planning.overOpenQty', { params: p, fields: { qty: { key: 'planning.overOpenQty', params: p } } });
  }
  claimsOf(memo).push({ key: claimKey, qty, id: before ? Number(before.id) : null });
  // The matrix follows the quantity unless the write brings its own.
  const sameMatrix = before && JSON.stringify(matrixOf(before.matrix)) === JSON.stringify(matrixOf(values.matrix));
  if (!matrixOf(values.matrix)?.length || (before && sameMatrix)) values.matrix = takeCells(remainingCells(order, others), qty);
}

// ---------------------------------------------------------------------------------------------
// plans from an order

export type Batch = { qty: number; delivery_date?: string | null };
export type PlanFromOrderInput = { batches?: Batch[] | null; minutes_per_piece?: number | null; material_ready_date?: string | null; priority?: number | null };

function parseBatches(v: unknown): Batch[] | null {
  if (v === null || v === undefined || v === '') return null;
  const bad = (reason: string) => new AppError('planning.badBatches', { params: { reason } });
  if (!Array.isArray(v) || !v.length) throw bad('batches');
  return v.map((b, i) => {
    const qty = Number((b as Row)?.qty);
    if (!Number.isInteger(qty) || qty <= 0) throw bad(`#${i + 1} qty`);
    const d = (b as Row)?.delivery_date;
    if (d !== undefined && d !== null && d !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(String(d))) throw bad(`#${i + 1} delivery_date`);
    return { qty, delivery_date: d ? String(d) : null };
  });
}

/**
 * Plans of an order: one for its whole open quantity, or one per delivery batch (batch no. 1..n, each
 * its share of the open colour x size cells). The save hook checks each against the open quantity.
 */
export async function createPlansFromOrder(w: WriteContext, ref: OrderRef, input: PlanFromOrderInput): Promise<{ id: number; plan_no: string; qty: number }[]> {
  const clientId = w.actor.clientId;
  const order = await orderInfo(w.tx, clientId, ref);
  if (!order) throw new AppError('err.notFound');
  const params = { order: order.no, ...stateLabel(ref.kind, order.status) };
  if (!PLANNABLE[ref.kind].includes(order.status)) throw new AppError('planning.orderNotPlannable', { params });
  const others = await otherPlans(w.tx, clientId, ref, null);
  const open = order.total - others.reduce((a, p) => a + num(p.qty), 0);
  if (open <= 0) throw new AppError('planning.orderFullyPlanned', { params: { order: order.no } });
  const batches = input.batches?.length ? input.batches : [{ qty: open, delivery_date: null }];
  let cells = remainingCells(order, others);
  const plan = requireEntity('prodplan');
  const out: { id: number; plan_no: string; qty: number }[] = [];
  for (const [i, b] of batches.entries()) {
    const matrix = takeCells(cells, Math.min(b.qty, matrixSum(cells)));
    const taken = new Map(matrix.map((c) => [cellKey(c), c.qty]));
    cells = cells.map((c) => ({ ...c, qty: c.qty - (taken.get(cellKey(c)) ?? 0) })).filter((c) => c.qty > 0);
    const id = await writeDocument(w, plan, {
      body: {
        [TABLES[ref.kind].fk]: ref.id,
        batch_no: input.batches?.length ? i + 1 : null,
        qty: b.qty,
        delivery_date: b.delivery_date ?? order.delivery_date,
        material_ready_date: input.material_ready_date ?? null,
        priority: input.priority ?? 0,
        minutes_per_piece: input.minutes_per_piece ?? null,
        matrix: matrixSum(matrix) === b.qty ? matrix : null,
      },
    });
    const r = await sql<Row>`select plan_no, qty from scm_prodplan where id = ${id} and client_id = ${clientId}`.execute(w.tx);
    out.push({ id, plan_no: String(r.rows[0]?.plan_no ?? ''), qty: num(r.rows[0]?.qty) });
  }
  return out;
}

async function createPlansAction(ctx: ActionContext, kind: OrderKind) {
  // Making plans is the planner's: the planning menu's create right besides the order's action right.
  await assertCan(ctx.auth, PLANNING_MENU, 'create', { db: ctx.tx });
  const body = ctx.params;
  const mpp = body.minutes_per_piece === undefined || body.minutes_per_piece === null || body.minutes_per_piece === '' ? null : Number(body.minutes_per_piece);
  if (mpp !== null && !(mpp > 0)) throw new AppError('planning.badBatches', { params: { reason: 'minutes_per_piece' } });
  const w = writeContext(ctx.tx, actorOfAuth(ctx.auth, ctx.clientId, ctx.ip), 'service');
  const plans = await createPlansFromOrder(w, { kind, id: Number(ctx.row.id) }, {
    batches: parseBatches(body.batches),
    minutes_per_piece: mpp,
    material_ready_date: typeof body.material_ready_date === 'string' && body.material_ready_date ? body.material_ready_date : null,
    priority: body.priority === undefined || body.priority === null || body.priority === '' ? null : Number(body.priority),
  });
  emitToCompany(ctx.clientId, 'schedule.changed', { scenario_id: null, bar_ids: [], removed: [], plan_ids: plans.map((p) => p.id), user_id: ctx.auth.userId });
  return { data: { plans } };
}

const actorOfAuth = (auth: AuthContext, clientId: number, ip: string | null) => ({ clientId, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip, roles: auth.roles });

// ---------------------------------------------------------------------------------------------
// bars of a plan

async function planBars(tx: Db, clientId: number, planId: number, which: 'live' | 'open'): Promise<Row[]> {
  // live: the live schedule's bars; open: the live ones and those of draft scenarios (a publish would bring them back).
  return (await sql<Row>`select b.* from scm_prodplan_bar b left join scm_schedule_scenario s on s.id = b.scenario_id and s.client_id = b.client_id
    where b.client_id = ${clientId} and b.plan_id = ${planId}
      and (b.scenario_id is null ${which === 'open' ? sql`or s.status = 'draft'` : sql``}) order by b.id for update of b`.execute(tx)).rows;
}

async function removeBars(w: WriteContext, bars: Row[]): Promise<number[]> {
  await removeRecords(w, 'prodplan_bar', bars.map((b) => Number(b.id)));
  return bars.map((b) => Number(b.id));
}

/**
 * Places a plan on the live schedule without moving anything: the line that finishes it earliest among
 * those that can make its category, from max(today, material date), in the minutes the live bars leave
 * free (calendars/auto-schedule with every live bar fixed). Null with the reason when it cannot.
 */
async function placePlan(w: WriteContext, plan: Row, today: string): Promise<{ barIds: number[] } | { reason: 'no_line' | 'capacity' }> {
  const tx = w.tx;
  const clientId = w.actor.clientId;
  const from = today;
  const to = addDays(from, 365);
  const cal = await companyCalendar(tx, clientId, Number(from.slice(0, 4)));
  const lines = await loadLines(tx, clientId);
  const live = await sql<Row>`select b.line_id, b.start_date, b.end_date, b.qty, b.daily, p.minutes_per_piece, p.category, b.plan_id from scm_prodplan_bar b
    join scm_prodplan p on p.id = b.plan_id and p.client_id = b.client_id
    where b.client_id = ${clientId} and b.scenario_id is null and b.end_date >= ${from}`.execute(tx);
  // The lines' load as the board has it (`barRowLoad`: each bar's pieces of a day x its minutes per piece on its line).
  const sams: LineSams = new Map(lines.map((l) => [l.id, l.sam]));
  const fixed: FixedBar[] = live.rows.map((b) => ({ ...barRowLoad(b as BarLoadRow, cal, sams), plan_id: Number(b.plan_id), category: String(b.category ?? '') }));
  const material = dayOrNull(plan.material_ready_date);
  const result = autoSchedule({
    from,
    to,
    lines: lines.map((l) => ({ id: l.id, categories: l.categories, operators: l.operators, efficiency: efficiencyFraction(l.efficiency), learning: [], sam: {}, calendar: cal })),
    plans: [{ id: Number(plan.id), category: String(plan.category ?? ''), style_no: String(plan.style_no ?? ''), qty: num(plan.qty), minutes_per_piece: num(plan.minutes_per_piece), material_ready: material && material > from ? material : null, delivery_date: dayOrNull(plan.delivery_date), priority: num(plan.priority) }],
    locked: fixed,
    options: { changeoverMinutes: 0 },
  });
  if (!result.bars.length) return { reason: result.issues[0]?.reason === 'no_line' ? 'no_line' : 'capacity' };
  const barEntity = requireEntity('prodplan_bar');
  const barIds: number[] = [];
  for (const b of result.bars)
    barIds.push(await writeDocument(w, barEntity, { body: { plan_id: Number(plan.id), scenario_id: null, line_id: b.line_id, start_date: b.start, end_date: b.end, qty: b.qty, minutes: b.qty * num(plan.minutes_per_piece), locked: false, daily: b.daily } }));
  return { barIds };
}

const today = () => new Date().toISOString().slice(0, 10);
const planWrite = (ctx: ActionContext) => writeContext(ctx.tx, actorOfAuth(ctx.auth, ctx.clientId, ctx.ip), 'service');
const changed = (clientId: number, userId: number, barIds: number[], removed: number[]) =>
  emitToCompany(clientId, 'schedule.changed', { scenario_id: null, bar_ids: barIds, removed, user_id: userId });

/** An order a plan is made for must still be open when the plan goes onto the board. */
async function assertOrderOpen(ctx: ActionContext): Promise<void> {
  const ref = refOf(ctx.row);
  if (!ref) return;
  const t = TABLES[ref.kind];
  const o = (await sql<Row>`select ${sql.id(t.no)} as no, status from ${sql.table(t.header)} where id = ${ref.id} and client_id = ${ctx.clientId}`.execute(ctx.tx)).rows[0];
  if (o && !PLANNABLE[ref.kind].includes(String(o.status))) throw new AppError('planning.orderNotPlannable', { params: { order: String(o.no ?? ''), ...stateLabel(ref.kind, String(o.status)) } });
}

function registerPlanActions(): void {
  // Draft -> pre-scheduled: the plan goes onto the live board (bars kept when it already has some).
  registerActionHandler('prodplan', 'pre_schedule', async (ctx) => {
    await assertOrderOpen(ctx);
    const bars = await planBars(ctx.tx, ctx.clientId, Number(ctx.row.id), 'live');
    if (bars.length) return { data: { bar_ids: bars.map((b) => Number(b.id)) } };
    const placed = await placePlan(planWrite(ctx), ctx.row, today());
    if ('reason' in placed) {
      throw new AppError(placed.reason === 'no_line' ? 'planning.placeNoLine' : 'planning.placeNoCapacity', { params: { plan: String(ctx.row.plan_no ?? ''), category: dictValueLabel('product_category', String(ctx.row.category ?? '')) } });
    }
    changed(ctx.clientId, ctx.auth.userId, placed.barIds, []);
    return { data: { bar_ids: placed.barIds } };
  });
  // Pre-scheduled -> scheduled: the whole quantity is on lines of the live schedule.
  registerActionHandler('prodplan', 'schedule', async (ctx) => {
    await assertOrderOpen(ctx);
    const bars = await planBars(ctx.tx, ctx.clientId, Number(ctx.row.id), 'live');
    const plan = String(ctx.row.plan_no ?? '');
    if (!bars.length) throw new AppError('planning.noBars', { params: { plan } });
    const short = num(ctx.row.qty) - bars.reduce((a, b) => a + num(b.qty), 0);
    if (short > 0) throw new AppError('planning.barsShort', { params: { plan, qty: short } });
  });
  // Pre-scheduled -> draft: its bars leave the board (a locked one must be unlocked first).
  registerActionHandler('prodplan', 'to_draft', async (ctx) => {
    const bars = await planBars(ctx.tx, ctx.clientId, Number(ctx.row.id), 'live');
    if (bars.some((b) => b.locked === true)) throw new AppError('planning.lockedBars', { params: { plan: String(ctx.row.plan_no ?? '') } });
    const removed = await removeBars(planWrite(ctx), bars);
    changed(ctx.clientId, ctx.auth.userId, [], removed);
    return { data: { removed } };
  });
  // Cancel: the plan's bars leave the board and every draft scenario; its quantity returns to the order.
  registerActionHandler('prodplan', 'cancel', async (ctx) => {
    const removed = await removeBars(planWrite(ctx), await planBars(ctx.tx, ctx.clientId, Number(ctx.row.id), 'open'));
    changed(ctx.clientId, ctx.auth.userId, [], removed);
    return { data: { removed } };
  });
  registerActionHandler('customerorder', 'plan', (ctx) => createPlansAction(ctx, 'customerorder'));
  registerActionHandler('prorder', 'plan', (ctx) => createPlansAction(ctx, 'prorder'));
}

// ---------------------------------------------------------------------------------------------
// an order cancelled releases its plans

/** Cancels the open plans of an order and removes their bars (live and in draft scenarios). */
export async function releasePlansOfOrder(w: WriteContext, ref: OrderRef): Promise<{ plans: number[]; removed: number[] }> {
  const clientId = w.actor.clientId;
  const fk = TABLES[ref.kind].fk;
  const plans = await sql<Row>`select id, version from scm_prodplan where client_id = ${clientId} and ${sql.id(fk)} = ${ref.id}
    and coalesce(status, 'draft') in ('draft', 'pre_scheduled', 'scheduled') order by id for update`.execute(w.tx);
  const removed: number[] = [];
  const entity = requireEntity('prodplan');
  for (const p of plans.rows) {
    removed.push(...(await removeBars(w, await planBars(w.tx, clientId, Number(p.id), 'open'))));
    await writeDocument(w, entity, { id: Number(p.id), version: Number(p.version), body: { status: 'cancelled' } });
  }
  if (plans.rows.length) emitToCompany(clientId, 'schedule.changed', { scenario_id: null, bar_ids: [], removed, user_id: w.actor.userId });
  return { plans: plans.rows.map((p) => Number(p.id)), removed };
}

export type OrderCancelledEvent = { tx: Db; clientId: number; entity: OrderKind; id: number; auth: AuthContext; ip: string | null };

export async function onOrderCancelledRelease(e: OrderCancelledEvent): Promise<void> {
  await releasePlansOfOrder(writeContext(e.tx, actorOfAuth(e.auth, e.clientId, e.ip), 'service'), { kind: e.entity, id: e.id });
}

let registered = false;
export function registerPlanHandlers(): void {
  if (registered) return;
  registered = true;
  registerPlanSaveHook();
  registerPlanActions();
  onOrderCancelled(onOrderCancelledRelease);
}
