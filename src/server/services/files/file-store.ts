import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError, validationError } from '../../http/errors';
import { recordedType, SNIFF_BYTES } from './file-type';

/**
 * Stored files (issue 28): the bytes under DATA_DIR/files/<folder>/<company>/<uuid><ext>, a row of
 * `files` each. A row is known outside the server only by its random `key` (never its sequential
 * id), and names what it belongs to, which decides who may open it (file-access.ts): a chat
 * message or a ticket comment (by the folder), else the company, the menu whose read right opens
 * it and, when known, the record whose data permissions apply.
 */

/** The address a record keeps for a stored file: the one route that serves files. */
export const FILE_ROUTE = '/api/crossapi/ccommonapi/files/';
export const fileUrl = (key: string): string => `${FILE_ROUTE}${key}`;
/** The key of a stored-file address (with or without a signed link's query), or null. */
export function fileKeyOf(url: string): string | null {
  const m = /\/crossapi\/ccommonapi\/files\/([0-9a-f]{32})(?:[?#]|$)/.exec(url);
  return m ? m[1] : null;
}

export type UploadFolder = 'tickets' | 'chat' | 'quality' | 'sourcing' | 'samples' | 'images' | 'attachments';

/** What a file belongs to: the menu whose read right opens it and, when known, the record. */
export type FileOwner = { menu: string; table?: string; id?: number };

export type StoredUpload = { path: string; name: string; mime: string; size: number };

/**
 * Writes one multipart `file` of at most `maxBytes` under the folder of the company. The type
 * recorded is read from the bytes (file-type.ts), not taken from the uploader's header.
 */
export async function storeUpload(app: FastifyInstance, req: FastifyRequest, folder: UploadFolder, clientId: number, maxBytes: number): Promise<StoredUpload> {
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw validationError({ file: { key: 'rule.required' } });
  const bytes = await part.toBuffer().catch(() => null);
  if (!bytes || part.file.truncated) throw new AppError('err.payloadTooLarge');
  const name = part.filename.slice(0, 200) || 'file';
  return storeBytes(app.config.dataDir, folder, clientId, name, bytes, part.mimetype);
}

/** Writes bytes as a stored file of the folder and company (uploads and the demo seed). */
export async function storeBytes(dataDir: string, folder: UploadFolder, clientId: number, name: string, bytes: Uint8Array, declared?: string | null): Promise<StoredUpload> {
  const ext = extname(name).toLowerCase().replace(/[^.a-z0-9]/g, '').slice(0, 10);
  const rel = join(folder, String(clientId), `${randomUUID()}${ext}`);
  await mkdir(join(dataDir, 'files', folder, String(clientId)), { recursive: true });
  await writeFile(join(dataDir, 'files', rel), bytes);
  return { path: rel.split('\\').join('/'), name, mime: recordedType(bytes.subarray(0, SNIFF_BYTES), declared), size: bytes.length };
}

export type FileRow = { id: number; key: string; url: string; name: string; mime: string | null; size: number };

/** Records a stored file's row: the one insert into `files` of the whole product. */
export async function recordFile(
  tx: Db,
  input: { clientId: number; path: string; name: string; mime: string | null; size: number; createdBy: number; width?: number | null; height?: number | null; owner?: FileOwner | null },
): Promise<FileRow> {
  const o = input.owner ?? null;
  const r = await sql<{ id: number; key: string }>`insert into files (client_id, path, name, mime, size, width, height, created_by, owner_menu, owner_table, owner_id)
    values (${input.clientId}, ${input.path}, ${input.name}, ${input.mime}, ${input.size}, ${input.width ?? null}, ${input.height ?? null}, ${input.createdBy},
      ${o?.menu ?? null}, ${o?.table ?? null}, ${o?.id ?? null})
    returning id::int as id, key`.execute(tx);
  const { id, key } = r.rows[0];
  return { id: Number(id), key, url: fileUrl(key), name: input.name, mime: input.mime, size: input.size };
}

/** A copy of a company's file row for another company (the same stored bytes), e.g. a shared sample's photo. */
export async function copyFileRow(readTx: Db, writeTx: Db, fromClient: number, fileId: number, toClient: number, userId: number, owner: FileOwner | null): Promise<FileRow | null> {
  const f = (await sql<{ path: string; name: string; mime: string | null; size: number }>`select path, name, mime, size::int as size from files where client_id = ${fromClient} and id = ${fileId}`.execute(readTx)).rows[0];
  if (!f) return null;
  return recordFile(writeTx, { clientId: toClient, path: f.path, name: f.name, mime: f.mime, size: Number(f.size), createdBy: userId, owner });
}

/** The addresses of a company's files by id (for payloads that keep file ids, such as certificates). */
export async function fileUrlsById(tx: Db, clientId: number, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i) => Number.isSafeInteger(i) && i > 0))];
  if (!wanted.length) return new Map();
  const rows = (await sql<{ id: number; key: string }>`select id::int as id, key from files where client_id = ${clientId} and id = any(${wanted}::int[])`.execute(tx)).rows;
  return new Map(rows.map((r) => [Number(r.id), fileUrl(r.key)]));
}
