import { sql } from 'kysely';
import { validateRecord } from '../../../model';
import { announcement, announcementRead } from '../../../model/entities/announcement.entity';
import { ROLES } from '../../../model/roles';
import type { Db } from '../../db/database';
import { insertRecords, removeRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { AppError, notFound, validationError } from '../../http/errors';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { raiseNotice } from './notice.service';

/**
 * Announcements (issue 15; spec 3, spec 5 "a public announcement needs contact and phone before
 * publishing"). A company's administrators write, publish and withdraw its announcements; its users
 * read the published ones, and every company's users read the published public ones. The read flag
 * is one row per user. Reads filter in SQL `client_id = caller's company or (public and published)`
 * (system scope of row-level security, since a public announcement is another company's row); writes
 * run in the caller's tenant with `client_id = caller's company`, through the record writer.
 */
export type Reader = { clientId: number; userId: number; roles: string[] };
export type AnnouncementRow = {
  id: number; version: number; title: string; category: string; detail: string; department: string | null; is_public: boolean;
  contact: string | null; phone: string | null; status: string; published_at: string | null; company: string; own: boolean; read: boolean; created_at: string;
};

const columns = (me: Reader) => sql`a.id::int as id, a.version::int as version, a.title, a.category, a.detail, a.department, coalesce(a.is_public, false) as is_public,
  a.contact, a.phone, a.status, a.published_at, a.created_at, (select c.name from clients c where c.id = a.client_id) as company, (a.client_id = ${me.clientId}) as own,
  exists (select 1 from collab_announcement_read r where r.announcement_id = a.id and r.user_id = ${me.userId} and r.client_id = ${me.clientId}) as read`;
const readable = (me: Reader) => sql`a.status = 'published' and (a.client_id = ${me.clientId} or a.is_public = true)`;

function requireAdmin(me: Reader): void {
  if (!me.roles.includes(ROLES.clientAdmin)) throw new AppError('announcement.adminOnly');
}

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

/** Every announcement of the caller's company, any state (administrators). */
export async function manageAnnouncements(db: Db, me: Reader, q: { page: number; size: number; status?: string }): Promise<{ rows: AnnouncementRow[]; total: number; page: number; size: number }> {
  requireAdmin(me);
  return withTenant(db, me.clientId, async (tx) => {
    const where = sql`a.client_id = ${me.clientId} ${q.status ? sql`and a.status = ${q.status}` : sql``}`;
    const total = (await sql<{ n: number }>`select count(*)::int as n from collab_announcement a where ${where}`.execute(tx)).rows[0].n;
    const rows = await sql<AnnouncementRow>`select ${columns(me)} from collab_announcement a where ${where} order by a.id desc
      limit ${q.size} offset ${(q.page - 1) * q.size}`.execute(tx);
    return { rows: rows.rows, total, page: q.page, size: q.size };
  });
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

async function ownAnnouncement(tx: Db, me: Reader, id: number): Promise<AnnouncementRow> {
  const r = await sql<AnnouncementRow>`select ${columns(me)} from collab_announcement a where a.id = ${id} and a.client_id = ${me.clientId}`.execute(tx);
  if (!r.rows.length) throw notFound('announcement.notFound');
  return r.rows[0];
}

/** Creates or edits a draft or withdrawn announcement of the caller's company (administrators). */
export async function saveAnnouncement(db: Db, me: Reader, input: Record<string, unknown>): Promise<AnnouncementRow> {
  requireAdmin(me);
  const id = input.id === undefined || input.id === null || input.id === '' ? null : Number(input.id);
  if (id !== null && !Number.isSafeInteger(id)) throw validationError({ id: { key: 'access.invalidValue' } });
  const defaults = id === null ? { category: 'notice', is_public: false, ...input } : input;
  const { values, errors } = validateRecord(announcement, defaults, { partial: id !== null });
  if (Object.keys(errors).length) throw validationError(errors);
  return withTenant(db, me.clientId, async (tx) => {
    const w = serviceWrite(tx, { clientId: me.clientId, userId: me.userId });
    if (id === null) {
      const [r] = await insertRecords(w, announcement, [{
        title: values.title, category: values.category, detail: values.detail, department: values.department ?? null,
        is_public: Boolean(values.is_public), contact: values.contact ?? null, phone: values.phone ?? null,
      }]);
      return ownAnnouncement(tx, me, Number(r.id));
    }
    const current = await ownAnnouncement(tx, me, id);
    if (current.status === 'published') throw new AppError('announcement.publishedReadOnly');
    const version = input.version === undefined ? current.version : Number(input.version);
    if (version !== current.version) throw new AppError('err.staleVersion');
    // An edit naming no field changes nothing: no new version, no audit row.
    await updateRecords(w, announcement, [id], values, { audit: 'update', expectVersion: version });
    return ownAnnouncement(tx, me, id);
  });
}

/**
 * Publishes or withdraws along the state machine (administrators). Publishing a public announcement
 * needs its contact and phone (spec 5); publishing tells every user of the company.
 */
export async function moveAnnouncement(db: Db, me: Reader, id: number, action: 'publish' | 'withdraw', version?: number): Promise<AnnouncementRow> {
  requireAdmin(me);
  const transition = announcement.states!.transitions.find((t) => t.action === action)!;
  return withTenant(db, me.clientId, async (tx) => {
    const a = await ownAnnouncement(tx, me, id);
    if (!transition.from.includes(a.status)) throw new AppError('announcement.badTransition');
    if (action === 'publish' && a.is_public) {
      const missing: Record<string, { key: string }> = {};
      if (!a.contact?.trim()) missing.contact = { key: 'announcement.publicNeedsContact' };
      if (!a.phone?.trim()) missing.phone = { key: 'announcement.publicNeedsContact' };
      if (Object.keys(missing).length) throw validationError(missing, 'announcement.publicNeedsContact');
    }
    if ((version ?? a.version) !== a.version) throw new AppError('err.staleVersion');
    const set = { status: transition.to, ...(action === 'publish' ? { published_at: sql`now()` } : {}) };
    await updateRecords(serviceWrite(tx, { clientId: me.clientId, userId: me.userId }), announcement, [id], set, { audit: action, expectVersion: a.version });
    if (action === 'publish') {
      await raiseNotice(tx, {
        clientId: me.clientId, everyone: true, kind: 'announcement.published', title: a.title,
        i18n: { title: 'notify.announcement.title', body: 'notify.announcement.body', params: { title: a.title, department: a.department ?? a.company } },
        link: '/collab/center?tab=announcements',
      });
    }
    return ownAnnouncement(tx, me, id);
  });
}

/** Removes a draft or withdrawn announcement of the caller's company, with its read flags. */
export async function removeAnnouncement(db: Db, me: Reader, id: number): Promise<void> {
  requireAdmin(me);
  await withTenant(db, me.clientId, async (tx) => {
    const a = await ownAnnouncement(tx, me, id);
    if (a.status === 'published') throw new AppError('announcement.publishedReadOnly');
    await removeRecords(serviceWrite(tx, { clientId: me.clientId, userId: me.userId }), announcement, [id]);
  });
  // Read flags of other companies' users (a withdrawn public one) live in their tenants: each
  // company's flags are removed as that company's rows.
  await withSystemScope(db, async (tx) => {
    const companies = await sql<{ client_id: number }>`select distinct client_id::int as client_id from collab_announcement_read where announcement_id = ${id}`.execute(tx);
    for (const c of companies.rows) await removeRecords(serviceWrite(tx, { clientId: c.client_id, userId: me.userId }), announcementRead, { where: sql`t.announcement_id = ${id}` });
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
