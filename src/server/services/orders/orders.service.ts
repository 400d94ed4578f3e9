import { sql } from 'kysely';
import { isLanguage, translate, type Language } from '../../../model';
import { customerOrder } from '../../../model/entities';
import { orderAllocationStatus } from '../../../model/allocation';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { registerSaveHook } from '../../resources/save-hooks';
import { writeAudit, type AuditActor } from '../../kernel/audit/audit.service';
import { raiseNotice } from '../notify/notice.service';
import { asTenant, receiverAccepts, sharedDocumentChanged } from './cross-tenant.util';

/**
 * Orders across companies (issue 6, spec 4 "customer order"): a brand's requirement order (pr order)
 * is sent to its maker; when the maker has joined the platform a customer order is created in the
 * maker's tenant, linked by an ordershare row; the maker accepts or rejects it with a reason and later
 * finishes it, and the brand's order follows. When the maker has not joined, the brand is told with
 * spec 8's message and tracks the order by hand.
 */

type Row = Record<string, unknown>;

const languageOf = (auth: AuthContext): Language => (isLanguage(auth.language) ? auth.language : 'zh-CN');
const actorOf = (ctx: Pick<ActionContext, 'auth' | 'ip'>, clientId: number): AuditActor => ({ clientId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip });

/**
 * Entry amounts (qty x unit price, 4 decimals, spec 9), the order's total quantity and amount, and its
 * allocation status (spec 4), from what is stored: run after every save of the order.
 */
export async function recomputeOrder(tx: Db, clientId: number, orderId: number): Promise<void> {
  await recomputeTotals(tx, 'scm_pr_order', 'scm_pr_order_entry', clientId, orderId);
  const r = await sql<Row>`select receive_date, maker_vendor_id, status, alloc_status from scm_pr_order where id = ${orderId} and client_id = ${clientId}`.execute(tx);
  if (r.rows[0]) {
    const status = orderAllocationStatus(r.rows[0]);
    await sql`update scm_pr_order set alloc_status = ${status} where id = ${orderId} and client_id = ${clientId}`.execute(tx);
  }
}

/** Entry amounts (qty x unit price, 4 decimals) and the header's total quantity and amount. */
async function recomputeTotals(tx: Db, table: string, entryTable: string, clientId: number, orderId: number): Promise<void> {
  await sql`update ${sql.table(entryTable)} set amount = case when unit_price is null then null else round(qty * unit_price, 4) end
    where client_id = ${clientId} and order_id = ${orderId}`.execute(tx);
  await sql`update ${sql.table(table)} o set
      total_qty = coalesce((select sum(e.qty) from ${sql.table(entryTable)} e where e.client_id = o.client_id and e.order_id = o.id), 0),
      total_amount = (select sum(e.amount) from ${sql.table(entryTable)} e where e.client_id = o.client_id and e.order_id = o.id)
    where o.id = ${orderId} and o.client_id = ${clientId}`.execute(tx);
}

async function entriesOf(tx: Db, table: string, clientId: number, orderId: number): Promise<Row[]> {
  return (await sql<Row>`select * from ${sql.table(table)} where client_id = ${clientId} and order_id = ${orderId} order by seq nulls last, id`.execute(tx)).rows;
}

/** The platform company a vendor record stands for, if that vendor has joined (active client). */
async function joinedClientOf(tx: Db, clientId: number, vendorId: number): Promise<{ id: number; name: string; type: string } | null> {
  const v = await sql<{ code: string | null }>`select platform_client_code as code from md_vendor where id = ${vendorId} and client_id = ${clientId}`.execute(tx);
  const code = v.rows[0]?.code;
  if (!code) return null;
  const c = await sql<{ id: number; name: string; type: string }>`select id, name, type from clients where upper(code) = upper(${code}) and status = 'active' and id <> ${clientId}`.execute(tx);
  return c.rows[0] ?? null;
}

/** Brand: send the order to its maker (handler-only action `send`, from draft or rejected). */
async function sendOrder(ctx: ActionContext) {
  const { tx, auth, clientId, row } = ctx;
  const lang = languageOf(auth);
  if (!['draft', 'rejected'].includes(String(row.status))) throw new AppError('scm.order.notSendable');
  if (!row.maker_vendor_id) throw new AppError('scm.order.noMaker', { fields: { maker_vendor_id: { key: 'scm.order.noMaker' } } });
  const orderId = Number(row.id);
  const entries = await entriesOf(tx, 'scm_pr_order_entry', clientId, orderId);
  if (!entries.length || !entries.some((e) => Number(e.qty) > 0)) throw new AppError('scm.order.noEntries', { fields: { entries: { key: 'scm.order.noEntries' } } });
  const now = new Date().toISOString();
  const target = await joinedClientOf(tx, clientId, Number(row.maker_vendor_id));
  if (!target) {
    // Spec 8 (outsourcing): the supplier has not joined, the data cannot be sent, track it by hand.
    return {
      patch: { status: 'manual', alloc_status: 'submitted', sent_at: now, reject_reason: null },
      data: { manual: true, message: translate(lang, 'scm.order.prMakerNotJoined') },
    };
  }
  const brand = (await sql<{ name: string; code: string }>`select name, code from clients where id = ${clientId}`.execute(tx)).rows[0];
  // Nothing is written at the maker until it has confirmed this brand (docs/architecture-orders.md).
  if (!brand || !(await receiverAccepts(tx, { id: clientId, code: brand.code }, target))) throw new AppError('scm.order.makerNotLinked', { params: { code: brand?.code ?? '' } });

  // The maker's copy goes through the document writer in the maker's company: its SN rule numbers
  // it, the entity's rules check it, its hooks keep the totals, the audit records it. The fields only
  // this service sets (where the copy came from) follow.
  const coId = await asTenant(tx, target.id, clientId, async (mtx) => {
    const w = writeContext(mtx, { clientId: target.id, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip: ctx.ip, roles: auth.roles }, 'service');
    const id = await writeDocument(w, customerOrder, {
      body: {
        brand_name: brand?.name ?? null,
        customer_po: row.customer_po ?? null,
        pr_type: row.pr_type ?? null,
        category: row.category ?? null,
        receive_date: row.receive_date ?? null,
        delivery_date: row.delivery_date ?? null,
        currency: row.currency ?? null,
        entries: entries.map((e) => ({ style_no: e.style_no, style_name: e.style_name ?? null, colour: e.colour, size: e.size, qty: e.qty, unit_price: e.unit_price ?? null, seq: e.seq ?? null })),
      },
    });
    await sql`update scm_customer_order set source_no = ${row.pr_no as string}, source_client_id = ${clientId} where id = ${id} and client_id = ${target.id}`.execute(mtx);
    return id;
  });

  const share = await sql<{ id: number }>`insert into scm_order_share (client_id, created_by, updated_by, from_client, to_client, source_entity, source_id, source_no,
      target_entity, target_id, state)
    values (${clientId}, ${auth.userId}, ${auth.userId}, ${clientId}, ${target.id}, 'prorder', ${orderId}, ${row.pr_no as string}, 'customerorder', ${coId}, 'active')
    returning id`.execute(tx);
  const shareId = Number(share.rows[0].id);
  const coNo = await asTenant(tx, target.id, clientId, async (mtx) => {
    await sql`update scm_customer_order set share_id = ${shareId} where id = ${coId} and client_id = ${target.id}`.execute(mtx);
    return (await sql<{ order_no: string | null }>`select order_no from scm_customer_order where id = ${coId} and client_id = ${target.id}`.execute(mtx)).rows[0]?.order_no ?? String(row.pr_no);
  });
  // Every user of the maker hears of the order, named by the maker's own number (the last write of this action).
  await raiseNotice(tx, {
    clientId: target.id, everyone: true, kind: 'order.received', title: 'notify.orderReceived.title', doc_no: coNo,
    link: `/page/document/customerorder?id=${coId}`,
    i18n: { title: 'notify.orderReceived.title', body: 'notify.orderReceived.body', params: { no: coNo, brand: brand.name, source: row.pr_no } },
  });

  // Both companies' lists follow (the new copy's arrival is the notice above, not a state change's).
  const by = { userId: auth.userId, clientId };
  await sharedDocumentChanged(tx, { entity: 'prorder', clientId, id: orderId, status: 'sent', from: String(row.status), no: row.pr_no as string, by });
  await sharedDocumentChanged(tx, { entity: 'customerorder', clientId: target.id, id: coId, status: 'pending', no: coNo, by });
  return {
    patch: { status: 'sent', alloc_status: 'submitted', sent_at: now, reject_reason: null },
    data: { manual: false, customerOrderId: coId, message: translate(lang, 'scm.order.sentToMaker') },
  };
}

/**
 * What other areas do when an order is cancelled (production plans release theirs): called inside the
 * cancel's transaction, in the tenant of the cancelled order (the maker's for its customer-order copy).
 */
export type OrderCancelled = { tx: Db; clientId: number; entity: 'prorder' | 'customerorder'; id: number; auth: AuthContext; ip: string | null };
const cancelListeners: ((e: OrderCancelled) => Promise<void>)[] = [];
export function onOrderCancelled(listener: (e: OrderCancelled) => Promise<void>): void {
  if (!cancelListeners.includes(listener)) cancelListeners.push(listener);
}

/**
 * What other areas do when the maker accepts an order (node tracking generates its node plan): called
 * inside the accept's transaction, in the maker's tenant, before the order's state changes.
 */
export type OrderAccepted = { tx: Db; clientId: number; id: number; auth: AuthContext };
const acceptListeners: ((e: OrderAccepted) => Promise<void>)[] = [];
export function onOrderAccepted(listener: (e: OrderAccepted) => Promise<void>): void {
  if (!acceptListeners.includes(listener)) acceptListeners.push(listener);
}

/** Brand cancels: a copy at the maker that is still open is cancelled with it, and the share closes. */
async function cancelOrder(ctx: ActionContext) {
  const { tx, clientId, row } = ctx;
  const shares = await sql<Row>`select * from scm_order_share where client_id = ${clientId} and source_entity = 'prorder' and source_id = ${row.id as number} and state = 'active'`.execute(tx);
  for (const s of shares.rows) {
    const maker = Number(s.to_client);
    await asTenant(tx, maker, clientId, async (mtx) => {
      const copy = (await sql<Row>`select status, order_no, created_by, updated_by from scm_customer_order where id = ${s.target_id as number} and client_id = ${maker} for update`.execute(mtx)).rows[0];
      const open = await sql`update scm_customer_order set status = 'cancelled', version = version + 1, updated_at = now()
        where id = ${s.target_id as number} and client_id = ${maker} and status in ('pending', 'in_progress') returning id`.execute(mtx);
      await writeAudit(mtx, actorOf(ctx, maker), customerOrder.name, Number(s.target_id), 'cancel', [{ field: 'status', old: copy?.status ?? null, new: 'cancelled' }]);
      if (open.rows.length) for (const l of cancelListeners) await l({ tx: mtx, clientId: maker, entity: 'customerorder', id: Number(s.target_id), auth: ctx.auth, ip: ctx.ip });
      // The maker hears of it: whoever of the maker last acted on its copy (accepted it), else all of the maker.
      await sharedDocumentChanged(mtx, {
        entity: 'customerorder', clientId: maker, id: Number(s.target_id), status: open.rows.length ? 'cancelled' : String(copy?.status ?? 'cancelled'), from: (copy?.status as string | null) ?? null,
        no: (copy?.order_no as string | null) ?? null, by: { userId: ctx.auth.userId, clientId }, tell: [copy?.updated_by as number, copy?.created_by as number],
      });
    });
    await sql`update scm_order_share set state = 'closed', version = version + 1, updated_at = now() where id = ${s.id as number} and client_id = ${clientId}`.execute(tx);
  }
  for (const l of cancelListeners) await l({ tx, clientId, entity: 'prorder', id: Number(row.id), auth: ctx.auth, ip: ctx.ip });
  await sharedDocumentChanged(tx, { entity: 'prorder', clientId, id: Number(row.id), status: 'cancelled', from: String(row.status), no: row.pr_no as string, by: { userId: ctx.auth.userId, clientId } });
}

/**
 * Maker side: applies the maker's answer to the brand's order through the share record named on the
 * customer order. Refuses (403) without an active share from that brand to this maker for this copy.
 */
async function onBrandOrder(ctx: ActionContext, change: { status: string; rejectReason?: string | null; closeShare: boolean; allocStatus?: string }): Promise<void> {
  const { tx, clientId, row } = ctx;
  // A hand-made order (a customer not on the platform) has no brand side to move.
  if (!row.share_id && !row.source_client_id) return;
  const brandId = Number(row.source_client_id);
  const shareId = Number(row.share_id);
  if (!brandId || !shareId) throw new AppError('scm.order.shareMissing');
  await asTenant(tx, brandId, clientId, async (btx) => {
    const share = await sql<Row>`select * from scm_order_share where id = ${shareId} and client_id = ${brandId} and from_client = ${brandId}
      and to_client = ${clientId} and target_entity = 'customerorder' and target_id = ${row.id as number} and state = 'active'`.execute(btx);
    const s = share.rows[0];
    if (!s) throw new AppError('scm.order.shareMissing');
    const before = await sql<Row>`select id, pr_no, status, reject_reason, created_by from scm_pr_order where id = ${s.source_id as number} and client_id = ${brandId} for update`.execute(btx);
    const order = before.rows[0];
    if (!order) throw new AppError('scm.order.shareMissing');
    await sql`update scm_pr_order set status = ${change.status}, reject_reason = ${change.rejectReason ?? null},
        alloc_status = coalesce(${change.allocStatus ?? null}, alloc_status), version = version + 1, updated_at = now()
      where id = ${order.id as number} and client_id = ${brandId}`.execute(btx);
    await writeAudit(btx, actorOf(ctx, brandId), 'prorder', Number(order.id), `maker-${change.status}`, [
      { field: 'status', old: order.status, new: change.status },
      ...(change.rejectReason ? [{ field: 'reject_reason', old: order.reject_reason ?? null, new: change.rejectReason }] : []),
    ]);
    if (change.closeShare) await sql`update scm_order_share set state = 'closed', version = version + 1, updated_at = now() where id = ${shareId} and client_id = ${brandId}`.execute(btx);
    // The brand's users who sent and created the order hear of the answer (accepted, rejected with the reason, finished), by the brand's own number.
    await sharedDocumentChanged(btx, {
      entity: 'prorder', clientId: brandId, id: Number(order.id), status: change.status, from: String(order.status), no: order.pr_no as string,
      by: { userId: ctx.auth.userId, clientId }, tell: [Number(s.created_by), Number(order.created_by)], reason: change.rejectReason || null,
    });
  });
  await sharedDocumentChanged(tx, {
    entity: 'customerorder', clientId, id: Number(row.id), status: ctx.transition?.to ?? change.status, from: String(row.status), no: (row.order_no as string | null) ?? null,
    by: { userId: ctx.auth.userId, clientId },
  });
}

export function registerOrderHandlers(): void {
  registerSaveHook('prorder', {
    afterWrite: async ({ tx, clientId, ids }) => {
      for (const id of ids) await recomputeOrder(tx, clientId, id);
    },
  });
  registerSaveHook('customerorder', {
    // A copy shared by a brand changes only through its actions; the brand's order is the source.
    validate: async ({ before }) => {
      if (before?.share_id) throw new AppError('scm.order.sharedReadOnly');
    },
    afterWrite: async ({ tx, clientId, ids }) => {
      for (const id of ids) await recomputeTotals(tx, 'scm_customer_order', 'scm_customer_order_entry', clientId, id);
    },
  });
  registerActionHandler('prorder', 'send', sendOrder);
  registerActionHandler('prorder', 'cancel', cancelOrder);
  registerActionHandler('customerorder', 'accept', async (ctx) => {
    await onBrandOrder(ctx, { status: 'in_progress', closeShare: false });
    for (const l of acceptListeners) await l({ tx: ctx.tx, clientId: ctx.clientId, id: Number(ctx.row.id), auth: ctx.auth });
  });
  registerActionHandler('customerorder', 'reject', async (ctx) => {
    // The brand sees the reason; its order goes back to "allocated" (the maker is still chosen) to be re-sent or re-allocated.
    const reason = String(ctx.params.reject_reason ?? '');
    await onBrandOrder(ctx, { status: 'rejected', rejectReason: reason, closeShare: true, allocStatus: 'allocated' });
  });
  registerActionHandler('customerorder', 'finish', async (ctx) => onBrandOrder(ctx, { status: 'finished', closeShare: true }));
}
