import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, pagingOf, text, type Input } from '../../access/input.util';
import { ok } from '../../http/envelope';
import { AppError, forbidden, notFound, validationError } from '../../http/errors';
import { dataOf, idsOf } from '../notify/task.routes';
import { openableFileById, sendStoredFile, storeUpload } from '../files';
import {
  addComment, addTicketMember, editTicket, findDocuments, moveTicket, pageTickets, peopleForDocument, peopleForTicket, quitTicket, raiseTicket, recordTicketFile,
  removeComment, searchKnowledge, ticketsOfDocument, TICKET_TABS, viewTicket, type Caller, type Role, type TicketTab,
} from './ticket.service';

const BASE = '/crossapi/ticketapi/ticket';
/** A comment's image or file: at most this many bytes (TICKET_FILE_MAX_MB, default 10). */
const maxFileBytes = () => Math.round((Number(process.env.TICKET_FILE_MAX_MB) > 0 ? Number(process.env.TICKET_FILE_MAX_MB) : 10) * 1024 * 1024);

function callerOf(req: FastifyRequest): Caller {
  const auth = authOf(req);
  if (auth.clientId == null) throw forbidden();
  return { clientId: auth.clientId, userId: auth.userId, fullname: auth.fullname || auth.username };
}

function oneId(input: Input, key = 'id'): number {
  const [id] = idsOf({ id: input[key] });
  if (!id) throw validationError({ [key]: { key: 'rule.required' } });
  return id;
}

const versionOf = (input: Input): number | undefined => {
  const v = input.version === undefined || input.version === '' ? Number.NaN : Number(input.version);
  return Number.isSafeInteger(v) ? v : undefined;
};

/**
 * Exception tickets (issue 15; spec 2 tickets: assigned, closing, closed, knowledge base; spec 6 rights):
 *   GET  {BASE}/page?tab=assigned|closing|closed|raised&keyword&page&size  -> { rows, total, page, size }
 *   GET  {BASE}/knowledge?keyword&category&page&size                        -> closed tickets, searched
 *   GET  {BASE}/view?id                                                     -> { ticket, members, comments, can }
 *   GET  {BASE}/by-doc?doc_type&doc_id                                      -> { rows } tickets of one document
 *   GET  {BASE}/people?doc_type&doc_id | ?id                                -> users of the document's two companies
 *   GET  {BASE}/docs?doc_type&keyword                                       -> { rows: [{ id, no, shared }] } the caller's documents
 *   POST {BASE}/save   { doc_type, doc_id, category, title, description, level, tags, duration, deduct_amount,
 *                        deduct_type, owner_ids, participant_ids, guest_ids } raises; with id (and version) edits
 *   POST {BASE}/close | finish | reopen { id, version?, solution? }
 *   POST {BASE}/add-member { id, user_id, role }    POST {BASE}/quit { id }
 *   POST {BASE}/comment { id, content, files: [file ids] }   DELETE {BASE}/comment-remove?id
 *   POST {BASE}/upload (multipart `file`) -> { id, name, mime, size }   GET {BASE}/file/:id
 */
export async function ticketRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  app.get(`${BASE}/page`, guard, async (req) => {
    const input = inputOf(req);
    const tab = (text(input, 'tab', { max: 20 }) ?? 'assigned') as TicketTab;
    if (!TICKET_TABS.includes(tab)) throw validationError({ tab: { key: 'rule.notInDictionary' } });
    return ok(await pageTickets(app.db, callerOf(req), { tab, ...pagingOf(input), keyword: text(input, 'keyword', { max: 100 }) }));
  });
  app.get(`${BASE}/knowledge`, guard, async (req) => {
    const input = inputOf(req);
    return ok(await searchKnowledge(app.db, callerOf(req), { ...pagingOf(input), keyword: text(input, 'keyword', { max: 100 }), category: text(input, 'category', { max: 40 }) }));
  });
  app.get(`${BASE}/view`, guard, async (req) => ok(await viewTicket(app.db, callerOf(req), oneId(inputOf(req)))));
  app.get(`${BASE}/by-doc`, guard, async (req) => {
    const input = inputOf(req);
    return ok({ rows: await ticketsOfDocument(app.db, callerOf(req), text(input, 'doc_type', { max: 40 }) ?? '', oneId(input, 'doc_id')) });
  });
  app.get(`${BASE}/people`, guard, async (req) => {
    const input = inputOf(req);
    const me = callerOf(req);
    if (input.id !== undefined) return ok({ rows: await peopleForTicket(app.db, me, oneId(input)) });
    return ok({ rows: await peopleForDocument(app.db, me, text(input, 'doc_type', { max: 40 }) ?? '', oneId(input, 'doc_id')) });
  });
  app.get(`${BASE}/docs`, guard, async (req) => {
    const input = inputOf(req);
    return ok({ rows: await findDocuments(app.db, callerOf(req), text(input, 'doc_type', { max: 40 }) ?? '', text(input, 'keyword', { max: 60 })) });
  });
  app.post(`${BASE}/save`, guard, async (req) => {
    const input = dataOf(req);
    const me = callerOf(req);
    if (input.id === undefined || input.id === null || input.id === '') return ok(await raiseTicket(app.db, me, input));
    const { id: _id, version: _v, doc_type: _dt, doc_id: _di, owner_ids: _o, participant_ids: _p, guest_ids: _g, ...fields } = input;
    return ok(await editTicket(app.db, me, oneId(input), { ...fields, version: input.version }));
  });
  for (const action of ['close', 'finish', 'reopen'] as const) {
    app.post(`${BASE}/${action}`, guard, async (req) => {
      const input = dataOf(req);
      const solution = typeof input.solution === 'string' ? input.solution : undefined;
      if (solution !== undefined && solution.length > 4000) throw validationError({ solution: { key: 'rule.maxLength', params: { max: 4000 } } });
      return ok(await moveTicket(app.db, callerOf(req), oneId(input), action, { version: versionOf(input), solution }));
    });
  }
  app.post(`${BASE}/add-member`, guard, async (req) => {
    const input = dataOf(req);
    const role = (text(input, 'role', { max: 20 }) ?? 'owner') as Role;
    return ok({ members: await addTicketMember(app.db, callerOf(req), oneId(input), oneId(input, 'user_id'), role) });
  });
  app.post(`${BASE}/quit`, guard, async (req) => ok({ members: await quitTicket(app.db, callerOf(req), oneId(dataOf(req))) }));
  app.post(`${BASE}/comment`, guard, async (req) => {
    const input = dataOf(req);
    const raw = input.files;
    const files = raw === undefined || raw === '' ? [] : idsOf({ id: Array.isArray(raw) ? raw : String(raw) });
    const content = typeof input.content === 'string' ? input.content : undefined;
    return ok({ comments: await addComment(app.db, callerOf(req), oneId(input), content, files) });
  });
  app.delete(`${BASE}/comment-remove`, guard, async (req) => ok({ ticket_id: await removeComment(app.db, callerOf(req), oneId(inputOf(req))) }));
  app.post(`${BASE}/upload`, guard, async (req) => {
    const me = callerOf(req);
    return ok(await recordTicketFile(app.db, me, await storeUpload(app, req, 'tickets', me.clientId, maxFileBytes())));
  });
  app.get<{ Params: { id: string } }>(`${BASE}/file/:id`, guard, async (req, reply) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    // The same access rule as every file route (services/files/file-access.ts).
    const f = await openableFileById(app.db, authOf(req), id, 'tickets');
    if (!f) throw notFound();
    return sendStoredFile(app, reply, f);
  });
}
