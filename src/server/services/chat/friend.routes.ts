import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../access/auth-context';
import { inputOf, pagingOf, text } from '../../access/input.util';
import { discoveryCalls, friendCalls } from '../../../model/calls/friends';
import { serveCall } from '../../http/calls';
import { notFound, validationError } from '../../http/errors';
import { idsOf } from '../notify/task.routes';
import { chatCallerOf } from './chat.routes';
import { discoverCompanies, discoverProjects, type Viewer } from './discovery.service';
import { answerFriend, findUser, listFriends, listRequests, removeFriend, requestFriend } from './friend.service';
// The views `friend` and `friendrequest` (the discovery page's lists) register as this module loads.
import './friend.views';


/**
 * Friends (signed in; friendCalls, src/model/calls/friends.ts), BASE = /crossapi/chatapi/friend:
 *   GET  {BASE}/list -> { rows }          GET {BASE}/requests -> { rows } pending, in and out
 *   POST {BASE}/find { keyword }          -> { user } exact username, mobile or e-mail, or null
 *   POST {BASE}/request { user_id | client_code, message }   POST {BASE}/accept | decline { id }
 *   POST {BASE}/remove { user_id }
 * Discovery (public; a valid token adds contacts, spec 2):
 *   GET  /discovery/companies?keyword&type&page&size     GET /discovery/projects?keyword&page&size
 */
export async function friendRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  const oneId = (v: unknown, key: string) => {
    const [id] = idsOf({ id: v as string });
    if (!id) throw validationError({ [key]: { key: 'rule.required' } });
    return id;
  };
  serveCall(app, friendCalls.list, guard, async (req) => ({ rows: await listFriends(app.db, chatCallerOf(req)) }));
  serveCall(app, friendCalls.requests, guard, async (req) => ({ rows: await listRequests(app.db, chatCallerOf(req)) }));
  serveCall(app, friendCalls.find, guard, async (req) => ({ user: await findUser(app.db, chatCallerOf(req), text(inputOf(req), 'keyword', { max: 100 }) ?? '') }));
  serveCall(app, friendCalls.request, guard, async (req) => {
    const input = inputOf(req);
    const code = text(input, 'client_code', { max: 40 });
    const target = code ? { clientCode: code } : { userId: oneId(input.user_id, 'user_id') };
    return requestFriend(app.db, chatCallerOf(req), target, text(input, 'message', { max: 500 }) ?? null);
  });
  serveCall(app, friendCalls.answer, guard, async (req) => {
    const action = (req.params as { action?: string }).action;
    if (action !== 'accept' && action !== 'decline') throw notFound();
    return answerFriend(app.db, chatCallerOf(req), oneId(inputOf(req).id, 'id'), action === 'accept');
  });
  serveCall(app, friendCalls.remove, guard, async (req) => {
    await removeFriend(app.db, chatCallerOf(req), oneId(inputOf(req).user_id, 'user_id'));
    return {};
  });

  // Public: the auth hook has already read any token; an invalid one is simply no viewer.
  const viewerOf = (auth: { clientId: number | null; userId: number } | null): Viewer => (auth ? { clientId: auth.clientId, userId: auth.userId } : null);
  serveCall(app, discoveryCalls.companies, {}, async (req) => {
    const input = inputOf(req);
    const { page, size } = pagingOf(input);
    const type = text(input, 'type', { max: 20 });
    return { ...(await discoverCompanies(app.db, viewerOf(req.auth), { keyword: text(input, 'keyword', { max: 100 })?.trim() || undefined, type: type || undefined, page, size })), page, size, signed_in: Boolean(req.auth) };
  });
  serveCall(app, discoveryCalls.projects, {}, async (req) => {
    const input = inputOf(req);
    const { page, size } = pagingOf(input);
    return { ...(await discoverProjects(app.db, viewerOf(req.auth), { keyword: text(input, 'keyword', { max: 100 })?.trim() || undefined, page, size })), page, size, signed_in: Boolean(req.auth) };
  });
}
