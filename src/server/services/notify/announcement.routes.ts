import type { FastifyInstance } from 'fastify';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, pagingOf, text } from '../../access/input.util';
import { announcementCalls } from '../../../model/calls/notify';
import { serveCall } from '../../http/calls';
import { listAnnouncements, markAnnouncementsRead, readerOf } from './announcement.service';
import { dataOf, idsOf } from './task.routes';

/**
 * Reading announcements (issue 15; announcementCalls, src/model/calls/notify.ts), BASE = /notifyapi/announcement:
 *   GET    {BASE}/index?page&size&unread=1    -> { rows, total, unread, page, size } published ones the caller reads
 *   POST   {BASE}/read { ids }                 -> { changed }
 * The company administrators' list, save, publish, withdraw and remove are the generic resource
 * API of the entity beside these (`{BASE}/page|save|action/publish|remove`; announcement.hooks.ts).
 */
export async function announcementRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  serveCall(app, announcementCalls.page, guard, async (req) => {
    const input = inputOf(req);
    return listAnnouncements(app.db, readerOf(authOf(req)), { ...pagingOf(input), unread: text(input, 'unread', { max: 1 }) === '1' });
  });
  serveCall(app, announcementCalls.read, guard, async (req) => ({ changed: await markAnnouncementsRead(app.db, readerOf(authOf(req)), idsOf(dataOf(req))) }));
}
