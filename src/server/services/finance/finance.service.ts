import { sql } from 'kysely';
import { isLanguage, translate, type Language } from '../../../model';
import { finStatement } from '../../../model/entities/finstatement.entity';
import {
  adjustmentLine, confirmOutcome, DIFFERING, matchRecords, MissingRateError, rateBetween, roundMoney, statementTotals,
  type FinSide, type MatchedLine, type Rates, type StatementStatus,
} from '../../../model/finance-match';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { insertRecords, removeRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { registerSaveHook } from '../../resources/save-hooks';
import { asTenant, sharedDocumentChanged } from '../orders/cross-tenant.util';
import { closeShare, openShare, STATEMENT_SHARE } from '../orders/order-share';
import { gatherRecords } from './finance.gather';
import { labelIn } from '../../../model/label-text';

/**
 * Finance reconciliation (issue 18). A statement is written in the company that starts it (buyer or
 * seller side) and, when sent, copied through the document writer into the other company, linked by
 * an order share (`source_entity = target_entity = 'finstatement'`) in the sender's company, as
 * orders travel. Its lines are gathered by the server from both companies' records (finance.gather)
 * and matched by the pure module (model/finance-match). Every action on one copy (match again, add an
 * adjustment, confirm, cancel) is applied to both copies in one transaction, the other through the
 * share, so the two companies always see the same lines, totals and confirmations. Confirmed by both
 * the statement is locked: the writer refuses edits of a locked state and every action refuses it.
 */
type Row = Record<string, unknown>;
const languageOf = (auth: AuthContext): Language => (isLanguage(auth.language) ? auth.language : 'zh-CN');
const other = (side: FinSide): FinSide => (side === 'buyer' ? 'seller' : 'buyer');

type Company = { id: number; code: string; name: string };

async function companyOf(tx: Db, id: number): Promise<Company | null> {
  const r = (await sql<Company>`select id, code, name from clients where id = ${id}`.execute(tx)).rows[0];
  return r ? { ...r, id: Number(r.id) } : null;
}

/** The platform company a vendor or customer record of ours names (its platform company code), if it has joined. */
async function partnerCompany(tx: Db, clientId: number, side: FinSide, refId: number): Promise<Company | null> {
  const table = side === 'buyer' ? sql`md_vendor` : sql`md_customer`;
  const code = (await sql<{ code: string | null }>`select platform_client_code as code from ${table} where id = ${refId} and client_id = ${clientId}`.execute(tx)).rows[0]?.code;
  if (!code) return null;
  const c = (await sql<Company>`select id, code, name from clients where upper(code) = upper(${code}) and status = 'active' and type <> 'platform' and id <> ${clientId}`.execute(tx)).rows[0];
  return c ? { ...c, id: Number(c.id) } : null;
}

/**
 * The partner's own master-data record of us, read in its scope: a seller must hold us as an active
 * customer, a buyer as an active supplier (issue 20: no company receives documents from a company it
 * has not confirmed). Its id becomes the reference on the partner's copy.
 */
async function partnerRecordOfUs(tx: Db, me: Company, partner: Company, partnerSide: FinSide): Promise<number | null> {
  return asTenant(tx, partner.id, me.id, async (ptx) => {
    const table = partnerSide === 'seller' ? sql`md_customer` : sql`md_vendor`;
    const r = (await sql<{ id: number }>`select id from ${table} where client_id = ${partner.id} and status = 'active' and upper(platform_client_code) = upper(${me.code}) order by id limit 1`.execute(ptx)).rows[0];
    return r ? Number(r.id) : null;
  });
}

/** The period's rates of a company's rate table: the month of the period's end. */
async function ratesOf(tx: Db, clientId: number, periodTo: string): Promise<Rates> {
  const month = String(periodTo).slice(0, 7);
  const rows = (await sql<{ currency: string; rate: number }>`select currency, rate from fin_rate where client_id = ${clientId} and period = ${month}`.execute(tx)).rows;
  return Object.fromEntries(rows.map((r) => [String(r.currency).toUpperCase(), Number(r.rate)]));
}

const LINE_COLUMNS = ['seq', 'kind', 'doc_no', 'item', 'item_name', 'doc_currency', 'buyer_date', 'buyer_qty', 'buyer_amount', 'seller_date', 'seller_qty', 'seller_amount', 'rate',
  'buyer_amount_stmt', 'seller_amount_stmt', 'diff_qty', 'diff_amount', 'match', 'explained', 'note', 'added_by'] as const;

async function readLines(tx: Db, clientId: number, stmtId: number): Promise<MatchedLine[]> {
  const rows = (await sql<Row>`select ${sql.join(LINE_COLUMNS.map((c) => sql.id(c)))} from fin_statement_line where client_id = ${clientId} and statement_id = ${stmtId} order by seq, id`.execute(tx)).rows;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    ...(r as unknown as MatchedLine),
    seq: Number(r.seq), buyer_qty: num(r.buyer_qty), buyer_amount: num(r.buyer_amount), seller_qty: num(r.seller_qty), seller_amount: num(r.seller_amount), rate: Number(r.rate ?? 1),
    buyer_amount_stmt: num(r.buyer_amount_stmt), seller_amount_stmt: num(r.seller_amount_stmt), diff_qty: Number(r.diff_qty ?? 0), diff_amount: Number(r.diff_amount ?? 0),
    explained: r.explained === true, doc_no: String(r.doc_no ?? ''), item: String(r.item ?? ''),
  }));
}

/**
 * Replaces a copy's lines (the server owns them: gathered, matched, adjusted; the statement's audit
 * records the change that replaced them, so the lines are not audited one by one).
 */
async function writeLines(tx: Db, clientId: number, stmtId: number, userId: number, lines: MatchedLine[]): Promise<void> {
  await removeRecords(serviceWrite(tx, { clientId, userId }), 'finstatement_line', { where: sql`t.statement_id = ${stmtId}` }, { audit: false, hooks: false });
  const w = serviceWrite(tx, { clientId, userId });
  for (let i = 0; i < lines.length; i += 200) {
    const chunk = lines.slice(i, i + 200);
    await insertRecords(w, 'finstatement_line', chunk.map((l) => ({ statement_id: stmtId, ...Object.fromEntries(LINE_COLUMNS.map((c) => [c, l[c] ?? null])) })), { audit: false, hooks: false });
  }
}

export type PartnerCopy = { clientId: number; stmtId: number; shareId: number; shareOwner: number };

/**
 * The other company's copy of a statement, through the share: the sender finds it by its own share
 * row; the receiver by the share its copy names, read in the sender's scope and naming this copy.
 */
export async function partnerCopyOf(tx: Db, clientId: number, row: Row): Promise<PartnerCopy | null> {
  if (row.share_id && row.source_client_id) {
    const source = Number(row.source_client_id);
    const s = await asTenant(tx, source, clientId, async (stx) => (await sql<Row>`select id, source_id from scm_order_share where id = ${Number(row.share_id)} and client_id = ${source}
        and from_client = ${source} and to_client = ${clientId} and source_entity = 'finstatement' and target_entity = 'finstatement' and target_id = ${Number(row.id)} and state = 'active'`.execute(stx)).rows[0]);
    return s ? { clientId: source, stmtId: Number(s.source_id), shareId: Number(s.id), shareOwner: source } : null;
  }
  const s = (await sql<Row>`select id, to_client, target_id from scm_order_share where client_id = ${clientId} and from_client = ${clientId}
      and source_entity = 'finstatement' and target_entity = 'finstatement' and source_id = ${Number(row.id)} and state = 'active' order by id desc limit 1`.execute(tx)).rows[0];
  return s ? { clientId: Number(s.to_client), stmtId: Number(s.target_id), shareId: Number(s.id), shareOwner: clientId } : null;
}

export async function requirePartner(ctx: ActionContext): Promise<PartnerCopy> {
  const p = await partnerCopyOf(ctx.tx, ctx.clientId, ctx.row);
  if (!p) throw new AppError('fin.shareMissing');
  return p;
}

/** Header columns both copies share (each keeps its own number, side, references and remark). */
const SHARED_HEADER = ['status', 'rates', 'buyer_total', 'seller_total', 'adjust_total', 'diff_total', 'settle_total', 'open_diffs', 'matched_at',
  'buyer_confirmed_at', 'buyer_confirmed_by', 'buyer_accepted_diff', 'seller_confirmed_at', 'seller_confirmed_by', 'seller_accepted_diff',
  'invoiced_total', 'paid_total', 'outstanding_total'] as const;

/** A header value as the writer takes it (the rates as an object: the writer stores json itself). */
const headerValue = (k: string, v: unknown) => (k === 'rates' && typeof v === 'string' ? JSON.parse(v) : v ?? null);

/**
 * Applies the same header values (and lines, when given) to the partner's copy, audited there; both
 * companies hear of it (`sharedDocumentChanged`: the partner's users who last acted on or created its
 * copy get the declared notice of a new state, else all of the partner).
 */
export async function mirrorToPartner(ctx: ActionContext, partner: PartnerCopy, patch: Row, lines: MatchedLine[] | null, also?: (ptx: Db) => Promise<void>): Promise<void> {
  const keys = Object.keys(patch).filter((k) => (SHARED_HEADER as readonly string[]).includes(k));
  const by = { userId: ctx.auth.userId, clientId: ctx.clientId };
  await asTenant(ctx.tx, partner.clientId, ctx.clientId, async (ptx) => {
    const before = (await sql<Row>`select id, status, version, stmt_no, created_by, updated_by from fin_statement where client_id = ${partner.clientId} and id = ${partner.stmtId} for update`.execute(ptx)).rows[0];
    if (!before) throw new AppError('fin.shareMissing');
    const w = serviceWrite(ptx, { clientId: partner.clientId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip });
    const values = Object.fromEntries(keys.map((k) => [k, headerValue(k, patch[k])]));
    await updateRecords(w, 'finstatement', [partner.stmtId], values, { audit: `partner-${ctx.transition?.action ?? 'confirm'}`, hooks: false });
    if (lines) await writeLines(ptx, partner.clientId, partner.stmtId, ctx.auth.userId, lines);
    if (also) await also(ptx);
    await sharedDocumentChanged(ptx, {
      entity: 'finstatement', clientId: partner.clientId, id: partner.stmtId, status: String(patch.status ?? before.status), from: String(before.status), no: (before.stmt_no as string | null) ?? null,
      by, tell: [before.updated_by as number, before.created_by as number],
    });
  });
  const own = String(patch.status ?? ctx.transition?.to ?? ctx.row.status);
  await sharedDocumentChanged(ctx.tx, { entity: 'finstatement', clientId: ctx.clientId, id: Number(ctx.row.id), status: own, from: String(ctx.row.status), no: (ctx.row.stmt_no as string | null) ?? null, by });
}

function rateError(e: unknown, periodTo: unknown): never {
  if (e instanceof MissingRateError) {
    const params = { currency: e.currency, period: String(periodTo ?? '').slice(0, 7) };
    throw new AppError('fin.missingRate', { params, fields: { currency: { key: 'fin.missingRate', params } } });
  }
  throw e;
}

/**
 * Gathers both companies' records for the statement's period and matches them. Explanations of lines
 * that are still there (an adjustment naming them) and the adjustment lines themselves are kept.
 */
async function gatherAndMatch(ctx: ActionContext, rates: Rates, keep: MatchedLine[], parties?: { buyerId: number; sellerId: number }): Promise<MatchedLine[]> {
  const { tx, clientId, row } = ctx;
  const buyerId = parties?.buyerId ?? Number(row.buyer_client_id);
  const sellerId = parties?.sellerId ?? Number(row.seller_client_id);
  const seller = await companyOf(tx, sellerId);
  if (!seller || !buyerId) throw new AppError('fin.partnerNotJoined');
  const period = { from: String(row.period_from).slice(0, 10), to: String(row.period_to).slice(0, 10) };
  const recs = await gatherRecords(tx, { buyerId, sellerId, sellerCode: seller.code }, period, clientId);
  let lines: MatchedLine[];
  try {
    // The statement's own currency needs a rate even in a period without documents.
    rateBetween('CNY', String(row.currency ?? 'CNY'), rates);
    lines = matchRecords(recs.buyer, recs.seller, String(row.currency ?? 'CNY'), rates);
  } catch (e) {
    rateError(e, row.period_to);
  }
  const key = (l: MatchedLine) => `${l.kind}\u0000${l.doc_no}\u0000${l.item}`;
  const explained = new Map(keep.filter((l) => l.kind !== 'adjustment' && l.explained).map((l) => [key(l), l.note]));
  for (const l of lines) {
    if (!explained.has(key(l))) continue;
    l.explained = true;
    l.note = explained.get(key(l)) ?? null;
  }
  const adjustments = keep.filter((l) => l.kind === 'adjustment').map((l, i) => ({ ...l, seq: lines.length + i + 1 }));
  return [...lines, ...adjustments];
}

/** Values every change of lines resets: new totals, and neither side's confirmation stands any more. */
function afterLinesChange(lines: MatchedLine[]): Row {
  return {
    ...statementTotals(lines),
    buyer_confirmed_at: null, buyer_confirmed_by: null, buyer_accepted_diff: null,
    seller_confirmed_at: null, seller_confirmed_by: null, seller_accepted_diff: null,
  };
}

/**
 * No two statements of the same buyer and seller that are not cancelled (sent: matching, confirmed by
 * one side, or locked) may cover one day twice, or a receipt would be settled twice. Every sent
 * statement has a copy in both companies, so the caller's own company holds all of them; the pair's
 * advisory lock serialises two sends of the same pair (either company's) until the first commits.
 */
async function refuseOverlap(tx: Db, clientId: number, row: Row, buyerId: number, sellerId: number, lang: Language): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`fin:${buyerId}:${sellerId}`}))`.execute(tx);
  const from = String(row.period_from).slice(0, 10);
  const to = String(row.period_to).slice(0, 10);
  const hit = (await sql<Row>`select id, stmt_no, partner_no, period_from, period_to, status from fin_statement
    where client_id = ${clientId} and id <> ${Number(row.id)} and buyer_client_id = ${buyerId} and seller_client_id = ${sellerId}
      and status not in ('draft', 'cancelled') and period_from <= ${to}::date and period_to >= ${from}::date
    order by period_from, id limit 1`.execute(tx)).rows[0];
  if (!hit) return;
  const state = finStatement.states!.states.find((x) => x.code === hit.status)?.label;
  const params = { no: String(hit.stmt_no ?? ''), from: String(hit.period_from).slice(0, 10), to: String(hit.period_to).slice(0, 10), state: state ? labelIn(state, lang) : String(hit.status) };
  throw new AppError('fin.periodOverlap', { params, fields: { period_from: { key: 'fin.periodOverlap', params } }, extra: { overlapping: { id: Number(hit.id), stmt_no: hit.stmt_no, partner_no: hit.partner_no } } });
}

/** Send: gather and match, write the other company's copy through the writer there, share both. */
async function sendStatement(ctx: ActionContext) {
  const { tx, auth, clientId, row } = ctx;
  const side = String(row.side) as FinSide;
  const me = await companyOf(tx, clientId);
  // The other company as the supplier or customer record names it now (it may have joined since the draft was saved).
  const refKey = side === 'buyer' ? 'vendor_id' : 'customer_id';
  const partner = row[refKey] ? await partnerCompany(tx, clientId, side, Number(row[refKey])) : null;
  if (!me || !partner) throw new AppError('fin.partnerNotJoined', { fields: { [refKey]: { key: 'fin.partnerNotJoined' } } });
  const partnerSide = other(side);
  const refOfUs = await partnerRecordOfUs(tx, me, partner, partnerSide);
  if (!refOfUs) throw new AppError('fin.partnerNotLinked', { params: { code: me.code, book: translate(languageOf(auth), partnerSide === 'seller' ? 'fin.book.customers' : 'fin.book.vendors') } });

  const [buyer, seller] = side === 'buyer' ? [me, partner] : [partner, me];
  await refuseOverlap(tx, clientId, row, buyer.id, seller.id, languageOf(auth));
  const rates = await ratesOf(tx, clientId, String(row.period_to));
  const lines = await gatherAndMatch(ctx, rates, [], { buyerId: buyer.id, sellerId: seller.id });
  const now = new Date().toISOString();
  const parties: Row = { partner_name: partner.name, buyer_client_id: buyer.id, buyer_name: buyer.name, seller_client_id: seller.id, seller_name: seller.name };
  const patch: Row = { ...afterLinesChange(lines), rates, matched_at: now, status: 'matching' };
  await writeLines(tx, clientId, Number(row.id), auth.userId, lines);

  const copyId = await asTenant(tx, partner.id, clientId, async (ptx) => {
    const w = writeContext(ptx, { clientId: partner.id, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip: ctx.ip, roles: auth.roles }, 'service');
    return writeDocument(w, finStatement, {
      body: {
        side: partnerSide, [partnerSide === 'buyer' ? 'vendor_id' : 'customer_id']: refOfUs,
        period_from: row.period_from, period_to: row.period_to, currency: row.currency, remark: row.remark ?? null,
      },
    });
  });
  const share = { clientId, userId: auth.userId, partnerId: partner.id, sourceId: Number(row.id), sourceNo: String(row.stmt_no ?? ''), copyId };
  const shareId = await openShare(tx, STATEMENT_SHARE, share, { source_client_id: clientId, partner_no: String(row.stmt_no ?? '') });
  const copyNo = await asTenant(tx, partner.id, clientId, async (ptx) => {
    return (await sql<{ stmt_no: string }>`select stmt_no from fin_statement where client_id = ${partner.id} and id = ${copyId}`.execute(ptx)).rows[0].stmt_no;
  });
  await mirrorToPartner(ctx, { clientId: partner.id, stmtId: copyId, shareId, shareOwner: clientId }, patch, lines);
  const { status: _s, ...rest } = patch;
  return { patch: { ...rest, ...parties, partner_no: copyNo }, data: { partnerStatementNo: copyNo, lines: lines.length, message: translate(languageOf(auth), 'fin.sent', { name: partner.name }) } };
}

async function rematch(ctx: ActionContext) {
  const partner = await requirePartner(ctx);
  const keep = await readLines(ctx.tx, ctx.clientId, Number(ctx.row.id));
  // The rates agreed when the statement was sent stay; a currency new to the period takes the caller's table's rate.
  const stored = (typeof ctx.row.rates === 'string' ? JSON.parse(ctx.row.rates) : ctx.row.rates ?? {}) as Rates;
  const rates = { ...(await ratesOf(ctx.tx, ctx.clientId, String(ctx.row.period_to))), ...stored };
  const lines = await gatherAndMatch(ctx, rates, keep);
  const patch: Row = { ...afterLinesChange(lines), rates, matched_at: new Date().toISOString(), status: 'matching' };
  await writeLines(ctx.tx, ctx.clientId, Number(ctx.row.id), ctx.auth.userId, lines);
  await mirrorToPartner(ctx, partner, patch, lines);
  const { status: _s, ...rest } = patch;
  return { patch: rest, data: { lines: lines.length, open_diffs: patch.open_diffs } };
}

/**
 * An adjustment with its reason, optionally naming what it explains: one differing line (`line_seq`)
 * or every differing line of a document (`doc_no`, e.g. a shipment still in transit). Both copies get
 * it; confirmations are withdrawn.
 */
async function adjust(ctx: ActionContext) {
  const partner = await requirePartner(ctx);
  const side = String(ctx.row.side) as FinSide;
  const lines = await readLines(ctx.tx, ctx.clientId, Number(ctx.row.id));
  const reason = String(ctx.params.reason ?? '').trim();
  const amount = roundMoney(Number(ctx.params.amount ?? 0));
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  const seq = blank(ctx.params.line_seq) ? null : Number(ctx.params.line_seq);
  const docNo = blank(ctx.params.doc_no) ? null : String(ctx.params.doc_no).trim();
  const targets = lines.filter((l) => l.kind !== 'adjustment' && ((seq !== null && l.seq === seq) || (docNo !== null && l.doc_no === docNo && DIFFERING.has(l.match))));
  if (seq !== null && !targets.some((l) => l.seq === seq)) throw new AppError('fin.badLineSeq', { params: { seq }, fields: { line_seq: { key: 'fin.badLineSeq', params: { seq } } } });
  if (docNo !== null && !targets.some((l) => l.doc_no === docNo)) throw new AppError('fin.badDocNo', { params: { no: docNo }, fields: { doc_no: { key: 'fin.badDocNo', params: { no: docNo } } } });
  for (const l of targets) {
    l.explained = true;
    l.note = reason;
  }
  const next = Math.max(0, ...lines.map((l) => l.seq)) + 1;
  lines.push(adjustmentLine(next, amount, String(ctx.row.currency ?? 'CNY'), reason, side));
  const patch: Row = { ...afterLinesChange(lines), status: 'matching' };
  await writeLines(ctx.tx, ctx.clientId, Number(ctx.row.id), ctx.auth.userId, lines);
  await mirrorToPartner(ctx, partner, patch, lines);
  const { status: _s, ...rest } = patch;
  return { patch: rest, data: { seq: next, explained: targets.map((l) => l.seq), open_diffs: patch.open_diffs } };
}

const truthy = (v: unknown) => v === true || v === 'true' || v === '1' || v === 1;

/** One side confirms (handler-only action: it lands in that side's confirmed state, or locked when the other already confirmed). */
async function confirm(ctx: ActionContext) {
  const { row, auth } = ctx;
  const side = String(row.side) as FinSide;
  const lang = languageOf(auth);
  const accept = truthy(ctx.params.accept_differences);
  const outcome = confirmOutcome(String(row.status) as StatementStatus, side, Number(row.open_diffs ?? 0), accept);
  if ('error' in outcome) {
    const params = { n: Number(row.open_diffs ?? 0), no: String(row.stmt_no ?? ''), side: translate(lang, `fin.side.${side}`) };
    throw new AppError(outcome.error, { params, extra: { open_diffs: params.n } });
  }
  const partner = await requirePartner(ctx);
  // Locked: the amount to settle is what is outstanding until invoices and payments are recorded (finance.settle.ts).
  const settling: Row = outcome.status === 'locked' ? { invoiced_total: 0, paid_total: 0, outstanding_total: Number(row.settle_total ?? 0) } : {};
  const patch: Row = {
    ...settling,
    status: outcome.status,
    [`${side}_confirmed_at`]: new Date().toISOString(),
    [`${side}_confirmed_by`]: auth.fullname || auth.username,
    [`${side}_accepted_diff`]: Number(row.open_diffs ?? 0) > 0 && accept,
  };
  await mirrorToPartner(ctx, partner, patch, null);
  return { patch, data: { status: outcome.status } };
}

async function cancel(ctx: ActionContext) {
  const partner = await partnerCopyOf(ctx.tx, ctx.clientId, ctx.row);
  if (!partner) return;
  await mirrorToPartner(ctx, partner, { status: 'cancelled' }, null);
  await asTenant(ctx.tx, partner.shareOwner, ctx.clientId, (stx) => closeShare(stx, partner.shareOwner, ctx.auth.userId, partner.shareId));
}

let registered = false;
export function registerFinanceRules(): void {
  if (registered) return;
  registered = true;
  registerSaveHook('finstatement', {
    validate: async ({ tx, clientId, values, before, errors }) => {
      // A statement, once sent, moves only by its actions; the copy sent by the other company never by a save.
      if (before?.share_id) throw new AppError('fin.sharedReadOnly');
      const side = String(values.side ?? 'buyer') as FinSide;
      const refKey = side === 'buyer' ? 'vendor_id' : 'customer_id';
      const refId = Number(values[refKey]);
      if (!refId) {
        if (!errors[refKey]) errors[refKey] = { key: side === 'buyer' ? 'fin.vendorRequired' : 'fin.customerRequired' };
        return;
      }
      // The other company is the one the supplier or customer record names on the platform. A draft may
      // name one that has not joined (it is prepared before the partner joins); sending needs it.
      const partner = await partnerCompany(tx, clientId, side, refId);
      const me = await companyOf(tx, clientId);
      const [buyer, seller] = side === 'buyer' ? [me, partner] : [partner, me];
      Object.assign(values, {
        partner_name: partner?.name ?? null, buyer_client_id: buyer?.id ?? null, buyer_name: buyer?.name ?? null, seller_client_id: seller?.id ?? null, seller_name: seller?.name ?? null,
      });
    },
    beforeRemove: async ({ rows }) => {
      if (rows.some((r) => r.status !== 'draft')) throw new AppError('fin.removeDraftOnly');
    },
  });
  registerActionHandler('finstatement', 'send', sendStatement);
  registerActionHandler('finstatement', 'rematch', rematch);
  registerActionHandler('finstatement', 'adjust', adjust);
  registerActionHandler('finstatement', 'confirm', confirm);
  registerActionHandler('finstatement', 'cancel', cancel);
}
