import { sql } from 'kysely';
import { ticket, ticketComment, ticketMember, ticketRole } from '../../../model/entities/ticket.entity';
import type { Db } from '../../db/database';
import type { WriteContext } from '../../resources/document-stages';
import type { WriteSource } from '../../resources/save-hooks';
import { writeDocument } from '../../resources/document-writer';
import { deriveRecords, insertRecords, removeRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { AppError, notFound, validationError, type FieldError } from '../../http/errors';
import type { Ticket, TicketAttachment as Attachment, TicketComment as CommentRow, TicketDocument, TicketMember as MemberRow, TicketPerson, TicketSave } from '../../../model/calls/tickets';
import { raiseNotice } from '../notify/notice.service';
import { transitionTo } from '../notify/task.service';
import { withSystemScope } from '../../kernel/rls';
import { recordFile, type StoredUpload } from '../files';
import { ownDocument, ticketDoc } from './ticket-docs';

/**
 * Exception tickets across the two companies of a shared document (issue 15, spec 3/4/6).
 *
 * Isolation: a ticket row belongs to the raising company (`client_id`); the other company of the
 * document's active share is `partner_client_id`, fixed when the ticket is raised. Every statement
 * here filters `client_id = caller's company or partner_client_id = caller's company` in SQL, and runs
 * in the system scope of row-level security because the partner reads rows it does not own (the
 * share is the permission, as for the orders themselves). A third company never matches the filter.
 * Rights (spec 6): owners edit, close, add people and may quit; owners, participants and the
 * initiator comment; guests read.
 */
export type Caller = { clientId: number; userId: number; fullname: string };
export type Role = 'owner' | 'participant' | 'initiator' | 'guest';

/** A ticket, its people and comments as the ticket calls answer them (model/calls/tickets.ts); a ticket's row also says who raised it. */
export type TicketRow = Ticket & { created_by: number };

const visible = (me: Caller) => sql`(t.client_id = ${me.clientId} or t.partner_client_id = ${me.clientId})`;

/** The columns of a ticket as the caller's company sees it: its own document number and link. */
const columns = (me: Caller) => sql`t.id::int as id, t.version::int as version, t.ticket_no, t.category, t.title, t.description, t.level, t.tags,
  t.duration::text as duration, t.deduct_amount::text as deduct_amount, t.deduct_type, t.solution, t.status,
  case when t.client_id = ${me.clientId} then t.doc_type else t.partner_doc_type end as doc_type,
  (case when t.client_id = ${me.clientId} then t.doc_id else t.partner_doc_id end)::int as doc_id,
  case when t.client_id = ${me.clientId} then t.doc_no else t.partner_doc_no end as doc_no,
  (t.client_id = ${me.clientId}) as raised_by_us,
  (select c.name from clients c where c.id = t.client_id) as company,
  (select c.name from clients c where c.id = t.partner_client_id) as partner_company,
  t.created_by::int as created_by, t.created_at, t.closed_at,
  (select string_agg(coalesce(u.fullname, u.username), '、' order by m.id) from collab_ticket_member m join users u on u.id = m.user_id
    where m.ticket_id = t.id and m.role = 'owner') as owners,
  coalesce((select array_agg(m.role order by m.role) from collab_ticket_member m where m.ticket_id = t.id and m.user_id = ${me.userId}), '{}') as my_roles`;

function withLink(row: TicketRow): TicketRow {
  const doc = ticketDoc(row.doc_type);
  return { ...row, link: doc && row.doc_id ? doc.link(row.doc_id) : null };
}

async function loadTicket(tx: Db, me: Caller, id: number): Promise<TicketRow> {
  const r = await sql<TicketRow>`select ${columns(me)} from collab_ticket t where t.id = ${id} and ${visible(me)}`.execute(tx);
  // Another company's ticket is "not found": the call never tells whether an id exists elsewhere.
  if (!r.rows.length) throw notFound('ticket.notFound');
  return withLink(r.rows[0]);
}

type Raw = { id: number; client_id: number; partner_client_id: number | null; status: string; version: number; ticket_no: string; title: string; doc_no: string | null; partner_doc_no: string | null };
async function rawTicket(tx: Db, me: Caller, id: number): Promise<Raw> {
  const r = await sql<Raw>`select t.id::int as id, t.client_id::int as client_id, t.partner_client_id::int as partner_client_id, t.status, t.version::int as version,
    t.ticket_no, t.title, t.doc_no, t.partner_doc_no from collab_ticket t where t.id = ${id} and ${visible(me)}`.execute(tx);
  if (!r.rows.length) throw notFound('ticket.notFound');
  return r.rows[0];
}

async function rolesOf(tx: Db, ticketId: number, userId: number): Promise<Set<Role>> {
  const r = await sql<{ role: Role }>`select role from collab_ticket_member where ticket_id = ${ticketId} and user_id = ${userId}`.execute(tx);
  return new Set(r.rows.map((x) => x.role));
}

async function requireOwner(tx: Db, t: Raw, me: Caller): Promise<void> {
  if (!(await rolesOf(tx, t.id, me.userId)).has('owner')) throw new AppError('ticket.ownerOnly');
}

/** Active users among `ids` of the ticket's two companies, each with their company; null when any other id is among them. */
async function peopleOf(tx: Db, ids: number[], companies: number[]): Promise<Map<number, number> | null> {
  const want = [...new Set(ids)];
  if (!want.length) return new Map();
  const r = await sql<{ id: number; client_id: number }>`select id::int as id, client_id::int as client_id from users
    where id = any(${want}::int[]) and status = 'active' and client_id = any(${companies}::int[])`.execute(tx);
  return r.rows.length === want.length ? new Map(r.rows.map((x) => [x.id, x.client_id])) : null;
}

/**
 * The writer of a ticket's rows for the caller: they belong to the raising company (the ticket's
 * `client_id`), whichever of the two companies' people acts on them, so the write runs as that
 * company with the caller as its user (the partner's visibility is checked before, by `rawTicket`).
 */
const ticketWriter = (tx: Db, t: { client_id: number }, me: Caller, source: WriteSource = 'service'): WriteContext =>
  serviceWrite(tx, { clientId: t.client_id, userId: me.userId, username: me.fullname }, source);

async function addMember(w: WriteContext, ticketId: number, userId: number, userClient: number, role: Role): Promise<boolean> {
  const has = await sql`select 1 from collab_ticket_member where ticket_id = ${ticketId} and user_id = ${userId} and role = ${role}`.execute(w.tx);
  if (has.rows.length) return false;
  await insertRecords(w, ticketMember, [{ ticket_id: ticketId, user_id: userId, user_client_id: userClient, role }]);
  return true;
}

/** Tells the given people of the ticket, each company's users naming that company's document number. */
async function tell(tx: Db, t: Raw, userIds: number[], kind: string, key: string, params: Record<string, unknown>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  const byCompany = await sql<{ id: number; client_id: number }>`select id::int as id, client_id::int as client_id from users where id = any(${ids}::int[])`.execute(tx);
  for (const clientId of new Set(byCompany.rows.map((r) => r.client_id))) {
    const doc = clientId === t.client_id ? t.doc_no : t.partner_doc_no;
    await raiseNotice(tx, {
      clientId, userIds: byCompany.rows.filter((r) => r.client_id === clientId).map((r) => r.id), kind,
      title: key, i18n: { title: `${key}.title`, body: `${key}.body`, params: { no: t.ticket_no, title: t.title, doc: doc ?? '', ...params } },
      link: `/page/ticket/view?id=${t.id}`, doc_no: t.ticket_no,
    });
  }
}

async function memberIds(tx: Db, ticketId: number, except: number): Promise<number[]> {
  const r = await sql<{ user_id: number }>`select distinct user_id::int as user_id from collab_ticket_member where ticket_id = ${ticketId} and user_id <> ${except}`.execute(tx);
  return r.rows.map((x) => x.user_id);
}

/**
 * What a raise names beside the ticket's fields, kept in the write's memo for the ticket's hooks
 * (ticket.hooks.ts): the caller and the people, and, once the validate stage has checked them, each
 * person's company.
 */
export type TicketRaise = { caller: Caller; owners: number[]; participants: number[]; guests: number[]; people?: Map<number, number> };
export const TICKET_RAISE = 'ticket.raise';

/** The validate stage of a raise: the document is the caller's, the people are of its one or two companies; derives the document's numbers. */
export async function checkRaise(tx: Db, raise: TicketRaise, values: Record<string, unknown>, errors: Record<string, FieldError>): Promise<void> {
  const doc = ticketDoc(String(values.doc_type ?? ''));
  if (!doc) errors.doc_type = { key: 'ticket.docTypeUnknown' };
  if (!raise.owners.length) errors.owner_ids = { key: 'ticket.ownerRequired' };
  if (!doc || errors.doc_id || values.doc_id === null || values.doc_id === undefined) return;
  const me = raise.caller;
  const docId = Number(values.doc_id);
  const own = await ownDocument(tx, doc, me.clientId, docId);
  if (!own) {
    errors.doc_id = { key: 'ticket.docNotFound' };
    return;
  }
  const partner = await doc.partnerOf(tx, me.clientId, docId);
  const people = await peopleOf(tx, [...raise.owners, ...raise.participants, ...raise.guests], partner ? [me.clientId, partner.clientId] : [me.clientId]);
  if (!people) errors.owner_ids = { key: 'ticket.memberOutside' };
  raise.people = people ?? undefined;
  Object.assign(values, {
    doc_no: own.no, partner_client_id: partner?.clientId ?? null, partner_doc_type: partner?.docType ?? null, partner_doc_id: partner?.docId ?? null, partner_doc_no: partner?.docNo ?? null,
  });
}

/** The after-write stage of a raise: the number from the id, the people on it (the caller its initiator), each told. */
export async function afterRaise(tx: Db, raise: TicketRaise, id: number): Promise<void> {
  const me = raise.caller;
  const w = ticketWriter(tx, { client_id: me.clientId }, me);
  const ymd = new Date().toISOString().slice(2, 10).replace(/-/g, '');
  // The number follows from the id the insert gave: derived, not a change anyone made.
  await deriveRecords(w, ticket, [id], { ticket_no: `TK${ymd}${String(id).padStart(5, '0')}` });
  await addMember(w, id, me.userId, me.clientId, 'initiator');
  const people = raise.people ?? new Map<number, number>();
  for (const [list, role] of [[raise.owners, 'owner'], [raise.participants, 'participant'], [raise.guests, 'guest']] as const) {
    for (const u of list) await addMember(w, id, u, people.get(u)!, role);
  }
  const raw = await rawTicket(tx, me, id);
  const company = (await sql<{ name: string }>`select name from clients where id = ${me.clientId}`.execute(tx)).rows[0]?.name ?? '';
  await tell(tx, raw, [...raise.owners, ...raise.participants, ...raise.guests].filter((u) => u !== me.userId), 'ticket.raised', 'notify.ticketRaised', { user: me.fullname, company });
}

/**
 * Raises a ticket (no id) on one of the caller's documents, or edits one (owners only, while not
 * closed, at the version read: 409 when stale). Either way a document write through every stage of
 * the writer (ticket.hooks.ts: the document and the people checked at validate, the number and the
 * people written after), as the raising company with the caller as its user; refusals are 11000
 * under each field. An edit keeps the document and its people, and one naming no field writes nothing.
 */
export async function saveTicket(db: Db, me: Caller, input: TicketSave): Promise<TicketRow> {
  const { id, version, doc_type, doc_id, owner_ids, participant_ids, guest_ids, ...fields } = input;
  return withSystemScope(db, async (tx) => {
    if (id === undefined) {
      const w = ticketWriter(tx, { client_id: me.clientId }, me, 'form');
      const raise: TicketRaise = { caller: me, owners: owner_ids ?? [], participants: participant_ids ?? [], guests: guest_ids ?? [] };
      w.memo.set(TICKET_RAISE, raise);
      return loadTicket(tx, me, await writeDocument(w, ticket, { body: { ...fields, doc_type, doc_id } }));
    }
    const t = await rawTicket(tx, me, id);
    await requireOwner(tx, t, me);
    if (t.status === '100') throw new AppError('ticket.closedReadOnly');
    if ((version ?? t.version) !== t.version) throw new AppError('err.staleVersion');
    if (Object.keys(fields).length) await writeDocument(ticketWriter(tx, t, me, 'form'), ticket, { id, version: t.version, body: fields });
    return loadTicket(tx, me, id);
  });
}

const NOTICE_OF: Record<string, { kind: string; key: string }> = {
  close: { kind: 'ticket.closing', key: 'notify.ticketClosing' },
  finish: { kind: 'ticket.closed', key: 'notify.ticketClosed' },
  reopen: { kind: 'ticket.reopened', key: 'notify.ticketReopened' },
};

/**
 * Moves a ticket along its state machine (spec 4: close 0 -> 50, finish 50 -> 100, reopen 50 -> 0),
 * owners only. Finishing needs the solution (given here or saved before): the knowledge base keeps it.
 */
export async function moveTicket(db: Db, me: Caller, id: number, action: 'close' | 'finish' | 'reopen', input: { version?: number; solution?: string }): Promise<TicketRow> {
  const transition = ticket.states!.transitions.find((x) => x.action === action);
  if (!transition) throw new AppError('ticket.badTransition');
  return withSystemScope(db, async (tx) => {
    const t = await rawTicket(tx, me, id);
    await requireOwner(tx, t, me);
    if (!transition.from.includes(t.status) || transitionTo(ticket, t.status, transition.to ?? t.status) !== action) throw new AppError('ticket.badTransition', { as: 'conflict' });
    if (action === 'finish') {
      const s = input.solution ?? (await sql<{ solution: string | null }>`select solution from collab_ticket where id = ${id}`.execute(tx)).rows[0].solution;
      if (!s || !s.trim()) throw validationError({ solution: { key: 'ticket.solutionRequired' } });
    }
    const version = input.version ?? t.version;
    if (version !== t.version) throw new AppError('err.staleVersion');
    const set = { status: transition.to, closed_at: transition.to === '100' ? sql`now()` : null, ...(input.solution !== undefined ? { solution: input.solution } : {}) };
    await updateRecords(ticketWriter(tx, t, me), ticket, [id], set, { audit: action, expectVersion: version });
    const n = NOTICE_OF[action];
    await tell(tx, t, await memberIds(tx, id, me.userId), n.kind, n.key, { user: me.fullname });
    return loadTicket(tx, me, id);
  });
}

/** An owner adds a person of either company as owner, participant or guest; the person is told. */
export async function addTicketMember(db: Db, me: Caller, id: number, userId: number, role: Role): Promise<MemberRow[]> {
  if (!['owner', 'participant', 'guest'].includes(role)) throw validationError({ role: { key: 'rule.notInDictionary' } });
  return withSystemScope(db, async (tx) => {
    const t = await rawTicket(tx, me, id);
    await requireOwner(tx, t, me);
    if (t.status === '100') throw new AppError('ticket.closedReadOnly');
    const people = await peopleOf(tx, [userId], [t.client_id, ...(t.partner_client_id ? [t.partner_client_id] : [])]);
    if (!people) throw validationError({ user_id: { key: 'ticket.memberOutside' } });
    if (await addMember(ticketWriter(tx, t, me), t.id, userId, people.get(userId)!, role)) {
      // The role is named as the dictionary labels it, in the person's own language (raiseNotice reads a label per recipient).
      await tell(tx, t, [userId], 'ticket.assigned', 'notify.ticketAssigned', { user: me.fullname, role: ticketRole.items.find((i) => i.value === role)!.label });
    }
    return membersOf(tx, id);
  });
}

/** An owner leaves the owners (spec 6 "may quit"), never the last one. */
export async function quitTicket(db: Db, me: Caller, id: number): Promise<MemberRow[]> {
  return withSystemScope(db, async (tx) => {
    const t = await rawTicket(tx, me, id);
    await requireOwner(tx, t, me);
    const owners = (await sql<{ n: number }>`select count(*)::int as n from collab_ticket_member where ticket_id = ${id} and role = 'owner'`.execute(tx)).rows[0].n;
    if (owners <= 1) throw new AppError('ticket.lastOwner');
    await removeRecords(ticketWriter(tx, t, me), ticketMember, { where: sql`t.ticket_id = ${id} and t.user_id = ${me.userId} and t.role = 'owner'` });
    return membersOf(tx, id);
  });
}

export async function membersOf(tx: Db, id: number): Promise<MemberRow[]> {
  return (await sql<MemberRow>`select m.id::int as id, m.user_id::int as user_id, coalesce(u.fullname, u.username) as fullname, c.name as company, m.user_client_id::int as client_id, m.role
    from collab_ticket_member m join users u on u.id = m.user_id left join clients c on c.id = m.user_client_id
    where m.ticket_id = ${id} order by case m.role when 'owner' then 1 when 'initiator' then 2 when 'participant' then 3 else 4 end, m.id`.execute(tx)).rows;
}

/** The days within which a comment may be removed (spec 5): system config, else TICKET_COMMENT_DELETE_DAYS, else 3. */
export async function commentDeleteDays(tx: Db): Promise<number> {
  const stored = (await sql<{ value: unknown }>`select value from sys_config where key = 'ticket_comment_delete_days'`.execute(tx)).rows[0]?.value;
  const n = Number(stored ?? process.env.TICKET_COMMENT_DELETE_DAYS ?? 3);
  return Number.isInteger(n) && n >= 0 ? n : 3;
}

export async function commentsOf(tx: Db, me: Caller, id: number): Promise<CommentRow[]> {
  const days = await commentDeleteDays(tx);
  return (await sql<CommentRow>`select cm.id::int as id, cm.user_id::int as user_id, cm.user_name, c.name as company, cm.content,
      coalesce(cm.attachments, '[]'::jsonb) as attachments, cm.created_at,
      (cm.user_id = ${me.userId} and cm.created_at > now() - make_interval(days => ${days}::int)) as removable
    from collab_ticket_comment cm left join clients c on c.id = cm.user_client_id where cm.ticket_id = ${id} order by cm.created_at, cm.id`.execute(tx)).rows;
}

/** Comments on a ticket: owners, participants and the initiator, while it is not closed; attachments are the caller's uploads. */
export async function addComment(db: Db, me: Caller, id: number, content: string | undefined, fileIds: number[]): Promise<CommentRow[]> {
  if (!content?.trim() && !fileIds.length) throw validationError({ content: { key: 'ticket.commentEmpty' } });
  return withSystemScope(db, async (tx) => {
    const t = await rawTicket(tx, me, id);
    const roles = await rolesOf(tx, id, me.userId);
    if (t.status === '100') throw new AppError('ticket.closedReadOnly');
    if (!roles.has('owner') && !roles.has('participant') && !roles.has('initiator')) throw new AppError('ticket.guestReadOnly');
    const files = fileIds.length
      ? (await sql<Attachment>`select id::int as id, key, name, mime, size::int as size from files
          where id = any(${fileIds}::int[]) and client_id = ${me.clientId} and created_by = ${me.userId} and path like 'tickets/%'`.execute(tx)).rows
      : [];
    if (files.length !== new Set(fileIds).size) throw validationError({ files: { key: 'ticket.fileInvalid' } });
    await insertRecords(ticketWriter(tx, t, me), ticketComment, [{ ticket_id: id, user_id: me.userId, user_client_id: me.clientId, user_name: me.fullname, content: content?.trim() || null, attachments: files }]);
    const text = content?.trim() ? content.trim().slice(0, 80) : files.map((f) => f.name).join('、');
    await tell(tx, t, await memberIds(tx, id, me.userId), 'ticket.comment', 'notify.ticketComment', { user: me.fullname, text });
    return commentsOf(tx, me, id);
  });
}

/** Removes the caller's own comment, only within the configured number of days. */
export async function removeComment(db: Db, me: Caller, commentId: number): Promise<number> {
  return withSystemScope(db, async (tx) => {
    const r = await sql<{ ticket_id: number; client_id: number; user_id: number; age_ok: boolean }>`select cm.ticket_id::int as ticket_id, t.client_id::int as client_id, cm.user_id::int as user_id,
        (cm.created_at > now() - make_interval(days => ${await commentDeleteDays(tx)}::int)) as age_ok
      from collab_ticket_comment cm join collab_ticket t on t.id = cm.ticket_id where cm.id = ${commentId} and ${visible(me)}`.execute(tx);
    const c = r.rows[0];
    if (!c) throw notFound('ticket.notFound');
    if (c.user_id !== me.userId) throw new AppError('ticket.commentNotYours');
    if (!c.age_ok) throw new AppError('ticket.commentTooOld', { params: { days: await commentDeleteDays(tx) } });
    await removeRecords(ticketWriter(tx, c, me), ticketComment, [commentId]);
    return c.ticket_id;
  });
}

/** What the caller's roles on a ticket allow now (spec 6); each command is checked again by its service function. */
function rightsOf(roles: string[], status: string) {
  const owner = roles.includes('owner');
  const open = status !== '100';
  return {
    can_edit: owner && open, can_close: owner && status === '0', can_finish: owner && status === '50', can_reopen: owner && status === '50',
    can_add_member: owner && open, can_quit: owner, can_comment: open && (owner || roles.includes('participant') || roles.includes('initiator')),
  };
}

/**
 * Every ticket the caller's company may read (its own, and its partners' on documents shared with
 * it), as the caller sees it (its own document number first, the other company's beside it), with
 * whether the caller is on it, handles it (any role but initiator) or raised it, what the caller may
 * do on it and the days a comment may be removed: the rows of the view `ticketlist`
 * (ticket.views.ts), in the read's transaction.
 */
export async function ticketListRows(tx: Db, me: Caller) {
  const rows = await sql<TicketRow & { partner_doc_no: string | null }>`select ${columns(me)},
      case when t.client_id = ${me.clientId} then t.partner_doc_no else t.doc_no end as partner_doc_no
    from collab_ticket t where ${visible(me)}`.execute(tx);
  const days = await commentDeleteDays(tx);
  return rows.rows.map((r) => ({
    ...r, link: withLink(r).link, member: r.my_roles.length > 0, assigned: r.my_roles.some((x) => x !== 'initiator'), raised: r.raised_by_us && Number(r.created_by) === me.userId,
    ...rightsOf(r.my_roles, r.status), comment_days: days,
  }));
}

/** Tickets on one document as the caller's company holds it (its own type and id), of either side. */
export async function ticketsOfDocument(db: Db, me: Caller, docType: string, docId: number): Promise<TicketRow[]> {
  return withSystemScope(db, async (tx) => (await sql<TicketRow>`select ${columns(me)} from collab_ticket t
    where (t.client_id = ${me.clientId} and t.doc_type = ${docType} and t.doc_id = ${docId})
       or (t.partner_client_id = ${me.clientId} and t.partner_doc_type = ${docType} and t.partner_doc_id = ${docId})
    order by t.created_at desc, t.id desc limit 100`.execute(tx)).rows.map(withLink));
}

/**
 * The people who can be put on a ticket: active users of its document's one or two companies, the
 * caller's own first. Of a document being raised on (`doc_type`, `doc_id`: the caller's own), or of
 * a ticket (`id`: for adding people later).
 */
export async function peopleFor(db: Db, me: Caller, of: { id?: number; doc_type?: string; doc_id?: number }): Promise<TicketPerson[]> {
  const doc = of.id === undefined ? ticketDoc(of.doc_type ?? '') : null;
  if (of.id === undefined && !doc) throw validationError({ doc_type: { key: 'ticket.docTypeUnknown' } });
  return withSystemScope(db, async (tx) => {
    let companies: number[];
    if (doc) {
      if (!(await ownDocument(tx, doc, me.clientId, of.doc_id!))) throw validationError({ doc_id: { key: 'ticket.docNotFound' } });
      const partner = await doc.partnerOf(tx, me.clientId, of.doc_id!);
      companies = partner ? [me.clientId, partner.clientId] : [me.clientId];
    } else {
      const t = await rawTicket(tx, me, of.id!);
      companies = [t.client_id, ...(t.partner_client_id ? [t.partner_client_id] : [])];
    }
    return (await sql<TicketPerson>`select u.id::int as id, coalesce(u.fullname, u.username) as fullname, u.username, c.name as company, u.client_id::int as client_id
      from users u join clients c on c.id = u.client_id where u.status = 'active' and u.client_id = any(${companies}::int[])
      order by (u.client_id = ${me.clientId}) desc, u.id`.execute(tx)).rows;
  });
}

/** Stores an uploaded comment file's row (the bytes are already under DATA_DIR/files/`path`). */
export async function recordTicketFile(db: Db, me: Caller, f: StoredUpload): Promise<Attachment> {
  const r = await recordFile(db, { clientId: me.clientId, path: f.path, name: f.name, mime: f.mime, size: f.size, createdBy: me.userId });
  return { id: r.id, key: r.key, name: f.name, mime: f.mime, size: f.size };
}

/** The caller's own documents of one kind whose number contains `keyword`, with the other company of each one's share (the raise form's picker). */
export async function findDocuments(db: Db, me: Caller, docType: string, keyword: string | undefined): Promise<TicketDocument[]> {
  const doc = ticketDoc(docType);
  if (!doc) throw validationError({ doc_type: { key: 'ticket.docTypeUnknown' } });
  const p = `%${(keyword ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return withSystemScope(db, async (tx) => {
    const rows = (await sql<{ id: number; no: string | null }>`select id::int as id, ${sql.ref(doc.noColumn)} as no from ${sql.table(doc.table)}
      where client_id = ${me.clientId} and coalesce(${sql.ref(doc.noColumn)}, '') ilike ${p} order by id desc limit 20`.execute(tx)).rows;
    const out: TicketDocument[] = [];
    for (const r of rows) {
      const partner = await doc.partnerOf(tx, me.clientId, r.id);
      const name = partner ? (await sql<{ name: string }>`select name from clients where id = ${partner.clientId}`.execute(tx)).rows[0]?.name ?? null : null;
      out.push({ ...r, shared: partner !== null, partner: name });
    }
    return out;
  });
}
