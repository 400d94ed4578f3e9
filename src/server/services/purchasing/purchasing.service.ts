import { sql } from 'kysely';
import { isLanguage, translate, type Language } from '../../../model';
import { purLineErrors, supplierOrder } from '../../../model/entities';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { registerSaveHook } from '../../resources/save-hooks';
import { writeAudit } from '../audit/audit.service';
import { asTenant, emitOrderState, receiverAccepts, sharedDocumentChanged } from '../orders/cross-tenant.util';
import { changeStock } from './stock.service';

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
const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));

/**
 * Lines without a price take the contract's price of their material (raw materials) or style (goods,
 * every colour and size of a matrix alike); lines without a number (an imported matrix row gives one
 * line per size) are numbered after the others, since shipments and receipts name lines by number.
 */
async function priceAndTotal(tx: Db, clientId: number, orderId: number): Promise<void> {
  await sql`update pur_order_line l set seq = n.seq from (
      select id, (select coalesce(max(seq), 0) from pur_order_line where client_id = ${clientId} and order_id = ${orderId}) + row_number() over (order by id) as seq
      from pur_order_line where client_id = ${clientId} and order_id = ${orderId} and seq is null) n
    where l.id = n.id and l.client_id = ${clientId}`.execute(tx);
  await sql`update pur_order_line l set unit_price = c.unit_price
    from pur_order o, pur_contract h, pur_contract_line c
    where l.client_id = ${clientId} and l.order_id = ${orderId} and o.id = l.order_id and o.client_id = l.client_id and l.unit_price is null
      and h.id = o.contract_id and h.client_id = o.client_id and h.status = 'active' and h.vendor_id = o.vendor_id
      and coalesce(o.order_date, current_date) between h.valid_from and h.valid_to
      and c.client_id = o.client_id and c.contract_id = o.contract_id
      and ((o.order_kind = 'material' and c.material_id = l.material_id) or (o.order_kind = 'goods' and c.style_no = l.style_no))`.execute(tx);
  await sql`update pur_order_line set amount = case when unit_price is null then null else round(qty * unit_price, 4) end where client_id = ${clientId} and order_id = ${orderId}`.execute(tx);
  await sql`update pur_order o set total_qty = coalesce((select sum(qty) from pur_order_line l where l.client_id = o.client_id and l.order_id = o.id), 0),
      total_amount = (select sum(amount) from pur_order_line l where l.client_id = o.client_id and l.order_id = o.id)
    where o.id = ${orderId} and o.client_id = ${clientId}`.execute(tx);
}

async function linesOf(tx: Db, table: string, clientId: number, orderId: number): Promise<Row[]> {
  return (await sql<Row>`select * from ${sql.table(table)} where client_id = ${clientId} and order_id = ${orderId} order by seq nulls last, id`.execute(tx)).rows;
}

async function joinedClientOf(tx: Db, clientId: number, vendorId: number): Promise<{ id: number; name: string; type: string } | null> {
  const code = (await sql<{ code: string | null }>`select platform_client_code as code from md_vendor where id = ${vendorId} and client_id = ${clientId}`.execute(tx)).rows[0]?.code;
  if (!code) return null;
  return (await sql<{ id: number; name: string; type: string }>`select id, name, type from clients where upper(code) = upper(${code}) and status = 'active' and id <> ${clientId}`.execute(tx)).rows[0] ?? null;
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
    await sql`update pur_supplier_order set source_no = ${row.po_no as string}, source_client_id = ${clientId} where id = ${id} and client_id = ${target.id}`.execute(stx);
    // Each line of the copy names the buyer's line it answers (its dispatch and returns go there).
    for (const [i, l] of lines.entries())
      await sql`update pur_supplier_order_line set source_line_id = ${Number(l.id)}, dispatched_qty = 0, returned_qty = 0 where client_id = ${target.id} and order_id = ${id} and seq = ${i + 1}`.execute(stx);
    return id;
  });
  const share = await sql<{ id: number }>`insert into scm_order_share (client_id, created_by, updated_by, from_client, to_client, source_entity, source_id, source_no, target_entity, target_id, state)
    values (${clientId}, ${auth.userId}, ${auth.userId}, ${clientId}, ${target.id}, 'purorder', ${orderId}, ${row.po_no as string}, 'supplierorder', ${soId}, 'active') returning id`.execute(tx);
  const shareId = Number(share.rows[0].id);
  await asTenant(tx, target.id, clientId, (stx) => sql`update pur_supplier_order set share_id = ${shareId} where id = ${soId} and client_id = ${target.id}`.execute(stx));
  const soNo = await asTenant(tx, target.id, clientId, async (stx) => (await sql<{ so_no: string | null }>`select so_no from pur_supplier_order where id = ${soId} and client_id = ${target.id}`.execute(stx)).rows[0]?.so_no ?? null);
  await sharedDocumentChanged(tx, { entity: 'purorder', clientId, id: orderId, status: 'sent', from: String(row.status), no: row.po_no as string, by: { userId: auth.userId, clientId } });
  await sharedDocumentChanged(tx, { entity: 'supplierorder', clientId: target.id, id: soId, status: 'pending', no: soNo, by: { userId: auth.userId, clientId } });
  return { patch: { sent_at: now, reject_reason: null }, data: { supplierOrderId: soId, message: translate(lang, 'pur.order.sent') } };
}

/** The buyer's order behind a supplier order, through its active share; `work` runs in the buyer's scope. */
async function onBuyerOrder<T>(ctx: ActionContext, work: (btx: Db, buyerId: number, order: Row, shareId: number, share: Row) => Promise<T>): Promise<T> {
  const { tx, clientId, row } = ctx;
  const buyerId = Number(row.source_client_id);
  const shareId = Number(row.share_id);
  if (!buyerId || !shareId) throw new AppError('pur.order.shareMissing');
  return asTenant(tx, buyerId, clientId, async (btx) => {
    const s = (await sql<Row>`select * from scm_order_share where id = ${shareId} and client_id = ${buyerId} and from_client = ${buyerId} and to_client = ${clientId}
      and source_entity = 'purorder' and target_entity = 'supplierorder' and target_id = ${row.id as number} and state = 'active'`.execute(btx)).rows[0];
    if (!s) throw new AppError('pur.order.shareMissing');
    const order = (await sql<Row>`select * from pur_order where id = ${s.source_id as number} and client_id = ${buyerId} for update`.execute(btx)).rows[0];
    if (!order) throw new AppError('pur.order.shareMissing');
    return work(btx, buyerId, order, shareId, s);
  });
}

/**
 * The supplier's answer moves the buyer's order through the share; both companies hear of it
 * (`sharedDocumentChanged`: the buyer's order with a notice to who sent and who created it, the
 * supplier's own copy).
 */
async function moveBuyerOrder(ctx: ActionContext, status: string, extra: { reason?: string; closeShare?: boolean } = {}): Promise<void> {
  await onBuyerOrder(ctx, async (btx, buyerId, order, shareId, share) => {
    await sql`update pur_order set status = ${status}, reject_reason = ${extra.reason ?? null}, version = version + 1, updated_at = now() where id = ${order.id as number} and client_id = ${buyerId}`.execute(btx);
    await writeAudit(btx, { clientId: buyerId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip }, 'purorder', Number(order.id), `supplier-${status}`, [
      { field: 'status', old: order.status, new: status },
      ...(extra.reason ? [{ field: 'reject_reason', old: order.reject_reason ?? null, new: extra.reason }] : []),
    ]);
    if (extra.closeShare) await sql`update scm_order_share set state = 'closed', version = version + 1, updated_at = now() where id = ${shareId} and client_id = ${buyerId}`.execute(btx);
    await sharedDocumentChanged(btx, {
      entity: 'purorder', clientId: buyerId, id: Number(order.id), status, from: String(order.status), no: order.po_no as string,
      by: { userId: ctx.auth.userId, clientId: ctx.clientId }, tell: [Number(share.created_by), Number(order.created_by)], reason: extra.reason || null,
    });
  });
  await supplierCopyChanged(ctx);
}

/** The supplier's own copy moved by its action (its lists and drawers read it again). */
async function supplierCopyChanged(ctx: ActionContext): Promise<void> {
  const { row, transition } = ctx;
  if (!transition) return;
  await sharedDocumentChanged(ctx.tx, { entity: 'supplierorder', clientId: ctx.clientId, id: Number(row.id), status: transition.to, from: String(row.status), no: (row.so_no as string | null) ?? null, by: { userId: ctx.auth.userId, clientId: ctx.clientId } });
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
  for (const { line, q } of qtys) await sql`update pur_supplier_order_line set dispatched_qty = ${q} where id = ${line.id as number} and client_id = ${clientId}`.execute(tx);
  await onBuyerOrder(ctx, async (btx, buyerId, order, _shareId, share) => {
    for (const { line, q } of qtys) await sql`update pur_order_line set dispatched_qty = ${q} where id = ${line.source_line_id as number} and client_id = ${buyerId} and order_id = ${order.id as number}`.execute(btx);
    await sql`update pur_order set status = 'dispatched', version = version + 1, updated_at = now() where id = ${order.id as number} and client_id = ${buyerId}`.execute(btx);
    await writeAudit(btx, { clientId: buyerId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip }, 'purorder', Number(order.id), 'supplier-dispatched', [{ field: 'status', old: order.status, new: 'dispatched' }]);
    await sharedDocumentChanged(btx, {
      entity: 'purorder', clientId: buyerId, id: Number(order.id), status: 'dispatched', from: String(order.status), no: order.po_no as string,
      by: { userId: ctx.auth.userId, clientId }, tell: [Number(share.created_by), Number(order.created_by)],
    });
  });
  await supplierCopyChanged(ctx);
  return { patch: { dispatched_at: new Date().toISOString() } };
}

/**
 * Buyer receives into one location. `receive` takes everything still to come on every line and
 * completes the order (status received); `receive_part` takes the quantities named per line (JSON
 * {"<seq>": qty}, lines not named receive nothing) and leaves the order "part_received" until a later
 * receipt takes the rest. A quantity above what is still to come on its line (dispatched - received;
 * for an order tracked by hand, ordered - received) is refused naming the line. Each line received
 * posts one ledger row through the stock service.
 */
async function receiveLines(ctx: ActionContext, partial: boolean) {
  const { tx, clientId, row, auth } = ctx;
  const code = String(ctx.params.location_code ?? '');
  const loc = code ? (await sql<{ id: number }>`select id from wms_location where upper(code) = upper(${code}) and client_id = ${clientId}`.execute(tx)).rows[0] : undefined;
  if (!loc) throw new AppError('pur.order.locationRequired', { fields: { location_code: { key: 'pur.order.locationRequired' } } });
  const locationId = Number(loc.id);
  // An order tracked by hand has no supplier dispatch: what was ordered counts as arrived.
  if (row.status === 'manual') await sql`update pur_order_line set dispatched_qty = qty where order_id = ${row.id as number} and client_id = ${clientId}`.execute(tx);
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
  for (const { l, q } of takes) {
    if (q <= 0) continue;
    if (l.material_id) await changeStock(tx, { clientId, userId: auth.userId, materialId: Number(l.material_id), locationId, delta: q, moveType: 'receipt', docNo: row.po_no as string });
    await sql`update pur_order_line set received_qty = coalesce(received_qty, 0) + ${q} where id = ${l.id as number} and client_id = ${clientId}`.execute(tx);
  }
  const status = partial ? 'part_received' : 'received';
  if (!partial) await markSupplierCopy(ctx, `set status = 'received', version = version + 1, updated_at = now()`, 'received');
  await sharedDocumentChanged(tx, { entity: 'purorder', clientId, id: Number(row.id), status, from: String(row.status), no: row.po_no as string, by: { userId: auth.userId, clientId } });
  return {};
}
const receive = (ctx: ActionContext) => receiveLines(ctx, false);
const receivePart = (ctx: ActionContext) => receiveLines(ctx, true);

/** Applies a change to the supplier's copy through the buyer's own active share (if the order was shared). */
async function markSupplierCopy(ctx: ActionContext, setSql: string, status: string, orderId = Number(ctx.row.id)): Promise<void> {
  const { tx, clientId } = ctx;
  const shares = (await sql<Row>`select * from scm_order_share where client_id = ${clientId} and source_entity = 'purorder' and source_id = ${orderId} and state = 'active'`.execute(tx)).rows;
  for (const s of shares) {
    const supplier = Number(s.to_client);
    const before = await asTenant(tx, supplier, clientId, async (stx) => {
      const b = (await sql<{ status: string; so_no: string | null }>`select status, so_no from pur_supplier_order where id = ${s.target_id as number} and client_id = ${supplier}`.execute(stx)).rows[0];
      await sql`update pur_supplier_order ${sql.raw(setSql)} where id = ${s.target_id as number} and client_id = ${supplier}`.execute(stx);
      return b;
    });
    await sharedDocumentChanged(tx, { entity: 'supplierorder', clientId: supplier, id: Number(s.target_id), status, from: before?.status ?? null, no: before?.so_no ?? null, by: { userId: ctx.auth.userId, clientId } });
  }
}

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
    for (const t of taken) await sql`update pur_order_line set returned_qty = coalesce(returned_qty, 0) + ${t.q} where id = ${t.id} and client_id = ${clientId}`.execute(tx);
    // The supplier sees what came back on its copy's lines.
    const shares = (await sql<Row>`select * from scm_order_share where client_id = ${clientId} and source_entity = 'purorder' and source_id = ${orderId} and state = 'active'`.execute(tx)).rows;
    for (const s of shares) {
      const supplier = Number(s.to_client);
      await asTenant(tx, supplier, clientId, async (stx) => {
        for (const t of taken) await sql`update pur_supplier_order_line set returned_qty = coalesce(returned_qty, 0) + ${t.q} where client_id = ${supplier} and order_id = ${s.target_id as number} and source_line_id = ${t.id}`.execute(stx);
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
      for (const id of ids) {
        await sql`update pur_supplier_order_line set amount = case when unit_price is null then null else round(qty * unit_price, 4) end where client_id = ${clientId} and order_id = ${id}`.execute(tx);
        await sql`update pur_supplier_order o set total_qty = coalesce((select sum(qty) from pur_supplier_order_line l where l.client_id = o.client_id and l.order_id = o.id), 0),
            total_amount = (select sum(amount) from pur_supplier_order_line l where l.client_id = o.client_id and l.order_id = o.id) where o.id = ${id} and o.client_id = ${clientId}`.execute(tx);
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
    await markSupplierCopy(ctx, `set status = 'cancelled', version = version + 1, updated_at = now()`, 'cancelled');
    await sql`update scm_order_share set state = 'closed', version = version + 1, updated_at = now() where client_id = ${ctx.clientId} and source_entity = 'purorder' and source_id = ${ctx.row.id as number} and state = 'active'`.execute(ctx.tx);
  });
  registerActionHandler('supplierorder', 'confirm', async (ctx) => moveBuyerOrder(ctx, 'confirmed'));
  registerActionHandler('supplierorder', 'reject', async (ctx) => moveBuyerOrder(ctx, 'rejected', { reason: String(ctx.params.reject_reason ?? ''), closeShare: true }));
  registerActionHandler('supplierorder', 'dispatch', dispatch);
  registerActionHandler('stockmove', 'post', postMove);
  registerActionHandler('materialcalloff', 'receive', async (ctx) => {
    await changeStock(ctx.tx, { clientId: ctx.clientId, userId: ctx.auth.userId, materialId: Number(ctx.row.material_id), locationId: Number(ctx.row.location_id), delta: num(ctx.row.qty), moveType: 'calloff', docNo: ctx.row.calloff_no as string });
  });
}
