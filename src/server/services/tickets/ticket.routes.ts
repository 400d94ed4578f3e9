import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, requireAuth } from '../../access/auth-context';
import { readShapedInput, serveCall } from '../../http/calls';
import type { ShapedCall } from '../../../model/calls/call';
import { ticketCalls } from '../../../model/calls/tickets';
import { forbidden, notFound } from '../../http/errors';
import { dataOf } from '../notify/task.routes';
import { openableFileById, sendStoredFile, storeUpload } from '../files';
import {
  addComment, addTicketMember, findDocuments, moveTicket, peopleFor, quitTicket, recordTicketFile,
  removeComment, saveTicket, ticketsOfDocument, type Caller,
} from './ticket.service';

const BASE = '/crossapi/ticketapi/ticket';
/** A comment's image or file: at most this many bytes (TICKET_FILE_MAX_MB, default 10). */
const maxFileBytes = () => Math.round((Number(process.env.TICKET_FILE_MAX_MB) > 0 ? Number(process.env.TICKET_FILE_MAX_MB) : 10) * 1024 * 1024);

function callerOf(req: FastifyRequest): Caller {
  const auth = authOf(req);
  if (auth.clientId == null) throw forbidden();
  return { clientId: auth.clientId, userId: auth.userId, fullname: auth.fullname || auth.username };
}

/**
 * Exception tickets (issue 15; spec 2 tickets: assigned, closing, closed, knowledge base; spec 6 rights).
 * The lists (assigned, closing, closed, raised; the knowledge base) are the view `ticketlist`'s
 * generic list (`/crossapi/ticketlist/page`, ticket.views.ts), one ticket with its people, comments and
 * the caller's rights that view's record (`/crossapi/ticketlist/view?id=`); what is done to a ticket:
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
  /** A call with a declared input shape: its handler gets the caller and the input read by the shape. */
  const serveShaped = <In, Out>(call: ShapedCall<In, Out>, handler: (me: Caller, input: In) => Promise<Out>) =>
    serveCall(app, call, guard, async (req) => handler(callerOf(req), readShapedInput(call, dataOf(req))));
  serveShaped(ticketCalls.byDocument, async (me, input) => ({ rows: await ticketsOfDocument(app.db, me, input.doc_type, input.doc_id) }));
  serveShaped(ticketCalls.people, async (me, input) => ({ rows: await peopleFor(app.db, me, input) }));
  serveShaped(ticketCalls.documents, async (me, input) => ({ rows: await findDocuments(app.db, me, input.doc_type, input.keyword) }));
  serveShaped(ticketCalls.save, (me, input) => saveTicket(app.db, me, input));
  serveCall(app, ticketCalls.move, guard, async (req) => {
    // Any other address under the ticket's is not a call at all.
    const action = (req.params as { action?: string }).action;
    if (action !== 'close' && action !== 'finish' && action !== 'reopen') throw notFound();
    const input = readShapedInput(ticketCalls.move, { ...dataOf(req), action });
    return moveTicket(app.db, callerOf(req), input.id, input.action, { version: input.version, solution: input.solution });
  });
  serveShaped(ticketCalls.addMember, async (me, input) => ({ members: await addTicketMember(app.db, me, input.id, input.user_id, input.role ?? 'owner') }));
  serveShaped(ticketCalls.quit, async (me, { id }) => ({ members: await quitTicket(app.db, me, id) }));
  serveShaped(ticketCalls.comment, async (me, input) => ({ comments: await addComment(app.db, me, input.id, input.content, input.files ?? []) }));
  serveShaped(ticketCalls.removeComment, async (me, { id }) => ({ ticket_id: await removeComment(app.db, me, id) }));
  serveCall(app, ticketCalls.upload, guard, async (req) => {
    const me = callerOf(req);
    return recordTicketFile(app.db, me, await storeUpload(app, req, 'tickets', me.clientId, maxFileBytes()));
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
