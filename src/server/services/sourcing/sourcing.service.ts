import { sql } from 'kysely';
import { dictionaryItems, isLanguage, translate, type Language } from '../../../model';
import { parseEvalOptions, PROJECT_OPEN_STATES, quotationBreakErrors, PROJECT_STATE_GROUPS, sourcingApplication, sourcingQuotation, sourcingRecord } from '../../../model/entities';
import { requireEntity } from '../../../model';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError, isErrorKey, keyedError, type ErrorKey, type ErrorKeyOf, type ParamsArg } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { writeContext } from '../../resources/document-stages';
import type { WriteActor } from '../../resources/save-hooks';
import { writeDocument } from '../../resources/document-writer';
import { registerSaveHook } from '../../resources/save-hooks';
import { deriveRecords, insertRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { raiseNotice } from '../notify/notice.service';
import { asTenant, sharedDocumentChanged } from '../orders/cross-tenant.util';
import { accessFormSnapshot, admissionForRecord, applicationCerts, requireAnswers, snapshotOf } from './sourcing.admission';
import { priceAtQuantity } from './sourcing.compare';
import { num } from '../../db/row-values';

/**
 * Supplier sourcing across companies (issue 16; docs/architecture-sourcing.md). The buyer's project,
 * RFQ items, sourcing records and evaluation live in the buyer's company; the supplier's application
 * and quotations in the supplier's. They meet only through an order share in the buyer's company
 * (`source_entity = 'srcproject'`, `target_entity = 'srcapplication'`), made when the supplier opens
 * an application from a project opportunity: the supplier's posts reach the buyer's record through
 * that active share, and the buyer's decisions (shortlist, eliminate, award) reach the supplier's
 * documents through the same share. No tenant filter is loosened; a supplier never reads another
 * supplier's quotation nor the buyer's scores (they are rows of other companies).
 */
type Row = Record<string, unknown>;
export const languageOf = (auth: AuthContext): Language => (isLanguage(auth.language) ? auth.language : 'zh-CN');
const has = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';
const validation = <K extends ErrorKey>(key: K, field: string, ...[params]: ParamsArg<K>) => keyedError(key, params, { fields: { [field]: { key, params } } });
export const precheck = (key: ErrorKeyOf<'conflict' | 'precheck' | 'duplicate'>) => new AppError(key);
export const jsonOf = <T>(v: unknown, fallback: T): T => {
  if (v === null || v === undefined || v === '') return fallback;
  if (typeof v === 'string') {
    try { return JSON.parse(v) as T; } catch { return fallback; }
  }
  return v as T;
};

export type Offer = { quotation_id: number; quote_no: string; currency: string; unit_price: number; lead_time_days: number | null; breaks: Array<{ min_qty: number; unit_price: number; lead_time_days: number | null }>; status: string; posted_at: string };
/** Scores of a record: member user id → evaluation item id → score. */
export type Scores = Record<string, Record<string, number>>;

const actorOf = (auth: AuthContext, clientId: number, ip: string | null): WriteActor => ({ clientId, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip, roles: auth.roles });
const groups = (status: string) => PROJECT_STATE_GROUPS[status];
/** The record writer of an action's company and user. */
export const writerOf = (ctx: ActionContext) => writeContext(ctx.tx, actorOf(ctx.auth, ctx.clientId, ctx.ip), 'service');

export async function clientRow(tx: Db, id: number): Promise<{ id: number; code: string; name: string; full_name: string | null } | undefined> {
  return (await sql<{ id: number; code: string; name: string; full_name: string | null }>`select id, code, name, full_name from clients where id = ${id}`.execute(tx)).rows[0];
}
export const companyName = (c: { name: string; full_name: string | null } | undefined) => c?.full_name || c?.name || '';

export async function projectItems(tx: Db, clientId: number, projectId: number): Promise<Row[]> {
  return (await sql<Row>`select * from srm_src_item where client_id = ${clientId} and project_id = ${projectId} order by id`.execute(tx)).rows;
}
export async function projectRecords(tx: Db, clientId: number, projectId: number): Promise<Row[]> {
  return (await sql<Row>`select * from srm_src_record where client_id = ${clientId} and project_id = ${projectId} order by id`.execute(tx)).rows;
}
/** A record still in the sourcing: not eliminated by the buyer nor withdrawn by its supplier (issue 35). */
export const inPlay = (r: Row) => r.status !== 'eliminated' && r.status !== 'withdrawn';
/** Who hears of the project's events in the buyer's company: its applicant, else its author. */
export const projectOwner = (p: Row) => Number(p.applicant_id ?? p.created_by);

/** Spec 8 "publishing info lacks contact or phone". */
function requireContact(p: Row): void {
  if (!has(p.contact_person) || !has(p.contact_phone)) throw precheck('src.precheck.contactMissing');
}

// ---------------------------------------------------------------- the supplier's documents, from the buyer's side

/** The active share of a record (buyer scope) and the supplier's application it names. */
export async function shareOf(tx: Db, buyerId: number, record: Row): Promise<Row | null> {
  if (!record.share_id) return null;
  return (await sql<Row>`select * from scm_order_share where id = ${record.share_id as number} and client_id = ${buyerId} and source_entity = 'srcproject' and target_entity = 'srcapplication' and state = 'active'`.execute(tx)).rows[0] ?? null;
}

/**
 * Sets the supplier's application and quotations of a shared record, in the supplier's scope, as the
 * buyer (`by`) decides; the supplier hears of it (`sharedDocumentChanged`: its lists follow, and the
 * users who opened and posted the application get the declared notice).
 */
async function onSupplierSide(tx: Db, buyerId: number, record: Row, appStatus: string | null, quoteStatus: { from: string[]; to: string } | null, by: { userId: number; clientId: number }): Promise<void> {
  const share = await shareOf(tx, buyerId, record);
  if (!share) return;
  const supplier = Number(share.to_client);
  const appId = Number(share.target_id);
  await asTenant(tx, supplier, buyerId, async (stx) => {
    const w = serviceWrite(stx, { clientId: supplier, userId: by.userId }, 'service');
    if (appStatus) {
      const app = (await sql<Row>`select status, app_no, created_by, updated_by from srm_src_application where id = ${appId} and client_id = ${supplier} for update`.execute(stx)).rows[0];
      await updateRecords(w, 'srcapplication', [appId], { status: appStatus }, { audit: `partner-${appStatus}` });
      await sharedDocumentChanged(stx, {
        entity: 'srcapplication', clientId: supplier, id: appId, status: appStatus, from: (app?.status as string | null) ?? null, no: (app?.app_no as string | null) ?? null,
        by, tell: [app?.updated_by as number, app?.created_by as number],
      });
    }
    if (quoteStatus) {
      const quotes = (await sql<Row>`select id, quote_no, status from srm_src_quotation where client_id = ${supplier} and application_id = ${appId} and status in (${sql.join(quoteStatus.from)}) for update`.execute(stx)).rows;
      await updateRecords(w, 'srcquotation', quotes.map((q) => Number(q.id)), { status: quoteStatus.to }, { audit: `partner-${quoteStatus.to}` });
      for (const q of quotes) await sharedDocumentChanged(stx, { entity: 'srcquotation', clientId: supplier, id: Number(q.id), status: quoteStatus.to, from: String(q.status), no: (q.quote_no as string | null) ?? null, by });
    }
  });
}

export async function noticeSupplier(tx: Db, buyerId: number, record: Row, kind: string, key: string, project: Row): Promise<void> {
  const share = await shareOf(tx, buyerId, record);
  if (!share) return;
  const supplier = Number(share.to_client);
  const buyer = companyName(await clientRow(tx, buyerId));
  await asTenant(tx, supplier, buyerId, (stx) =>
    raiseNotice(stx, {
      clientId: supplier, everyone: true, kind, title: `${key}.title`, doc_no: String(project.code ?? ''),
      link: '/srm/index/srcapplication',
      i18n: { title: `${key}.title`, body: `${key}.body`, params: { code: project.code, name: project.name, buyer } },
    }));
}

/**
 * Draft quotations in the supplier's company, one per active RFQ item it has none for (an RFQ
 * published, or an application posted while it is). `tx` is in the supplier's scope.
 */
export async function openQuotations(stx: Db, supplierId: number, auth: AuthContext, ip: string | null, appId: number, items: Row[], project: Row, buyerName: string): Promise<number> {
  const existing = new Set((await sql<{ source_item_id: number }>`select source_item_id from srm_src_quotation where client_id = ${supplierId} and application_id = ${appId}`.execute(stx)).rows.map((r) => Number(r.source_item_id)));
  const w = writeContext(stx, actorOf(auth, supplierId, ip), 'service');
  let made = 0;
  for (const item of items.filter((i) => i.status === 'active' && !existing.has(Number(i.id)))) {
    const id = await writeDocument(w, sourcingQuotation, { body: { application_id: appId, currency: item.currency ?? 'CNY' } });
    // What the buyer asks, on the new draft (the supplier's form shows it read-only).
    await deriveRecords(w, 'srcquotation', [id], {
      buyer_name: buyerName, project_code: project.code, source_item_id: Number(item.id), item_name: item.name, item_spec: item.spec ?? null, qty: item.qty ?? null, unit: item.unit ?? null,
    });
    made++;
  }
  return made;
}

// ---------------------------------------------------------------- the project's transitions (spec 4, spec 8)

async function deliverInfo(ctx: ActionContext) {
  const { tx, clientId, row } = ctx;
  requireContact(row);
  const buyer = companyName(await clientRow(tx, clientId));
  const invites = (await sql<Row>`select i.id, v.platform_client_code as code from srm_src_project_invite i join md_vendor v on v.id = i.vendor_id and v.client_id = i.client_id
    where i.client_id = ${clientId} and i.project_id = ${row.id as number}`.execute(tx)).rows;
  let invited = 0;
  for (const inv of invites) {
    if (!inv.code) continue;
    const target = (await sql<{ id: number }>`select id from clients where upper(code) = upper(${inv.code as string}) and status = 'active' and type <> 'platform' and id <> ${clientId}`.execute(tx)).rows[0];
    if (!target) continue;
    await updateRecords(writerOf(ctx), 'srcproject_invite', [Number(inv.id)], { invited_client: target.id, invited_at: sql`now()` }, { audit: 'deliver_info' });
    await asTenant(tx, target.id, clientId, (stx) =>
      raiseNotice(stx, {
        clientId: target.id, everyone: true, kind: 'sourcing.invited', title: 'src.notify.invited.title', doc_no: row.code as string, link: '/srm/page/sourcingopportunity',
        i18n: { title: 'src.notify.invited.title', body: 'src.notify.invited.body', params: { code: row.code, name: row.name, buyer } },
      }));
    invited++;
  }
  return { patch: { ...groups('info_delivered'), delivered_at: new Date().toISOString() }, data: { invited } };
}

async function publishRfq(ctx: ActionContext) {
  const { tx, clientId, row, auth, ip } = ctx;
  requireContact(row);
  const items = await projectItems(tx, clientId, Number(row.id));
  if (!items.length) throw precheck('src.precheck.noItems');
  if (items.some((i) => i.status !== 'active')) throw precheck('src.precheck.itemsInactive');
  await updateRecords(writerOf(ctx), 'srcitem', { where: sql`t.project_id = ${Number(row.id)}` }, { inquiry_state: 'open' }, { audit: 'publish' });
  const buyer = companyName(await clientRow(tx, clientId));
  let quotations = 0;
  for (const r of await projectRecords(tx, clientId, Number(row.id))) {
    if (!inPlay(r)) continue;
    const share = await shareOf(tx, clientId, r);
    if (!share) continue;
    const supplier = Number(share.to_client);
    quotations += await asTenant(tx, supplier, clientId, (stx) => openQuotations(stx, supplier, auth, ip, Number(share.target_id), items, row, buyer));
    await noticeSupplier(tx, clientId, r, 'sourcing.published', 'src.notify.published', row);
  }
  return { patch: { ...groups('publishing'), inquiry_state: 'open' }, data: { quotations } };
}

/** Quotations still in draft at the suppliers of the project's records still in play (not eliminated, not withdrawn). */
async function draftQuotations(tx: Db, clientId: number, records: Row[]): Promise<number> {
  let n = 0;
  for (const r of records.filter(inPlay)) {
    const share = await shareOf(tx, clientId, r);
    if (!share) continue;
    const supplier = Number(share.to_client);
    n += await asTenant(tx, supplier, clientId, async (stx) =>
      (await sql<{ n: number }>`select count(*)::int as n from srm_src_quotation where client_id = ${supplier} and application_id = ${share.target_id as number} and status = 'draft'`.execute(stx)).rows[0].n);
  }
  return n;
}

const postedOffers = (records: Row[]) => records.filter(inPlay).reduce((s, r) => s + Object.keys(jsonOf<Record<string, Offer>>(r.offers, {})).length, 0);

async function closeInquiry(ctx: ActionContext) {
  const { tx, clientId, row } = ctx;
  const records = await projectRecords(tx, clientId, Number(row.id));
  if (postedOffers(records) === 0) throw precheck('src.precheck.noQuotes');
  if ((await draftQuotations(tx, clientId, records)) > 0) throw precheck('src.precheck.unfinishedQuotes');
  await updateRecords(writerOf(ctx), 'srcitem', { where: sql`t.project_id = ${Number(row.id)}` }, { inquiry_state: 'closed' }, { audit: 'close_inquiry' });
  return { patch: { inquiry_state: 'closed' } };
}

async function endSourcing(ctx: ActionContext) {
  const { tx, clientId, row } = ctx;
  if (row.inquiry_state !== 'closed') throw precheck('src.precheck.rfqNotClosed');
  if (postedOffers(await projectRecords(tx, clientId, Number(row.id))) === 0) throw precheck('src.precheck.noQuotes');
  return { patch: groups('sourcing_ended') };
}

async function activeConfigItems(tx: Db, clientId: number, project: Row): Promise<Row[] | null> {
  if (!project.eval_config_id) return null;
  const cfg = (await sql<Row>`select status from srm_src_evalconfig where id = ${project.eval_config_id as number} and client_id = ${clientId}`.execute(tx)).rows[0];
  if (!cfg || cfg.status !== 'active') return null;
  return (await sql<Row>`select * from srm_src_evalconfig_item where client_id = ${clientId} and config_id = ${project.eval_config_id as number} order by id`.execute(tx)).rows;
}

async function startEvaluation(ctx: ActionContext) {
  const { tx, clientId, row } = ctx;
  if (row.status === 'publishing') throw precheck('src.precheck.sourcingOpen');
  const items = await activeConfigItems(tx, clientId, row);
  if (!items || !items.length) throw precheck('src.precheck.evalNotActive');
  const members = (await sql<{ user_id: number }>`select distinct user_id from srm_src_project_member where client_id = ${clientId} and project_id = ${row.id as number}`.execute(tx)).rows.map((r) => Number(r.user_id));
  if (!members.length) throw precheck('src.precheck.noMembers');
  // Each member's evaluation to-do: a notice that opens the comparison and scoring page.
  await raiseNotice(tx, {
    clientId, userIds: members, kind: 'sourcing.evaluate', title: 'src.notify.evaluate.title', doc_no: row.code as string, link: `/srm/page/sourcingcompare?id=${row.id as number}`,
    i18n: { title: 'src.notify.evaluate.title', body: 'src.notify.evaluate.body', params: { code: row.code, name: row.name } },
  });
  return { patch: groups('evaluating') };
}

/**
 * The weighted ranking: per evaluation item the members' average score as a share of the item's
 * maximum, weighted; 0-100. An item nobody scored counts 0. Only shortlisted records rank.
 */
export function weightedScore(items: Row[], scores: Scores): number {
  const totalWeight = items.reduce((s, i) => s + num(i.weight), 0);
  if (!totalWeight) return 0;
  let sum = 0;
  for (const i of items) {
    const given = Object.values(scores).map((m) => m[String(i.id)]).filter((v): v is number => typeof v === 'number');
    if (!given.length) continue;
    const avg = given.reduce((s, v) => s + v, 0) / given.length;
    sum += num(i.weight) * (avg / num(i.max_score));
  }
  return Math.round((sum / totalWeight) * 100 * 10000) / 10000;
}

async function rankRecords(tx: Db, clientId: number, project: Row): Promise<Row[]> {
  const items = (await activeConfigItems(tx, clientId, project)) ?? [];
  const records = (await projectRecords(tx, clientId, Number(project.id))).filter((r) => r.status === 'shortlisted');
  const scored = records.map((r) => ({ r, score: weightedScore(items, jsonOf<Scores>(r.scores, {})) })).sort((a, b) => b.score - a.score || Number(a.r.id) - Number(b.r.id));
  const w = serviceWrite(tx, { clientId });
  for (const [i, s] of scored.entries()) await deriveRecords(w, 'srcrecord', [Number(s.r.id)], { weighted_score: s.score, rank_no: i + 1 });
  return scored.map((s, i) => ({ ...s.r, weighted_score: s.score, rank_no: i + 1 }));
}

async function endEvaluation(ctx: ActionContext) {
  const { tx, clientId, row } = ctx;
  const records = await projectRecords(tx, clientId, Number(row.id));
  if (!records.some((r) => r.status === 'shortlisted' && Object.keys(jsonOf<Scores>(r.scores, {})).length > 0)) throw precheck('src.precheck.noScores');
  const ranked = await rankRecords(tx, clientId, row);
  return { patch: groups('evaluation_ended'), data: { ranking: ranked.map((r) => ({ record_id: r.id, supplier_name: r.supplier_name, weighted_score: r.weighted_score, rank_no: r.rank_no })) } };
}

const VENDOR_TYPE_OF: Record<string, string> = { fabric: 'fabric', trim: 'trim', garment: 'garment', process: 'process', other: 'service' };

/** The award creates the buyer's vendor master record of the supplier, or updates the one it has. */
async function upsertVendor(ctx: ActionContext, record: Row): Promise<number> {
  const { tx, clientId, row: project, auth, ip } = ctx;
  const w = writeContext(tx, actorOf(auth, clientId, ip), 'service');
  const supplier = record.supplier_client_id ? await clientRow(tx, Number(record.supplier_client_id)) : undefined;
  let vendor: Row | undefined;
  if (record.vendor_id) vendor = (await sql<Row>`select id, version, remark from md_vendor where id = ${record.vendor_id as number} and client_id = ${clientId}`.execute(tx)).rows[0];
  if (!vendor && supplier) vendor = (await sql<Row>`select id, version, remark from md_vendor where client_id = ${clientId} and upper(platform_client_code) = upper(${supplier.code}) order by id limit 1`.execute(tx)).rows[0];
  const note = `${translate('zh-CN', 'src.award.done', { supplier: record.supplier_name })}（${project.code as string} ${project.name as string}）`;
  if (vendor) {
    const remark = [vendor.remark, note].filter(has).join('\n').slice(-1000);
    await writeDocument(w, requireEntity('vendor'), { id: Number(vendor.id), version: Number(vendor.version), body: { remark } });
    return Number(vendor.id);
  }
  return writeDocument(w, requireEntity('vendor'), {
    body: {
      name: companyName(supplier) || record.supplier_name, vendor_type: VENDOR_TYPE_OF[String(project.src_type)] ?? 'service', currency: project.currency ?? 'CNY',
      contact_person: record.contact_person ?? null, platform_client_code: supplier?.code ?? null, remark: note,
    },
  });
}

/**
 * Issue 16 "an award ... can start a purchase contract": a draft contract with the awarded supplier,
 * one price line per RFQ item it quoted (the price at the item's quantity, the reference material,
 * the unit when it is one of the unit dictionary's), in the quotations' currency when they share one,
 * else converted to the project's. Valid one year from today; the buyer completes and activates it.
 */
async function draftContract(ctx: ActionContext, record: Row, vendorId: number): Promise<{ id: number; no: string }> {
  const { tx, clientId, row: project, auth, ip } = ctx;
  const offers = jsonOf<Record<string, Offer>>(record.offers, {});
  const items = (await projectItems(tx, clientId, Number(project.id))).filter((i) => offers[String(i.id)]);
  const currencies = new Set(items.map((i) => offers[String(i.id)].currency));
  const rates = new Map((await sql<{ currency: string; rate: number }>`select currency, rate from srm_src_project_rate where client_id = ${clientId} and project_id = ${project.id as number}`.execute(tx)).rows.map((r) => [r.currency, Number(r.rate)]));
  const own = currencies.size === 1 ? [...currencies][0] : String(project.currency ?? 'CNY');
  const units = new Set((dictionaryItems('unit') ?? []).map((u) => u.value));
  const lines = items.map((i) => {
    const o = offers[String(i.id)];
    const at = priceAtQuantity(o, has(i.qty) ? num(i.qty) : null);
    const rate = o.currency === own ? 1 : rates.get(o.currency) ?? 1;
    return { material_id: i.material_id ?? null, unit: units.has(String(i.unit ?? '').toUpperCase()) ? String(i.unit).toUpperCase() : null, unit_price: Math.round(at.unit_price * rate * 10000) / 10000, remark: String(i.name).slice(0, 200) };
  });
  const today = new Date().toISOString().slice(0, 10);
  const next = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const w = writeContext(tx, actorOf(auth, clientId, ip), 'service');
  const id = await writeDocument(w, requireEntity('purcontract'), {
    body: { name: translate('zh-CN', 'src.award.contractName', { project: project.name }).slice(0, 200), vendor_id: vendorId, valid_from: today, valid_to: next, currency: own, remark: `${project.code as string} ${project.name as string}`, lines },
  });
  const no = (await sql<{ contract_no: string }>`select contract_no from pur_contract where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0]?.contract_no ?? '';
  return { id, no };
}

async function award(ctx: ActionContext) {
  const { tx, clientId, row, auth } = ctx;
  if (row.status === 'evaluating') throw precheck('src.precheck.evalNotClosed');
  const records = await projectRecords(tx, clientId, Number(row.id));
  const quoted = (r: Row) => Object.keys(jsonOf<Record<string, Offer>>(r.offers, {})).length > 0;
  let chosen: Row | undefined;
  if (has(ctx.params.award_record_id)) {
    chosen = records.find((r) => Number(r.id) === Number(ctx.params.award_record_id));
    if (!chosen || chosen.status !== 'shortlisted') throw validation('src.award.badRecord', 'award_record_id');
  } else {
    chosen = records.filter((r) => r.status === 'shortlisted' && quoted(r)).sort((a, b) => num(a.rank_no || 1e9) - num(b.rank_no || 1e9) || num(b.weighted_score) - num(a.weighted_score))[0];
    if (!chosen) throw precheck('src.award.noCandidate');
  }
  const vendorId = await upsertVendor(ctx, chosen);
  for (const r of records) {
    const win = Number(r.id) === Number(chosen.id);
    const offers = jsonOf<Record<string, Offer>>(r.offers, {});
    for (const o of Object.values(offers)) if (o.status === 'posted' || o.status === 'selected' || o.status === 'not_selected') o.status = win ? 'selected' : 'not_selected';
    await updateRecords(writerOf(ctx), 'srcrecord', [Number(r.id)], { awarded: win, vendor_id: win ? vendorId : ((r.vendor_id as number | null) ?? null), offers: sql`${JSON.stringify(offers)}::jsonb` }, { audit: 'award' });
    if (r.status === 'eliminated') continue;
    await onSupplierSide(tx, clientId, r, win ? 'selected' : 'closed', { from: ['posted', 'selected', 'not_selected'], to: win ? 'selected' : 'not_selected' }, { userId: auth.userId, clientId });
  }
  const wantsContract = ctx.params.make_contract === true || ctx.params.make_contract === 'true' || ctx.params.make_contract === '1';
  const contract = wantsContract ? await draftContract(ctx, chosen, vendorId) : null;
  const lang = languageOf(auth);
  return {
    patch: { ...groups('evaluation_ended'), awarded_vendor_id: vendorId, awarded_at: new Date().toISOString() },
    data: {
      record_id: chosen.id, vendor_id: vendorId, contract_id: contract?.id ?? null, contract_no: contract?.no ?? null,
      message: contract ? translate(lang, 'src.award.contract', { supplier: chosen.supplier_name, no: contract.no }) : translate(lang, 'src.award.done', { supplier: chosen.supplier_name }),
    },
  };
}

// ---------------------------------------------------------------- scores (spec 5, spec 6 "evaluation members")

/**
 * An evaluation member scores one shortlisted supplier on the items of the project's active scheme:
 * each score within the item's minimum and maximum (spec 5), one of its option scores for an item
 * scored by options. Stored on the buyer's record; the supplier never reads it.
 */
export async function saveScores(tx: Db, auth: AuthContext, clientId: number, projectId: number, recordId: number, input: Record<string, unknown>, ip: string | null): Promise<{ scores: Record<string, number> }> {
  const project = (await sql<Row>`select * from srm_src_project where id = ${projectId} and client_id = ${clientId}`.execute(tx)).rows[0];
  if (!project) throw new AppError('res.notFound');
  if (project.status !== 'evaluating') throw precheck('src.score.notEvaluating');
  const member = (await sql<{ n: number }>`select count(*)::int as n from srm_src_project_member where client_id = ${clientId} and project_id = ${projectId} and user_id = ${auth.userId}`.execute(tx)).rows[0].n;
  if (!member) throw new AppError('src.score.notMember');
  const record = (await sql<Row>`select * from srm_src_record where id = ${recordId} and client_id = ${clientId} and project_id = ${projectId} for update`.execute(tx)).rows[0];
  if (!record || record.status !== 'shortlisted') throw precheck('src.score.badRecord');
  const items = new Map(((await activeConfigItems(tx, clientId, project)) ?? []).map((i) => [String(i.id), i]));
  const given: Record<string, number> = {};
  const errors: Record<string, { key: string; params?: Record<string, unknown> }> = {};
  for (const [k, v] of Object.entries(input)) {
    const item = items.get(k);
    if (!item) { errors[`scores.${k}`] = { key: 'src.score.unknownItem' }; continue; }
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    const min = num(item.min_score);
    const max = num(item.max_score);
    if (!has(v) || !Number.isFinite(n) || n < min || n > max) { errors[`scores.${k}`] = { key: 'src.score.range', params: { min, max } }; continue; }
    const options = item.item_type === 'option' ? parseEvalOptions(item.options) ?? [] : [];
    if (options.length && !options.some((o) => o.score === n)) { errors[`scores.${k}`] = { key: 'src.score.notOption' }; continue; }
    given[k] = n;
  }
  const keys = Object.keys(errors);
  const first = keys.length ? errors[keys[0]] : undefined;
  if (first) throw keyedError(isErrorKey(first.key) ? first.key : 'err.validation', first.params as never, { fields: errors });
  const scores = jsonOf<Scores>(record.scores, {});
  const before = { ...(scores[String(auth.userId)] ?? {}) };
  scores[String(auth.userId)] = { ...before, ...given };
  await updateRecords(serviceWrite(tx, { clientId, userId: auth.userId, username: auth.username, ip }), 'srcrecord', [recordId], { scores: sql`${JSON.stringify(scores)}::jsonb` }, { audit: 'score' });
  return { scores: scores[String(auth.userId)] };
}

/**
 * The caller's evaluation to-do (issue 16 "evaluation to-do"): the projects in evaluation where the
 * caller is a member, with the shortlisted suppliers and how many of them the caller has not scored on
 * every item of the scheme yet.
 */
export async function evaluationTodo(tx: Db, auth: AuthContext, clientId: number): Promise<Row[]> {
  const projects = (await sql<Row>`select p.id, p.code, p.name, p.eval_config_id, p.applicant_id, p.updated_at from srm_src_project p
    where p.client_id = ${clientId} and p.status = 'evaluating'
      and exists (select 1 from srm_src_project_member m where m.client_id = p.client_id and m.project_id = p.id and m.user_id = ${auth.userId})
    order by p.updated_at desc, p.id desc`.execute(tx)).rows;
  const out: Row[] = [];
  for (const p of projects) {
    const items = ((await activeConfigItems(tx, clientId, { ...p, status: 'evaluating' })) ?? []).map((i) => String(i.id));
    const records = (await projectRecords(tx, clientId, Number(p.id))).filter((r) => r.status === 'shortlisted');
    const pending = records.filter((r) => {
      const mine = jsonOf<Scores>(r.scores, {})[String(auth.userId)] ?? {};
      return items.some((i) => typeof mine[i] !== 'number');
    }).length;
    out.push({ id: p.id, code: p.code, name: p.name, suppliers: records.length, pending, items: items.length });
  }
  return out;
}

/** The evaluation page's data: the scheme's items, the caller's own scores and, for the buyer, the weighted ranking. */
export async function evaluationOf(tx: Db, auth: AuthContext, clientId: number, projectId: number): Promise<Row> {
  const project = (await sql<Row>`select * from srm_src_project where id = ${projectId} and client_id = ${clientId}`.execute(tx)).rows[0];
  if (!project) throw new AppError('res.notFound');
  const items = project.eval_config_id ? (await sql<Row>`select id, category, item_name, item_type, weight, min_score, max_score, options from srm_src_evalconfig_item where client_id = ${clientId} and config_id = ${project.eval_config_id as number} order by id`.execute(tx)).rows : [];
  const isMember = (await sql<{ n: number }>`select count(*)::int as n from srm_src_project_member where client_id = ${clientId} and project_id = ${projectId} and user_id = ${auth.userId}`.execute(tx)).rows[0].n > 0;
  const records = (await projectRecords(tx, clientId, projectId)).filter((r) => r.status === 'shortlisted');
  const ranked = records.map((r) => {
    const scores = jsonOf<Scores>(r.scores, {});
    return { record_id: Number(r.id), supplier_name: r.supplier_name, my_scores: scores[String(auth.userId)] ?? {}, members_scored: Object.keys(scores).length, weighted_score: weightedScore(items, scores), rank_no: r.rank_no ?? null, awarded: Boolean(r.awarded) };
  }).sort((a, b) => b.weighted_score - a.weighted_score || a.record_id - b.record_id);
  return { items: items.map((i) => ({ ...i, option_list: parseEvalOptions(i.options) ?? [] })), is_member: isMember, status: project.status, suppliers: ranked };
}

// ---------------------------------------------------------------- the supplier's side

/** The buyer's project behind a supplier's application, through the buyer's active share; `work` runs in the buyer's scope. */
export async function onBuyerProject<T>(tx: Db, supplierId: number, app: Row, work: (btx: Db, buyerId: number, project: Row, share: Row) => Promise<T>): Promise<T> {
  const buyerId = Number(app.source_client_id);
  const shareId = Number(app.share_id);
  if (!buyerId || !shareId) throw new AppError('src.apply.notLinked');
  return asTenant(tx, buyerId, supplierId, async (btx) => {
    const share = (await sql<Row>`select * from scm_order_share where id = ${shareId} and client_id = ${buyerId} and from_client = ${buyerId} and to_client = ${supplierId}
      and source_entity = 'srcproject' and target_entity = 'srcapplication' and target_id = ${app.id as number} and state = 'active'`.execute(btx)).rows[0];
    if (!share) throw new AppError('src.share.missing');
    const project = (await sql<Row>`select * from srm_src_project where id = ${share.source_id as number} and client_id = ${buyerId} for update`.execute(btx)).rows[0];
    if (!project) throw new AppError('src.share.missing');
    return work(btx, buyerId, project, share);
  });
}

async function postApplication(ctx: ActionContext) {
  const { tx, clientId, row, auth, ip } = ctx;
  if (!row.share_id || !row.source_client_id) throw precheck('src.apply.notLinked');
  if (!has(row.contact_person) || !has(row.contact_phone)) throw precheck('src.apply.contactMissing');
  // Supplier admission: the buyer's access form filled and valid; the certificates go with it.
  await requireAnswers(tx, auth, clientId, row);
  const certs = await applicationCerts(tx, clientId, Number(row.id));
  const me = await clientRow(tx, clientId);
  const out = await onBuyerProject(tx, clientId, row, async (btx, buyerId, project, share) => {
    if (!PROJECT_OPEN_STATES.includes(String(project.status))) throw precheck('src.apply.projectClosed');
    const w = writeContext(btx, actorOf(auth, buyerId, ip), 'service');
    const values = { project_id: project.id, supplier_name: companyName(me), contact_person: row.contact_person, contact_phone: row.contact_phone, company_profile: row.company_profile ?? null, certificates: row.certificates ?? null };
    const existing = (await sql<Row>`select id, status from srm_src_record where client_id = ${buyerId} and share_id = ${share.id as number}`.execute(btx)).rows[0];
    const recordId = existing ? Number(existing.id) : await writeDocument(w, sourcingRecord, { body: values });
    const vendor = (await sql<{ id: number }>`select id from md_vendor where client_id = ${buyerId} and upper(platform_client_code) = upper(${me?.code ?? ''}) order by id limit 1`.execute(btx)).rows[0];
    const admission = await admissionForRecord(btx, buyerId, row, certs, auth.userId);
    await updateRecords(w, 'srcrecord', [recordId], {
      share_id: Number(share.id), supplier_client_id: clientId, application_no: row.app_no, vendor_id: sql`coalesce(t.vendor_id, ${vendor?.id ?? null})`,
      offers: sql`coalesce(t.offers, '{}'::jsonb)`, quoted_items: sql`coalesce(t.quoted_items, 0)`, status: 'submitted', ...admission,
    }, { audit: 'post' });
    // The project's owner at the buyer hears of it, named by the application's number, opening the record.
    await sharedDocumentChanged(btx, {
      entity: 'srcrecord', clientId: buyerId, id: recordId, status: 'submitted', from: (existing?.status as string | null) ?? null, no: row.app_no as string,
      by: { userId: auth.userId, clientId }, tell: [projectOwner(project)],
    });
    const items = project.status === 'publishing' ? await projectItems(btx, buyerId, Number(project.id)) : [];
    return { project, items, buyer: companyName(await clientRow(btx, buyerId)) };
  });
  // An application posted while the RFQ is published gets its draft quotations at once.
  const quotations = out.items.length ? await openQuotations(tx, clientId, auth, ip, Number(row.id), out.items, out.project, out.buyer) : 0;
  await sharedDocumentChanged(tx, { entity: 'srcapplication', clientId, id: Number(row.id), status: ctx.transition?.to ?? 'posted', from: String(row.status), no: row.app_no as string, by: { userId: auth.userId, clientId } });
  return { patch: { posted_at: new Date().toISOString(), ...(snapshotOf(row.access_form) ? { access_review: 'pending' } : {}) }, data: { quotations } };
}

async function postQuotation(ctx: ActionContext) {
  const { tx, clientId, row } = ctx;
  const app = (await sql<Row>`select * from srm_src_application where id = ${row.application_id as number} and client_id = ${clientId}`.execute(tx)).rows[0];
  if (!app || !app.share_id || !row.source_item_id) throw precheck('src.quote.notLinked');
  if (!['posted', 'candidate'].includes(String(app.status))) throw precheck('src.quote.applicationStopped');
  if (!(num(row.unit_price) > 0)) throw validation('src.quote.priceMissing', 'unit_price');
  const breaks = (await sql<Row>`select min_qty, unit_price, lead_time_days from srm_src_quotation_break where client_id = ${clientId} and quotation_id = ${row.id as number} order by min_qty`.execute(tx)).rows;
  // A draft may hold any rows while it is worked on; what is posted has one price per quantity.
  const breakErrors = quotationBreakErrors(breaks);
  if (breakErrors.breaks) throw validation('src.quote.breaksOrder', 'breaks');
  const postedAt = new Date().toISOString();
  const me = await clientRow(tx, clientId);
  await onBuyerProject(tx, clientId, app, async (btx, buyerId, project, share) => {
    const item = (await sql<Row>`select * from srm_src_item where id = ${row.source_item_id as number} and client_id = ${buyerId} and project_id = ${project.id as number}`.execute(btx)).rows[0];
    if (project.status !== 'publishing' || !item || item.inquiry_state !== 'open') throw precheck('src.quote.inquiryClosed');
    const record = (await sql<Row>`select * from srm_src_record where client_id = ${buyerId} and share_id = ${share.id as number} for update`.execute(btx)).rows[0];
    if (!record || record.status === 'eliminated') throw precheck('src.quote.applicationStopped');
    const offers = jsonOf<Record<string, Offer>>(record.offers, {});
    offers[String(item.id)] = {
      quotation_id: Number(row.id), quote_no: String(row.quote_no), currency: String(row.currency), unit_price: num(row.unit_price), lead_time_days: has(row.lead_time_days) ? num(row.lead_time_days) : null,
      breaks: breaks.map((b) => ({ min_qty: num(b.min_qty), unit_price: num(b.unit_price), lead_time_days: has(b.lead_time_days) ? num(b.lead_time_days) : null })), status: 'posted', posted_at: postedAt,
    };
    await updateRecords(serviceWrite(btx, { clientId: buyerId, userId: ctx.auth.userId }), 'srcrecord', [Number(record.id)], { offers: sql`${JSON.stringify(offers)}::jsonb`, quoted_items: Object.keys(offers).length }, { audit: 'partner-quote' });
    // The buyer's record keeps its state (its lists read the new offer); the owner's notice names the item quoted.
    await sharedDocumentChanged(btx, { entity: 'srcrecord', clientId: buyerId, id: Number(record.id), status: String(record.status), from: String(record.status), no: (record.application_no as string | null) ?? null, by: { userId: ctx.auth.userId, clientId } });
    await raiseNotice(btx, {
      clientId: buyerId, userIds: [projectOwner(project)], kind: 'sourcing.quoted', title: 'src.notify.quoted.title', doc_no: project.code as string, link: '/srm/page/sourcingcompare',
      i18n: { title: 'src.notify.quoted.title', body: 'src.notify.quoted.body', params: { supplier: companyName(me), code: project.code, item: item.name } },
    });
  });
  await sharedDocumentChanged(tx, { entity: 'srcquotation', clientId, id: Number(row.id), status: ctx.transition?.to ?? 'posted', from: String(row.status), no: row.quote_no as string, by: { userId: ctx.auth.userId, clientId } });
  return { patch: { posted_at: postedAt } };
}

/**
 * Opens an application from an opportunity: a draft in the caller's company naming the buyer's
 * project, and the share in the buyer's company that links them. The project must be delivered (or
 * publishing) and public or inviting the caller's company.
 */
export async function applyToProject(tx: Db, auth: AuthContext, clientId: number, opp: Row | undefined, ip: string | null): Promise<{ id: number; app_no: string }> {
  if (!opp) throw new AppError('src.apply.notOpen');
  const buyerId = Number(opp.client_id);
  const projectId = Number(opp.id);
  const mine = (await myApplications(tx, clientId, [projectId])).get(projectId);
  if (mine) throw new AppError('src.apply.already', { params: { no: mine.app_no } });
  const w = writeContext(tx, actorOf(auth, clientId, ip), 'service');
  const me = (await sql<Row>`select fullname, mobile from users where id = ${auth.userId}`.execute(tx)).rows[0];
  const id = await writeDocument(w, sourcingApplication, { body: { contact_person: me?.fullname ?? null, contact_phone: me?.mobile ?? null } });
  const { share, form } = await asTenant(tx, buyerId, clientId, async (btx) => ({
    share: Number((await insertRecords(serviceWrite(btx, { clientId: buyerId, userId: auth.userId, username: auth.username, ip }), 'ordershare', [{
      from_client: buyerId, to_client: clientId, source_entity: 'srcproject', source_id: projectId, source_no: opp.code, target_entity: 'srcapplication', target_id: id, state: 'active',
    }]))[0].id),
    // Supplier admission: the design of the project's access form travels with the application.
    form: await accessFormSnapshot(btx, buyerId, projectId),
  }));
  // The buyer's project on the new draft: what it answers and the share that links them.
  await deriveRecords(w, 'srcapplication', [id], {
    buyer_name: opp.buyer_name, project_code: opp.code, project_name: opp.name, project_desc: opp.description ?? null, deadline: opp.deadline ?? null,
    source_client_id: buyerId, source_project_id: projectId, share_id: share, access_form: sql`${form ? JSON.stringify(form) : null}::jsonb`, access_review: form ? 'to_fill' : null,
  });
  const no = (await sql<{ app_no: string }>`select app_no from srm_src_application where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0].app_no;
  return { id, app_no: no };
}

/** The caller's own applications to the given buyer projects (its scope), by project id. */
export async function myApplications(tx: Db, clientId: number, projectIds: number[]): Promise<Map<number, { id: number; app_no: string; status: string }>> {
  if (!projectIds.length) return new Map();
  const rows = (await sql<{ id: number; app_no: string; status: string; source_project_id: number }>`select id, app_no, status, source_project_id from srm_src_application
    where client_id = ${clientId} and source_project_id in (${sql.join(projectIds)}) and share_id is not null order by id`.execute(tx)).rows;
  return new Map(rows.map((r) => [Number(r.source_project_id), { id: Number(r.id), app_no: r.app_no, status: r.status }]));
}

/**
 * Project opportunities for a company (spec 1 "project opportunities"): other companies' projects
 * whose information is delivered and still open, that are public or invite this company. This is the
 * one cross-company read of the area: it selects the published fields of those projects only (never
 * items' prices, records or scores) under the system scope (the caller runs it in `withSystemScope`),
 * with the publication condition in SQL.
 */
export async function opportunities(tx: Db, clientId: number, projectId: number | null = null): Promise<Row[]> {
  const rows = (await sql<Row>`select p.id, p.client_id, p.code, p.name, p.src_type, p.description, p.deadline, p.priority, p.tags, p.contact_person, p.contact_phone, p.status, p.is_public,
      p.delivered_at, coalesce(c.full_name, c.name) as buyer_name,
      exists (select 1 from srm_src_project_invite i where i.client_id = p.client_id and i.project_id = p.id and i.invited_client = ${clientId}) as invited,
      (select count(*)::int from srm_src_item it where it.client_id = p.client_id and it.project_id = p.id and it.status = 'active') as items
    from srm_src_project p join clients c on c.id = p.client_id
    where p.client_id <> ${clientId} and p.status in ('info_delivered', 'publishing')
      and (p.is_public = true or exists (select 1 from srm_src_project_invite i where i.client_id = p.client_id and i.project_id = p.id and i.invited_client = ${clientId}))
      ${projectId === null ? sql`` : sql`and p.id = ${projectId}`}
    order by p.delivered_at desc nulls last, p.id desc limit 200`.execute(tx)).rows;
  return rows;
}

export function registerSourcingHandlers(): void {
  registerActionHandler('srcproject', 'prepare', async () => ({ patch: groups('preparing') }));
  registerActionHandler('srcproject', 'deliver_info', deliverInfo);
  registerActionHandler('srcproject', 'publish', publishRfq);
  registerActionHandler('srcproject', 'close_inquiry', closeInquiry);
  registerActionHandler('srcproject', 'end_sourcing', endSourcing);
  registerActionHandler('srcproject', 'start_evaluation', startEvaluation);
  registerActionHandler('srcproject', 'end_evaluation', endEvaluation);
  registerActionHandler('srcproject', 'award', award);
  registerSaveHook('srcproject', {
    validate: async ({ before, values, actor }) => {
      // The three state groups follow the state; a new project starts in the first of each.
      if (!before) Object.assign(values, groups('not_prepared'));
      // The applicant is the author unless another user is named.
      if (!before && !values.applicant_id) values.applicant_id = actor.userId;
    },
  });
  registerSaveHook('srcitem', {
    validate: async ({ tx, clientId, values, before }) => {
      const projectId = values.project_id ?? before?.project_id;
      if (!projectId) return;
      const p = (await sql<Row>`select status, inquiry_state from srm_src_project where id = ${Number(projectId)} and client_id = ${clientId}`.execute(tx)).rows[0];
      if (p && ['sourcing_ended', 'evaluating', 'evaluation_ended', 'cancelled'].includes(String(p.status))) throw precheck('src.project.ended');
      // An item added while the RFQ is out is open for inquiry as the others are.
      if (!before && p?.status === 'publishing') values.inquiry_state = p.inquiry_state ?? 'open';
    },
  });
  registerActionHandler('srcitem', 'activate', async () => undefined);
  registerSaveHook('srcrecord', {
    validate: async ({ before, source }) => {
      if (before?.share_id && source !== 'service') throw new AppError('src.record.platformReadOnly');
    },
  });
  const recordMove = (appStatus: string, quoteStatus: { from: string[]; to: string } | null) => async (ctx: ActionContext) => {
    const { tx, clientId, row, auth } = ctx;
    const project = (await sql<Row>`select * from srm_src_project where id = ${row.project_id as number} and client_id = ${clientId}`.execute(tx)).rows[0];
    if (!project || ['evaluating', 'evaluation_ended', 'cancelled'].includes(String(project.status))) throw precheck('src.record.projectClosed');
    const by = { userId: auth.userId, clientId };
    await onSupplierSide(tx, clientId, row, appStatus, quoteStatus, by);
    await sharedDocumentChanged(tx, { entity: 'srcrecord', clientId, id: Number(row.id), status: ctx.transition?.to ?? String(row.status), from: String(row.status), no: (row.application_no as string | null) ?? null, by });
    // An eliminated supplier's quotations leave the comparison.
    if (quoteStatus?.to === 'stopped') {
      const offers = jsonOf<Record<string, Offer>>(row.offers, {});
      for (const o of Object.values(offers)) o.status = 'stopped';
      await deriveRecords(writerOf(ctx), 'srcrecord', [Number(row.id)], { offers: sql`${JSON.stringify(offers)}::jsonb` });
    }
  };
  registerActionHandler('srcrecord', 'shortlist', recordMove('candidate', null));
  registerActionHandler('srcrecord', 'eliminate', recordMove('stopped', { from: ['draft', 'posted'], to: 'stopped' }));
  registerSaveHook('srcevalconfig', {
    validate: async ({ tx, clientId, values, before, errors }) => {
      const code = String(values.code ?? before?.code ?? '');
      const version = String(values.version_no ?? before?.version_no ?? '');
      const taken = (await sql<{ id: number }>`select id from srm_src_evalconfig where client_id = ${clientId} and upper(code) = upper(${code}) and version_no = ${version} and id <> ${Number(before?.id ?? 0)}`.execute(tx)).rows[0];
      if (taken && !errors.version_no) errors.version_no = { key: 'src.eval.versionExists' };
    },
  });
  registerActionHandler('srcevalconfig', 'activate', async (ctx) => {
    const { tx, clientId, row } = ctx;
    const n = (await sql<{ n: number }>`select count(*)::int as n from srm_src_evalconfig_item where client_id = ${clientId} and config_id = ${row.id as number}`.execute(tx)).rows[0].n;
    if (!n) throw precheck('src.eval.noItems');
    // Spec 4: activating a version retires the earlier active version of the scheme.
    await updateRecords(writerOf(ctx), 'srcevalconfig', { where: sql`upper(t.code) = upper(${row.code as string}) and t.status = 'active' and t.id <> ${Number(row.id)}` }, { status: 'retired' }, { audit: 'retire' });
    return { patch: { activated_at: new Date().toISOString() } };
  });
  registerActionHandler('srcapplication', 'post', postApplication);
  registerActionHandler('srcquotation', 'post', postQuotation);
  registerSaveHook('srcquotation', {
    validate: async ({ tx, clientId, values, before }) => {
      // A quotation belongs to an application of the same company that is still answering.
      const appId = values.application_id ?? before?.application_id;
      if (!appId || !before) return;
      const app = (await sql<Row>`select status from srm_src_application where id = ${Number(appId)} and client_id = ${clientId}`.execute(tx)).rows[0];
      if (app && ['closed', 'stopped', 'selected'].includes(String(app.status))) throw precheck('src.quote.applicationStopped');
    },
  });
}
