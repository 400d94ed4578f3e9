import type { FastifyInstance } from 'fastify';
import { allEntities, type EntityDef } from '../../../model';
import { attachmentCalls } from '../../../model/calls/attachments';
import '../../../model/i18n/attachments-part';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, text } from '../../access/input.util';
import { serveCall } from '../../http/calls';
import { notFound } from '../../http/errors';
import { addAttachment, listAttachments, maxAttachmentMb, removeAttachment, type AttachmentCaller } from './attachments.service';
import { storeUpload } from './file-store';

/**
 * The attachments of every entity that declares `attachments: true` (issue 35), at its own API path:
 *
 *   GET  /{prefix}/{entity}/attachment/list?id          -> { rows, can_edit, max_mb }   (view right)
 *   POST /{prefix}/{entity}/attachment/upload/:id       multipart `file` -> the attachment  (edit right)
 *   POST /{prefix}/{entity}/attachment/remove { id, key } -> { removed }                 (edit right)
 *
 * The file opens through the stored files' route and signed links (services/files), whose access
 * rule reads the owner these rows name.
 */
export async function attachmentRoutes(app: FastifyInstance): Promise<void> {
  for (const entity of allEntities()) if (entity.attachments && !entity.childOnly) entityAttachmentRoutes(app, entity);
}

const idOf = (raw: unknown): number => {
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw notFound();
  return n;
};

function entityAttachmentRoutes(app: FastifyInstance, entity: EntityDef): void {
  const guard = { preHandler: requireAuth };
  const at = <C extends { path: string }>(call: C): C => ({ ...call, path: call.path.replace(':prefix', entity.prefix).replace(':entity', entity.name) });
  const callerOf = (req: Parameters<typeof authOf>[0]): AttachmentCaller => ({ auth: authOf(req), ip: req.ip ?? null });
  serveCall(app, at(attachmentCalls.list), guard, async (req) => listAttachments(app.db, callerOf(req), entity, idOf(inputOf(req).id)));
  serveCall(app, at(attachmentCalls.upload), guard, async (req) => {
    const id = idOf((req.params as { id?: string }).id);
    const bytes = Math.round(maxAttachmentMb() * 1024 * 1024);
    return addAttachment(app.db, app.config.dataDir, callerOf(req), entity, id, (clientId) => storeUpload(app, req, 'attachments', clientId, bytes));
  });
  serveCall(app, at(attachmentCalls.remove), guard, async (req) => {
    const input = inputOf(req);
    return removeAttachment(app.db, app.config.dataDir, callerOf(req), entity, idOf(input.id), text(input, 'key', { max: 64 }) ?? '');
  });
}
