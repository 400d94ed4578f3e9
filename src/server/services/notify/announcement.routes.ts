import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, pagingOf, text } from '../../access/input.util';
import { announcementCalls } from '../../../model/calls/notify';
import { serveCall } from '../../http/calls';
import { forbidden, notFound, validationError } from '../../http/errors';
import { listAnnouncements, manageAnnouncements, markAnnouncementsRead, moveAnnouncement, removeAnnouncement, saveAnnouncement, type Reader } from './announcement.service';
import { dataOf, idsOf } from './task.routes';

function readerOf(req: FastifyRequest): Reader {
  const auth = authOf(req);
  if (auth.clientId == null) throw forbidden();
  return { clientId: auth.clientId, userId: auth.userId, roles: auth.roles };
}

/**
 * Announcements (issue 15; announcementCalls, src/model/calls/notify.ts), BASE = /notifyapi/announcement:
 *   GET    {BASE}/index?page&size&unread=1    -> { rows, total, unread, page, size } published ones the caller reads
 *   GET    {BASE}/manage?page&size&status     -> the company's own, any state (administrators)
 *   POST   {BASE}/read { ids }                 -> { changed }
 *   POST   {BASE}/save { id?, version?, title, category, detail, department, is_public, contact, phone }
 *   POST   {BASE}/publish | withdraw { id, version? }   (announcementCalls.move, `:action`)
 *   DELETE {BASE}/remove?id
 */
export async function announcementRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  serveCall(app, announcementCalls.page, guard, async (req) => {
    const input = inputOf(req);
    return listAnnouncements(app.db, readerOf(req), { ...pagingOf(input), unread: text(input, 'unread', { max: 1 }) === '1' });
  });
  serveCall(app, announcementCalls.manage, guard, async (req) => {
    const input = inputOf(req);
    return manageAnnouncements(app.db, readerOf(req), { ...pagingOf(input), status: text(input, 'status', { max: 20 }) });
  });
  serveCall(app, announcementCalls.read, guard, async (req) => ({ changed: await markAnnouncementsRead(app.db, readerOf(req), idsOf(dataOf(req))) }));
  serveCall(app, announcementCalls.save, guard, async (req) => saveAnnouncement(app.db, readerOf(req), dataOf(req)));
  serveCall(app, announcementCalls.move, guard, async (req) => {
    const action = (req.params as { action?: string }).action;
    if (action !== 'publish' && action !== 'withdraw') throw notFound();
    const input = dataOf(req);
    const [id] = idsOf({ id: input.id });
    if (!id) throw validationError({ id: { key: 'rule.required' } });
    const v = Number(input.version);
    return moveAnnouncement(app.db, readerOf(req), id, action, input.version === undefined || !Number.isSafeInteger(v) ? undefined : v);
  });
  serveCall(app, announcementCalls.remove, guard, async (req) => {
    const [id] = idsOf(inputOf(req));
    if (!id) throw validationError({ id: { key: 'rule.required' } });
    await removeAnnouncement(app.db, readerOf(req), id);
    return { removed: 1 };
  });
}
