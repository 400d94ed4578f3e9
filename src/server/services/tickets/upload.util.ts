import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../http/errors';

/**
 * The file storage of ticket comments and chat messages: one multipart `file` of at most
 * `maxBytes`, written under DATA_DIR/files/<folder>/<company>/<uuid><ext>; the caller records the
 * row in `files`. Answers the path relative to DATA_DIR/files and the file's name, type and size.
 */
export async function storeUpload(app: FastifyInstance, req: FastifyRequest, folder: 'tickets' | 'chat' | 'quality' | 'sourcing' | 'samples', clientId: number, maxBytes: number): Promise<{ path: string; name: string; mime: string | null; size: number }> {
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw validationError({ file: { key: 'rule.required' } });
  const bytes = await part.toBuffer().catch(() => null);
  if (!bytes || part.file.truncated) throw new AppError('payloadTooLarge', 'err.payloadTooLarge');
  const name = part.filename.slice(0, 200) || 'file';
  const ext = extname(name).toLowerCase().replace(/[^.a-z0-9]/g, '').slice(0, 10);
  const rel = join(folder, String(clientId), `${randomUUID()}${ext}`);
  await mkdir(join(app.config.dataDir, 'files', folder, String(clientId)), { recursive: true });
  await writeFile(join(app.config.dataDir, 'files', rel), bytes);
  return { path: rel.split('\\').join('/'), name, mime: part.mimetype || null, size: bytes.length };
}

/** Sends a stored file: images and sound inline, anything else as a download; never sniffed. */
export function sendStoredFile(app: FastifyInstance, reply: FastifyReply, f: { path: string; mime: string | null; name: string }) {
  const inline = /^(image\/(png|jpeg|gif|webp)|audio\/(wav|x-wav|wave))$/.test(f.mime ?? '');
  return reply
    .header('content-type', f.mime ?? 'application/octet-stream')
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(f.name)}`)
    .header('cache-control', 'private, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .send(createReadStream(join(app.config.dataDir, 'files', f.path)));
}
