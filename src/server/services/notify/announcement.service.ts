import { sql } from 'kysely';
import { announcement, announcementRead } from '../../../model/entities/announcement.entity';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { forbidden } from '../../http/errors';
import { insertRecords, serviceWrite } from '../../resources/record-writer';
import { withSystemScope } from '../../kernel/rls';

/**
 * Reading announcements (issue 15; spec 3). A company's administrators write, publish and withdraw
 * its announcements on the engine (announcement.hooks.ts); its users read the published ones, and
 * every company's users read the published public ones. The read flag is one row per user. Reads
 * filter in SQL `client_id = caller's company or (public and published)` (system scope of row-level
 * security, since a public announcement is another company's row); a flag is written in the
 * caller's company through the record writer.
 */
export type Reader = { clientId: number; userId: number; roles: string[] };

/** The caller as a reader: a user of a company (the platform's super administrator has none). */
export function readerOf(auth: AuthContext): Reader {
  if (auth.clientId == null) throw forbidden();
  return { clientId: auth.clientId, userId: auth.userId, roles: auth.roles };
}
export type AnnouncementRow = {
  id: number; version: number; title: string; category: string; detail: string; department: string | null; is_public: boolean;
  contact: string | null; phone: string | null; status: string; published_at: string | null; company: string; own: boolean; read: boolean; created_at: string;
};

const columns = (me: Reader) => sql`a.id::int as id, a.version::int as version, a.title, a.category, a.detail, a.department, coalesce(a.is_public, false) as is_public,
  a.contact, a.phone, a.status, a.published_at, a.created_at, (select c.name from clients c where c.id = a.client_id) as company, (a.client_id = ${me.clientId}) as own,
  exists (select 1 from collab_announcement_read r where r.announcement_id = a.id and r.user_id = ${me.userId} and r.client_id = ${me.clientId}) as read`;
const readable = (me: Reader) => sql`a.status = 'published' and (a.client_id = ${me.clientId} or a.is_public = true)`;

/** Published announcements the caller may read, newest first, with the caller's read flag. */
export async function listAnnouncements(db: Db, me: Reader, q: { page: number; size: number; unread?: boolean }): Promise<{ rows: AnnouncementRow[]; total: number; unread: number; page: number; size: number }> {
  return withSystemScope(db, async (tx) => {
    const unreadOnly = sql`not exists (select 1 from collab_announcement_read r where r.announcement_id = a.id and r.user_id = ${me.userId} and r.client_id = ${me.clientId})`;
    const where = q.unread ? sql`${readable(me)} and ${unreadOnly}` : readable(me);
    const total = (await sql<{ n: number }>`select count(*)::int as n from collab_announcement a where ${where}`.execute(tx)).rows[0].n;
    const unread = (await sql<{ n: number }>`select count(*)::int as n from collab_announcement a where ${readable(me)} and ${unreadOnly}`.execute(tx)).rows[0].n;
    const rows = await sql<AnnouncementRow>`select ${columns(me)} from collab_announcement a where ${where}
      order by a.published_at desc nulls last, a.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(tx);
    return { rows: rows.rows, total, unread, page: q.page, size: q.size };
  });
}

/** Every published announcement the caller may read, newest first, with the caller's read flag (the centre's list: announcement.views.ts). */
export async function readableAnnouncements(tx: Db, me: Reader): Promise<AnnouncementRow[]> {
  return (await sql<AnnouncementRow>`select ${columns(me)} from collab_announcement a where ${readable(me)} order by a.published_at desc nulls last, a.id desc`.execute(tx)).rows;
}

/** Marks announcements the caller may read as read by the caller (idempotent); returns how many are new. */
export async function markAnnouncementsRead(db: Db, me: Reader, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  return withSystemScope(db, async (tx) => {
    const fresh = await sql<{ id: number }>`select a.id::int as id from collab_announcement a
      where a.id = any(${ids}::int[]) and ${readable(me)}
        and not exists (select 1 from collab_announcement_read r where r.announcement_id = a.id and r.user_id = ${me.userId} and r.client_id = ${me.clientId})
      order by a.id for update of a`.execute(tx);
    const w = serviceWrite(tx, { clientId: me.clientId, userId: me.userId });
    return (await insertRecords(w, announcementRead, fresh.rows.map((a) => ({ announcement_id: a.id, user_id: me.userId, read_at: sql`now()` })))).length;
  });
}

/** Seeds one announcement in a state (demo data), inside `tx`'s tenant. */
export async function insertAnnouncement(tx: Db, clientId: number, userId: number, a: { title: string; category: string; detail: string; department?: string; is_public?: boolean; contact?: string; phone?: string; status: string }): Promise<number> {
  const [r] = await insertRecords(serviceWrite(tx, { clientId, userId }, 'seed'), announcement, [{
    title: a.title, category: a.category, detail: a.detail, department: a.department ?? null, is_public: a.is_public ?? false,
    contact: a.contact ?? null, phone: a.phone ?? null, status: a.status, published_at: a.status === 'published' ? sql`now()` : null,
  }]);
  return Number(r.id);
}
