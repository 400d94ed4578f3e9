import { sql } from 'kysely';
import { isLanguage, translate, type Language } from '../../../model';
import { purLineErrors, supplierOrder } from '../../../model/entities';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { deriveRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { registerSaveHook } from '../../resources/save-hooks';
import { asTenant, emitOrderState, receiverAccepts, sharedDocumentChanged } from '../orders/cross-tenant.util';
import { deriveLineAmounts, perRow, rowQty } from '../orders/order-lines';
import { joinedClientOf, linkCopy, moveCopies, moveSource, openShare, PURCHASE_SHARE } from '../orders/order-share';
import { recordNodesFromPurchaseReceipt } from '../tracking';
import { changeStock } from './stock.service';
import { num } from '../../db/row-values';

/**
 * Purchasing across companies (issue 17). A buyer's purchase order is sent to its supplier's company
 * the way a requirement order goes to its maker (services/orders): the copy (a supplier order) is
 * written through the document writer in the supplier's company, an order share row in the buyer's
 * company names both documents, and the supplier's answers (confirm, reject with a reason, dispatch
 * with quantities per line) reach the buyer's order only through an active share naming this copy.
 * Receipts, moves, transfers, returns and call-off receipts change stock through stock.service.
 */
type Row = Record<string, unknown>;
const languageOf = (auth: AuthContext): Language => (isLanguage(auth.language) ? auth.language : 'zh-CN');

/**
 * Lines without a price take the contract's price of their material (raw materials) or style (goods,
 * every colour and size of a matrix alike); lines without a number (an imported matrix row gives one
 * line per size) are numbered after the others, since shipments and receipts name lines by number.
 */
async function priceAndTotal(tx: Db, clientId: number, orderId: number): Promise<void> {
  const w = serviceWrite(tx, { clientId });
  await deriveRecords(w, 'purorder_line', { where: sql`t.id = n.id`, from: sql`(
      select id, (select coalesce(max(seq), 0) from pur_order_line where client_id = ${clientId} and order_id = ${orderId}) + row_number() over (order by id) as seq
      from pur_order_line where client_id = ${clientId} and order_id = ${orderId} and seq is null) n` }, { seq: sql`n.seq` });
  await deriveRecords(w, 'purorder_line', {
    where: sql`t.order_id = ${orderId} and o.id = t.order_id and o.client_id = t.client_id and t.unit_price is null
      and h.id = o.contract_id and h.client_id = o.client_id and h.status = 'active' and h.vendor_id = o.vendor_id
      and coalesce(o.order_date, current_date) between h.valid_from and h.valid_to
      and c.client_id = o.client_id and c.contract_id = o.contract_id
      and ((o.order_kind = 'material' and c.material_id = t.material_id) or (o.order_kind = 'goods' and c.style_no = t.style_no))`,
    from: sql`pur_order o, pur_contract h, pur_contract_line c`,
  }, { unit_price: sql`c.unit_price` });
  await deriveLineAmounts(w, 'purorder_line', 'order_id', orderId);
  await deriveRecords(w, 'purorder', [orderId], {
    total_qty: sql`coalesce((select sum(qty) from pur_order_line l where l.client_id = t.client_id and l.order_id = t.id), 0)`,
    total_amount: sql`(select sum(amount) from pur_order_line l where l.client_id = t.client_id and l.order_id = t.id)`,
  });
}

async function linesOf(tx: Db, table: string, clientId: number, orderId: number): Promise<Row[]> {
  return (await sql<Row>`select * from ${sql.table(table)} where client_id = ${clientId} and order_id = ${orderId} order by seq nulls last, id`.execute(tx)).rows;
}

/**
 * The order's contract must apply when it is sent: the same supplier, active and valid on the order
 * date. Checked at send (lines take contract prices only from an applicable contract at every save).
 */
async function contractApplies(tx: Db, clientId: number, row: Row): Promise<void> {
  if (!row.contract_id) return;
  const c = (await sql<Row>`select vendor_id, status, valid_from, valid_to from pur_contract where id = ${row.contract_id as number} and client_id = ${clientId}`.execute(tx)).rows[0];
  if (!c) return;
  if (Number(c.vendor_id) !== Number(row.vendor_id)) throw new AppError('pur.order.contractVendor', { fields: { contract_id: { key: 'pur.order.contractVendor' } } });
  const day = String(row.order_date ?? new Date().toISOString()).slice(0, 10);
  if (c.status !== 'active' || day < String(c.valid_from) || day > String(c.valid_to)) throw new AppError('pur.order.contractInactive', { fields: { contract_id: { key: 'pur.order.contractInactive' } } });
}

async function sendPurchaseOrder(ctx: ActionContext) {
  const { tx, auth, clientId, row } = ctx;
  const lang = languageOf(auth);
  const orderId = Number(row.id);
  await contractApplies(tx, clientId, row);
  const lines = await linesOf(tx, 'pur_order_line', clientId, orderId);
  if (!lines.length) throw new AppError('pur.order.noLines', { fields: { lines: { key: 'pur.order.noLines' } } });
  const now = new Date().toISOString();
  const target = await joinedClientOf(tx, clientId, Number(row.vendor_id));
  // Spec 8: the supplier has not joined, the data cannot be sent; the buyer tracks it by hand (`track`).
  if (!target) throw new AppError('pur.order.noVendorCompany');
  const buyer = (await sql<{ name: string; code: string }>`select name, code from clients where id = ${clientId}`.execute(tx)).rows[0];
  if (!buyer || !(await receiverAccepts(tx, { id: clientId, code: buyer.code }, target))) throw new AppError('pur.order.vendorNotLinked', { params: { code: buyer?.code ?? '' } });
  const materials = new Map<number, { code: string; name: string }>();
  for (const m of (await sql<{ id: number; code: string; name: string }>`select id, code, name from md_material where client_id = ${clientId} and id in (select material_id from pur_order_line where client_id = ${clientId} and order_id = ${orderId})`.execute(tx)).rows) materials.set(Number(m.id), m);

  const soId = await asTenant(tx, target.id, clientId, async (stx) => {
    const w = writeContext(stx, { clientId: target.id, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip: ctx.ip, roles: auth.roles }, 'service');
    const id = await writeDocument(w, supplierOrder, {
      body: {
        buyer_name: buyer.name, order_kind: row.order_kind, delivery_date: row.delivery_date ?? null, currency: row.currency ?? null,
        remark: row.remark ?? null,
        lines: lines.map((l, i) => ({
          material_code: l.material_id ? materials.get(Number(l.material_id))?.code ?? null : null,
          material_name: l.material_id ? materials.get(Number(l.material_id))?.name ?? null : null,
          style_no: l.style_no ?? null, colour: l.colour ?? null, size: l.size ?? null, unit: l.unit ?? null, qty: l.qty,
          unit_price: l.unit_price ?? null, seq: i + 1,
        })),
      },
    });
    // Each line of the copy names the buyer's line it answers (its dispatch and returns go there).
    await linkCopy(stx, target.id, auth.userId, { entity: 'supplierorder', id, set: { source_no: row.po_no as string, source_client_id: clientId } },
      { entity: 'supplierorder_line', fk: 'order_id', sourceIds: lines.map((l) => Number(l.id)), set: { dispatched_qty: 0, returned_qty: 0 } });
    return id;
  });
  await openShare(tx, PURCHASE_SHARE, { clientId, userId: auth.userId, partnerId: target.id, sourceId: orderId, sourceNo: row.po_no as string, copyId: soId });
  const soNo = await asTenant(tx, target.id, clientId, async (stx) => (await sql<{ so_no: string | null }>`select so_no from pur_supplier_order where id = ${soId} and client_id = ${target.id}`.execute(stx)).rows[0]?.so_no ?? null);
  await sharedDocumentChanged(tx, { entity: 'purorder', clientId, id: orderId, status: 'sent', from: String(row.status), no: row.po_no as string, by: { userId: auth.userId, clientId } });
  await sharedDocumentChanged(tx, { entity: 'supplierorder', clientId: target.id, id: soId, status: 'pending', no: soNo, by: { userId: auth.userId, clientId } });
  return { patch: { sent_at: now, reject_reason: null }, data: { supplierOrderId: soId, message: translate(lang, 'pur.order.sent') } };
}

/** The supplier's answer moves the buyer's order through the share (order-share.ts); both companies hear of it. */
async function moveBuyerOrder(ctx: ActionContext, status: string, extra: { reason?: string; closeShare?: boolean } = {}): Promise<void> {
  await moveSource(ctx, PURCHASE_SHARE, { set: { status, reject_reason: extra.reason ?? null }, audit: `supplier-${status}`, reason: extra.reason, closeShare: extra.closeShare });
}

/** Supplier dispatches: a quantity per line (JSON {"<seq>": qty}; lines not named ship in full; not all zero), copied to the buyer's lines. */
async function dispatch(ctx: ActionContext) {
  const { tx, clientId, row } = ctx;
  let shipment: Record<string, unknown> = {};
  if (ctx.params.shipment) {
    try { shipment = JSON.parse(String(ctx.params.shipment)) as Record<string, unknown>; } catch { throw new AppError('pur.order.badShipment', { fields: { shipment: { key: 'pur.order.badShipment' } } }); }
    if (!shipment || typeof shipment !== 'object' || Array.isArray(shipment)) throw new AppError('pur.order.badShipment', { fields: { shipment: { key: 'pur.order.badShipment' } } });
  }
  const lines = await linesOf(tx, 'pur_supplier_order_line', clientId, Number(row.id));
  const qtys = lines.map((l) => {
    const key = String(l.seq ?? l.id);
    const q = key in shipment ? Number(shipment[key]) : num(l.qty);
    if (!Number.isFinite(q) || q < 0 || q > num(l.qty)) throw new AppError('pur.order.badShipment', { fields: { shipment: { key: 'pur.order.badShipment' } } });
    return { line: l, q };
  });
  // A shipment of nothing is no dispatch: the order would read "dispatched" with nothing on the way.
  if (!qtys.some((x) => x.q > 0)) throw new AppError('pur.order.emptyShipment', { fields: { shipment: { key: 'pur.order.emptyShipment' } } });
  const who = { clientId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip };
  await updateRecords(serviceWrite(tx, who), 'supplierorder_line', perRow(qtys.map(({ line, q }) => ({ id: Number(line.id), v: q }))), { dispatched_qty: rowQty }, { audit: 'dispatch' });
  await moveSource(ctx, PURCHASE_SHARE, {
    set: { status: 'dispatched' }, audit: 'supplier-dispatched',
    before: async (btx, buyerId, order) => {
      const w = serviceWrite(btx, { ...who, clientId: buyerId });
      await updateRecords(w, 'purorder_line', perRow(qtys.map(({ line, q }) => ({ id: Number(line.source_line_id), v: q })), sql`t.order_id = ${order.id as number}`), { dispatched_qty: rowQty }, { audit: 'supplier-dispatched' });
    },
  });
  return { patch: { dispatched_at: new Date().toISOString() } };
}

/**
 * Buyer receives into one location. `receive` takes everything still to come on every line and
 * completes the order (status received); `receive_part` takes the quantities named per line (JSON
 * {"<seq>": qty}, lines not named receive nothing) and leaves the order "part_received" until a later
 * receipt takes the rest. A quantity above what is still to come on its line (dispatched - received;
 * for an order tracked by hand, ordered - received) is refused naming the line. Each line received
 * posts one ledger row through the stock service. An order bought for a customer order may complete
 * that order's material node (tracking.purchase.ts); the reply's `data.nodes` names the nodes recorded.
 */
async function receiveLines(ctx: ActionContext, partial: boolean) {
  const { tx, clientId, row, auth } = ctx;
  const code = String(ctx.params.location_code ?? '');
  const loc = code ? (await sql<{ id: number }>`select id from wms_location where upper(code) = upper(${code}) and client_id = ${clientId}`.execute(tx)).rows[0] : undefined;
  if (!loc) throw new AppError('pur.order.locationRequired', { fields: { location_code: { key: 'pur.order.locationRequired' } } });
  const locationId = Number(loc.id);
  // An order tracked by hand has no supplier dispatch: what was ordered counts as arrived.
  const w = serviceWrite(tx, { clientId, userId: auth.userId, username: auth.username, ip: ctx.ip });
  if (row.status === 'manual') await updateRecords(w, 'purorder_line', { where: sql`t.order_id = ${row.id as number}` }, { dispatched_qty: sql`t.qty` }, { audit: 'receive' });
  const lines = await linesOf(tx, 'pur_order_line', clientId, Number(row.id));
  let receipt: Record<string, unknown> | null = null;
  if (partial) {
    const bad = () => new AppError('pur.order.badReceipt', { fields: { receipt: { key: 'pur.order.badReceipt' } } });
    try { receipt = JSON.parse(String(ctx.params.receipt ?? '')) as Record<string, unknown>; } catch { throw bad(); }
    if (!receipt || typeof receipt !== 'object' || Array.isArray(receipt)) throw bad();
    const seqs = new Set(lines.map((l) => String(l.seq ?? l.id)));
    for (const [k, v] of Object.entries(receipt)) if (!seqs.has(k) || typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw bad();
  }
  const takes = lines.map((l) => {
    const remaining = num(l.dispatched_qty) - num(l.received_qty);
    const key = String(l.seq ?? l.id);
    const q = receipt ? (key in receipt ? Number(receipt[key]) : 0) : Math.max(remaining, 0);
    if (q > remaining) {
      const params = { seq: key, qty: q, remaining: Math.max(remaining, 0) };
      throw new AppError('pur.order.overReceipt', { params, fields: { receipt: { key: 'pur.order.overReceipt', params } } });
    }
    return { l, q, remaining };
  });
  if (!takes.some((t) => t.q > 0)) throw new AppError('pur.order.nothingToReceive');
  if (partial && takes.every((t) => t.q >= t.remaining)) throw new AppError('pur.order.receiptCompletes', { fields: { receipt: { key: 'pur.order.receiptCompletes' } } });
  const taken = takes.filter((t) => t.q > 0);
  for (const { l, q } of taken) {
    if (l.material_id) await changeStock(tx, { clientId, userId: auth.userId, materialId: Number(l.material_id), locationId, delta: q, moveType: 'receipt', docNo: row.po_no as string });
  }
  await updateRecords(w, 'purorder_line', perRow(taken.map(({ l, q }) => ({ id: Number(l.id), v: q }))), { received_qty: sql`coalesce(t.received_qty, 0) + ${rowQty}` }, { audit: partial ? 'receive_part' : 'receive' });
  const status = partial ? 'part_received' : 'received';
  if (!partial) await moveCopies(ctx, PURCHASE_SHARE, { status: 'received', audit: 'receive' });
  await sharedDocumentChanged(tx, { entity: 'purorder', clientId, id: Number(row.id), status, from: String(row.status), no: row.po_no as string, by: { userId: auth.userId, clientId } });
  // The material of the customer order it buys for, now in full, may complete its node (fabric, trims in-house).
  const nodes = await recordNodesFromPurchaseReceipt(tx, { clientId, purchaseOrderIds: [Number(row.id)], actor: { clientId, userId: auth.userId, username: auth.username, ip: ctx.ip } });
  return { data: { nodes } };
}
const receive = (ctx: ActionContext) => receiveLines(ctx, false);
const receivePart = (ctx: ActionContext) => receiveLines(ctx, true);

/** Posting a move, transfer or return. */
async function postMove(ctx: ActionContext) {
  const { tx, clientId, row, auth } = ctx;
  const materialId = Number(row.material_id);
  const from = Number(row.from_location_id);
  const qty = num(row.qty);
  const docNo = row.move_no as string;
  if (row.move_type === 'move' || row.move_type === 'transfer') {
    const plants = (await sql<{ id: number; plant_id: number }>`select id, plant_id from wms_location where client_id = ${clientId} and id in (${from}, ${Number(row.to_location_id)})`.execute(tx)).rows;
    const pf = plants.find((p) => Number(p.id) === from)?.plant_id;
    const pt = plants.find((p) => Number(p.id) === Number(row.to_location_id))?.plant_id;
    if (row.move_type === 'move' && pf !== pt) throw new AppError('wms.move.moveOtherPlant', { fields: { to_location_id: { key: 'wms.move.moveOtherPlant' } } });
    if (row.move_type === 'transfer' && pf === pt) throw new AppError('wms.move.transferSamePlant', { fields: { to_location_id: { key: 'wms.move.transferSamePlant' } } });
    await changeStock(tx, { clientId, userId: auth.userId, materialId, locationId: from, delta: -qty, moveType: String(row.move_type), docNo });
    await changeStock(tx, { clientId, userId: auth.userId, materialId, locationId: Number(row.to_location_id), delta: qty, moveType: String(row.move_type), docNo });
  } else if (row.move_type === 'return') {
    const orderId = Number(row.purorder_id);
    // The return draws on received lines of that material not yet returned, atomically per line.
    const lines = (await sql<Row>`select id, source_qty from (select id, received_qty - coalesce(returned_qty, 0) as source_qty, seq from pur_order_line
      where client_id = ${clientId} and order_id = ${orderId} and material_id = ${materialId} order by seq nulls last, id for update) x`.execute(tx)).rows;
    let left = qty;
    const taken: Array<{ id: number; q: number }> = [];
    for (const l of lines) {
      const q = Math.min(left, num(l.source_qty));
      if (q > 0) { taken.push({ id: Number(l.id), q }); left -= q; }
    }
    if (left > 1e-9) throw new AppError('wms.move.returnMaterial', { fields: { qty: { key: 'wms.move.returnMaterial' } } });
    await changeStock(tx, { clientId, userId: auth.userId, materialId, locationId: from, delta: -qty, moveType: 'return', docNo, insufficientKey: 'wms.stock.returnInsufficient' });
    const who = { clientId, userId: auth.userId, username: auth.username, ip: ctx.ip };
    const returned = { returned_qty: sql`coalesce(t.returned_qty, 0) + ${rowQty}` };
    await updateRecords(serviceWrite(tx, who), 'purorder_line', perRow(taken.map((t) => ({ id: t.id, v: t.q }))), returned, { audit: 'return' });
    // The supplier sees what came back on its copy's lines.
    const shares = (await sql<Row>`select * from scm_order_share where client_id = ${clientId} and source_entity = 'purorder' and source_id = ${orderId} and state = 'active'`.execute(tx)).rows;
    for (const s of shares) {
      const supplier = Number(s.to_client);
      await asTenant(tx, supplier, clientId, async (stx) => {
        const lines = perRow(taken.map((t) => ({ id: t.id, v: t.q })), sql`t.order_id = ${s.target_id as number}`, 'source_line_id');
        await updateRecords(serviceWrite(stx, { ...who, clientId: supplier }), 'supplierorder_line', lines, returned, { audit: 'buyer-return' });
      });
      emitOrderState([supplier], { entity: 'supplierorder', id: Number(s.target_id), status: 'returned' }, tx);
    }
  }
  return { patch: { posted_at: new Date().toISOString() } };
}

export function registerPurchasingHandlers(): void {
  registerSaveHook('purorder', {
    afterWrite: async ({ tx, clientId, ids }) => {
      for (const id of ids) {
        // The header's kind decides what a line must name (the writer's hooks see no child rows before writing).
        const kind = (await sql<{ order_kind: string }>`select order_kind from pur_order where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0]?.order_kind;
        const lineErrors = purLineErrors(kind, await linesOf(tx, 'pur_order_line', clientId, id));
        if (Object.keys(lineErrors).length) throw new AppError('err.validation', { fields: Object.fromEntries(Object.entries(lineErrors).map(([k, v]) => [k, { key: v }])) });
        await priceAndTotal(tx, clientId, id);
      }
    },
  });
  registerSaveHook('supplierorder', {
    validate: async ({ before }) => {
      if (before?.share_id) throw new AppError('pur.order.sharedReadOnly');
    },
    afterWrite: async ({ tx, clientId, ids }) => {
      const w = serviceWrite(tx, { clientId });
      for (const id of ids) {
        await deriveLineAmounts(w, 'supplierorder_line', 'order_id', id);
        await deriveRecords(w, 'supplierorder', [id], {
          total_qty: sql`coalesce((select sum(qty) from pur_supplier_order_line l where l.client_id = t.client_id and l.order_id = t.id), 0)`,
          total_amount: sql`(select sum(amount) from pur_supplier_order_line l where l.client_id = t.client_id and l.order_id = t.id)`,
        });
      }
    },
  });
  // The quantity only the stock service changes (on the pair's first row); a row with stock on it is
  // neither re-pointed nor removed.
  registerSaveHook('stockbalance', {
    validate: async ({ before, values }) => {
      if (before && (Number(before.material_id) !== Number(values.material_id) || Number(before.location_id) !== Number(values.location_id)) && num(before.qty) !== 0)
        throw new AppError('wms.stock.hasStock');
    },
    beforeRemove: async ({ rows }) => {
      if (rows.some((r) => num(r.qty) !== 0)) throw new AppError('wms.stock.hasStock');
    },
  });
  registerActionHandler('purorder', 'send', sendPurchaseOrder);
  registerActionHandler('purorder', 'receive', receive);
  registerActionHandler('purorder', 'receive_part', receivePart);
  registerActionHandler('purorder', 'cancel', async (ctx) => {
    await sharedDocumentChanged(ctx.tx, { entity: 'purorder', clientId: ctx.clientId, id: Number(ctx.row.id), status: 'cancelled', from: String(ctx.row.status), no: ctx.row.po_no as string, by: { userId: ctx.auth.userId, clientId: ctx.clientId } });
    await moveCopies(ctx, PURCHASE_SHARE, { status: 'cancelled', audit: 'cancel', closeShare: true });
  });
  registerActionHandler('supplierorder', 'confirm', async (ctx) => moveBuyerOrder(ctx, 'confirmed'));
  registerActionHandler('supplierorder', 'reject', async (ctx) => moveBuyerOrder(ctx, 'rejected', { reason: String(ctx.params.reject_reason ?? ''), closeShare: true }));
  registerActionHandler('supplierorder', 'dispatch', dispatch);
  registerActionHandler('stockmove', 'post', postMove);
  registerActionHandler('materialcalloff', 'receive', async (ctx) => {
    await changeStock(ctx.tx, { clientId: ctx.clientId, userId: ctx.auth.userId, materialId: Number(ctx.row.material_id), locationId: Number(ctx.row.location_id), delta: num(ctx.row.qty), moveType: 'calloff', docNo: ctx.row.calloff_no as string });
  });
}
