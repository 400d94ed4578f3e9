import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { sampleRequest, SAMPLE_MENU } from '../../../model/entities/samplerequest.entity';
import { authOf, requireAuth } from '../../access/auth-context';
import { developmentCalls, type SampleCard, type SampleComment, type SampleRequestView, type SampleRoom } from '../../../model/calls/development';
import { serveCall } from '../../http/calls';
import { AppError, notFound } from '../../http/errors';
import { MAX_INT_ID, parseIdList } from '../../http/id-list';
import { loadRows } from '../../resources/document-read';
import { assertCan, dataScope } from '../../resources/permissions';
import { withTenant } from '../../kernel/rls';
import { recordFile, storeUpload } from '../files';
import { commentOn } from './sample.service';

/**
 * The sample room's routes (issue 18). Requests themselves are a registry entity: written, sent,
 * approved... through the generic resource API (`/api/scmapi/samplerequest/...`).
 *   GET  /scmapi/samplerequest/room?id=    -> { rows, request, comments }: the caller's requests (latest 200,
 *                                             both directions) and one of them with its comments by round
 *   POST /scmapi/samplerequest/photo        (multipart `file`, an image) -> { id, url } in the caller's company
 *   POST /scmapi/samplerequest/comment      { id, body, photos: [file ids] } -> the comment, written on both sides
 * Permission code `dev.sample` (view to read, edit to comment), the menu's data permissions, the
 * caller's tenant in every statement.
 */
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export async function developmentRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  serveCall(app, developmentCalls.room, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SAMPLE_MENU, 'read', { db: app.db });
    const scope = await dataScope(auth, SAMPLE_MENU, { db: app.db });
    const query = (req.query ?? {}) as { id?: string };
    const id = query.id === undefined || query.id === '' ? null : Number(query.id);
    if (id !== null && !Number.isSafeInteger(id)) throw notFound();
    return withTenant(app.db, clientId, async (tx): Promise<SampleRoom> => {
      const where = scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``;
      const rows = (await sql<SampleCard>`select t.id::int as id, t.req_no, t.direction, t.status, t.sample_type, t.style_code, t.style_name, t.style_image, t.partner_name,
          t.round, t.due_date, t.updated_at from dev_sample_request t where t.client_id = ${clientId} ${where}
        order by t.updated_at desc, t.id desc limit 200`.execute(tx)).rows;
      if (id === null) return { rows, request: null, comments: [] };
      const [request] = await loadRows(tx, sampleRequest, clientId, [id], scope, false);
      if (!request) throw notFound();
      const comments = (await sql<SampleComment>`select id::int as id, round, kind, side, company_name, author_name, body, photos, created_at
        from dev_sample_comment where client_id = ${clientId} and request_id = ${id} order by round, created_at, id`.execute(tx)).rows;
      return { rows, request: request as SampleRequestView, comments };
    });
  });

  serveCall(app, developmentCalls.photo, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SAMPLE_MENU, 'update', { db: app.db });
    const f = await storeUpload(app, req, 'samples', clientId, PHOTO_MAX_BYTES);
    if (!/^image\/(png|jpeg|gif|webp)$/.test(f.mime ?? '')) throw new AppError('err.unsupportedMediaType');
    const file = await withTenant(app.db, clientId, async (tx) => recordFile(tx, { ...f, clientId, createdBy: auth.userId, owner: { menu: SAMPLE_MENU } }));
    return { id: file.id, url: file.url };
  });

  serveCall(app, developmentCalls.comment, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SAMPLE_MENU, 'update', { db: app.db });
    const scope = await dataScope(auth, SAMPLE_MENU, { db: app.db });
    const b = (req.body ?? {}) as { id?: unknown; body?: unknown; photos?: unknown };
    const id = Number(b.id);
    if (!Number.isSafeInteger(id)) throw notFound();
    const body = typeof b.body === 'string' && b.body.trim() ? b.body.trim().slice(0, 2000) : null;
    // Read as every list of ids (http/id-list.ts): more than MAX_IDS_PER_CALL is refused first; a comment then takes 20 photos.
    const photos = Array.isArray(b.photos) ? parseIdList(b.photos, { maxId: MAX_INT_ID, invalid: () => new AppError('err.badRequest') }) : [];
    if (photos.length > 20) throw new AppError('err.badRequest');
    const commentId = await withTenant(app.db, clientId, async (tx) => {
      const [row] = await loadRows(tx, sampleRequest, clientId, [id], scope, true);
      if (!row) throw notFound();
      return commentOn(tx, auth, clientId, row, { body, photoIds: photos });
    });
    return { id: commentId };
  });
}
