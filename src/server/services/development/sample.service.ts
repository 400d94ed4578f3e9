import { sql } from 'kysely';
import { isLanguage, type Language } from '../../../model';
import { SAMPLE_MENU, sampleRequest, sampleType } from '../../../model/entities/samplerequest.entity';
import { listOf } from '../../../model/entities/style.entity';
import type { AuthContext } from '../../access/auth-context';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { emitToCompany } from '../../realtime';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { registerSaveHook } from '../../resources/save-hooks';
import { insertRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { copyFileRow, fileKeyOf, fileUrlsById } from '../files';
import { raiseNotice } from '../notify/notice.service';
import { asTenant, receiverAccepts, sharedDocumentChanged } from '../orders/cross-tenant.util';
import { labelIn } from '../../../model/label-text';

/**
 * Sample requests between two companies (issue 18). The requester's record (`direction` out) is the
 * source; `send` writes the maker's copy (`direction` in) in the maker's company through the document
 * writer and records an order share (`source_entity` = `target_entity` = 'samplerequest') in the
 * requester's company, as a requirement order reaches its customer order (docs/architecture-orders.md):
 * only to a company that confirmed the requester as its active customer. From then on:
 * - the requester acts on its record (approve, reject with a reason, a new round, cancel), the maker
 *   on its copy (accept, submit the sample); each action is refused on the other side's record and
 *   moves both records in one transaction through the share (the maker's through the share its copy
 *   names, checked in the requester's company: active, from that company, to this one, this copy);
 * - comments with photos are written on both records, each in its own company; a photo's file row
 *   is copied into the other company so each serves only its own files;
 * - a state change reaches both companies through `sharedDocumentChanged` (their lists follow; the
 *   other side's responsible users get the declared notice, src/model/notice-events.ts), and both
 *   companies' open sample rooms an event (`sample.changed`), as a comment does.
 * Neither tenant filter is loosened: every statement names the company it runs in.
 */
type Row = Record<string, unknown>;
type Side = 'out' | 'in';
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const langOf = (auth: AuthContext): Language => (isLanguage(auth.language) ? auth.language : 'zh-CN');

async function companyName(tx: Db, id: number): Promise<string> {
  return (await sql<{ name: string }>`select name from clients where id = ${id}`.execute(tx)).rows[0]?.name ?? '';
}

/** The record writer of the caller in one of the two companies (`tx` in that company's scope). */
const writerAt = (tx: Db, auth: AuthContext, clientId: number, ip: string | null = null) => serviceWrite(tx, { clientId, userId: auth.userId, username: auth.username, ip });

/** The other side of a record: the company and its record, checked through the share. */
type Other = { clientId: number; id: number; shareId: number; shareOwner: number };

async function otherSide(tx: Db, clientId: number, row: Row): Promise<Other | null> {
  if (row.direction === 'out') {
    const s = (await sql<Row>`select id, to_client, target_id from scm_order_share where client_id = ${clientId} and from_client = ${clientId}
      and source_entity = 'samplerequest' and source_id = ${Number(row.id)} and target_entity = 'samplerequest' and state = 'active' order by id desc limit 1`.execute(tx)).rows[0];
    return s ? { clientId: Number(s.to_client), id: Number(s.target_id), shareId: Number(s.id), shareOwner: clientId } : null;
  }
  const brandId = Number(row.source_client_id);
  const shareId = Number(row.share_id);
  if (!brandId || !shareId) throw new AppError('dev.sample.shareMissing');
  const s = await asTenant(tx, brandId, clientId, async (btx) =>
    (await sql<Row>`select id, source_id from scm_order_share where id = ${shareId} and client_id = ${brandId} and from_client = ${brandId} and to_client = ${clientId}
      and source_entity = 'samplerequest' and target_entity = 'samplerequest' and target_id = ${Number(row.id)} and state = 'active'`.execute(btx)).rows[0]);
  if (!s) throw new AppError('dev.sample.shareMissing');
  return { clientId: brandId, id: Number(s.source_id), shareId, shareOwner: brandId };
}

/** Copies a file row of one company into another (same stored bytes): a sample's photo opens to who may read samples there. */
async function copyFile(tx: Db, fromClient: number, toClient: number, fileId: number, userId: number): Promise<string | null> {
  const copy = await asTenant(tx, toClient, fromClient, async (otx) => copyFileRow(tx, otx, fromClient, fileId, toClient, userId, { menu: SAMPLE_MENU }));
  return copy?.url ?? null;
}

export type CommentInput = { kind: string; body: string | null; photoIds: number[] };

/**
 * Writes a comment on the record of `clientId` and, when the record is shared, on the other side's
 * (photos copied there). `tx` is in `clientId`'s scope and comes back in it.
 */
export async function writeComment(tx: Db, auth: AuthContext, clientId: number, row: Row, c: CommentInput, other: Other | null): Promise<number> {
  const side = text(row.direction) as Side;
  const company = await companyName(tx, clientId);
  const round = Number(row.round ?? 1);
  const urls = await fileUrlsById(tx, clientId, c.photoIds);
  const mine = c.photoIds.map((f) => urls.get(f)).filter((u): u is string => Boolean(u));
  const comment = { round, kind: c.kind, side, company_name: company, author_name: auth.fullname, body: c.body };
  const [made] = await insertRecords(writerAt(tx, auth, clientId), 'samplecomment', [{ ...comment, request_id: Number(row.id), photos: sql`${JSON.stringify(mine)}::jsonb` }]);
  const id = Number(made.id);
  if (other) {
    const theirs: string[] = [];
    for (const f of c.photoIds) {
      const copied = await copyFile(tx, clientId, other.clientId, f, auth.userId);
      if (copied) theirs.push(copied);
    }
    await asTenant(tx, other.clientId, clientId, async (otx) => {
      await insertRecords(writerAt(otx, auth, other.clientId), 'samplecomment', [{ ...comment, request_id: other.id, photos: sql`${JSON.stringify(theirs)}::jsonb`, mirror_of: id }]);
    });
  }
  return id;
}

/** Tells both companies' open sample rooms, once the transaction has committed (so a refetch reads the change). */
function emitChanged(tx: Db, items: Array<{ clientId: number; id: number }>, status: string): void {
  afterCommit(tx, () => {
    for (const i of items) emitToCompany(i.clientId, 'sample.changed', { id: i.id, status });
  });
}

async function notifyOther(tx: Db, auth: AuthContext, fromClient: number, other: Other, key: string, params: Record<string, unknown>, kind: string): Promise<void> {
  const no = (await asTenant(tx, other.clientId, fromClient, async (otx) =>
    (await sql<{ req_no: string }>`select req_no from dev_sample_request where client_id = ${other.clientId} and id = ${other.id}`.execute(otx)).rows[0]?.req_no)) ?? '';
  const company = await companyName(tx, fromClient);
  await asTenant(tx, other.clientId, fromClient, (otx) =>
    raiseNotice(otx, {
      clientId: other.clientId, everyone: true, kind, title: `${key}.title`, doc_no: no, link: `/zp/development/index/samples?id=${other.id}`,
      i18n: { title: `${key}.title`, body: `${key}.body`, params: { no, company, ...params } },
    }).then(() => undefined));
}

function requireSide(ctx: ActionContext, side: Side): void {
  if (ctx.row.direction === side) return;
  const action = ctx.transition ? labelIn(ctx.transition.label, langOf(ctx.auth)) : '';
  throw new AppError(side === 'out' ? 'dev.sample.requesterOnly' : 'dev.sample.makerOnly', { params: { action } });
}

/**
 * Moves the other side's record with this one (status and the fields given), audited there; the other
 * company hears of it (`sharedDocumentChanged`: who last acted on or created its record, else all of
 * it, with the reason of a rejection).
 */
async function moveOther(ctx: ActionContext, other: Other, patch: Row, reason: string | null): Promise<void> {
  const { tx, clientId } = ctx;
  await asTenant(tx, other.clientId, clientId, async (otx) => {
    const before = (await sql<Row>`select * from dev_sample_request where client_id = ${other.clientId} and id = ${other.id} for update`.execute(otx)).rows[0];
    if (!before) throw new AppError('dev.sample.shareMissing');
    await updateRecords(writerAt(otx, ctx.auth, other.clientId, ctx.ip), sampleRequest, [other.id], patch, { audit: `partner-${ctx.transition?.action ?? 'change'}` });
    await sharedDocumentChanged(otx, {
      entity: 'samplerequest', clientId: other.clientId, id: other.id, status: text(patch.status ?? before.status), from: text(before.status), no: (before.req_no as string | null) ?? null,
      by: { userId: ctx.auth.userId, clientId }, tell: [before.updated_by as number, before.created_by as number], reason,
    });
  });
}

function stateText(lang: Language, status: string): string {
  const s = sampleRequest.states!.states.find((x) => x.code === status);
  return s ? labelIn(s.label, lang) : status;
}

/** One action of either side: the comment it leaves, the other record moved, a notice there, both pages told. */
async function act(ctx: ActionContext, o: { side: Side; kind: string; body: string | null; patch: Row; closeShare?: boolean; reason?: string }): Promise<{ patch: Row }> {
  requireSide(ctx, o.side);
  const { tx, clientId, row, auth } = ctx;
  const other = await otherSide(tx, clientId, row);
  const to = ctx.transition?.to ?? text(row.status);
  const both: Row = { ...o.patch, status: to };
  // The comment belongs to the round the action happens in (a new round's comment to the new round).
  const round = Number(both.round ?? row.round ?? 1);
  await writeComment(tx, auth, clientId, { ...row, round }, { kind: o.kind, body: o.body, photoIds: [] }, other);
  if (other) {
    await moveOther(ctx, other, both, o.reason ?? null);
    if (o.closeShare) await asTenant(tx, other.shareOwner, clientId, (stx) => updateRecords(writerAt(stx, auth, other.shareOwner, ctx.ip), 'ordershare', [other.shareId], { state: 'closed' }, { audit: 'close' }));
    emitChanged(tx, [{ clientId, id: Number(row.id) }, { clientId: other.clientId, id: other.id }], to);
  } else emitChanged(tx, [{ clientId, id: Number(row.id) }], to);
  await sharedDocumentChanged(tx, { entity: 'samplerequest', clientId, id: Number(row.id), status: to, from: text(row.status), no: (row.req_no as string | null) ?? null, by: { userId: auth.userId, clientId } });
  return { patch: o.patch };
}

/** The requester sends its draft: the maker's copy, the share, the first comment, a notice at the maker. */
async function sendSample(ctx: ActionContext) {
  requireSide(ctx, 'out');
  const { tx, auth, clientId, row } = ctx;
  if (!row.style_id) throw new AppError('dev.sample.noStyle', { fields: { style_id: { key: 'dev.sample.noStyle' } } });
  if (!row.vendor_id) throw new AppError('dev.sample.noVendor', { fields: { vendor_id: { key: 'dev.sample.noVendor' } } });
  const style = (await sql<Row>`select code, name, image, status, colours, size_range from dev_style where client_id = ${clientId} and id = ${Number(row.style_id)}`.execute(tx)).rows[0];
  if (!style || style.status === 'retired') throw new AppError('dev.sample.styleNotReady', { params: { code: style?.code ?? '' } });
  const v = (await sql<{ code: string | null }>`select platform_client_code as code from md_vendor where id = ${Number(row.vendor_id)} and client_id = ${clientId}`.execute(tx)).rows[0];
  const target = v?.code
    ? (await sql<{ id: number; name: string; type: string }>`select id, name, type from clients where upper(code) = upper(${v.code}) and status = 'active' and id <> ${clientId}`.execute(tx)).rows[0]
    : undefined;
  if (!target) throw new AppError('dev.sample.vendorNotJoined');
  const me = (await sql<{ name: string; code: string }>`select name, code from clients where id = ${clientId}`.execute(tx)).rows[0];
  // Nothing is written at the maker until it has confirmed this company as its customer.
  if (!me || !(await receiverAccepts(tx, { id: clientId, code: me.code }, target))) throw new AppError('dev.sample.makerNotLinked', { params: { code: me?.code ?? '' } });
  const now = new Date().toISOString();
  // The picture travels as a file row of the maker's own (each company serves only its files).
  const imageKey = fileKeyOf(text(style.image));
  const imageId = imageKey ? (await sql<{ id: number }>`select id::int as id from files where client_id = ${clientId} and key = ${imageKey}`.execute(tx)).rows[0]?.id : undefined;
  const copyImage = imageKey ? (imageId ? await copyFile(tx, clientId, target.id, Number(imageId), auth.userId) : null) : ((style.image as string | null) ?? null);
  const copyId = await asTenant(tx, target.id, clientId, async (mtx) => {
    const w = writeContext(mtx, { clientId: target.id, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip: ctx.ip, roles: auth.roles }, 'service');
    return writeDocument(w, sampleRequest, {
      body: { sample_type: row.sample_type, colour: row.colour ?? null, sizes: row.sizes ?? null, qty: row.qty ?? 1, due_date: row.due_date, requirements: row.requirements ?? null },
    });
  });
  const [share] = await insertRecords(writerAt(tx, auth, clientId, ctx.ip), 'ordershare', [{
    from_client: clientId, to_client: target.id, source_entity: 'samplerequest', source_id: Number(row.id), source_no: text(row.req_no), target_entity: 'samplerequest', target_id: copyId, state: 'active',
  }]);
  const shareId = Number(share.id);
  // The copy is the maker's incoming request from here on, linked to the requester's record through the share.
  await asTenant(tx, target.id, clientId, (mtx) => updateRecords(writerAt(mtx, auth, target.id, ctx.ip), sampleRequest, [copyId], {
    direction: 'in', status: 'requested', round: 1, style_code: text(style.code), style_name: text(style.name), style_image: copyImage, partner_name: me.name,
    source_client_id: clientId, source_id: Number(row.id), sent_at: now, share_id: shareId,
  }, { audit: 'send' }));
  const other: Other = { clientId: target.id, id: copyId, shareId, shareOwner: clientId };
  await writeComment(tx, auth, clientId, { ...row, round: 1 }, { kind: 'request', body: text(row.requirements) || null, photoIds: [] }, other);
  const lang = langOf(auth);
  const typeItem = sampleType.items.find((i) => i.value === row.sample_type);
  await notifyOther(tx, auth, clientId, other, 'dev.sample.notify.requested', { style: `${text(style.code)} ${text(style.name)}`, type: typeItem ? labelIn(typeItem.label, lang) : text(row.sample_type), due: text(row.due_date) }, 'sample.requested');
  emitChanged(tx, [{ clientId, id: Number(row.id) }, { clientId: target.id, id: copyId }], 'requested');
  // Both lists follow; the copy's arrival is the notice above (with the style, type and due date), so no state notice (no `by`).
  await sharedDocumentChanged(tx, { entity: 'samplerequest', clientId, id: Number(row.id), status: 'requested', from: text(row.status), no: (row.req_no as string | null) ?? null, by: { userId: auth.userId, clientId } });
  const copyNo = await asTenant(tx, target.id, clientId, async (mtx) => (await sql<{ req_no: string | null }>`select req_no from dev_sample_request where client_id = ${target.id} and id = ${copyId}`.execute(mtx)).rows[0]?.req_no ?? null);
  await sharedDocumentChanged(tx, { entity: 'samplerequest', clientId: target.id, id: copyId, status: 'requested', no: copyNo });
  return { patch: { partner_name: target.name, sent_at: now, round: 1, reject_reason: null } };
}

/** The maker submits the sample: only with photos of this round on its copy (the answer the brand judges). */
async function submitSample(ctx: ActionContext) {
  requireSide(ctx, 'in');
  const n = await sql<{ n: number }>`select count(*)::int as n from dev_sample_comment where client_id = ${ctx.clientId} and request_id = ${Number(ctx.row.id)}
    and round = ${Number(ctx.row.round ?? 1)} and side = 'in' and jsonb_array_length(coalesce(photos, '[]'::jsonb)) > 0`.execute(ctx.tx);
  if (!n.rows[0].n) throw new AppError('dev.sample.needPhotos');
  return act(ctx, { side: 'in', kind: 'submit', body: text(ctx.params.comment) || null, patch: { submitted_at: new Date().toISOString() } });
}

let registered = false;
export function registerSampleRules(): void {
  if (registered) return;
  registered = true;

  registerSaveHook('samplerequest', {
    // The requester's draft takes its style's code, name and picture (and its colours and sizes when left empty).
    validate: async ({ tx, clientId, before, values, errors }) => {
      if (before?.direction === 'in') throw new AppError('dev.sample.requesterOnly', { params: { action: '' } });
      // A request written here is this company's own (the maker's copy is marked `in` by `send`).
      if (!before) {
        values.direction = 'out';
        values.round = 1;
      }
      // Until it is sent, the other company is named by the vendor record chosen.
      if (values.vendor_id !== null && values.vendor_id !== undefined && values.vendor_id !== '' && !values.sent_at) {
        const v = (await sql<{ name: string }>`select name from md_vendor where client_id = ${clientId} and id = ${Number(values.vendor_id)}`.execute(tx)).rows[0];
        if (v) values.partner_name = v.name;
      }
      if (values.style_id === null || values.style_id === undefined || values.style_id === '') return;
      const s = (await sql<Row>`select code, name, image, status, colours, size_range from dev_style where client_id = ${clientId} and id = ${Number(values.style_id)}`.execute(tx)).rows[0];
      if (!s) return;
      if (s.status === 'retired') errors.style_id = { key: 'dev.sample.styleNotReady', params: { code: s.code } };
      values.style_code = s.code;
      values.style_name = s.name;
      values.style_image = s.image ?? null;
      if (!values.colour) values.colour = listOf(s.colours)[0] ?? null;
      if (!values.sizes) values.sizes = listOf(s.size_range).join(',') || null;
    },
  });
  registerActionHandler('samplerequest', 'send', sendSample);
  registerActionHandler('samplerequest', 'accept', (ctx) => act(ctx, { side: 'in', kind: 'accept', body: null, patch: {} }));
  registerActionHandler('samplerequest', 'submit', submitSample);
  registerActionHandler('samplerequest', 'approve', (ctx) => act(ctx, { side: 'out', kind: 'approve', body: text(ctx.params.comment) || null, patch: { decided_at: new Date().toISOString() } }));
  registerActionHandler('samplerequest', 'reject', (ctx) =>
    act(ctx, { side: 'out', kind: 'reject', body: text(ctx.params.reject_reason), reason: text(ctx.params.reject_reason) || undefined, patch: { decided_at: new Date().toISOString(), reject_reason: text(ctx.params.reject_reason) } }));
  registerActionHandler('samplerequest', 'resample', (ctx) =>
    act(ctx, {
      side: 'out', kind: 'resample', body: text(ctx.params.due_date),
      patch: { round: Number(ctx.row.round ?? 1) + 1, due_date: text(ctx.params.due_date), reject_reason: null, submitted_at: null, decided_at: null },
    }));
  registerActionHandler('samplerequest', 'cancel', (ctx) => act(ctx, { side: 'out', kind: 'cancel', body: null, patch: {}, closeShare: true }));
}

/** What the comment route needs: the request of the caller's company (locked), the other side. */
export async function commentOn(tx: Db, auth: AuthContext, clientId: number, row: Row, input: { body: string | null; photoIds: number[] }): Promise<number> {
  if (row.status === 'cancelled') {
    throw new AppError('dev.sample.closed', { params: { no: row.req_no, state: stateText(langOf(auth), text(row.status)) } });
  }
  if (!input.body && !input.photoIds.length) throw new AppError('dev.sample.emptyComment', { fields: { body: { key: 'dev.sample.emptyComment' } } });
  // Photos must be the caller's own company's files.
  if (input.photoIds.length) {
    const own = await sql<{ id: number }>`select id from files where client_id = ${clientId} and id = any(${sql.val(input.photoIds)}::bigint[])`.execute(tx);
    if (own.rows.length !== new Set(input.photoIds).size) throw new AppError('err.notFound');
  }
  const other = row.status === 'draft' ? null : await otherSide(tx, clientId, row);
  const id = await writeComment(tx, auth, clientId, row, { kind: 'comment', body: input.body, photoIds: input.photoIds }, other);
  if (other) {
    await notifyOther(tx, auth, clientId, other, 'dev.sample.notify.comment', { text: input.body ?? '', state: '' }, 'sample.comment');
    emitChanged(tx, [{ clientId, id: Number(row.id) }, { clientId: other.clientId, id: other.id }], text(row.status));
  }
  return id;
}
