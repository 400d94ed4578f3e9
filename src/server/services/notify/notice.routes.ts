import type { FastifyInstance } from 'fastify';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, pagingOf, text } from '../../access/input.util';
import { noticeCalls } from '../../../model/calls/notify';
import { serveCall } from '../../http/calls';
import { forbidden, validationError } from '../../http/errors';
import { MAX_INT_ID, parseIdList } from '../../http/id-list';
import { listNotices, markRead, unreadCount } from './notice.service';

/**
 * Spec 7 notify-msg, the notice part: GET unread-index (the bell's count), GET index (the user's
 * notices, `unread=1` for only unread), POST read (ids, or all). Every call is the caller's own
 * rows in their own tenant.
 */
export async function noticeRoutes(app: FastifyInstance): Promise<void> {
  const scope = (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    if (auth.clientId == null) throw forbidden();
    return { clientId: auth.clientId, userId: auth.userId };
  };
  serveCall(app, noticeCalls.unread, { preHandler: requireAuth }, async (req) => {
    const s = scope(req);
    return { unread: await unreadCount(app.db, s.clientId, s.userId) };
  });
  serveCall(app, noticeCalls.page, { preHandler: requireAuth }, async (req) => {
    const s = scope(req);
    const input = inputOf(req);
    return listNotices(app.db, s.clientId, s.userId, pagingOf(input), text(input, 'unread', { max: 1 }) === '1');
  });
  serveCall(app, noticeCalls.read, { preHandler: requireAuth }, async (req) => {
    const s = scope(req);
    // At most MAX_IDS_PER_CALL ids (http/id-list.ts); none marks every notice read.
    const raw = (inputOf(req) as Record<string, unknown>).ids;
    const ids = raw === '' ? [] : parseIdList(raw, { maxId: MAX_INT_ID, invalid: () => validationError({ ids: { key: 'access.invalidValue' } }) });
    return { changed: await markRead(app.db, s.clientId, s.userId, ids) };
  });
}
