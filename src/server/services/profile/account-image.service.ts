import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate, type Language } from '../../../model/i18n';
import type { Db } from '../../db/database';
import { validationError } from '../../http/errors';
import { recordFile, storeBytes } from '../files';
import { checkImageSize, HEADER_BYTES, readImageHeader, type ImageInfo } from '../images/image-header.util';
import { imageLimits } from '../images/images.service';

/**
 * One profile image (a company's logo, a user's avatar), checked as the batch image upload checks
 * images: the type read from the bytes (PNG, JPEG, GIF, WebP; never the uploader's header), at most
 * IMAGE_MAX_MB, and spec 9's sizes (a logo 702x180 or 200x200, refused otherwise; an avatar 200x200
 * advised). The stored file belongs to the company (no menu: every user of the company opens it,
 * file-access.ts) and is served by the files route, which sends it as data, never as a page.
 */
export type ReceivedImage = { bytes: Buffer; name: string; image: ImageInfo; warning: string | null };

export async function receiveProfileImage(req: FastifyRequest, purpose: 'logo' | 'avatar', language: Language): Promise<ReceivedImage> {
  const limits = imageLimits();
  const part = req.isMultipart() ? await req.file({ limits: { fileSize: limits.maxBytes, files: 1 } }) : undefined;
  if (!part) throw validationError({ file: { key: 'account.imageRequired' } });
  const name = (part.filename || purpose).slice(0, 200);
  const bytes = await part.toBuffer().catch(() => null);
  if (!bytes || part.file.truncated) throw validationError({ file: { key: 'image.tooLarge', params: { name, max: limits.maxMb } } });
  const image = readImageHeader(bytes.subarray(0, HEADER_BYTES));
  if (!image) throw validationError({ file: { key: 'image.wrongType', params: { name } } });
  const size = checkImageSize(purpose, image.width, image.height);
  if (size.error) throw validationError({ file: size.error });
  return { bytes, name, image, warning: size.warning ? translate(language, size.warning.key, size.warning.params) : null };
}

export type StoredImageFile = { path: string; abs: string };

/** Writes the image's bytes under the company's images folder, named by its real type. */
export async function writeProfileImage(app: FastifyInstance, clientId: number, purpose: 'logo' | 'avatar', received: ReceivedImage): Promise<StoredImageFile> {
  const stored = await storeBytes(app.config.dataDir, 'images', clientId, `${purpose}.${received.image.ext}`, received.bytes, received.image.mime);
  return { path: stored.path, abs: join(app.config.dataDir, 'files', stored.path) };
}

/** The image's `files` row, inside the transaction that sets the record; answers its address. */
export async function recordProfileImage(tx: Db, r: { clientId: number; userId: number; file: StoredImageFile; received: ReceivedImage }): Promise<string> {
  const { image, bytes, name } = r.received;
  const row = await recordFile(tx, { clientId: r.clientId, path: r.file.path, name, mime: image.mime, size: bytes.length, width: image.width, height: image.height, createdBy: r.userId, owner: null });
  return row.url;
}

/** Removes a written image whose record was not set (the transaction failed). */
export const dropProfileImage = (file: StoredImageFile) => rm(file.abs, { force: true });
