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
import { deriveRecords, serviceWrite } from '../../resources/record-writer';
import { registerSaveHook } from '../../resources/save-hooks';
import { raiseNotice } from '../notify/notice.service';
import { asTenant, receiverAccepts, sharedDocumentChanged } from './cross-tenant.util';
import { deriveLineAmounts } from './order-lines';
import { joinedClientOf, linkCopy, moveCopies, moveSource, openShare, ORDER_SHARE } from './order-share';

/**
 * Orders across companies (issue 6, spec 4 "customer order"): a brand's requirement order (pr order)
 * is sent to its maker; when the maker has joined the platform a customer order is created in the
 * maker's tenant, linked by an ordershare row; the maker accepts or rejects it with a reason and later
 * finishes it, and the brand's order follows. When the maker has not joined, the brand is told with
 * spec 8's message and tracks the order by hand.
 */

type Row = Record<string, unknown>;

const languageOf = (auth: AuthContext): Language => (isLanguage(auth.language) ? auth.language : 'zh-CN');

/**
 * Entry amounts (qty x unit price, 4 decimals, spec 9), the order's total quantity and amount, and its
 * allocation status (spec 4), from what is stored: run after every save of the order.
 */
export async function recomputeOrder(tx: Db, clientId: number, orderId: number): Promise<void> {
  await recomputeTotals(tx, 'prorder', clientId, orderId);
  const r = await sql<Row>`select receive_date, maker_vendor_id, status, alloc_status from scm_pr_order where id = ${orderId} and client_id = ${clientId}`.execute(tx);
  if (r.rows[0]) await deriveRecords(serviceWrite(tx, { clientId }), 'prorder', [orderId], { alloc_status: orderAllocationStatus(r.rows[0]) });
}

/** Entry amounts (qty x unit price, 4 decimals) and the header's total quantity and amount. */
async function recomputeTotals(tx: Db, entity: 'prorder' | 'customerorder', clientId: number, orderId: number): Promise<void> {
  const entries = sql.table(entity === 'prorder' ? 'scm_pr_order_entry' : 'scm_customer_order_entry');
  const w = serviceWrite(tx, { clientId });
  await deriveLineAmounts(w, `${entity}_entry`, 'order_id', orderId);
  await deriveRecords(w, entity, [orderId], {
    total_qty: sql`coalesce((select sum(e.qty) from ${entries} e where e.client_id = t.client_id and e.order_id = t.id), 0)`,
    total_amount: sql`(select sum(e.amount) from ${entries} e where e.client_id = t.client_id and e.order_id = t.id)`,
  });
}

async function entriesOf(tx: Db, table: string, clientId: number, orderId: number): Promise<Row[]> {
  return (await sql<Row>`select * from ${sql.table(table)} where client_id = ${clientId} and order_id = ${orderId} order by seq nulls last, id`.execute(tx)).rows;
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
    await linkCopy(mtx, target.id, auth.userId, { entity: 'customerorder', id, set: { source_no: row.pr_no as string, source_client_id: clientId } });
    return id;
  });

  await openShare(tx, ORDER_SHARE, { clientId, userId: auth.userId, partnerId: target.id, sourceId: orderId, sourceNo: row.pr_no as string, copyId: coId });
  const coNo = await asTenant(tx, target.id, clientId, async (mtx) => {
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

/** Brand cancels: a copy at the maker that is still open is cancelled with it (its listeners run there), and the share closes. */
async function cancelOrder(ctx: ActionContext) {
  const { tx, clientId, row } = ctx;
  await moveCopies(ctx, ORDER_SHARE, {
    status: 'cancelled', audit: 'cancel', onlyFrom: ['pending', 'in_progress'], closeShare: true, tellActors: true,
    after: async (mtx, maker, copyId, moved) => {
      if (moved) for (const l of cancelListeners) await l({ tx: mtx, clientId: maker, entity: 'customerorder', id: copyId, auth: ctx.auth, ip: ctx.ip });
    },
  });
  for (const l of cancelListeners) await l({ tx, clientId, entity: 'prorder', id: Number(row.id), auth: ctx.auth, ip: ctx.ip });
  await sharedDocumentChanged(tx, { entity: 'prorder', clientId, id: Number(row.id), status: 'cancelled', from: String(row.status), no: row.pr_no as string, by: { userId: ctx.auth.userId, clientId } });
}

/**
 * Maker side: applies the maker's answer to the brand's order through the share record named on the
 * customer order (order-share.ts `moveSource`: 403 without an active share from that brand to this
 * maker for this copy); the brand's users who sent and created the order hear of it.
 */
async function onBrandOrder(ctx: ActionContext, change: { status: string; rejectReason?: string | null; closeShare: boolean; allocStatus?: string }): Promise<void> {
  // A hand-made order (a customer not on the platform) has no brand side to move.
  if (!ctx.row.share_id && !ctx.row.source_client_id) return;
  const set = { status: change.status, reject_reason: change.rejectReason ?? null, ...(change.allocStatus ? { alloc_status: change.allocStatus } : {}) };
  await moveSource(ctx, ORDER_SHARE, { set, audit: `maker-${change.status}`, reason: change.rejectReason, closeShare: change.closeShare });
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
      for (const id of ids) await recomputeTotals(tx, 'customerorder', clientId, id);
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
