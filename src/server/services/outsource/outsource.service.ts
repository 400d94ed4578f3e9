import { sql } from 'kysely';
import { isLanguage, translate, type Language } from '../../../model';
import { outsourceOrder, outsourceTask, type PlanMatrixCell } from '../../../model/entities';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError, keyedError, type ErrorKey, type ParamsArg } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { deriveRecords, insertRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { registerSaveHook } from '../../resources/save-hooks';
import { raiseNotice } from '../notify/notice.service';
import { asTenant, receiverAccepts, sharedDocumentChanged } from '../orders/cross-tenant.util';
import { deriveLineAmounts, perRow, rowQty } from '../orders/order-lines';
import { recordNodesFromOutsourceReceipt } from '../tracking';
import { joinedClientOf, linkCopy, moveCopies, moveSource, onSource, openShare, OUTSOURCE_SHARE, type SourceWork } from '../orders/order-share';
import { num } from '../../db/row-values';

/**
 * Outsourced orders across companies (issue 12). The maker outsources a vendor process of a scheduled
 * plan (`prodplan.outsource`, or an order made by hand naming plan and process); the lines are the
 * plan's colour x size quantities, priced at the process's estimated rate. Submitting sends the order
 * to the vendor's company the way purchase orders reach suppliers (services/purchasing): the copy, an
 * outsourced task, is written through the document writer in the vendor's company, an order share in
 * the maker's company names both documents, and the vendor's answers (accept, reject with a reason,
 * progress, dispatch per line) reach the maker's order only through that active share, looked up under
 * the maker's scope. A vendor not on the platform leaves the order submitted and tracked by hand
 * (spec 8). No tenant filter is loosened.
 */
type Row = Record<string, unknown>;
const languageOf = (auth: AuthContext): Language => (isLanguage(auth.language) ? auth.language : 'zh-CN');
const validation = <K extends ErrorKey>(key: K, field: string, ...[params]: ParamsArg<K>) =>
  keyedError(key, params, { fields: { [field]: { key, params } } });

async function linesOf(tx: Db, table: string, fk: string, clientId: number, id: number): Promise<Row[]> {
  return (await sql<Row>`select * from ${sql.table(table)} where client_id = ${clientId} and ${sql.id(fk)} = ${id} order by seq nulls last, id`.execute(tx)).rows;
}

/** The plan's colour x size cells (its matrix json), or one line of the plan's quantity when it has none. */
function planCells(plan: Row): PlanMatrixCell[] {
  let m: unknown = plan.matrix;
  if (typeof m === 'string') {
    try { m = JSON.parse(m); } catch { m = null; }
  }
  const cells = Array.isArray(m) ? (m as PlanMatrixCell[]).filter((c) => c && num(c.qty) > 0) : [];
  if (cells.length) return cells;
  return num(plan.qty) > 0 ? [{ style_no: (plan.style_no as string) ?? undefined, colour: '', size: '', qty: num(plan.qty) }] : [];
}

const linesFromPlan = (plan: Row, price: unknown) =>
  planCells(plan).map((c, i) => ({ style_no: c.style_no ?? plan.style_no ?? null, colour: c.colour || null, size: c.size || null, qty: num(c.qty), unit_price: price ?? null, seq: i + 1 }));

/** Amounts: qty x price per line; the header's amount is net of its discount, then with its tax rate. */
async function computeTotals(tx: Db, clientId: number, id: number): Promise<void> {
  const w = serviceWrite(tx, { clientId });
  await deriveLineAmounts(w, 'outsourceorder_line', 'order_id', id);
  await deriveRecords(w, 'outsourceorder', [id], {
    total_qty: sql`coalesce((select sum(qty) from scm_outsource_order_line l where l.client_id = t.client_id and l.order_id = t.id), 0)`,
    total_amount: sql`round((select sum(amount) from scm_outsource_order_line l where l.client_id = t.client_id and l.order_id = t.id) * (1 - coalesce(t.discount, 0) / 100), 4)`,
  });
  await deriveRecords(w, 'outsourceorder', [id], { total_with_tax: sql`round(t.total_amount * (1 + coalesce(t.tax_rate, 0) / 100), 4)` });
}

async function processOf(tx: Db, clientId: number, id: number): Promise<Row | undefined> {
  return (await sql<Row>`select * from md_process where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0];
}

/**
 * The vendor for a process when the planner names none: the vendor of the latest outsourced order of
 * that process (not cancelled), else the one active outsourced-processing vendor (type `process`) of
 * the company; none or several: spec 8 "no vendor matches, select manually".
 */
async function matchVendor(tx: Db, clientId: number, processId: number): Promise<number> {
  const last = (await sql<{ vendor_id: number }>`select o.vendor_id from scm_outsource_order o join md_vendor v on v.id = o.vendor_id and v.client_id = o.client_id and v.status = 'active'
    where o.client_id = ${clientId} and o.process_id = ${processId} and o.status <> 'cancelled' order by o.created_at desc, o.id desc limit 1`.execute(tx)).rows[0];
  if (last) return Number(last.vendor_id);
  const only = (await sql<{ id: number }>`select id from md_vendor where client_id = ${clientId} and status = 'active' and vendor_type = 'process' limit 2`.execute(tx)).rows;
  if (only.length === 1) return Number(only[0].id);
  throw validation('os.order.noVendorMatch', 'vendor_code');
}

/** Plan action `outsource`: one draft outsourced order per vendor process not yet outsourced for the plan. */
async function outsourcePlan(ctx: ActionContext) {
  const { tx, auth, clientId, row: plan } = ctx;
  const lang = languageOf(auth);
  const processCode = typeof ctx.params.process_code === 'string' ? ctx.params.process_code.trim() : '';
  const vendorCode = typeof ctx.params.vendor_code === 'string' ? ctx.params.vendor_code.trim() : '';
  if (plan.status !== 'scheduled') throw new AppError('os.order.planNotScheduled', { params: { plan: plan.plan_no } });
  let processes: Row[];
  if (processCode) {
    processes = (await sql<Row>`select * from md_process where client_id = ${clientId} and upper(code) = upper(${processCode})`.execute(tx)).rows;
    if (!processes.length) throw new AppError('res.notFound');
    if (!processes[0].is_vendor) throw validation('os.order.notVendorProcess', 'process_code', { process: processes[0].name });
  } else {
    processes = (await sql<Row>`select * from md_process where client_id = ${clientId} and is_vendor = true order by sequence, id`.execute(tx)).rows;
    if (!processes.length) throw new AppError('os.order.noVendorProcess');
  }
  let vendorId: number | null = null;
  if (vendorCode) {
    const v = (await sql<{ id: number }>`select id from md_vendor where client_id = ${clientId} and upper(code) = upper(${vendorCode}) and status = 'active'`.execute(tx)).rows[0];
    if (!v) throw validation('os.order.noVendorMatch', 'vendor_code');
    vendorId = Number(v.id);
  }
  const w = writeContext(tx, { clientId, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip: ctx.ip, roles: auth.roles }, 'service');
  const made: Array<{ id: number; os_no: string; process: string }> = [];
  let taken: Row | null = null;
  for (const p of processes) {
    const existing = (await sql<Row>`select os_no from scm_outsource_order where client_id = ${clientId} and plan_id = ${plan.id as number} and process_id = ${p.id as number} and status <> 'cancelled' limit 1`.execute(tx)).rows[0];
    if (existing) {
      taken = { ...existing, process: p.name };
      continue;
    }
    const vendor = vendorId ?? (await matchVendor(tx, clientId, Number(p.id)));
    const currency = (await sql<{ currency: string | null }>`select currency from md_vendor where id = ${vendor} and client_id = ${clientId}`.execute(tx)).rows[0]?.currency;
    const id = await writeDocument(w, outsourceOrder, {
      body: { plan_id: plan.id, process_id: p.id, vendor_id: vendor, currency: currency || 'CNY', delivery_date: plan.delivery_date ?? null, lines: linesFromPlan(plan, p.estimated_rate) },
    });
    const no = (await sql<{ os_no: string }>`select os_no from scm_outsource_order where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0].os_no;
    made.push({ id, os_no: no, process: String(p.name) });
  }
  if (!made.length && taken) throw new AppError('os.order.alreadyOutsourced', { params: { plan: plan.plan_no, process: taken.process, no: taken.os_no } });
  return { data: { orders: made, message: made.map((m) => `${m.os_no} ${m.process}`).join(', ') || translate(lang, 'os.order.noVendorProcess') } };
}

async function submitOrder(ctx: ActionContext) {
  const { tx, auth, clientId, row } = ctx;
  const lang = languageOf(auth);
  const orderId = Number(row.id);
  const lines = await linesOf(tx, 'scm_outsource_order_line', 'order_id', clientId, orderId);
  if (!lines.length || !lines.some((l) => num(l.qty) > 0)) throw validation('os.order.noLines', 'lines');
  const now = new Date().toISOString();
  const target = await joinedClientOf(tx, clientId, Number(row.vendor_id));
  // Spec 8: the supplier has not joined the platform, the data cannot be sent and is tracked by hand.
  const by = { userId: auth.userId, clientId };
  if (!target) {
    await sharedDocumentChanged(tx, { entity: 'outsourceorder', clientId, id: orderId, status: 'submitted', from: String(row.status), no: row.os_no as string, by });
    return { patch: { tracking: 'manual', submitted_at: now, reject_reason: null }, data: { manual: true, message: translate(lang, 'os.order.noVendorCompany') } };
  }
  const maker = (await sql<{ name: string; code: string }>`select name, code from clients where id = ${clientId}`.execute(tx)).rows[0];
  if (!maker || !(await receiverAccepts(tx, { id: clientId, code: maker.code }, target))) throw new AppError('os.order.vendorNotLinked', { params: { code: maker?.code ?? '' } });
  const process = await processOf(tx, clientId, Number(row.process_id));
  const totalQty = lines.reduce((s, l) => s + num(l.qty), 0);

  const task = await asTenant(tx, target.id, clientId, async (stx) => {
    const w = writeContext(stx, { clientId: target.id, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip: ctx.ip, roles: auth.roles }, 'service');
    const id = await writeDocument(w, outsourceTask, {
      body: {
        maker_name: maker.name, process_name: process?.name ?? null, style_no: row.style_no ?? null, style_name: row.style_name ?? null,
        delivery_date: row.delivery_date ?? null, currency: row.currency ?? null, tax_rate: row.tax_rate ?? null, discount: row.discount ?? null,
        exchange_rate: row.exchange_rate ?? null, remark: row.remark ?? null,
        lines: lines.map((l, i) => ({ style_no: l.style_no ?? null, colour: l.colour ?? null, size: l.size ?? null, qty: l.qty, unit_price: l.unit_price ?? null, seq: i + 1 })),
      },
    });
    await linkCopy(stx, target.id, auth.userId, { entity: 'outsourcetask', id, set: { source_no: row.os_no as string, source_client_id: clientId, done_qty: 0 } },
      { entity: 'outsourcetask_line', fk: 'task_id', sourceIds: lines.map((l) => Number(l.id)), set: { dispatched_qty: 0 } });
    const no = (await sql<{ task_no: string }>`select task_no from scm_outsource_task where id = ${id} and client_id = ${target.id}`.execute(stx)).rows[0].task_no;
    return { id, no };
  });
  await openShare(tx, OUTSOURCE_SHARE, { clientId, userId: auth.userId, partnerId: target.id, sourceId: orderId, sourceNo: row.os_no as string, copyId: task.id });
  await asTenant(tx, target.id, clientId, async (stx) => {
    await raiseNotice(stx, {
      clientId: target.id, everyone: true, kind: 'outsource.received', title: 'notify.osReceived.title', doc_no: task.no,
      link: `/page/document/outsourcetask?id=${task.id}`,
      i18n: { title: 'notify.osReceived.title', body: 'notify.osReceived.body', params: { no: task.no, maker: maker.name, process: process?.name ?? '', qty: totalQty, source: row.os_no } },
    });
  });
  // Both companies' lists follow (the task's arrival is the notice above, not a state change's).
  await sharedDocumentChanged(tx, { entity: 'outsourceorder', clientId, id: orderId, status: 'submitted', from: String(row.status), no: row.os_no as string, by });
  await sharedDocumentChanged(tx, { entity: 'outsourcetask', clientId: target.id, id: task.id, status: 'pending', no: task.no, by });
  return { patch: { tracking: 'platform', submitted_at: now, reject_reason: null, done_qty: 0 }, data: { manual: false, taskId: task.id, message: translate(lang, 'os.order.submitted') } };
}

/** Spec 4: the plan lock toggles between pending receipt and received, only before submission. */
function lockHandler(lock: boolean) {
  return async (ctx: ActionContext) => {
    const { row } = ctx;
    if (row.status !== 'draft') throw new AppError('os.order.lockAfterSubmit');
    const locked = row.plan_lock === 'received';
    if (lock && locked) throw new AppError('os.order.alreadyLocked');
    if (!lock && !locked) throw new AppError('os.order.notLocked');
    return { patch: { plan_lock: lock ? 'received' : 'pending_receipt' } };
  };
}

/**
 * The maker receives per line: `receive` takes everything still to come on every line (order
 * received, its plan lock turns "received"); `receive_part` takes the quantities named per line (JSON
 * {"<seq>": qty}). Still to come on a line = dispatched - received; for an order tracked by hand,
 * ordered - received. Over-receipt is refused naming the line.
 */
async function receiveLines(ctx: ActionContext, partial: boolean) {
  const { tx, clientId, row } = ctx;
  if (row.status === 'submitted' && row.tracking !== 'manual') throw new AppError('os.order.onlyManualReceive');
  const w = serviceWrite(tx, { clientId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip });
  if (row.tracking === 'manual') await updateRecords(w, 'outsourceorder_line', { where: sql`t.order_id = ${row.id as number}` }, { dispatched_qty: sql`t.qty` }, { audit: 'receive' });
  const lines = await linesOf(tx, 'scm_outsource_order_line', 'order_id', clientId, Number(row.id));
  let receipt: Record<string, unknown> | null = null;
  if (partial) {
    const bad = () => validation('os.order.badReceipt', 'receipt');
    try { receipt = JSON.parse(String(ctx.params.receipt ?? '')) as Record<string, unknown>; } catch { throw bad(); }
    if (!receipt || typeof receipt !== 'object' || Array.isArray(receipt)) throw bad();
    const keys = new Set(lines.map((l) => String(l.seq ?? l.id)));
    for (const [k, v] of Object.entries(receipt)) if (!keys.has(k) || typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw bad();
  }
  const takes = lines.map((l) => {
    const remaining = num(l.dispatched_qty) - num(l.received_qty);
    const key = String(l.seq ?? l.id);
    const q = receipt ? (key in receipt ? Number(receipt[key]) : 0) : Math.max(remaining, 0);
    if (q > remaining) throw validation('os.order.overReceipt', 'receipt', { seq: key, qty: q, remaining: Math.max(remaining, 0) });
    return { l, q, remaining };
  });
  if (!takes.some((t) => t.q > 0)) throw new AppError('os.order.nothingToReceive');
  if (partial && takes.every((t) => t.q >= t.remaining)) throw validation('os.order.receiptCompletes', 'receipt');
  const taken = perRow(takes.filter((t) => t.q > 0).map(({ l, q }) => ({ id: Number(l.id), v: q })));
  await updateRecords(w, 'outsourceorder_line', taken, { received_qty: sql`coalesce(t.received_qty, 0) + ${rowQty}` }, { audit: partial ? 'receive_part' : 'receive' });
  const total = (await sql<{ n: number }>`select coalesce(sum(received_qty), 0)::int as n from scm_outsource_order_line where client_id = ${clientId} and order_id = ${row.id as number}`.execute(tx)).rows[0].n;
  const status = partial ? 'part_received' : 'received';
  if (!partial) await moveCopies(ctx, OUTSOURCE_SHARE, { status: 'received', audit: 'receive', tellActors: true });
  await sharedDocumentChanged(tx, { entity: 'outsourceorder', clientId, id: Number(row.id), status, from: String(row.status), no: row.os_no as string, by: { userId: ctx.auth.userId, clientId } });
  // The process back in full may complete the customer order's node of its type (node tracking).
  const nodes = partial || !row.plan_id ? [] : await recordNodesFromOutsourceReceipt(tx, { clientId, planIds: [Number(row.plan_id)], receivedNow: [Number(row.id)], actor: { clientId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip } });
  return { patch: partial ? { received_qty: total } : { received_qty: total, plan_lock: 'received' }, data: { nodes } };
}

/** The maker's order behind an outsourced task, through its active share; `work` runs in the maker's scope. */
export function onMakerOrder<T>(ctx: ActionContext, work: SourceWork<T>): Promise<T> {
  return onSource(ctx, OUTSOURCE_SHARE, work);
}

/**
 * Moves the maker's order as the vendor answers (or keeps its state, for progress), audited there as
 * `vendor-<action>` (order-share.ts `moveSource`: the maker's users who submitted and created it hear
 * of a declared change, and the vendor's own lists follow its task).
 */
async function moveMakerOrder(ctx: ActionContext, status: string | null, set: Record<string, unknown>, extra: { reason?: string; before?: SourceWork<void> } = {}, closeShare = false): Promise<void> {
  await moveSource(ctx, OUTSOURCE_SHARE, { set: { ...set, ...(status ? { status } : {}) }, audit: `vendor-${ctx.transition?.action ?? 'change'}`, reason: extra.reason, closeShare, before: extra.before });
}

async function reportProgress(ctx: ActionContext) {
  const total = num(ctx.row.total_qty);
  const done = Number(ctx.params.done_qty);
  if (!Number.isInteger(done) || done < 0 || done > total) throw validation('os.order.badProgress', 'done_qty', { total });
  await moveMakerOrder(ctx, null, { done_qty: done });
  return { patch: { done_qty: done } };
}

/** The vendor dispatches: a quantity per line (JSON {"<seq>": qty}; lines not named ship in full), copied to the maker's lines. */
async function dispatchTask(ctx: ActionContext) {
  const { tx, clientId, row } = ctx;
  let shipment: Record<string, unknown> = {};
  const bad = () => validation('os.order.badShipment', 'shipment');
  if (ctx.params.shipment) {
    try { shipment = JSON.parse(String(ctx.params.shipment)) as Record<string, unknown>; } catch { throw bad(); }
    if (!shipment || typeof shipment !== 'object' || Array.isArray(shipment)) throw bad();
  }
  const lines = await linesOf(tx, 'scm_outsource_task_line', 'task_id', clientId, Number(row.id));
  const keys = new Set(lines.map((l) => String(l.seq ?? l.id)));
  if (Object.keys(shipment).some((k) => !keys.has(k))) throw bad();
  const qtys = lines.map((l) => {
    const key = String(l.seq ?? l.id);
    const q = key in shipment ? Number(shipment[key]) : num(l.qty);
    if (!Number.isInteger(q) || q < 0 || q > num(l.qty)) throw bad();
    return { line: l, q };
  });
  if (!qtys.some((x) => x.q > 0)) throw bad();
  const who = { clientId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip };
  await updateRecords(serviceWrite(tx, who), 'outsourcetask_line', perRow(qtys.map(({ line, q }) => ({ id: Number(line.id), v: q }))), { dispatched_qty: rowQty }, { audit: 'dispatch' });
  await moveMakerOrder(ctx, 'dispatched', {}, {
    before: async (mtx, makerId, order) => {
      const lines = perRow(qtys.map(({ line, q }) => ({ id: Number(line.source_line_id), v: q })), sql`t.order_id = ${order.id as number}`);
      await updateRecords(serviceWrite(mtx, { ...who, clientId: makerId }), 'outsourceorder_line', lines, { dispatched_qty: rowQty }, { audit: 'vendor-dispatch' });
    },
  });
  return { patch: { dispatched_at: new Date().toISOString() } };
}

export function registerOutsourceHandlers(): void {
  registerSaveHook('outsourceorder', {
    validate: async ({ tx, clientId, before, values, errors }) => {
      // Spec 4: a locked order (plan lock "received") is not changed until it is unlocked.
      if (before?.plan_lock === 'received') throw new AppError('os.order.locked');
      // A new order is pending receipt (the writer stores a read-only field only when a hook sets it).
      if (!before) values.plan_lock = 'pending_receipt';
      const processId = values.process_id ?? before?.process_id;
      if (processId && (!before || Number(before.process_id) !== Number(values.process_id))) {
        const p = await processOf(tx, clientId, Number(processId));
        if (p && !p.is_vendor) errors.process_id = { key: 'os.order.notVendorProcess', params: { process: p.name } };
      }
      const planId = values.plan_id ?? null;
      if (planId && (!before || Number(before.plan_id) !== Number(planId))) {
        const plan = (await sql<Row>`select plan_no, status, style_no, style_name, delivery_date from scm_prodplan where id = ${Number(planId)} and client_id = ${clientId}`.execute(tx)).rows[0];
        // By hand a plan may be outsourced before it is confirmed on the board (the plan action needs a
        // scheduled plan); a cancelled plan makes nothing.
        if (plan && plan.status === 'cancelled') errors.plan_id = { key: 'os.order.planCancelled', params: { plan: plan.plan_no } };
        if (plan) {
          values.style_no ??= plan.style_no ?? null;
          values.style_name ??= plan.style_name ?? null;
          values.delivery_date ??= plan.delivery_date ?? null;
        }
      }
    },
    afterWrite: async ({ tx, clientId, ids, actor }) => {
      for (const id of ids) {
        const o = (await sql<Row>`select o.id, o.plan_id, p.estimated_rate from scm_outsource_order o left join md_process p on p.id = o.process_id and p.client_id = o.client_id
          where o.id = ${id} and o.client_id = ${clientId}`.execute(tx)).rows[0];
        // An order made by hand naming a plan and no lines takes the plan's colour x size quantities.
        const count = (await sql<{ n: number }>`select count(*)::int as n from scm_outsource_order_line where client_id = ${clientId} and order_id = ${id}`.execute(tx)).rows[0].n;
        if (o?.plan_id && count === 0) {
          const plan = (await sql<Row>`select * from scm_prodplan where id = ${o.plan_id as number} and client_id = ${clientId}`.execute(tx)).rows[0];
          const lines = (plan ? linesFromPlan(plan, null) : []).map((l) => ({ order_id: id, style_no: (l.style_no as string | null) ?? null, colour: l.colour, size: l.size, qty: l.qty, seq: l.seq }));
          await insertRecords(serviceWrite(tx, { clientId, userId: actor.userId, username: actor.username }), 'outsourceorder_line', lines, { hooks: false });
        }
        // The process's estimated rate is the default price.
        if (o?.estimated_rate !== null && o?.estimated_rate !== undefined)
          await deriveRecords(serviceWrite(tx, { clientId }), 'outsourceorder_line', { where: sql`t.order_id = ${id} and t.unit_price is null` }, { unit_price: o.estimated_rate });
        await computeTotals(tx, clientId, id);
      }
    },
  });
  registerSaveHook('outsourcetask', {
    validate: async ({ before }) => {
      if (before?.share_id) throw new AppError('os.order.sharedReadOnly');
    },
    afterWrite: async ({ tx, clientId, ids }) => {
      const w = serviceWrite(tx, { clientId });
      for (const id of ids) {
        await deriveLineAmounts(w, 'outsourcetask_line', 'task_id', id);
        await deriveRecords(w, 'outsourcetask', [id], {
          total_qty: sql`coalesce((select sum(qty) from scm_outsource_task_line l where l.client_id = t.client_id and l.task_id = t.id), 0)`,
          total_amount: sql`round((select sum(amount) from scm_outsource_task_line l where l.client_id = t.client_id and l.task_id = t.id) * (1 - coalesce(t.discount, 0) / 100), 4)`,
        });
      }
    },
  });
  registerActionHandler('prodplan', 'outsource', outsourcePlan);
  registerActionHandler('outsourceorder', 'submit', submitOrder);
  registerActionHandler('outsourceorder', 'lock', lockHandler(true));
  registerActionHandler('outsourceorder', 'unlock', lockHandler(false));
  registerActionHandler('outsourceorder', 'receive', (ctx) => receiveLines(ctx, false));
  registerActionHandler('outsourceorder', 'receive_part', (ctx) => receiveLines(ctx, true));
  registerActionHandler('outsourceorder', 'cancel', async (ctx) => {
    await moveCopies(ctx, OUTSOURCE_SHARE, { status: 'cancelled', audit: 'cancel', closeShare: true, tellActors: true });
    await sharedDocumentChanged(ctx.tx, { entity: 'outsourceorder', clientId: ctx.clientId, id: Number(ctx.row.id), status: 'cancelled', from: String(ctx.row.status), no: ctx.row.os_no as string, by: { userId: ctx.auth.userId, clientId: ctx.clientId } });
  });
  registerActionHandler('outsourcetask', 'accept', async (ctx) => moveMakerOrder(ctx, 'accepted', {}));
  registerActionHandler('outsourcetask', 'reject', async (ctx) => {
    const reason = String(ctx.params.reject_reason ?? '');
    await moveMakerOrder(ctx, 'rejected', { reject_reason: reason }, { reason }, true);
  });
  registerActionHandler('outsourcetask', 'progress', reportProgress);
  registerActionHandler('outsourcetask', 'dispatch', dispatchTask);
}
