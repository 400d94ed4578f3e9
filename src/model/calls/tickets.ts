import { deleteCall, getCall, postCall, uploadCall } from './call';
import { is } from './input-shape';

/**
 * Exception tickets (issue 15; spec 2 tickets): the calls of `/crossapi/ticketapi/ticket`, served by
 * src/server/services/tickets/ticket.routes.ts and called by src/client/pages/collab.
 */
const BASE = '/crossapi/ticketapi/ticket';

/** A ticket as the ticket calls answer it, seen by the caller's company (its own document). */
export type Ticket = {
  id: number; version: number; ticket_no: string; category: string; title: string; description: string; level: string; tags: string | null;
  duration: string | null; deduct_amount: string | null; deduct_type: string | null; solution: string | null; status: string;
  doc_type: string; doc_id: number; doc_no: string | null; link: string | null; raised_by_us: boolean; company: string; partner_company: string | null;
  created_at: string; closed_at: string | null; owners: string | null; my_roles: string[];
};
export type TicketRole = 'owner' | 'participant' | 'guest';
export type TicketMember = { id: number; user_id: number; fullname: string; company: string; client_id: number; role: string };
export type TicketAttachment = { id: number; key: string; name: string; mime: string | null; size: number };
export type TicketComment = { id: number; user_id: number; user_name: string; company: string; content: string | null; attachments: TicketAttachment[]; created_at: string; removable: boolean };
/**
 * A ticket as its page reads it: the record of the view `ticketlist` (`/crossapi/ticketlist/view?id=`,
 * ticket.entity.ts), its people and comments as the view's lines, what the caller may do now and the
 * days within which a comment may be removed.
 */
export type TicketRecord = Ticket & {
  members: TicketMember[]; comments: TicketComment[]; comment_days: number;
} & Record<'can_edit' | 'can_close' | 'can_finish' | 'can_reopen' | 'can_add_member' | 'can_quit' | 'can_comment', boolean>;
export type TicketPerson = { id: number; fullname: string; username: string; company: string; client_id: number };
/** A document of the caller's company, and the other company of its share (null: not shared). */
export type TicketDocument = { id: number; no: string | null; shared: boolean; partner: string | null };
/**
 * The body of a raise (no id: the document and the people of its one or two companies) or an edit
 * (id and the version read; the document and the people stay). The ticket's own fields are the
 * entity's (ticket.entity.ts), checked by the document writer: refused as 11000 under each field.
 */
export type TicketSave = {
  id?: number; version?: number; doc_type?: string; doc_id?: number; owner_ids?: number[]; participant_ids?: number[]; guest_ids?: number[];
} & Partial<Record<TicketFieldKey, string | number | null>>;

/** A value of one of the ticket's own fields, as a form or JSON body carries it: its rules are the entity's (11000 under the field). */
const fieldValue = is.fieldValue;

/** The ticket's own fields a raise or an edit sets (ticket.entity.ts declares them). */
type TicketFieldKey = 'category' | 'title' | 'description' | 'level' | 'tags' | 'duration' | 'deduct_amount' | 'deduct_type';

/** One record by its id (a ticket, a comment), as a query or a body carries it (a number or its decimal text). */
const byId = is.object({ id: is.queryId });
/** A document of the caller's company by its kind (an entity's name) and id. */
const documentRef = { doc_type: is.text(40), doc_id: is.queryId };

/**
 * The calls' inputs are declared shapes (issue 30): the server reads them before a ticket is looked
 * up and refuses anything else with 400 naming the field; who may do what stays the service's, in SQL.
 */
export const ticketCalls = {
  byDocument: getCall<{ doc_type: string; doc_id: number }, { rows: Ticket[] }>(`${BASE}/by-doc`, { input: is.object(documentRef) }),
  /** The users of a document's two companies (`doc_type`, `doc_id`) or of a ticket's (`id`). */
  people: getCall<{ id?: number; doc_type?: string; doc_id?: number }, { rows: TicketPerson[] }>(`${BASE}/people`, {
    input: is.check(
      is.object({ id: is.optional(is.queryId), doc_type: is.optional(is.text(40)), doc_id: is.optional(is.queryId) }),
      (v) => v.id !== undefined || (v.doc_type !== undefined && v.doc_id !== undefined),
      '{ id } or { doc_type, doc_id }',
    ),
  }),
  documents: getCall<{ doc_type: string; keyword?: string }, { rows: TicketDocument[] }>(`${BASE}/docs`, { input: is.object({ doc_type: is.text(40), keyword: is.optional(is.text(60)) }) }),
  /** Raises (no id) or edits a ticket; the people are ids as every bulk call takes them. */
  save: postCall<TicketSave, Ticket>(`${BASE}/save`, {
    input: is.object({
      id: is.optional(is.queryId),
      version: is.optional(is.check(is.queryId, () => true, 'a version (a whole number from 1)')),
      doc_type: is.optional(is.text(40)),
      doc_id: is.optional(is.queryId),
      owner_ids: is.optional(is.ids()),
      participant_ids: is.optional(is.ids()),
      guest_ids: is.optional(is.ids()),
      category: fieldValue, title: fieldValue, description: fieldValue, level: fieldValue,
      tags: fieldValue, duration: fieldValue, deduct_amount: fieldValue, deduct_type: fieldValue,
    }),
  }),
  /** `action` is the address's (close, finish, reopen); `version` the ticket's as read; `solution` at most 4,000 characters. */
  move: postCall<{ action: 'close' | 'finish' | 'reopen'; id: number; version?: number; solution?: string }, Ticket>(`${BASE}/:action`, {
    input: is.object({
      action: is.oneOf('close', 'finish', 'reopen'),
      id: is.queryId,
      version: is.optional(is.check(is.queryId, () => true, 'a version (a whole number from 1)')),
      solution: is.optional(is.text(4000)),
    }),
  }),
  addMember: postCall<{ id: number; user_id: number; role?: TicketRole }, { members: TicketMember[] }>(`${BASE}/add-member`, {
    input: is.object({ id: is.queryId, user_id: is.queryId, role: is.optional(is.oneOf('owner', 'participant', 'guest')) }),
  }),
  quit: postCall<{ id: number }, { members: TicketMember[] }>(`${BASE}/quit`, { input: byId }),
  /** `files`: the caller's uploads (upload), as every bulk call takes ids; `content` at most 4,000 characters. */
  comment: postCall<{ id: number; content?: string; files?: number[] }, { comments: TicketComment[] }>(`${BASE}/comment`, {
    input: is.object({ id: is.queryId, content: is.optional(is.text(4000)), files: is.optional(is.ids()) }),
  }),
  /** `id`: the comment's. */
  removeComment: deleteCall<{ id: number }, { ticket_id: number }>(`${BASE}/comment-remove`, { input: byId }),
  upload: uploadCall<{ file: Blob }, TicketAttachment>(`${BASE}/upload`),
};
