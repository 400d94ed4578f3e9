import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { EntityDef } from '../../../model';
import type { Attachment } from '../../../model/calls/attachments';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { notFound, validationError } from '../../http/errors';
import { writeAudit } from '../../kernel/audit/audit.service';
import { withTenant } from '../../kernel/rls';
import { assertCan, dataScope } from '../../resources/permissions';
import { recordFile, type StoredUpload } from './file-store';
import { callerCan } from '../../access/permission.service';

/**
 * Attachments of a document whose entity declares `attachments: true` (issue 35). An attachment is a
 * stored file (folder `attachments/`) that names its document as its owner (`owner_menu` the
 * entity's menu, `owner_table` and `owner_id` the record), so the one file access rule opens it to
 * whoever may view that record; no table of its own. Listing needs the document's view right,
 * adding and removing its edit right; each first finds the record in the caller's company and data
 * scope, in SQL (another company's document, or one outside the caller's data permissions, is 404).
 * Each addition and removal is a line of the document's history.
 */

/** At most this many attachments per document (ATTACHMENT_MAX_COUNT, default 50). */
export const maxAttachments = (): number => (Number(process.env.ATTACHMENT_MAX_COUNT) > 0 ? Math.floor(Number(process.env.ATTACHMENT_MAX_COUNT)) : 50);
/** One attachment is at most this many megabytes (ATTACHMENT_MAX_MB, default 20). */
export const maxAttachmentMb = (): number => (Number(process.env.ATTACHMENT_MAX_MB) > 0 ? Number(process.env.ATTACHMENT_MAX_MB) : 20);

export type AttachmentCaller = { auth: AuthContext; ip: string | null };
type Access = 'view' | 'edit';

/** The caller's company when they hold the right on the document's menu and see the record; else 403 / 404. */
async function documentOf(db: Db, who: AttachmentCaller, entity: EntityDef, id: number, access: Access): Promise<number> {
  const clientId = await assertCan(who.auth, entity.menuCode, access === 'view' ? 'read' : 'update', { db });
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  const scope = await dataScope(who.auth, entity.menuCode, { db });
  const seen = await withTenant(db, clientId, async (tx) =>
    (await sql`select 1 from ${sql.table(entity.table)} t where t.id = ${id} and t.client_id = ${clientId}
      ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``}`.execute(tx)).rows.length);
  if (!seen) throw notFound();
  return clientId;
}

/** The attachments of one record, as SQL conditions on `f` (the company, the folder, the owner). */
const ownedBy = (clientId: number, entity: EntityDef, id: number) =>
  sql`f.client_id = ${clientId} and f.path like 'attachments/%' and f.owner_table = ${entity.table} and f.owner_id = ${id}`;

const attachmentSelect = sql`select f.key, f.name, f.mime, f.size::int as size, coalesce(u.fullname, u.username, '') as created_by_name, f.created_at
  from files f left join users u on u.id = f.created_by`;

type AttachmentRow = Omit<Attachment, 'url'> & { created_at: string | Date };
const toAttachment = (r: AttachmentRow): Attachment => ({ ...r, url: `/api/crossapi/ccommonapi/files/${r.key}`, size: Number(r.size), created_at: new Date(r.created_at).toISOString() });

export async function listAttachments(db: Db, who: AttachmentCaller, entity: EntityDef, id: number): Promise<{ rows: Attachment[]; can_edit: boolean; max_mb: number }> {
  const clientId = await documentOf(db, who, entity, id, 'view');
  const rows = await withTenant(db, clientId, async (tx) =>
    (await sql<AttachmentRow>`${attachmentSelect} where ${ownedBy(clientId, entity, id)} order by f.id desc`.execute(tx)).rows);
  const canEdit = !who.auth.isSuper && (await callerCan(db, who.auth, entity.menuCode, 'edit'));
  return { rows: rows.map(toAttachment), can_edit: canEdit, max_mb: maxAttachmentMb() };
}

/**
 * Checks the right and the record before the upload is read (`store` writes the bytes), then
 * records the file with the document as its owner and a history line, in one transaction.
 */
export async function addAttachment(db: Db, dataDir: string, who: AttachmentCaller, entity: EntityDef, id: number, store: (clientId: number) => Promise<StoredUpload>): Promise<Attachment> {
  const clientId = await documentOf(db, who, entity, id, 'edit');
  const stored = await store(clientId);
  try {
    return await withTenant(db, clientId, async (tx) => {
      // The record row is locked so two uploads at once cannot both pass the count.
      await sql`select 1 from ${sql.table(entity.table)} where id = ${id} and client_id = ${clientId} for update`.execute(tx);
      const n = (await sql<{ n: number }>`select count(*)::int as n from files f where ${ownedBy(clientId, entity, id)}`.execute(tx)).rows[0].n;
      if (Number(n) >= maxAttachments()) throw validationError({ file: { key: 'attachment.tooMany', params: { max: maxAttachments() } } });
      const f = await recordFile(tx, { clientId, path: stored.path, name: stored.name, mime: stored.mime, size: stored.size, createdBy: who.auth.userId, owner: { menu: entity.menuCode, table: entity.table, id } });
      await writeAudit(tx, actor(who, clientId), entity.name, id, 'attach', [{ field: '$attachment', old: null, new: stored.name }]);
      const row = (await sql<AttachmentRow>`${attachmentSelect} where f.id = ${f.id}`.execute(tx)).rows[0];
      return toAttachment(row);
    });
  } catch (e) {
    await unlink(join(dataDir, 'files', stored.path)).catch(() => undefined);
    throw e;
  }
}

/** Removes one attachment of the record (its file row and bytes), with a history line. */
export async function removeAttachment(db: Db, dataDir: string, who: AttachmentCaller, entity: EntityDef, id: number, key: string): Promise<{ removed: number }> {
  const clientId = await documentOf(db, who, entity, id, 'edit');
  if (!/^[0-9a-f]{32}$/.test(key)) throw notFound();
  const gone = await withTenant(db, clientId, async (tx) => {
    const r = (await sql<{ path: string; name: string }>`delete from files f where ${ownedBy(clientId, entity, id)} and f.key = ${key} returning f.path, f.name`.execute(tx)).rows[0];
    if (!r) throw notFound();
    await writeAudit(tx, actor(who, clientId), entity.name, id, 'detach', [{ field: '$attachment', old: r.name, new: null }]);
    return r;
  });
  await unlink(join(dataDir, 'files', gone.path)).catch(() => undefined);
  return { removed: 1 };
}

const actor = (who: AttachmentCaller, clientId: number) => ({ clientId, userId: who.auth.userId, username: who.auth.username, ip: who.ip });
