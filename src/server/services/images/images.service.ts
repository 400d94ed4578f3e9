import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { getEntity, getPage, type EntityDef, type FieldDef } from '../../../model';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import type { WriteActor } from '../../resources/save-hooks';
import { recordFile } from '../files';
import { withTenant } from '../../kernel/rls';
import { checkImageSize, codeOfFileName, type ImageInfo, type ImagePurpose } from './image-header.util';

/**
 * Batch image upload (spec 2 `/page/uploadimg/{opt}`, issue 4): many images matched to records by
 * file name (the entity's code field), previewed before anything is saved (matched, unmatched,
 * duplicate, rejected), then stored under DATA_DIR/files (the `files` table) and set on each
 * record's image field in one transaction with its audit row.
 */

/** Spec 9 "uploads are limited to a number of items" and "files above a size limit are ignored". */
export function imageLimits(): { maxFiles: number; maxBytes: number; maxMb: number } {
  const files = Number(process.env.IMAGE_MAX_FILES ?? 200);
  const mb = Number(process.env.IMAGE_MAX_MB ?? 5);
  const maxFiles = Number.isInteger(files) && files > 0 ? files : 200;
  const maxMb = Number.isFinite(mb) && mb > 0 ? mb : 5;
  return { maxFiles, maxMb, maxBytes: Math.round(maxMb * 1024 * 1024) };
}

/** A preview is kept this long; saving after it says "the preview has expired". */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;

export type ImageTarget = { entity: EntityDef; field: FieldDef; codeField: string };

/** The entity and image field an `opt` (page or entity name) uploads to; 404-ish errors otherwise. */
export function imageTarget(opt: string, fieldKey?: string | null): ImageTarget {
  const entity = getEntity(getPage(opt)?.entity ?? opt);
  if (!entity || entity.childOnly) throw new AppError('uploadimg.unknownPage');
  const field = entity.fields.find((f) => f.type === 'image' && (!fieldKey || f.key === fieldKey));
  if (!field) throw new AppError('image.noImageField');
  if (!entity.codeField) throw new AppError('uploadimg.unknownPage', { as: 'badRequest' });
  return { entity, field, codeField: entity.codeField };
}

export type ItemStatus = 'matched' | 'unmatched' | 'duplicate' | 'rejected';
export type Message = { key: string; params?: Record<string, unknown> };

/** One uploaded file in a preview. `file` is its name in the preview folder (null when ignored). */
export type PreviewItem = {
  index: number;
  name: string;
  size: number;
  code: string;
  status: ItemStatus;
  image: Omit<ImageInfo, 'kind'> | null;
  recordId: number | null;
  recordTitle: string | null;
  /** The record already has an image (saving replaces it). */
  replaces: boolean;
  message: Message | null;
  warning: Message | null;
  file: string | null;
};

export type Manifest = { id: string; clientId: number; userId: number; entity: string; field: string; purpose: ImagePurpose; created: number; items: PreviewItem[] };

/** A file as the upload streamed it: its bytes on disk (or none when refused early), its header. */
export type ReceivedFile = { name: string; size: number; file: string | null; image: ImageInfo | null; refusal: Message | null };

export function previewDir(dataDir: string, clientId: number, id: string): string {
  return join(dataDir, 'files', 'tmp', 'images', String(clientId), id);
}

type RecordHit = { id: number; code: string; title: string | null; image: string | null };

/** Records of the tenant (and the caller's data scope) whose code matches, case-insensitively. */
async function recordsByCode(db: Db, clientId: number, target: ImageTarget, codes: string[], scope: RawBuilder<unknown>[]): Promise<Map<string, RecordHit[]>> {
  const out = new Map<string, RecordHit[]>();
  if (!codes.length) return out;
  const { entity, field, codeField } = target;
  const titleField = entity.titleField ?? codeField;
  const rows = await withTenant(db, clientId, async (tx) =>
    (
      await sql<RecordHit>`select t.id, t.${sql.ref(codeField)}::text as code, t.${sql.ref(titleField)}::text as title, t.${sql.ref(field.key)}::text as image
        from ${sql.table(entity.table)} t
        where t.client_id = ${clientId} and upper(t.${sql.ref(codeField)}::text) = any(${codes.map((c) => c.toUpperCase())}::text[])
        ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``}`.execute(tx)
    ).rows,
  );
  for (const r of rows) {
    const key = r.code.toUpperCase();
    out.set(key, [...(out.get(key) ?? []), { ...r, id: Number(r.id) }]);
  }
  return out;
}

/**
 * Matches received files to records and sorts them: rejected (wrong type, too large, spec 9 size),
 * unmatched (no record has the code), duplicate (several files name the same record: none of them
 * is taken, the user decides), matched. Pure apart from the one lookup query.
 */
export async function matchImages(db: Db, clientId: number, target: ImageTarget, purpose: ImagePurpose, files: ReceivedFile[], scope: RawBuilder<unknown>[]): Promise<PreviewItem[]> {
  const items: PreviewItem[] = files.map((f, index) => {
    const code = codeOfFileName(f.name);
    const image = f.image ? { mime: f.image.mime, ext: f.image.ext, width: f.image.width, height: f.image.height } : null;
    const base: PreviewItem = { index, name: f.name, size: f.size, code, status: 'rejected', image, recordId: null, recordTitle: null, replaces: false, message: f.refusal, warning: null, file: f.file };
    if (f.refusal || !f.image) return { ...base, message: f.refusal ?? { key: 'image.wrongType', params: { name: f.name } } };
    const size = checkImageSize(purpose, f.image.width, f.image.height);
    if (size.error) return { ...base, message: size.error };
    return { ...base, status: 'unmatched', warning: size.warning };
  });
  const candidates = items.filter((i) => i.status !== 'rejected');
  const hits = await recordsByCode(db, clientId, target, [...new Set(candidates.map((i) => i.code))], scope);
  const byRecord = new Map<number, PreviewItem[]>();
  for (const item of candidates) {
    const found = hits.get(item.code.toUpperCase()) ?? [];
    if (found.length !== 1) {
      item.message = { key: 'image.unmatched', params: { code: item.code } };
      continue;
    }
    const record = found[0];
    item.status = 'matched';
    item.recordId = record.id;
    item.recordTitle = record.title ?? record.code;
    item.replaces = Boolean(record.image);
    byRecord.set(record.id, [...(byRecord.get(record.id) ?? []), item]);
  }
  for (const same of byRecord.values()) {
    if (same.length < 2) continue;
    for (const item of same) {
      const other = same.find((x) => x !== item)!;
      item.status = 'duplicate';
      item.message = { key: 'image.duplicateName', params: { name: other.name } };
    }
  }
  return items;
}

export async function writeManifest(dataDir: string, manifest: Manifest): Promise<void> {
  await writeFile(join(previewDir(dataDir, manifest.clientId, manifest.id), 'manifest.json'), JSON.stringify(manifest));
}

/** A preview of the caller (same tenant and user), not expired; otherwise "the preview has expired". */
export async function readManifest(dataDir: string, clientId: number, userId: number, id: string, now = Date.now()): Promise<Manifest> {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new AppError('image.uploadExpired');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(previewDir(dataDir, clientId, id), 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new AppError('image.uploadExpired');
  }
  if (manifest.clientId !== clientId || manifest.userId !== userId || now - manifest.created > PREVIEW_TTL_MS) throw new AppError('image.uploadExpired');
  return manifest;
}

export type SavedImage = { index: number; name: string; recordId: number; fileId: number; url: string };

/**
 * Saves the matched images of a preview: each file moves to DATA_DIR/files/images/{client}/, gets
 * a `files` row, and its record's image field is set through the document writer (state guard,
 * rules, hooks, data scope, version raised, audited) in ONE transaction; a record gone, locked or
 * out of scope since the preview stops the save and the moved files are removed again, so no
 * record points at a missing file and no half of a batch is saved.
 */
export async function saveImages(db: Db, dataDir: string, manifest: Manifest, actor: WriteActor, scope: RawBuilder<unknown>[]): Promise<SavedImage[]> {
  const target = imageTarget(manifest.entity, manifest.field);
  const matched = manifest.items.filter((i) => i.status === 'matched' && i.file && i.image && i.recordId !== null);
  if (!matched.length) throw new AppError('uploadimg.noMatched');
  const src = previewDir(dataDir, manifest.clientId, manifest.id);
  const finalDir = join(dataDir, 'files', 'images', String(manifest.clientId));
  await mkdir(finalDir, { recursive: true });
  const moved: Array<{ item: PreviewItem; rel: string; abs: string }> = [];
  try {
    for (const item of matched) {
      const rel = join('images', String(manifest.clientId), `${randomUUID()}.${item.image!.ext}`);
      const abs = join(dataDir, 'files', rel);
      await rename(join(src, item.file!), abs);
      moved.push({ item, rel, abs });
    }
    const saved = await withTenant(db, manifest.clientId, async (tx) => {
      const w = writeContext(tx, actor, 'upload', { scope });
      const out: SavedImage[] = [];
      for (const { item, rel } of moved) {
        // The file belongs to the record: it opens to those who may read that record (file-access.ts).
        const file = await recordFile(tx, {
          clientId: manifest.clientId, path: rel, name: item.name, mime: item.image!.mime, size: item.size, width: item.image!.width, height: item.image!.height,
          createdBy: actor.userId, owner: { menu: target.entity.menuCode, table: target.entity.table, id: item.recordId! },
        });
        const { id: fileId, url } = file;
        const before = await sql<{ version: number }>`select t.version from ${sql.table(target.entity.table)} t
          where t.id = ${item.recordId} and t.client_id = ${manifest.clientId} ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``}`.execute(tx);
        if (!before.rows.length) throw new AppError('image.uploadExpired', { as: 'conflict' });
        await writeDocument(w, target.entity, { id: item.recordId, version: Number(before.rows[0].version), body: { [target.field.key]: url } });
        out.push({ index: item.index, name: item.name, recordId: item.recordId!, fileId, url });
      }
      return out;
    });
    await rm(src, { recursive: true, force: true });
    return saved;
  } catch (error) {
    await Promise.all(moved.map((m) => rm(m.abs, { force: true })));
    throw error;
  }
}

/** Removes previews older than the TTL (called on each new preview; cheap, one folder listing). */
export async function sweepPreviews(dataDir: string, clientId: number, now = Date.now()): Promise<void> {
  const dir = join(dataDir, 'files', 'tmp', 'images', String(clientId));
  let names: string[] = [];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const s = await stat(join(dir, name)).catch(() => null);
    if (s && now - s.mtimeMs > PREVIEW_TTL_MS) await rm(join(dir, name), { recursive: true, force: true });
  }
}
