import { sql } from 'kysely';
import type { AuthContext } from '../../access/auth-context';
import { callerCan, dataScopeSql } from '../../access/permission.service';
import type { Db } from '../../db/database';
import { withSystemScope, withTenant } from '../../kernel/rls';

/**
 * The one access rule of a stored file (issue 28), asked by every route that serves a file. What the
 * file belongs to decides:
 * - a chat file (folder chat/): its uploader, or a member of a conversation a message of which
 *   carries it;
 * - a ticket file (folder tickets/): its uploader, or a user of either company of a ticket one
 *   comment of which carries it (the ticket's own visibility rule);
 * - any other file: the caller's company only, then the read right of the menu the file belongs to
 *   and, when the file names its record, that record within the caller's data permissions on that
 *   menu. The uploader opens their own file before it is attached to anything. A file recorded
 *   before files named their owner opens to its company, as it did.
 * Anything else is "not found", never "forbidden": the caller learns nothing of a file they may not open.
 */

export type StoredFile = { id: number; key: string; client_id: number | null; path: string; name: string; mime: string | null; created_by: number | null; owner_menu: string | null; owner_table: string | null; owner_id: number | null };

/** A file row by its key, or null (no tenant filter: the rule below decides). */
export async function fileByKey(db: Db, key: string): Promise<StoredFile | null> {
  if (!/^[0-9a-f]{32}$/.test(key)) return null;
  return withSystemScope(db, async (tx) =>
    (await sql<StoredFile>`select id::int as id, key, client_id, path, name, mime, created_by, owner_menu, owner_table, owner_id::int as owner_id from files where key = ${key}`.execute(tx)).rows[0] ?? null);
}

const SAFE_TABLE = /^[a-z][a-z0-9_]{0,62}$/;

/** Whether the caller may open the file. */
export async function mayOpenFile(db: Db, auth: AuthContext, f: StoredFile): Promise<boolean> {
  if (auth.clientId === null) return false;
  const me = { userId: auth.userId, clientId: auth.clientId };
  if (f.path.startsWith('chat/')) {
    if (f.created_by === me.userId && f.client_id === me.clientId) return true;
    return withSystemScope(db, async (tx) => Boolean((await sql`select 1 from chat_message x join chat_member m on m.conversation_id = x.conversation_id and m.user_id = ${me.userId}
      where x.attachment @> jsonb_build_object('id', ${f.id}::int) limit 1`.execute(tx)).rows.length));
  }
  if (f.path.startsWith('tickets/')) {
    if (f.created_by === me.userId && f.client_id === me.clientId) return true;
    return withSystemScope(db, async (tx) => Boolean((await sql`select 1 from collab_ticket_comment cm join collab_ticket t on t.id = cm.ticket_id
      where (t.client_id = ${me.clientId} or t.partner_client_id = ${me.clientId}) and cm.attachments @> jsonb_build_array(jsonb_build_object('id', ${f.id}::int)) limit 1`.execute(tx)).rows.length));
  }
  if (f.client_id !== me.clientId) return false;
  if (f.created_by === me.userId) return true;
  if (!f.owner_menu) return true;
  if (!(await callerCan(db, auth, f.owner_menu, 'view'))) return false;
  if (!f.owner_table || !f.owner_id || !SAFE_TABLE.test(f.owner_table)) return true;
  const scope = await dataScopeSql(db, auth, f.owner_menu);
  const clientId = me.clientId;
  return withTenant(db, clientId, async (tx) => Boolean((await sql`select 1 from ${sql.table(f.owner_table!)} t where t.id = ${f.owner_id} and t.client_id = ${clientId}
    ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``}`.execute(tx)).rows.length));
}

/** The file of a key when the caller may open it, else null. */
export async function openableFile(db: Db, auth: AuthContext, key: string): Promise<StoredFile | null> {
  const f = await fileByKey(db, key);
  return f && (await mayOpenFile(db, auth, f)) ? f : null;
}

/** The file of an id when the caller may open it (the chat's and tickets' own file addresses). */
export async function openableFileById(db: Db, auth: AuthContext, id: number, folder: 'chat' | 'tickets'): Promise<StoredFile | null> {
  const f = await withSystemScope(db, async (tx) =>
    (await sql<StoredFile>`select id::int as id, key, client_id, path, name, mime, created_by, owner_menu, owner_table, owner_id::int as owner_id from files where id = ${id} and path like ${`${folder}/%`}`.execute(tx)).rows[0] ?? null);
  return f && (await mayOpenFile(db, auth, f)) ? f : null;
}
