import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { sampleRequest, SAMPLE_MENU } from '../../../model/entities/samplerequest.entity';
import { authOf, requireAuth } from '../../access/auth-context';
import { ok } from '../../http/envelope';
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
type Row = Record<string, unknown>;

export async function developmentRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { id?: string } }>('/scmapi/samplerequest/room', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SAMPLE_MENU, 'read', { db: app.db });
    const scope = await dataScope(auth, SAMPLE_MENU, { db: app.db });
    const id = req.query.id === undefined || req.query.id === '' ? null : Number(req.query.id);
    if (id !== null && !Number.isSafeInteger(id)) throw notFound();
    return ok(await withTenant(app.db, clientId, async (tx) => {
      const where = scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``;
      const rows = (await sql<Row>`select t.id::int as id, t.req_no, t.direction, t.status, t.sample_type, t.style_code, t.style_name, t.style_image, t.partner_name,
          t.round, t.due_date, t.updated_at from dev_sample_request t where t.client_id = ${clientId} ${where}
        order by t.updated_at desc, t.id desc limit 200`.execute(tx)).rows;
      if (id === null) return { rows, request: null, comments: [] };
      const [request] = await loadRows(tx, sampleRequest, clientId, [id], scope, false);
      if (!request) throw notFound();
      const comments = (await sql<Row>`select id::int as id, round, kind, side, company_name, author_name, body, photos, created_at
        from dev_sample_comment where client_id = ${clientId} and request_id = ${id} order by round, created_at, id`.execute(tx)).rows;
      return { rows, request, comments };
    }));
  });

  app.post('/scmapi/samplerequest/photo', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SAMPLE_MENU, 'update', { db: app.db });
    const f = await storeUpload(app, req, 'samples', clientId, PHOTO_MAX_BYTES);
    if (!/^image\/(png|jpeg|gif|webp)$/.test(f.mime ?? '')) throw new AppError('err.unsupportedMediaType');
    const file = await withTenant(app.db, clientId, async (tx) => recordFile(tx, { ...f, clientId, createdBy: auth.userId, owner: { menu: SAMPLE_MENU } }));
    return ok({ id: file.id, url: file.url });
  });

  app.post<{ Body: { id?: unknown; body?: unknown; photos?: unknown } }>('/scmapi/samplerequest/comment', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SAMPLE_MENU, 'update', { db: app.db });
    const scope = await dataScope(auth, SAMPLE_MENU, { db: app.db });
    const b = req.body ?? {};
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
    return ok({ id: commentId });
  });
}
