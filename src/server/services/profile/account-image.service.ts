import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { translate, type Language } from '../../../model/i18n';
import { validationError } from '../../http/errors';
import type { ViewSaveAlso } from '../../resources/view-writer';
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

/**
 * A profile image's upload: received and checked, written under the company's images folder (named
 * by its real type), and its address set on the record by `save` (the view writer's save with the
 * image's `set`, in one transaction with its `files` row, audited under `action`); the written file
 * removed when the save fails.
 */
export async function uploadProfileImage(
  req: FastifyRequest,
  r: { purpose: 'logo' | 'avatar'; clientId: number; userId: number; language: Language; action: string },
  save: (also: ViewSaveAlso) => Promise<void>,
): Promise<{ url: string; width: number; height: number; warning: string | null }> {
  const received = await receiveProfileImage(req, r.purpose, r.language);
  const { image, bytes, name } = received;
  const { dataDir } = req.server.config;
  const stored = await storeBytes(dataDir, 'images', r.clientId, `${r.purpose}.${image.ext}`, bytes, image.mime);
  try {
    let url = '';
    await save({
      action: r.action,
      set: async ({ tx }) => {
        const row = await recordFile(tx, { clientId: r.clientId, path: stored.path, name, mime: image.mime, size: bytes.length, width: image.width, height: image.height, createdBy: r.userId, owner: null });
        url = row.url;
        return { [r.purpose]: url };
      },
    });
    return { url, width: received.image.width, height: received.image.height, warning: received.warning };
  } catch (e) {
    await rm(join(dataDir, 'files', stored.path), { force: true });
    throw e;
  }
}
