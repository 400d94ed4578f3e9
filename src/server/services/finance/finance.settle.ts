import { sql } from 'kysely';
import { isLanguage, translate, type Language } from '../../../model';
import { roundMoney, type FinSide } from '../../../model/finance-match';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { insertRecords, serviceWrite } from '../../resources/record-writer';
import { raiseNotice } from '../notify/notice.service';
import { documentLink } from '../orders/cross-tenant.util';
import { mirrorToPartner, requirePartner } from './finance.service';

/**
 * Invoices and payments against a statement both sides confirmed (locked). Who records what follows
 * the trade: the seller (who is paid) records the invoices it issues (`invoice`), the buyer (who pays)
 * records its payments (`pay`); each is refused to the other side. A record is a row of
 * `finstatement_settlement` written on both copies in one transaction (the other through the share,
 * as every statement action), and the balance — invoiced, paid, outstanding = amount to settle − paid —
 * is on both headers. Neither total may pass the amount to settle; an invoice or payment number is
 * recorded once per statement. The other company's users hear of it (bell).
 */
type Row = Record<string, unknown>;
type SettleKind = 'invoice' | 'payment';
type Settlement = { seq: number; kind: SettleKind; doc_no: string; amount: number };

const languageOf = (v: string): Language => (isLanguage(v) ? v : 'zh-CN');
const fmt = (n: number) => roundMoney(n).toFixed(2);

async function settlementsOf(tx: Db, clientId: number, stmtId: number): Promise<Settlement[]> {
  const rows = (await sql<Row>`select seq, kind, doc_no, amount from fin_statement_settlement where client_id = ${clientId} and statement_id = ${stmtId} order by seq, id`.execute(tx)).rows;
  return rows.map((r) => ({ seq: Number(r.seq), kind: String(r.kind) as SettleKind, doc_no: String(r.doc_no ?? ''), amount: Number(r.amount ?? 0) }));
}

/** The balance of a locked statement from its records: invoiced, paid and what is still to pay. */
export function settlementTotals(settle: number, records: Array<Pick<Settlement, 'kind' | 'amount'>>): { invoiced_total: number; paid_total: number; outstanding_total: number } {
  const sum = (k: SettleKind) => roundMoney(records.filter((r) => r.kind === k).reduce((a, r) => a + r.amount, 0));
  const paid = sum('payment');
  return { invoiced_total: sum('invoice'), paid_total: paid, outstanding_total: roundMoney(settle - paid) };
}

async function insertSettlement(tx: Db, clientId: number, userId: number, stmtId: number, rec: Row): Promise<void> {
  await insertRecords(serviceWrite(tx, { clientId, userId }), 'finstatement_settlement', [{ statement_id: stmtId, ...rec }]);
}

/** Tells the other company's users who worked its copy (else all of them) of the record, in their language. */
async function tellPartner(ptx: Db, partnerClientId: number, partnerStmtId: number, kind: SettleKind, params: Record<string, unknown>): Promise<void> {
  const copy = (await sql<Row>`select stmt_no, created_by, updated_by from fin_statement where client_id = ${partnerClientId} and id = ${partnerStmtId}`.execute(ptx)).rows[0];
  // The copy's creator and last editor may be the other company's users (the copy is written for it): only ours count.
  const given = [copy?.created_by, copy?.updated_by].map(Number).filter((u) => Number.isSafeInteger(u) && u > 0);
  const users = given.length
    ? (await sql<{ id: number }>`select id from users where client_id = ${partnerClientId} and status = 'active' and id = any(${given}::int[])`.execute(ptx)).rows.map((r) => Number(r.id))
    : [];
  const no = String(copy?.stmt_no ?? '');
  await raiseNotice(ptx, {
    clientId: partnerClientId, ...(users.length ? { userIds: users } : { everyone: true }), kind: kind === 'invoice' ? 'finance.invoiced' : 'finance.paid', title: '', doc_no: no,
    link: documentLink('finstatement', partnerStmtId),
    i18n: { title: `fin.notice.${kind}.title`, body: `fin.notice.${kind}.body`, params: { ...params, no } },
  });
}

async function record(ctx: ActionContext, kind: SettleKind) {
  const { tx, row, auth, clientId } = ctx;
  const lang = languageOf(auth.language);
  const side = String(row.side) as FinSide;
  if (kind === 'invoice' && side !== 'seller') throw new AppError('fin.invoiceBySeller');
  if (kind === 'payment' && side !== 'buyer') throw new AppError('fin.payByBuyer');
  const settle = roundMoney(Number(row.settle_total ?? 0));
  if (!(settle > 0)) throw new AppError('fin.nothingToSettle', { params: { no: String(row.stmt_no ?? ''), amount: fmt(settle) } });
  const partner = await requirePartner(ctx);
  const stmtId = Number(row.id);
  const existing = await settlementsOf(tx, clientId, stmtId);
  const docNo = String(ctx.params.doc_no ?? '').trim();
  if (existing.some((e) => e.kind === kind && e.doc_no.toUpperCase() === docNo.toUpperCase())) {
    const params = { no: docNo, kind: translate(lang, `fin.kind.${kind}`) };
    throw new AppError('fin.duplicateSettleNo', { params, fields: { doc_no: { key: 'fin.duplicateSettleNo', params } } });
  }
  const amount = roundMoney(Number(ctx.params.amount ?? 0));
  const done = settlementTotals(settle, existing)[kind === 'invoice' ? 'invoiced_total' : 'paid_total'];
  const left = roundMoney(settle - done);
  if (amount > left) {
    const key = kind === 'invoice' ? 'fin.overInvoice' : 'fin.overPay';
    const params = { settle: fmt(settle), done: fmt(done), left: fmt(left) };
    throw new AppError(key, { params, fields: { amount: { key, params } } });
  }
  const rec: Row = {
    seq: Math.max(0, ...existing.map((e) => e.seq)) + 1, kind, doc_no: docNo, doc_date: String(ctx.params.doc_date ?? '').slice(0, 10), amount,
    recorded_side: side, recorded_by: auth.fullname || auth.username, remark: ctx.params.note ? String(ctx.params.note) : null,
  };
  await insertSettlement(tx, clientId, auth.userId, stmtId, rec);
  const patch = settlementTotals(settle, [...existing, { kind, amount }]);
  const company = (await sql<{ name: string }>`select name from clients where id = ${clientId}`.execute(tx)).rows[0]?.name ?? '';
  const notice = { company, doc: docNo, amount: fmt(amount), currency: String(row.currency ?? ''), invoiced: fmt(patch.invoiced_total), paid: fmt(patch.paid_total), outstanding: fmt(patch.outstanding_total) };
  await mirrorToPartner(ctx, partner, patch, null, async (ptx) => {
    await insertSettlement(ptx, partner.clientId, auth.userId, partner.stmtId, rec);
    await tellPartner(ptx, partner.clientId, partner.stmtId, kind, notice);
  });
  return { patch, data: { seq: rec.seq, ...patch } };
}

let registered = false;
export function registerSettlementRules(): void {
  if (registered) return;
  registered = true;
  registerActionHandler('finstatement', 'invoice', (ctx) => record(ctx, 'invoice'));
  registerActionHandler('finstatement', 'pay', (ctx) => record(ctx, 'payment'));
}
