import { sql } from 'kysely';
import { cancelledGroups, PROJECT_OPEN_STATES } from '../../../model/entities';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { serviceWrite, updateRecords } from '../../resources/record-writer';
import { raiseNotice } from '../notify/notice.service';
import { asTenant, sharedDocumentChanged } from '../orders/cross-tenant.util';
import {
  clientRow, companyName, inPlay, jsonOf, noticeSupplier, onBuyerProject, openQuotations, precheck, projectItems, projectOwner, projectRecords, shareOf, writerOf, type Offer,
} from './sourcing.service';

/**
 * The loose ends of a sourcing project (issue 35; docs/architecture-sourcing.md "Withdraw, reopen,
 * cancel"), each a transition of the entity's state machine run by the generic action API (menu
 * permission `action:<name>`, data scope, version, audit) with its guard here:
 *
 * - the supplier withdraws its posted application (posted or candidate -> draft) or one posted
 *   quotation (posted -> draft) while the project is open and its deadline not past (the deadline day
 *   itself still counts, by the database's `current_date`); a quotation also only while its item's
 *   inquiry is open. The buyer's record is told through the share: a withdrawn application makes it
 *   `withdrawn` (out of the comparison, its offers cleared, the supplier's posted quotations back to
 *   drafts); a withdrawn quotation leaves the record's offers. Both are posted again as before.
 * - the buyer reopens a closed inquiry while the project publishes and the deadline is not past;
 * - the buyer cancels a project before its award (a reason required; not while its approval flow
 *   runs): the inquiry closes and every supplier that opened an application has it and its
 *   quotations stopped, with the reason in its notice.
 */
type Row = Record<string, unknown>;

/** The project's deadline (YYYY-MM-DD) when it has passed, else null. Read in the project's company. */
async function pastDeadline(tx: Db, clientId: number, projectId: number): Promise<string | null> {
  const r = (await sql<{ d: string | null; past: boolean }>`select to_char(deadline, 'YYYY-MM-DD') as d, (deadline is not null and deadline < current_date) as past
    from srm_src_project where id = ${projectId} and client_id = ${clientId}`.execute(tx)).rows[0];
  return r?.past ? r.d : null;
}

/** The project open to withdrawals: informing or publishing, the deadline not past. */
async function requireWithdrawable(btx: Db, buyerId: number, project: Row): Promise<void> {
  if (!PROJECT_OPEN_STATES.includes(String(project.status))) throw new AppError('src.withdraw.projectClosed');
  const past = await pastDeadline(btx, buyerId, Number(project.id));
  if (past) throw new AppError('src.withdraw.deadlinePassed', { params: { deadline: past } });
}

async function withdrawApplication(ctx: ActionContext) {
  const { tx, clientId, row, auth } = ctx;
  if (!row.share_id || !row.source_client_id) throw precheck('src.apply.notLinked');
  const by = { userId: auth.userId, clientId };
  await onBuyerProject(tx, clientId, row, async (btx, buyerId, project, share) => {
    await requireWithdrawable(btx, buyerId, project);
    const record = (await sql<Row>`select * from srm_src_record where client_id = ${buyerId} and share_id = ${share.id as number} for update`.execute(btx)).rows[0];
    if (!record || !inPlay(record)) return;
    // Out of the comparison and the ranking until it is posted again (posting refreshes the record).
    await updateRecords(serviceWrite(btx, { clientId: buyerId, userId: auth.userId }), 'srcrecord', [Number(record.id)], {
      status: 'withdrawn', offers: sql`'{}'::jsonb`, quoted_items: 0, weighted_score: null, rank_no: null,
    }, { audit: 'partner-withdraw' });
    await sharedDocumentChanged(btx, { entity: 'srcrecord', clientId: buyerId, id: Number(record.id), status: 'withdrawn', from: String(record.status), no: (record.application_no as string | null) ?? null, by, tell: [projectOwner(project)] });
  });
  // The posted quotations go back to drafts with the application.
  const quotes = (await sql<Row>`select id, quote_no from srm_src_quotation where client_id = ${clientId} and application_id = ${row.id as number} and status = 'posted' for update`.execute(tx)).rows;
  if (quotes.length) await updateRecords(writerOf(ctx), 'srcquotation', quotes.map((q) => Number(q.id)), { status: 'draft', posted_at: null }, { audit: 'withdraw' });
  for (const q of quotes) await sharedDocumentChanged(tx, { entity: 'srcquotation', clientId, id: Number(q.id), status: 'draft', from: 'posted', no: (q.quote_no as string | null) ?? null, by });
  await sharedDocumentChanged(tx, { entity: 'srcapplication', clientId, id: Number(row.id), status: 'draft', from: String(row.status), no: row.app_no as string, by });
  return { patch: { posted_at: null }, data: { quotations: quotes.length } };
}

async function withdrawQuotation(ctx: ActionContext) {
  const { tx, clientId, row, auth } = ctx;
  const app = (await sql<Row>`select * from srm_src_application where id = ${row.application_id as number} and client_id = ${clientId}`.execute(tx)).rows[0];
  if (!app || !app.share_id || !row.source_item_id) throw precheck('src.quote.notLinked');
  const by = { userId: auth.userId, clientId };
  const me = companyName(await clientRow(tx, clientId));
  await onBuyerProject(tx, clientId, app, async (btx, buyerId, project, share) => {
    await requireWithdrawable(btx, buyerId, project);
    const item = (await sql<Row>`select id, name, inquiry_state from srm_src_item where id = ${row.source_item_id as number} and client_id = ${buyerId} and project_id = ${project.id as number}`.execute(btx)).rows[0];
    if (project.status !== 'publishing' || !item || item.inquiry_state !== 'open') throw new AppError('src.withdraw.inquiryClosed');
    const record = (await sql<Row>`select * from srm_src_record where client_id = ${buyerId} and share_id = ${share.id as number} for update`.execute(btx)).rows[0];
    if (!record) return;
    const offers = jsonOf<Record<string, Offer>>(record.offers, {});
    delete offers[String(item.id)];
    await updateRecords(serviceWrite(btx, { clientId: buyerId, userId: auth.userId }), 'srcrecord', [Number(record.id)], { offers: sql`${JSON.stringify(offers)}::jsonb`, quoted_items: Object.keys(offers).length }, { audit: 'partner-withdraw-quote' });
    await sharedDocumentChanged(btx, { entity: 'srcrecord', clientId: buyerId, id: Number(record.id), status: String(record.status), from: String(record.status), no: (record.application_no as string | null) ?? null, by });
    await raiseNotice(btx, {
      clientId: buyerId, userIds: [projectOwner(project)], kind: 'sourcing.quoteWithdrawn', title: 'src.notify.quoteWithdrawn.title', doc_no: project.code as string, link: '/srm/page/sourcingcompare',
      i18n: { title: 'src.notify.quoteWithdrawn.title', body: 'src.notify.quoteWithdrawn.body', params: { supplier: me, code: project.code, item: item.name } },
    });
  });
  await sharedDocumentChanged(tx, { entity: 'srcquotation', clientId, id: Number(row.id), status: 'draft', from: String(row.status), no: row.quote_no as string, by });
  return { patch: { posted_at: null } };
}

async function reopenInquiry(ctx: ActionContext) {
  const { tx, clientId, row, auth, ip } = ctx;
  if (row.inquiry_state !== 'closed') throw new AppError('src.reopen.notClosed');
  const past = await pastDeadline(tx, clientId, Number(row.id));
  if (past) throw new AppError('src.reopen.deadlinePassed', { params: { deadline: past } });
  await updateRecords(writerOf(ctx), 'srcitem', { where: sql`t.project_id = ${Number(row.id)}` }, { inquiry_state: 'open' }, { audit: 'reopen_inquiry' });
  const items = await projectItems(tx, clientId, Number(row.id));
  const buyer = companyName(await clientRow(tx, clientId));
  let suppliers = 0;
  for (const r of (await projectRecords(tx, clientId, Number(row.id))).filter(inPlay)) {
    const share = await shareOf(tx, clientId, r);
    if (!share) continue;
    const supplier = Number(share.to_client);
    // An item activated since the RFQ went out gets its draft quotation now.
    await asTenant(tx, supplier, clientId, (stx) => openQuotations(stx, supplier, auth, ip, Number(share.target_id), items, row, buyer));
    await noticeSupplier(tx, clientId, r, 'sourcing.reopened', 'src.notify.reopened', row);
    suppliers++;
  }
  return { patch: { inquiry_state: 'open' }, data: { suppliers } };
}

/** The supplier's application of one share and its open quotations stopped, in the supplier's company, with the reason. */
async function stopSupplier(tx: Db, buyerId: number, share: Row, reason: string, by: { userId: number; clientId: number }): Promise<boolean> {
  const supplier = Number(share.to_client);
  const appId = Number(share.target_id);
  return asTenant(tx, supplier, buyerId, async (stx) => {
    const app = (await sql<Row>`select status, app_no, created_by, updated_by from srm_src_application where id = ${appId} and client_id = ${supplier} for update`.execute(stx)).rows[0];
    if (!app || !['draft', 'posted', 'candidate'].includes(String(app.status))) return false;
    const w = serviceWrite(stx, { clientId: supplier, userId: by.userId }, 'service');
    await updateRecords(w, 'srcapplication', [appId], { status: 'stopped' }, { audit: 'partner-stopped' });
    await sharedDocumentChanged(stx, {
      entity: 'srcapplication', clientId: supplier, id: appId, status: 'stopped', from: String(app.status), no: (app.app_no as string | null) ?? null, by, reason,
      tell: [app.updated_by as number, app.created_by as number],
    });
    const quotes = (await sql<Row>`select id, quote_no, status from srm_src_quotation where client_id = ${supplier} and application_id = ${appId} and status in ('draft', 'posted') for update`.execute(stx)).rows;
    if (quotes.length) await updateRecords(w, 'srcquotation', quotes.map((q) => Number(q.id)), { status: 'stopped' }, { audit: 'partner-stopped' });
    for (const q of quotes) await sharedDocumentChanged(stx, { entity: 'srcquotation', clientId: supplier, id: Number(q.id), status: 'stopped', from: String(q.status), no: (q.quote_no as string | null) ?? null, by });
    return true;
  });
}

async function cancelProject(ctx: ActionContext) {
  const { tx, clientId, row, auth, params } = ctx;
  if (row.approval_status === 'running') throw new AppError('src.cancel.inApproval');
  const reason = String(params.cancel_reason ?? '').trim();
  if (row.inquiry_state === 'open') await updateRecords(writerOf(ctx), 'srcitem', { where: sql`t.project_id = ${Number(row.id)} and t.inquiry_state = 'open'` }, { inquiry_state: 'closed' }, { audit: 'cancel' });
  // Every supplier that opened an application, posted or not, through the project's shares.
  const shares = (await sql<Row>`select * from scm_order_share where client_id = ${clientId} and source_entity = 'srcproject' and source_id = ${row.id as number}
    and target_entity = 'srcapplication' and state = 'active' order by id`.execute(tx)).rows;
  let stopped = 0;
  for (const share of shares) if (await stopSupplier(tx, clientId, share, reason, { userId: auth.userId, clientId })) stopped++;
  return {
    patch: { ...cancelledGroups(String(row.info_state ?? 'not_prepared')), inquiry_state: row.inquiry_state === 'open' ? 'closed' : (row.inquiry_state ?? null), cancelled_at: new Date().toISOString() },
    data: { suppliers: stopped },
  };
}

export function registerSourcingLifecycleHandlers(): void {
  registerActionHandler('srcapplication', 'withdraw', withdrawApplication);
  registerActionHandler('srcquotation', 'withdraw', withdrawQuotation);
  registerActionHandler('srcproject', 'reopen_inquiry', reopenInquiry);
  registerActionHandler('srcproject', 'cancel', cancelProject);
}
