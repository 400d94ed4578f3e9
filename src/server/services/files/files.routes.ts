import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { resolveAuth, type AuthContext } from '../../access/auth-context';
import { ok } from '../../http/envelope';
import { AppError, notFound, unauthorized } from '../../http/errors';
import { withSystemScope } from '../../kernel/rls';
import { fileByKey, mayOpenFile, openableFile, type StoredFile } from './file-access';
import { signFileLink, verifyFileLink } from './file-link';
import { attachmentRoutes } from './attachments.routes';
import { FILE_ROUTE, fileKeyOf } from './file-store';
import { fileReplyHeaders, servingOf, SNIFF_BYTES } from './file-type';

/**
 * The stored files (issue 28):
 *
 *   GET  /crossapi/ccommonapi/files/:key        the file: with the bearer header, or a signed link
 *   POST /crossapi/ccommonapi/files/links       { urls: [...] } -> { links: { [url]: signed | null }, ttl }
 *
 * The access token is never taken from a file address: a page asks for signed links of the files it
 * shows (checked against the one access rule, file-access.ts) and puts those in its <img>, <audio>
 * and download links. The attachments of documents (attachments.routes.ts) are registered with them.
 */

/** At most this many addresses are signed in one call. */
export const MAX_LINKS_PER_CALL = 200;

const nowS = () => Math.floor(Date.now() / 1000);

/** Sends a stored file as data: type from its bytes, inline only for the allow-list, never a page. */
export async function sendStoredFile(app: FastifyInstance, reply: FastifyReply, f: { path: string; name: string }) {
  const abs = join(app.config.dataDir, 'files', f.path);
  const head = Buffer.alloc(SNIFF_BYTES);
  let read = 0;
  try {
    const handle = await open(abs, 'r');
    try {
      read = (await handle.read(head, 0, SNIFF_BYTES, 0)).bytesRead;
    } finally {
      await handle.close();
    }
  } catch {
    throw notFound();
  }
  const served = servingOf(head.subarray(0, read));
  return reply.headers(fileReplyHeaders(served, f.name)).send(createReadStream(abs));
}

/** The bearer header's caller only: a file route never reads the access token from its address. */
async function headerAuth(app: FastifyInstance, req: FastifyRequest): Promise<AuthContext | null> {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token ? resolveAuth(app, token) : null;
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { key: string }; Querystring: Record<string, string | undefined> }>(`/crossapi/ccommonapi/files/:key`, async (req, reply) => {
    const key = req.params.key;
    const q = req.query ?? {};
    let f: StoredFile | null;
    if (q.sig !== undefined) {
      // A signed link: made for this file and user after the access rule said yes.
      const userId = verifyFileLink(app.config.jwtSecret, key, q, nowS());
      if (userId === null) throw notFound();
      f = await fileByKey(app.db, key);
      if (f) {
        const live = await withSystemScope(app.db, async (tx) => (await sql`select 1 from users where id = ${userId} and status = 'active'`.execute(tx)).rows.length);
        if (!live) f = null;
      }
    } else {
      const auth = await headerAuth(app, req);
      if (!auth) throw unauthorized();
      f = await openableFile(app.db, auth, key);
    }
    if (!f) throw notFound();
    return sendStoredFile(app, reply, f);
  });

  app.post('/crossapi/ccommonapi/files/links', async (req) => {
    const auth = req.auth;
    if (!auth) throw unauthorized();
    const body = (req.body ?? {}) as { urls?: unknown };
    const urls = Array.isArray(body.urls) ? body.urls.filter((u): u is string => typeof u === 'string') : [];
    if (urls.length > MAX_LINKS_PER_CALL) throw new AppError('res.tooManyIds', { params: { max: MAX_LINKS_PER_CALL } });
    const links: Record<string, string | null> = {};
    for (const url of new Set(urls)) {
      const key = fileKeyOf(url);
      const f = key ? await fileByKey(app.db, key) : null;
      links[url] = f && (await mayOpenFile(app.db, auth, f)) ? signFileLink(app.config.jwtSecret, `${FILE_ROUTE}${f.key}`, f.key, auth.userId, nowS()).url : null;
    }
    return ok({ links });
  });
  await attachmentRoutes(app);
}
