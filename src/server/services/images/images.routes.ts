import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate, type Language } from '../../../model';
import { authOf, requireAuth } from '../../access/auth-context';
import { ok, requestLanguage } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { assertCan, dataScope } from '../../resources/permissions';
import { HEADER_BYTES, IMAGE_PURPOSES, readImageHeader, type ImagePurpose } from './image-header.util';
import {
  imageLimits,
  imageTarget,
  matchImages,
  previewDir,
  readManifest,
  saveImages,
  sweepPreviews,
  writeManifest,
  type Manifest,
  type PreviewItem,
  type ReceivedFile,
} from './images.service';
import { labelIn } from '../../../model/label-text';

/**
 * Batch image upload and stored files (issue 4, spec 2 `/page/uploadimg/{opt}`):
 *
 *   GET  /crossapi/ccommonapi/image-upload/:opt/info      entity, image field, code field, limits
 *   POST /crossapi/ccommonapi/image-upload/:opt/preview   multipart: many `file` parts, `purpose`
 *   POST /crossapi/ccommonapi/image-upload/:opt/save      { uploadId }
 *
 * `opt` is a page (material) or an entity name. The preview stores nothing a record points at;
 * the save writes in one transaction. The stored files are served by services/files.
 */

const BASE = '/crossapi/ccommonapi/image-upload';

type Params = { opt: string };

function purposeOf(v: unknown): ImagePurpose {
  return IMAGE_PURPOSES.includes(v as ImagePurpose) ? (v as ImagePurpose) : 'generic';
}

/** Passes bytes through and keeps the first `limit` of them (the header the size is read from). */
function headCapture(limit: number): { stream: Transform; head: () => Buffer } {
  const chunks: Buffer[] = [];
  let kept = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (kept < limit) {
        const part = chunk.subarray(0, limit - kept);
        chunks.push(part);
        kept += part.length;
      }
      done(null, chunk);
    },
  });
  return { stream, head: () => Buffer.concat(chunks) };
}

function itemView(item: PreviewItem, language: Language) {
  const { file, ...rest } = item;
  void file;
  return {
    ...rest,
    messageText: item.message ? translate(language, item.message.key, item.message.params) : null,
    warningText: item.warning ? translate(language, item.warning.key, item.warning.params) : null,
  };
}

function counts(items: PreviewItem[]) {
  const c = { matched: 0, unmatched: 0, duplicate: 0, rejected: 0 };
  for (const i of items) c[i.status] += 1;
  return c;
}

/** Registers the batch image upload: its limits, the preview that matches files to records, the save (see the list above). */
export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };

  app.get<{ Params: Params }>(`${BASE}/:opt/info`, guard, async (req) => {
    const target = imageTarget(req.params.opt, (req.query as Record<string, string | undefined>).field);
    await assertCan(req.auth, target.entity.menuCode, 'update', { db: app.db });
    const language = requestLanguage(req);
    const pick = (l: { zh: string; en: string }) => labelIn(l, language);
    const codeField = target.entity.fields.find((f) => f.key === target.codeField);
    const limits = imageLimits();
    return ok({
      entity: target.entity.name,
      title: pick(target.entity.label),
      field: target.field.key,
      fieldLabel: pick(target.field.label),
      codeField: target.codeField,
      codeLabel: codeField ? pick(codeField.label) : target.codeField,
      maxFiles: limits.maxFiles,
      maxMb: limits.maxMb,
      purposes: IMAGE_PURPOSES,
    });
  });

  app.post<{ Params: Params }>(`${BASE}/:opt/preview`, guard, async (req) => previewImages(app, req));

  app.post<{ Params: Params }>(`${BASE}/:opt/save`, guard, async (req) => {
    const auth = authOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const target = imageTarget(req.params.opt, typeof body.field === 'string' ? body.field : null);
    const clientId = await assertCan(req.auth, target.entity.menuCode, 'update', { db: app.db });
    const manifest = await readManifest(app.config.dataDir, clientId, auth.userId, String(body.uploadId ?? ''));
    if (manifest.entity !== target.entity.name || manifest.field !== target.field.key) throw new AppError('image.uploadExpired');
    const scope = await dataScope(auth, target.entity.menuCode, { db: app.db });
    const saved = await saveImages(app.db, app.config.dataDir, manifest, { clientId, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip: req.ip, roles: auth.roles }, scope);
    return ok({ saved: saved.length, items: saved });
  });
}

/** Receives a batch of images into a preview folder, matches them to records and keeps the manifest the save reads. */
async function previewImages(app: FastifyInstance, req: FastifyRequest<{ Params: Params }>) {
  const auth = authOf(req);
  const fields: Record<string, string> = { ...(req.query as Record<string, string>) };
  const target = imageTarget(req.params.opt, fields.field);
  const clientId = await assertCan(req.auth, target.entity.menuCode, 'update', { db: app.db });
  if (!req.isMultipart()) throw new AppError('image.noFiles');
  const limits = imageLimits();
  const id = randomUUID();
  const dir = previewDir(app.config.dataDir, clientId, id);
  await mkdir(dir, { recursive: true });
  let keep = false;
  try {
    const received = await receiveImages(req, dir, limits, fields);
    if (!received.length) throw new AppError('image.noFiles');
    const purpose = purposeOf(fields.purpose);
    const scope = await dataScope(auth, target.entity.menuCode, { db: app.db });
    const items = await matchImages(app.db, clientId, target, purpose, received, scope);
    const manifest: Manifest = { id, clientId, userId: auth.userId, entity: target.entity.name, field: target.field.key, purpose, created: Date.now(), items };
    await writeManifest(app.config.dataDir, manifest);
    keep = true;
    void sweepPreviews(app.config.dataDir, clientId).catch(() => undefined);
    const language = requestLanguage(req);
    return ok({ uploadId: id, entity: target.entity.name, field: target.field.key, purpose, counts: counts(items), items: items.map((i) => itemView(i, language)) });
  } finally {
    if (!keep) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Stores each file of the multipart body in the preview folder and reads its header; a file over the
 * size limit or of another type is reported, not stored. The body's fields land in `fields`.
 */
async function receiveImages(req: FastifyRequest, dir: string, limits: ReturnType<typeof imageLimits>, fields: Record<string, string>): Promise<ReceivedFile[]> {
  const received: ReceivedFile[] = [];
  // A file over the size limit is cut and reported on its own (throwFileSizeLimit: false, a
  // runtime option of @fastify/multipart that its types do not list), not a failed request.
  const options = { limits: { fileSize: limits.maxBytes, files: limits.maxFiles + 1 }, throwFileSizeLimit: false };
  for await (const part of req.parts(options)) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    // spec 9: uploads are limited to a number of items; the whole batch is refused with the limit.
    if (received.length >= limits.maxFiles) {
      part.file.resume();
      throw new AppError('image.tooMany', { params: { max: limits.maxFiles } });
    }
    const name = part.filename || `image-${received.length + 1}`;
    const file = `${received.length}.bin`;
    const capture = headCapture(HEADER_BYTES);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(part.file, counter, capture.stream, createWriteStream(join(dir, file)));
    // spec 9: "uploaded files above a size limit are ignored" (reported, not stored).
    if (part.file.truncated) {
      await rm(join(dir, file), { force: true });
      received.push({ name, size, file: null, image: null, refusal: { key: 'image.tooLarge', params: { name, max: limits.maxMb } } });
      continue;
    }
    const image = readImageHeader(capture.head());
    if (!image) await rm(join(dir, file), { force: true });
    received.push({ name, size, file: image ? file : null, image, refusal: image ? null : { key: 'image.wrongType', params: { name } } });
  }
  return received;
}
